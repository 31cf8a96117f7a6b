import Glibc
import KioskCore

/// Reads commands from a named FIFO as well as stdin, for hosts that cannot hold our stdin
/// (psplash-write, shell scripts, several writers taking turns). A command ends at a newline or
/// a NUL byte.
///
/// No writer is ever refused while the program runs: a writer that opens without blocking
/// (psplash-write's `O_WRONLY|O_NONBLOCK`) fails when the FIFO has no reader, so the FIFO always
/// has one. A missing FIFO is made under a temporary name in the same folder, opened for reading,
/// and only then linked into place; an existing one is opened for reading at once; and when a
/// writer's turn ends, the FIFO is opened again before the old descriptor is closed.
///
/// A path that exists and is not a FIFO, or is a symbolic link, is refused. Whoever can write to
/// the FIFO drives the overlay, so an existing FIFO that belongs to another user, or that its group
/// or others may write to, is refused too unless `trustsOthers` (`--fifo-trust-others`); a FIFO
/// made here has the mode it was asked for (psplash's 0660 lets the group write, by design). Every
/// open is checked on the open descriptor (fstat): still a FIFO, the same one (device and inode)
/// that was checked, and a found one still passing the rule, so a FIFO swapped in between is
/// caught.
///
/// At exit the FIFO is removed whether this program made it or found it (a FIFO left behind
/// with no reader makes every later blocking writer hang), provided it is still the same file
/// and belongs to the user running the program; another user's FIFO, used with `trustsOthers`,
/// is that user's to remove. Once reading started, the FIFO stays open until the program exits.
package final class FIFOReader: Sendable {
    /// Why the FIFO cannot be used.
    package enum Problem: Error, CustomStringConvertible {
        /// The path cannot be the FIFO (not a FIFO, a link, a FIFO others may write to): the
        /// options or the files are wrong, and trying again cannot help.
        case refused(String)
        /// The FIFO cannot be made or opened (a read-only or missing folder, no permission): the
        /// system's state, which may change.
        case unavailable(String)

        package var description: String {
            switch self {
            case .refused(let text), .unavailable(let text): return text
            }
        }
    }

    /// The FIFO's path.
    package let path: String
    /// Accept a FIFO of another user, or one that others may write to.
    package let trustsOthers: Bool
    /// Hold the FIFO to the rule on every open: it was found, not made here, and others are not
    /// trusted.
    private let checksTrust: Bool
    /// The FIFO checked at start; every later open must find this one.
    private let identity: FileIdentity
    /// The descriptor opened at start, until the reader thread takes it: once reading stopped,
    /// nothing here may keep the FIFO open (a writer must then see that nobody reads).
    private let firstDescriptor: LockedValue<FileDescriptor?>
    /// Where the reader says why it stopped reading (stderr, through `Diagnostics`).
    private let report: @Sendable (String) -> Void

    /// How often a FIFO is made under a fresh temporary name when the name or the path was
    /// taken meanwhile, before giving up.
    private static let creationAttempts = 8

    /// Opens `path` for reading, making it with `mode` (less the umask, as mkfifo does) when
    /// missing. An existing FIFO that another user owns, or that its group or others may write
    /// to, is refused unless `trustsOthers`. When the FIFO cannot be made, the message ends with
    /// `relocation`, advice on putting it elsewhere. Once reading, why it stopped goes to `report`.
    /// The FIFO made (or one of the running user's found) is removed at the finish of `releases`.
    package init(path: String, mode: mode_t, trustsOthers: Bool, relocation: String, releases: ExitProcedure,
                 report: @escaping @Sendable (String) -> Void = Diagnostics.report) throws(Problem) {
        self.path = path
        self.trustsOthers = trustsOthers
        self.report = report
        let shownPath = DiagnosticText.shown(path)
        for _ in 0..<Self.creationAttempts {
            var info = stat()
            switch Result(catching: { () throws(Errno) in try systemCall { lstat(path, &info) } }) {
            case .success:
                guard info.st_mode & S_IFMT == S_IFIFO else {
                    throw .refused("\(shownPath) exists and is not a FIFO; refusing to use it")
                }
                let (descriptor, found) = try Self.adopt(path, found: info, trustsOthers: trustsOthers, releases: releases)
                (firstDescriptor, identity) = (LockedValue(descriptor), found)
                checksTrust = !trustsOthers
                return
            case .failure(let error) where error != .noSuchFile:
                throw .unavailable("cannot use \(shownPath): \(error)")
            case .failure:
                break
            }
            if let (descriptor, made) = try Self.create(path, mode: mode, relocation: relocation, releases: releases) {
                (firstDescriptor, identity) = (LockedValue(descriptor), made)
                checksTrust = false
                return
            }
        }
        throw .unavailable("cannot create the FIFO \(shownPath): its name was taken \(Self.creationAttempts) times while it was made")
    }

    /// Opens the FIFO found at `path` (described by `found`) for reading and checks it; it is
    /// removed at exit when it belongs to the running user.
    private static func adopt(_ path: String, found: stat, trustsOthers: Bool,
                              releases: ExitProcedure) throws(Problem) -> (FileDescriptor, FileIdentity) {
        let shownPath = DiagnosticText.shown(path)
        if let distrust = distrust(found, trustsOthers: trustsOthers) {
            throw .refused("refusing the FIFO \(shownPath): \(distrust)")
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try openForReading(path)
        } catch {
            throw .unavailable("cannot open the FIFO \(shownPath): \(error)")
        }
        let identity = FileIdentity(found)
        if let mismatch = mismatch(descriptor, expected: identity, checksTrust: !trustsOthers) {
            throw .refused("refusing the FIFO \(shownPath): \(mismatch)")
        }
        if found.st_uid == geteuid() { releases.removeAtExit(path, ifStill: identity) }
        return (descriptor, identity)
    }

    /// Makes a FIFO of `mode` under a temporary name beside `path`, opens it for reading, then
    /// links it to `path`, so it is never seen there without a reader. Returns nil when something
    /// else took `path` meanwhile.
    private static func create(_ path: String, mode: mode_t, relocation: String,
                               releases: ExitProcedure) throws(Problem) -> (FileDescriptor, FileIdentity)? {
        let shownPath = DiagnosticText.shown(path)
        let temporary = temporaryName(beside: path)
        do throws(Errno) {
            try systemCall { mkfifo(temporary, mode) }
        } catch where error == .exists {
            return nil
        } catch {
            throw .unavailable("cannot create the FIFO \(shownPath): \(error); \(relocation)")
        }
        // Only the FIFO made here goes, under either name, at exit or on the way out.
        releases.removeAtExit(temporary, ifStill: FileIdentity(atPath: temporary))
        defer {
            unlink(temporary)
            releases.keepAtExit(temporary)
        }
        let descriptor: FileDescriptor
        let info: stat
        do {
            descriptor = try openForReading(temporary)
        } catch {
            throw .unavailable("cannot open the FIFO \(shownPath) it made: \(error)")
        }
        do throws(Errno) {
            info = try descriptor.status()
        } catch {
            throw .refused("the FIFO \(shownPath) was replaced right after it was created; refusing to use it")
        }
        guard info.st_mode & S_IFMT == S_IFIFO else {
            throw .refused("the FIFO \(shownPath) was replaced right after it was created; refusing to use it")
        }
        let identity = FileIdentity(info)
        releases.removeAtExit(path, ifStill: identity)
        do throws(Errno) {
            try systemCall { link(temporary, path) }
        } catch {
            releases.keepAtExit(path)
            if error == .exists { return nil }
            throw .unavailable("cannot create the FIFO \(shownPath): \(error); \(relocation)")
        }
        return (descriptor, identity)
    }

    /// A fresh hidden name in the folder of `path`: `.NAME.PID.RANDOM`.
    private static func temporaryName(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).\(getpid()).\(UInt32.random(in: .min ... .max))"
    }

    /// Opens the FIFO at `path` for reading without waiting for a writer, then makes the
    /// descriptor's reads block (the reader thread polls before reading).
    private static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        let descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY)
        try descriptor.setNonBlocking(false)
        return descriptor
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

    /// Why the FIFO opened as `descriptor` is not the one `expected` (or, when `checksTrust`, no
    /// longer passes the rule), or nil when it is.
    private static func mismatch(_ descriptor: FileDescriptor, expected: FileIdentity, checksTrust: Bool) -> String? {
        let info: stat
        do throws(Errno) {
            info = try descriptor.status()
        } catch {
            return error.description
        }
        guard info.st_mode & S_IFMT == S_IFIFO else { return "it is now \(RegularFile.kind(of: info.st_mode))" }
        guard FileIdentity(info) == expected else { return "it was replaced by another FIFO" }
        return checksTrust ? distrust(info, trustsOthers: false) : nil
    }

    /// Opens the FIFO again for the next writer, or reports why not (nil): it must still be the
    /// FIFO checked at start. A FIFO refused is closed before the report, so once it is out,
    /// nobody reads what is at the path.
    private func reopen() -> FileDescriptor? {
        switch openAgain() {
        case .success(let descriptor):
            return descriptor
        case .failure(let refusal):
            report(refusal.description)
            return nil
        }
    }

    /// Why the FIFO is read no more.
    private struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The FIFO opened again and checked, or why not; what it opened is closed when it returns.
    private func openAgain() -> Result<FileDescriptor, Refusal> {
        let shownPath = DiagnosticText.shown(path)
        let descriptor: FileDescriptor
        do {
            descriptor = try Self.openForReading(path)
        } catch {
            return .failure(Refusal(description: "cannot open the FIFO \(shownPath): \(error); no longer reading it"))
        }
        if let mismatch = Self.mismatch(descriptor, expected: identity, checksTrust: checksTrust) {
            return .failure(Refusal(description: "refusing the FIFO \(shownPath): \(mismatch); no longer reading it"))
        }
        return .success(descriptor)
    }

    /// Starts reading on a thread of its own; each writer's commands are posted to `inbox`.
    package func start(inbox: CommandInbox) throws(NativeThread.StartFailure) {
        guard let first = firstDescriptor.withLock({ taken in defer { taken = nil }; return taken }) else { return }
        try NativeThread.start(name: "fifo reader") { [self] in
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, endsAtNUL: true)
            var descriptor = first
            while true {
                // Until something can be read, or every writer left.
                do throws(Errno) {
                    _ = try descriptor.poll(for: Int16(POLLIN), milliseconds: -1)
                } catch {
                    report("cannot wait on the FIFO \(DiagnosticText.shown(path)): \(error); no longer reading it")
                    return
                }
                InputReader.drain(descriptor.rawValue, into: &stream, from: .fifo, inbox: inbox)
                // Every writer has left. The next one finds a reader: the new descriptor is open
                // before the old one closes (when `descriptor` is replaced).
                guard let next = reopen() else { return }
                descriptor = next
            }
        }
    }
}
