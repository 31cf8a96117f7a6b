import Glibc

/// Watches folders for what appears or changes in them (inotify: a file created or moved in, or
/// its attributes changed, as udev does when it sets a device node's group), so a start can wait
/// for a display device without polling. A folder that does not exist yet is watched from when
/// its parent, also watched, says it was made (`/dev/dri` after `/dev`). Where inotify cannot be
/// had (the system is out of its instances), a wait lasts at most a second and counts as news.
package final class FolderWatch {
    private let events: FileDescriptor?
    private let folders: [String]
    private var watched: Set<String> = []

    /// The longest wait without inotify.
    private static let blindMilliseconds: Int32 = 1000

    /// Watches `folders` (those that exist now; the others once `wait` sees them made).
    package init(_ folders: [String]) {
        events = (try? systemCall { inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)) }).map(FileDescriptor.init(taking:))
        self.folders = folders
        watchThoseThatExist()
    }

    /// Waits until something appears or changes in a watched folder, or `deadline`
    /// (`MonotonicClock` nanoseconds) passes; true when something did. The news is taken.
    package func wait(until deadline: UInt64) -> Bool {
        let milliseconds = Int32(MonotonicClock.milliseconds(until: deadline))
        guard let events else {
            _ = poll(nil, 0, min(milliseconds, Self.blindMilliseconds))
            return true
        }
        guard let ready = try? events.poll(for: Int16(POLLIN), milliseconds: milliseconds), ready & Int16(POLLIN) != 0 else {
            return false
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while (try? buffer.withUnsafeMutableBytes { bytes throws(Errno) in try events.read(into: bytes) }) ?? 0 > 0 {}
        watchThoseThatExist()
        return true
    }

    /// Adds a watch on each folder that exists and is not watched yet.
    private func watchThoseThatExist() {
        guard let events else { return }
        let changes = UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)
        for folder in folders where !watched.contains(folder) {
            if inotify_add_watch(events.rawValue, folder, changes) >= 0 { watched.insert(folder) }
        }
    }
}
