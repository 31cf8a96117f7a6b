import Glibc
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

    /// Makes sure `path` is a FIFO this program may read, creating it if missing.
    init(path: String) throws(Refusal) {
        self.path = path
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFIFO else {
                throw Refusal(description: "\(path) exists and is not a FIFO; refusing to use it")
            }
        } else if errno == ENOENT {
            guard mkfifo(path, 0o600) == 0 else {
                throw Refusal(description: "cannot create the FIFO \(path): \(String(cString: strerror(errno)))")
            }
            ProgramExit.removeAtExit(path)
        } else {
            throw Refusal(description: "cannot use \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Starts reading on a thread of its own; each writer's commands are posted to `inbox`.
    func start(inbox: CommandInbox) throws(NativeThread.StartFailure) {
        try NativeThread.start(name: "fifo reader") { [self] in
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, endsAtNUL: true)
            while true {
                let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                if descriptor < 0 {
                    if errno == EINTR { continue }
                    Diagnostics.report("cannot open the FIFO \(path): \(String(cString: strerror(errno))); no longer reading it")
                    return
                }
                InputReader.drain(descriptor, into: &stream, from: .fifo, inbox: inbox)
                close(descriptor)
            }
        }
    }
}
