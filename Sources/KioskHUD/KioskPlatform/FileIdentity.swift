import Glibc

/// Which file a path or a descriptor is: its device and inode, so a file checked once can be
/// told from another put at the same path later.
package struct FileIdentity: Equatable, Sendable {
    var device: UInt
    var inode: UInt

    init(_ info: stat) {
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
    }

    /// The identity of what is at `path` now (lstat: a symbolic link is itself), or nil when
    /// nothing is.
    init?(atPath path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
