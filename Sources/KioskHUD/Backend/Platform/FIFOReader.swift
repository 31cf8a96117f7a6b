import Glibc
import KioskCore

/// Reads commands from a named FIFO as well as stdin, for hosts that cannot hold our stdin
/// (psplash-write, shell scripts, several writers taking turns). A command ends at a newline or
/// a NUL byte. The FIFO is created mode 0600 when missing; a path that exists and is not a FIFO,
/// or is a symbolic link, is refused. Whoever can write to the FIFO drives the overlay, so an
/// existing FIFO that belongs to another user, or that its group or others may write to, is
/// refused too unless `trustsOthers` (`--fifo-trust-others`). Every open is checked on the open
/// descriptor (fstat): still a FIFO, the same one (device and inode) that was checked, and still
/// passing the rule, so a FIFO swapped in between the check and an open is caught. When its
/// writer closes, it is opened again for the next.
final class FIFOReader: Sendable {
    /// Why the FIFO cannot be used.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Which FIFO was checked: its device and inode.
    private struct Identity: Equatable {
        var device: UInt
        var inode: UInt

        init(_ info: stat) {
            device = UInt(info.st_dev)
            inode = UInt(info.st_ino)
        }
    }

    /// The FIFO's path.
    let path: String
    /// Accept a FIFO of another user, or one that others may write to.
    let trustsOthers: Bool
    /// The FIFO checked at start; every later open must find this one.
    private let identity: Identity

    /// Makes sure `path` is a FIFO this program may read, creating it if missing. An existing FIFO
    /// that another user owns, or that its group or others may write to, is refused unless
    /// `trustsOthers`.
    init(path: String, trustsOthers: Bool) throws(Refusal) {
        self.path = path
        self.trustsOthers = trustsOthers
        let shownPath = DiagnosticText.shown(path)
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFIFO else {
                throw Refusal(description: "\(shownPath) exists and is not a FIFO; refusing to use it")
            }
        } else if errno == ENOENT {
            guard mkfifo(path, 0o600) == 0 else {
                throw Refusal(description: "cannot create the FIFO \(shownPath): \(String(cString: strerror(errno)))")
            }
            ProgramExit.removeAtExit(path)
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
                throw Refusal(description: "the FIFO \(shownPath) was replaced right after it was created; refusing to use it")
            }
        } else {
            throw Refusal(description: "cannot use \(shownPath): \(String(cString: strerror(errno)))")
        }
        if let distrust = Self.distrust(info, trustsOthers: trustsOthers) {
            throw Refusal(description: "refusing the FIFO \(shownPath): \(distrust)")
        }
        identity = Identity(info)
    }

    /// Why a FIFO with `info` is not to be trusted, or nil when it is: it must belong to the
    /// effective user and be writable by nobody else, unless `trustsOthers`.
    private static func distrust(_ info: stat, trustsOthers: Bool) -> String? {
        guard !trustsOthers else { return nil }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        if info.st_uid != geteuid() {
            return "it belongs to user \(info.st_uid), not to the user running kiosk-spinner (\(geteuid())), "
                + "and whoever writes to it drives the overlay; pass --fifo-trust-others to use it anyway"
        }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            let who = info.st_mode & S_IWOTH != 0 ? "other users" : "its group"
            return "\(who) may write to it (mode 0\(mode)), and whoever writes to it drives the overlay; "
                + "pass --fifo-trust-others to use it anyway"
        }
        return nil
    }

    /// Why the FIFO opened as `descriptor` is not the one checked at start, or nil when it is.
    private func mismatch(_ descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFIFO else { return "it is now \(RegularFile.kind(of: info.st_mode))" }
        guard Identity(info) == identity else { return "it was replaced by another FIFO" }
        return Self.distrust(info, trustsOthers: trustsOthers)
    }

    /// Starts reading on a thread of its own; each writer's commands are posted to `inbox`.
    func start(inbox: CommandInbox) throws(NativeThread.StartFailure) {
        try NativeThread.start(name: "fifo reader") { [self] in
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, endsAtNUL: true)
            while true {
                let descriptor = retryingInterrupted { open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY) }
                if descriptor < 0 {
                    Diagnostics.report("cannot open the FIFO \(DiagnosticText.shown(path)): \(String(cString: strerror(errno))); no longer reading it")
                    return
                }
                if let mismatch = mismatch(descriptor) {
                    close(descriptor)
                    Diagnostics.report("refusing the FIFO \(DiagnosticText.shown(path)): \(mismatch); no longer reading it")
                    return
                }
                InputReader.drain(descriptor, into: &stream, from: .fifo, inbox: inbox)
                close(descriptor)
            }
        }
    }
}
