import Glibc
import KioskCore

/// Reads the host's commands from stdin on a thread of its own, turns them into events with a
/// `CommandStream`, posts them to a `CommandInbox` and calls `wake` so the render loop (which owns
/// every SDL call) picks them up at once.
enum InputReader {
    /// Starts the reader thread on stdin; it ends at end of input or a read error.
    static func start(dialect: CommandParser.Dialect, inbox: CommandInbox, wake: @escaping @Sendable () -> Void) {
        NativeThread.start(name: "stdin reader") {
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, dialect: dialect)
            drain(STDIN_FILENO, into: &stream, from: .standardInput, inbox: inbox, wake: wake)
            inbox.post([.endOfInput])
            wake()
        }
    }

    /// Feeds `descriptor` to its end through `stream`, posting what it finds.
    static func drain(_ descriptor: Int32, into stream: inout CommandStream, from source: CommandInbox.Source,
                     inbox: CommandInbox, wake: @Sendable () -> Void) {
        forEachChunk(of: descriptor) { chunk in
            let events = stream.feed(chunk)
            if !events.isEmpty {
                inbox.post(events.map { .event($0, from: source) })
                wake()
            }
        }
        if let last = stream.finish() {
            inbox.post([.event(last, from: source)])
            wake()
        }
    }

    /// Reads `descriptor` to its end in chunks, retrying reads interrupted by signals.
    static func forEachChunk(of descriptor: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, capacity)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
