import Glibc
internal import CKioskSystem

/// Starts a detached POSIX thread running a closure (pthread_create), without Foundation.
package enum NativeThread {
    /// A thread that could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        /// The thread's name.
        package var name: String
        /// Why: pthread_create's error number.
        package var reason: Errno

        package var description: String { "cannot start the \(name) thread: \(reason)" }
    }

    /// Each thread's stack: the threads read, write and wait, so a small stack is plenty, and a
    /// tight address-space limit (ulimit -v) still leaves room for all of them.
    static let stackBytes = 1 << 20

    private final class Job {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept); throws when
    /// the system refuses the thread.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(StartFailure) {
        let job = Unmanaged.passRetained(Job(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = Result { () throws(Errno) in try numberedCall { pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            ks_name_this_thread(job.name)
            job.body()
            return nil
        }, job) } }
        if case .failure(let reason) = started {
            Unmanaged<Job>.fromOpaque(job).release()
            throw StartFailure(name: name, reason: reason)
        }
    }
}
