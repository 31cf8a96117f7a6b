import Glibc
import Synchronization
import KioskCore

/// Reads commands from a named FIFO as well as stdin, for hosts that cannot hold our stdin
/// (psplash-write, shell scripts, several writers taking turns). A command ends at a newline or
/// a NUL byte. The FIFO is created mode 0600 when missing; a path that exists and is not a FIFO,
/// or is a symbolic link, is refused. When its writer closes, it is opened again for the next.
final class FIFOReader: Sendable {
    /// Why the FIFO cannot be used.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The FIFO's path.
    let path: String
    /// Whether this program created it (and so removes it at exit).
    let createdHere: Bool
    /// Set at exit, so the reader does not report the FIFO it is reopening as gone.
    private let isClosing = Atomic<Bool>(false)

    /// Makes sure `path` is a FIFO this program may read, creating it if missing.
    init(path: String) throws(Refusal) {
        self.path = path
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFIFO else {
                throw Refusal(description: "\(path) exists and is not a FIFO; refusing to use it")
            }
            createdHere = false
        } else if errno == ENOENT {
            guard mkfifo(path, 0o600) == 0 else {
                throw Refusal(description: "cannot create the FIFO \(path): \(String(cString: strerror(errno)))")
            }
            createdHere = true
        } else {
            throw Refusal(description: "cannot use \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Starts reading on a thread of its own; each writer's commands are posted to `inbox`.
    func start(inbox: CommandInbox, wake: @escaping @Sendable () -> Void) {
        NativeThread.start(name: "fifo reader") { [self] in
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, endsAtNUL: true)
            while true {
                let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                if descriptor < 0 {
                    if errno == EINTR { continue }
                    if isClosing.load(ordering: .sequentiallyConsistent) { return }
                    Diagnostics.report("cannot open the FIFO \(path): \(String(cString: strerror(errno))); no longer reading it")
                    return
                }
                InputReader.drain(descriptor, into: &stream, from: .fifo, inbox: inbox, wake: wake)
                close(descriptor)
            }
        }
    }

    /// Removes the FIFO if this program created it.
    func removeIfCreated() {
        isClosing.store(true, ordering: .sequentiallyConsistent)
        if createdHere { unlink(path) }
    }
}
