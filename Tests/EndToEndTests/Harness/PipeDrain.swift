import Foundation

/// Everything a child process writes to one pipe, read on a thread of its own as it arrives, so
/// the child never blocks on a full pipe however much it writes and whatever the test is doing.
final class PipeDrain: @unchecked Sendable {
    // Guards `bytes` and `reachedEnd`, shared between the reader thread and the test.
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var reachedEnd = false
    private let handle: FileHandle

    /// Starts reading `handle` (the read end of a pipe) until its end.
    init(_ handle: FileHandle) {
        self.handle = handle
        let thread = Thread { [self] in readToEnd() }
        thread.name = "EndToEndTests pipe reader"
        thread.start()
    }

    /// What arrived so far, decoded as UTF-8 (invalid bytes become U+FFFD).
    var text: String { String(decoding: lock.withLock { bytes }, as: UTF8.self) }

    /// The complete lines that arrived so far, without their `\n`.
    var lines: [String] {
        let text = text
        guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
        return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// True once the writer closed the pipe and everything was read.
    var hasEnded: Bool { lock.withLock { reachedEnd } }

    private func readToEnd() {
        let descriptor = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            lock.withLock { bytes.append(contentsOf: buffer[0..<count]) }
        }
        lock.withLock { reachedEnd = true }
    }
}
