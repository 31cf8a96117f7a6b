import Glibc

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
    /// failure (ENAMETOOLONG for a path too long).
    package static func connect(to path: String) -> Result<Int32, Errno> {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        let connected = with(path) { address, length in retryingInterrupted { Glibc.connect(descriptor, address, length) } }
        guard let connected else {
            close(descriptor)
            return .failure(Errno(ENAMETOOLONG))
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            return .failure(Errno(code))
        }
        return .success(descriptor)
    }

    /// An error number from a failed call, with its text.
    package struct Errno: Error, Equatable, CustomStringConvertible {
        /// The number (ENOENT, ECONNREFUSED, ...).
        package var code: Int32

        package init(_ code: Int32) { self.code = code }

        package var description: String { String(cString: strerror(code)) }
    }
}
