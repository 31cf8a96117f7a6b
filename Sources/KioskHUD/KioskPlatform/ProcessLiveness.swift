internal import CKioskSystem
import Glibc

/// Whether another process (not a child: it cannot be waited for) still runs, and waiting for it
/// to end.
///
/// A process has gone when its parent could reap it: its main thread has ended (zombie or dead)
/// and so has every other thread. The main thread alone is not enough: after `exit`, the kernel
/// keeps a group whose main thread is a zombie unreapable until its last thread has ended, which
/// on a loaded machine is a moment later. Told by a pidfd (Linux 5.3 on), which needs no /proc
/// and wakes the waiter when the process ends; on older kernels from /proc, looked at every
/// `procCheckSeconds`.
package enum ProcessLiveness {
    /// How a process's end is told.
    package enum Method: Sendable, CaseIterable {
        /// A pidfd, readable once the process has gone (Linux 5.3 on).
        case pidfd
        /// /proc/ID/stat and /proc/ID/task (a /proc that hides other users' processes makes
        /// every one look gone).
        case proc
    }

    /// How often /proc is looked at while waiting, where there is no pidfd.
    private static let procCheckSeconds = 0.005

    /// Whether process `id` runs, told by `method`, else by a pidfd where the kernel has them.
    package static func isRunning(_ id: Glibc.pid_t, by method: Method? = nil) -> Bool {
        !waitUntilGone(id, until: 0, by: method)
    }

    /// Waits until process `id` has gone, at most until `deadline` (`MonotonicClock` nanoseconds;
    /// nil: no limit); whether it has.
    package static func waitUntilGone(_ id: Glibc.pid_t, until deadline: UInt64?, by method: Method? = nil) -> Bool {
        if method != .proc {
            let watch = ks_pidfd_open(id)
            if watch >= 0 {
                defer { close(watch) }
                var watched = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                while true {
                    let ready = retryingInterrupted { poll(&watched, 1, deadline.map { MonotonicClock.milliseconds(until: $0) } ?? -1) }
                    if ready != 0 { return ready > 0 }
                    if let deadline, MonotonicClock.nanoseconds() >= deadline { return false }
                }
            }
            if errno == ESRCH { return true }
        }
        while isRunningByProc(id) {
            if let deadline, MonotonicClock.nanoseconds() >= deadline { return false }
            usleep(useconds_t(procCheckSeconds * 1e6))
        }
        return true
    }

    /// Whether process `id` runs, from /proc.
    private static func isRunningByProc(_ id: pid_t) -> Bool {
        guard let state = mainThreadState(id) else { return false }
        return (state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")) || threadCount(id) > 1
    }

    /// The state letter of process `id`'s main thread (/proc/ID/stat), or nil when it is gone.
    private static func mainThreadState(_ id: pid_t) -> UInt8? {
        let file = open("/proc/\(id)/stat", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = retryingInterrupted { read(file, &bytes, bytes.count) }
        guard count > 0 else { return nil }
        // The state is the first field after the command name, which ends at the last ')'.
        guard let nameEnd = bytes[0..<count].lastIndex(of: UInt8(ascii: ")")), nameEnd + 2 < count else { return nil }
        return bytes[nameEnd + 2]
    }

    /// How many threads of process `id` the kernel still lists (/proc/ID/task), the main
    /// thread's zombie among them; 0 when the process is gone.
    private static func threadCount(_ id: pid_t) -> Int {
        guard let folder = opendir("/proc/\(id)/task") else { return 0 }
        defer { closedir(folder) }
        var count = 0
        while let entry = readdir(folder) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
