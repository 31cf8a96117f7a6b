import Foundation

/// A client that does exactly what psplash-write does (psplash-write.c): open the FIFO with
/// `O_WRONLY|O_NONBLOCK`, which fails at once (ENXIO) when no reader has it open, write the
/// message and the NUL after it in one write, close. psplash-write exits silently when the open
/// fails, so a failed open, or a write that does not take the whole message, is a lost message.
enum PsplashWrite {
    /// What became of one message.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The whole message and its NUL went into the FIFO.
        case delivered
        /// The open failed with this error: psplash-write would have exited silently.
        case refusedOpen(errorNumber: Int32)
        /// The write failed or was short.
        case failedWrite(errorNumber: Int32)
        /// The FIFO never appeared.
        case neverAppeared

        var description: String {
            switch self {
            case .delivered: return "delivered"
            case .refusedOpen(let number): return "open refused: \(String(cString: strerror(number)))"
            case .failedWrite(let number): return "write failed: \(String(cString: strerror(number)))"
            case .neverAppeared: return "the FIFO never appeared"
            }
        }
    }

    /// Sends `message` as `psplash-write message` would, to the FIFO at `path`.
    static func send(_ message: String, to path: String) -> Outcome {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .refusedOpen(errorNumber: errno) }
        defer { close(descriptor) }
        let bytes = Array(message.utf8) + [0]
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count ? .delivered : .failedWrite(errorNumber: written < 0 ? errno : 0)
    }

    /// Sends `message` to `folder`'s entry `name` the moment that entry appears (`watch` must
    /// have been made before anything could create it), waiting at most `seconds`. The wait
    /// runs on a thread of its own, so the test's tasks are not held up.
    static func sendTheMomentItAppears(_ message: String, name: String, watch: FolderWatch,
                                       within seconds: Double) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let appeared = watch.waitForEntry(named: name, within: seconds)
                continuation.resume(returning: appeared ? send(message, to: watch.folder + "/" + name) : .neverAppeared)
            }
        }
    }
}

/// Entries created in a folder, as inotify reports them (IN_CREATE, IN_MOVED_TO), from the
/// moment the watch is made.
final class FolderWatch: Sendable {
    /// A watch that could not be set up.
    struct Failed: Error, CustomStringConvertible {
        var request: String
        var errorNumber: Int32
        var description: String { "\(request): \(String(cString: strerror(errorNumber)))" }
    }

    /// The folder watched.
    let folder: String
    private let descriptor: Int32

    /// Starts watching `folder`.
    init(_ folder: String) throws {
        self.folder = folder
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failed(request: "inotify_init1", errorNumber: errno) }
        guard inotify_add_watch(descriptor, folder, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            let failure = errno
            close(descriptor)
            throw Failed(request: "inotify_add_watch \(folder)", errorNumber: failure)
        }
    }

    deinit { close(descriptor) }

    /// Waits until an entry `name` is created in the folder (or is there already); false after
    /// `seconds` without it.
    func waitForEntry(named name: String, within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var info = stat()
        if lstat(folder + "/" + name, &info) == 0 { return true }
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if Self.names(in: buffer[..<count]).contains(name) { return true }
        }
        return false
    }

    /// The names in a buffer of `struct inotify_event` records: a 16-byte header (wd, mask,
    /// cookie, len) and `len` bytes of NUL-padded name.
    private static func names(in events: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = events.startIndex
        let headerBytes = 16
        while offset + headerBytes <= events.endIndex {
            let length = Int(events.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - events.startIndex + 12, as: UInt32.self) })
            let start = offset + headerBytes
            let end = min(start + length, events.endIndex)
            names.append(String(decoding: events[start..<end].prefix { $0 != 0 }, as: UTF8.self))
            offset = start + length
        }
        return names
    }
}
