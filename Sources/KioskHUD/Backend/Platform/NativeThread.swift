import Glibc
internal import CSDL
internal import CKioskPlatform

/// Starts a detached POSIX thread running a closure (pthread_create), without Foundation.
enum NativeThread {
    private final class Job {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept).
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            kp_name_this_thread(job.name)
            job.body()
            return nil
        }, job)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            Diagnostics.report("cannot start the \(name) thread (error \(status))")
            return
        }
        pthread_detach(thread)
    }
}
