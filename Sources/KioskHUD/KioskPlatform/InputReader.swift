import Glibc
import KioskCore

/// Reads the host's commands from stdin on a thread of its own, turns them into events with a
/// `CommandStream` and posts them to a `CommandInbox`, which wakes the render loop (the owner of
/// every SDL call).
///
/// At the end of a pipe or file it posts `endOfInput` and stops. On a terminal, Ctrl-D ends
/// only what was typed so far: the end is posted and reading goes on, so a person testing by
/// hand can type again.
package enum InputReader {
    /// Starts the reader thread on stdin.
    package static func start(dialect: CommandParser.Dialect, inbox: CommandInbox) throws(NativeThread.StartFailure) {
        let isTerminal = isatty(STDIN_FILENO) == 1
        try NativeThread.start(name: "stdin reader") {
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, dialect: dialect)
            repeat {
                let ended = drain(STDIN_FILENO, into: &stream, from: .standardInput, inbox: inbox)
                inbox.post([.endOfInput])
                if !ended { return }
            } while isTerminal
        }
    }

    /// Feeds `descriptor` to its end through `stream`, posting what it finds. Returns true at a
    /// plain end of input, false after a read error.
    @discardableResult
    static func drain(_ descriptor: Int32, into stream: inout CommandStream, from source: InputSource,
                      inbox: CommandInbox) -> Bool {
        let ended = forEachChunk(of: descriptor) { chunk in
            let events = stream.feed(chunk)
            if !events.isEmpty { inbox.post(events.map { .host($0, from: source) }) }
        }
        if let last = stream.finish() { inbox.post([.host(last, from: source)]) }
        return ended
    }

    /// Reads `descriptor` to its end in chunks, retrying reads interrupted by signals. Returns
    /// true at the end of input, false after a read error.
    @discardableResult
    package static func forEachChunk(of descriptor: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let input = FileDescriptor(borrowing: descriptor)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            guard let count = try? input.read(into: buffer) else { return false }
            guard count > 0 else { return true }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
