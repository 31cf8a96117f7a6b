import Foundation

/// What a path names, without following a symbolic link (lstat), and its permission bits.
struct FileKind: Equatable, CustomStringConvertible {
    /// The S_IFMT bits.
    var type: mode_t
    /// The permission bits, like 0o600.
    var permissions: mode_t

    /// Reads the kind of `path`; nil when nothing is there.
    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        type = info.st_mode & S_IFMT
        permissions = info.st_mode & 0o7777
    }

    /// True for a named FIFO.
    var isFIFO: Bool { type == S_IFIFO }

    /// True for a Unix socket.
    var isSocket: Bool { type == S_IFSOCK }

    var description: String {
        let names: [mode_t: String] = [S_IFIFO: "FIFO", S_IFREG: "regular file", S_IFDIR: "directory", S_IFLNK: "symbolic link",
                                      S_IFSOCK: "socket"]
        return "\(names[type] ?? "file of type \(type)") mode \(String(permissions, radix: 8))"
    }
}
