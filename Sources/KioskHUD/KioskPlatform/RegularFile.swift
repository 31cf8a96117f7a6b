import Glibc
import KioskCore

/// A regular file opened for reading without ever blocking: a settings file or a font. The
/// path is opened with O_NONBLOCK and O_NOCTTY (so a FIFO with no writer, a terminal or a device
/// cannot hold the open up or become our terminal), then the open descriptor is checked with
/// fstat: anything but a regular file is refused. Everything after reads through that same
/// descriptor, so nothing can swap the file between the check and the use. Owns the descriptor
/// and closes it when it goes away.
package final class RegularFile {
    /// Why a path cannot be read as a regular file: it cannot be opened, or it names something
    /// else (a FIFO, a device, a directory, a socket).
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The path as given.
        package var path: String
        /// What is wrong, without the path: "is a FIFO, not a regular file", "No such file or
        /// directory".
        package var reason: String

        package var description: String { "\(DiagnosticText.shown(path)): \(reason)" }

        /// A refusal of `path` for `reason`.
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The path it was opened as.
    package let path: String
    /// The file's size in bytes when it was opened.
    package let size: Int
    private let file: FileDescriptor

    /// Opens `path` (open with O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, then fstat) and
    /// makes sure it is a regular file; reads on it then block as on any regular file.
    package init(opening path: String) throws(Refusal) {
        self.path = path
        let info: stat
        do throws(Errno) {
            file = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
            info = try file.status()
        } catch {
            throw Refusal(path: path, reason: error.description)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(path: path, reason: "is \(Self.kind(of: info.st_mode)), not a regular file")
        }
        size = Int(info.st_size)
        // A regular file's reads never wait long; the flag only kept the open from waiting.
        try? file.setNonBlocking(false)
    }

    /// The file's first `limitBytes` bytes (all of it when it is shorter).
    package func read(atMost limitBytes: Int) throws(Refusal) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65536, max(1, limitBytes)))
        while bytes.count < limitBytes {
            let wanted = min(chunk.count, limitBytes - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted])) }
            }
            switch count {
            case .success(0): return bytes
            case .success(let read): bytes += chunk[0..<read]
            case .failure(let error): throw Refusal(path: path, reason: error.description)
            }
        }
        return bytes
    }

    /// Fills as much of `buffer` as the file holds from `offset` on (pread, again after short
    /// reads); returns how many bytes were read, fewer than asked only at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        var count = 0
        while count < buffer.count {
            let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), at: offset + count)
            if read == 0 { break }
            count += read
        }
        return count
    }

    /// What a file of `mode` is, for a message: "a FIFO", "a directory".
    package static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        default: return "a file of unknown type"
        }
    }
}
