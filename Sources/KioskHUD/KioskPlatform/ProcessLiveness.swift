import Glibc

/// Whether another process (not a child: it cannot be waited for) still runs, read from /proc.
///
/// A process has gone when its parent could reap it: its main thread has ended (zombie or dead,
/// or its /proc entry is gone) and so has every other thread. The main thread alone is not
/// enough: after `exit`, the kernel keeps a group whose main thread is a zombie unreapable until
/// its last thread has ended, which on a loaded machine is a moment later.
package enum ProcessLiveness {
    /// Whether process `id` runs. A /proc that hides other users' processes makes every one
    /// look gone.
    package static func isRunning(_ id: pid_t) -> Bool {
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
