import Glibc
import KioskCore

/// The control socket's listening end (`--listen PATH`): a Unix stream socket bound at a path
/// this program creates and removes at exit.
///
/// Whoever can connect drives the overlay, so the socket is born mode 0600 (bound under umask
/// 0177) and owned by the effective user; with a group (`--listen-group`) it is then given to that
/// group with mode 0660, so the group's members may connect too (connecting needs write access).
/// Nothing at the path is ever replaced but a stale socket of the same user: a path that exists
/// and is not a socket (a file, a link, a directory), a socket another program still listens on,
/// and a stale socket of another user are refused.
package final class ListeningSocket {
    /// Why the socket cannot be made (the program exits 2).
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// How many connections may wait to be accepted.
    static let backlog: Int32 = 16

    /// The socket's path.
    package let path: String
    /// The listening descriptor (non-blocking, close-on-exec).
    let descriptor: Int32

    /// Binds and listens at `path`, for the effective user alone or, with `group` (a group name
    /// or number), for that group's members too.
    package init(path: String, group: String?) throws(Refusal) {
        self.path = path
        let shownPath = DiagnosticText.shown(path)
        let groupID = try group.map { name throws(Refusal) in try Self.groupID(named: name) }
        guard Array(path.utf8).count <= UnixSocketAddress.maximumPathBytes, !path.isEmpty else {
            throw Refusal(description: "cannot listen on \(shownPath): a socket's path holds at most "
                + "\(UnixSocketAddress.maximumPathBytes) bytes")
        }
        try Self.clearStaleSocket(at: path)
        let made = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard made >= 0 else { throw Refusal(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        // Only the main thread creates files while the overlay starts, so the umask can be narrowed
        // for this one call: the socket never exists with looser permissions than 0600.
        let previousMask = umask(0o177)
        let bound = UnixSocketAddress.with(path) { address, length in bind(made, address, length) } ?? -1
        let bindError = errno
        umask(previousMask)
        guard bound == 0 else {
            close(made)
            throw Refusal(description: "cannot listen on \(shownPath): \(String(cString: strerror(bindError)))")
        }
        ProgramExit.removeAtExit(path)
        if let groupID {
            guard chown(path, uid_t.max, groupID) == 0, chmod(path, 0o660) == 0 else {
                let reason = String(cString: strerror(errno))
                close(made)
                throw Refusal(description: "cannot give the socket \(shownPath) to group \(DiagnosticText.quoted(group ?? "")): \(reason)")
            }
        }
        guard listen(made, Self.backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(made)
            throw Refusal(description: "cannot listen on \(shownPath): \(reason)")
        }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Makes room at `path`: nothing there, or a stale socket of the effective user (removed).
    private static func clearStaleSocket(at path: String) throws(Refusal) {
        let shownPath = DiagnosticText.shown(path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw Refusal(description: "cannot use \(shownPath): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw Refusal(description: "\(shownPath) exists and is \(RegularFile.kind(of: info.st_mode)), not a socket; refusing to replace it")
        }
        switch UnixSocketAddress.connect(to: path) {
        case .success(let connection):
            close(connection)
            throw Refusal(description: "another program listens on \(shownPath) already")
        case .failure(let error) where error.code == ECONNREFUSED:
            guard info.st_uid == geteuid() else {
                throw Refusal(description: "\(shownPath) is a stale socket of user \(info.st_uid), not of the user running "
                    + "kiosk-spinner (\(geteuid())); refusing to replace it (remove it, or listen elsewhere)")
            }
            guard unlink(path) == 0 || errno == ENOENT else {
                throw Refusal(description: "cannot remove the stale socket \(shownPath): \(String(cString: strerror(errno)))")
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
