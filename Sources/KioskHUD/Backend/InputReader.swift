import Glibc

/// Reads the host's commands from a file descriptor on a thread of its own, turns them into
/// events with a `CommandStream`, posts them to a `CommandInbox` and calls `wake` so the render
/// loop (which owns every SDL call) picks them up at once.
enum InputReader {
    /// Starts the reader thread on `descriptor`; it ends at end of input or a read error.
    static func start(descriptor: Int32, inbox: CommandInbox, wake: @escaping @Sendable () -> Void) {
        NativeThread.start(name: "stdin reader") {
            var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes)
            forEachChunk(of: descriptor) { chunk in
                let events = stream.feed(chunk)
                if !events.isEmpty {
                    inbox.post(events.map { .event($0) })
                    wake()
                }
            }
            inbox.post((stream.finish().map { [.event($0)] } ?? []) + [.endOfInput])
            wake()
        }
    }

    /// Reads `descriptor` to its end in chunks, retrying reads interrupted by signals.
    static func forEachChunk(of descriptor: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, capacity)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
