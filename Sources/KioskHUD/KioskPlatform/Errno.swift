import Glibc

/// An error number captured at the system call that failed, after swift-system's `Errno`: the
/// number is read from `errno` right at the failure (before anything else can change it), and its
/// description is the system's text for it (strerror): "No such file or directory".
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number: ENOENT, EAGAIN, ECONNREFUSED, ...
    package var code: Int32

    /// The error numbered `code`.
    package init(_ code: Int32) {
        self.code = code
    }

    /// The error the last failed call left in `errno`; read it at once after the failure.
    package static var current: Errno { Errno(errno) }

    /// The system's text for the number (strerror), without the number.
    package var description: String { String(cString: strerror(code)) }

    /// EAGAIN (EWOULDBLOCK on Linux): a non-blocking call would have waited.
    package static let wouldBlock = Errno(EAGAIN)
    /// ENOENT: no such file or directory.
    package static let noSuchFile = Errno(ENOENT)
    /// EEXIST: the name is taken.
    package static let exists = Errno(EEXIST)
    /// ECONNREFUSED: nothing listens on the socket.
    package static let connectionRefused = Errno(ECONNREFUSED)
    /// ECONNRESET: the other end went while data was unread.
    package static let connectionReset = Errno(ECONNRESET)
    /// ENAMETOOLONG: a path longer than the call takes.
    package static let nameTooLong = Errno(ENAMETOOLONG)
}
