import Glibc
// The release build (whole-module) takes SOCK_STREAM, SOCK_CLOEXEC and sockaddr from this module, as the
// other files here that name them do (a debug build finds them in Glibc); package, for the signatures.
package import CKioskSystem

/// A Unix socket's file-system address (`sockaddr_un`) for a path, for bind and connect.
package enum UnixSocketAddress {
    /// The longest path a socket address holds, in bytes (sun_path less its terminating NUL).
    package static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Calls `body` with the address of `path` and its length; nil (without calling it) when the
    /// path is empty or longer than `maximumPathBytes`.
    package static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathBytes else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            field.copyBytes(from: bytes)
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects a new stream socket (close-on-exec) to `path`; returns it, or the errno of the
    /// failure (ENAMETOOLONG for a path too long). The caller owns the descriptor returned.
    package static func connect(to path: String) -> Result<Int32, Errno> {
        Result { () throws(Errno) in
            let descriptor = try systemCall { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            do throws(Errno) {
                guard let connected = with(path, { address, length in
                    Result { () throws(Errno) in try systemCall { Glibc.connect(descriptor, address, length) } }
                }) else { throw Errno.nameTooLong }
                _ = try connected.get()
            } catch {
                close(descriptor)
                throw error
            }
            return descriptor
        }
    }

    /// `connect(to:)`, as a descriptor that closes itself.
    package static func connectedSocket(to path: String) throws(Errno) -> FileDescriptor {
        FileDescriptor(taking: try connect(to: path).get())
    }

    /// Binds `socket` to `path` (bind); throws ENAMETOOLONG for a path too long.
    package static func bind(_ socket: FileDescriptor, to path: String) throws(Errno) {
        guard let bound = with(path, { address, length in
            Result { () throws(Errno) in try systemCall { Glibc.bind(socket.rawValue, address, length) } }
        }) else { throw .nameTooLong }
        _ = try bound.get()
    }

    /// The error numbers of failed socket calls (the program's one `Errno`).
    package typealias Errno = KioskPlatform.Errno
}
