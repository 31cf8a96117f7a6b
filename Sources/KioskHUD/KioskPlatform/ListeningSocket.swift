import Glibc
import KioskCore

/// The control socket's listening end (`--listen PATH`): a Unix stream socket made in private and
/// linked to its path, removed at exit while that path still names it.
///
/// Whoever can connect drives the overlay, so the socket is mode 0600 and owned by the effective
/// user; with a group (`--listen-group`), it belongs to that group with mode 0660, so the group's
/// members may connect too (connecting needs write access). The folder of PATH may be one that
/// other users can write to, so nothing is done to the socket by a path they could change: it is
/// bound in a private folder made beside PATH (mkdtemp, 0700), with its mode set on its descriptor
/// before bind (a Unix socket's file takes the socket's mode, less the umask, so it is never
/// looser), its group and exact mode then set through the private folder, where nobody else can
/// put anything; then it listens and is linked to PATH, which fails rather than replace anything.
/// The umask is left alone (the tests run many of these at once). So a symbolic link swapped in at PATH or in the folder can
/// never turn a chown or chmod onto another file. Nothing at PATH is ever replaced but a stale
/// socket of the same user: a path that exists and is not a socket (a file, a link, a directory),
/// a socket another program still listens on, and a stale socket of another user are refused.
package final class ListeningSocket {
    /// Why the socket cannot be made (the program exits 2).
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// How many connections may wait to be accepted.
    static let backlog: Int32 = 16
    /// The socket's name in its private folder.
    private static let privateName = "s"

    /// The socket's path.
    package let path: String
    /// The listening socket (non-blocking, close-on-exec).
    let socket: FileDescriptor
    /// Which file the socket is (device and inode): at exit, PATH is removed only while it is this.
    let identity: FileIdentity

    /// The listening descriptor, for poll and accept.
    var descriptor: Int32 { socket.rawValue }

    /// Binds and listens at `path`, for the effective user alone or, with `group` (a group name
    /// or number), for that group's members too. The socket is removed at the finish of
    /// `releases` while it is still the one bound here.
    package init(path: String, group: String?, releases: ExitProcedure) throws(Refusal) {
        self.path = path
        let shownPath = DiagnosticText.shown(path)
        let groupID = try group.map { name throws(Refusal) in try Self.groupID(named: name) }
        guard Array(path.utf8).count <= UnixSocketAddress.maximumPathBytes, !path.isEmpty else {
            throw Refusal(description: "cannot listen on \(shownPath): a socket's path holds at most "
                + "\(UnixSocketAddress.maximumPathBytes) bytes")
        }
        try Self.clearStaleSocket(at: path)
        let mode: mode_t = groupID == nil ? 0o600 : 0o660
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder(beside: path, releases: releases)
        } catch {
            throw Refusal(description: "cannot listen on \(shownPath): cannot make a private folder beside it: \(error)")
        }
        let made: FileDescriptor
        do throws(Errno) {
            made = try FileDescriptor.unixStreamSocket(nonBlocking: true)
            // A Unix socket's file takes the socket's mode less the umask: never looser than
            // `mode`, and set to exactly `mode` below, in the private folder.
            try systemCall { fchmod(made.rawValue, mode) }
            try UnixSocketAddress.bind(made, to: folder.bindingPath(of: Self.privateName))
        } catch {
            throw Refusal(description: "cannot listen on \(shownPath): \(error)")
        }
        let bound: stat
        do throws(Errno) {
            bound = try folder.status(of: Self.privateName)
        } catch {
            // bind found another folder at the private folder's path: someone renamed it away.
            throw Refusal(description: "cannot listen on \(shownPath): its private folder \(DiagnosticText.shown(folder.path)) "
                + "was replaced while the socket was made (\(error)); refusing to go on")
        }
        guard bound.st_mode & S_IFMT == S_IFSOCK, bound.st_uid == geteuid() else {
            throw Refusal(description: "cannot listen on \(shownPath): its private folder held \(RegularFile.kind(of: bound.st_mode)) "
                + "of user \(bound.st_uid) after bind; refusing to go on")
        }
        identity = FileIdentity(bound)
        if let groupID {
            do {
                try folder.setGroup(of: Self.privateName, to: groupID)
            } catch {
                throw Refusal(description: "cannot give the socket \(shownPath) to group \(DiagnosticText.quoted(group ?? "")): \(error)")
            }
        }
        do {
            try folder.setMode(of: Self.privateName, to: mode)
        } catch {
            throw Refusal(description: "cannot set the mode of the socket \(shownPath): \(error)")
        }
        do throws(Errno) {
            try systemCall { listen(made.rawValue, Self.backlog) }
        } catch {
            throw Refusal(description: "cannot listen on \(shownPath): \(error)")
        }
        // Registered first, so an exit between the link and the return still removes it.
        releases.removeAtExit(path, ifStill: identity)
        do throws(Errno) {
            try folder.link(Self.privateName, to: path)
        } catch {
            releases.keepAtExit(path)
            if error == .exists {
                throw Refusal(description: "cannot listen on \(shownPath): something was put there while the socket was made; "
                    + "refusing to replace it")
            }
            throw Refusal(description: "cannot listen on \(shownPath): \(error)")
        }
        socket = made
    }

    /// Makes room at `path`: nothing there, or a stale socket of the effective user (removed).
    private static func clearStaleSocket(at path: String) throws(Refusal) {
        let shownPath = DiagnosticText.shown(path)
        var info = stat()
        do throws(Errno) {
            try systemCall { lstat(path, &info) }
        } catch {
            if error == .noSuchFile { return }
            throw Refusal(description: "cannot use \(shownPath): \(error)")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw Refusal(description: "\(shownPath) exists and is \(RegularFile.kind(of: info.st_mode)), not a socket; refusing to replace it")
        }
        switch UnixSocketAddress.connect(to: path) {
        case .success(let connection):
            close(connection)
            throw Refusal(description: "another program listens on \(shownPath) already")
        case .failure(let error) where error == .connectionRefused:
            guard info.st_uid == geteuid() else {
                throw Refusal(description: "\(shownPath) is a stale socket of user \(info.st_uid), not of the user running "
                    + "kiosk-spinner (\(geteuid())); refusing to replace it (remove it, or listen elsewhere)")
            }
            guard unlink(path) == 0 || errno == ENOENT else {
                throw Refusal(description: "cannot remove the stale socket \(shownPath): \(Errno.current)")
            }
        case .failure(let error):
            throw Refusal(description: "cannot use the socket \(shownPath): \(error)")
        }
    }

    /// The id of the group `name` (a name, or a number), from the group database.
    private static func groupID(named name: String) throws(Refusal) -> gid_t {
        var entry = group()
        var found: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        if getgrnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil { return entry.gr_gid }
        if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isNumber }), let number = gid_t(name) { return number }
        throw Refusal(description: "--listen-group: no group named \(DiagnosticText.quoted(name))")
    }
}
