import Foundation

/// One writer of a named FIFO, as `echo > fifo` or psplash-write is: it opens the FIFO, writes,
/// and closes it, and the reader then waits for the next writer.
final class FIFOWriter {
    /// A FIFO that could not be opened or written.
    struct Failed: Error, CustomStringConvertible {
        var request: String
        var errorNumber: Int32
        var description: String { "\(request): \(String(cString: strerror(errorNumber)))" }
    }

    private var descriptor: Int32?

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Opens the FIFO at `path` for writing once a reader has it open. A non-blocking open fails
    /// with ENXIO until then (as psplash-write's does), so it is tried again and again, for at
    /// most `seconds`; the descriptor then blocks like any writer's.
    static func open(_ path: String, within seconds: Double = Poll.defaultSeconds) async throws -> FIFOWriter {
        var lastError: Int32 = 0
        let descriptor = try await Poll.value("a reader to open \(path)", within: seconds,
                                              lastSeen: { String(cString: strerror(lastError)) }) { () throws -> Int32? in
            let descriptor = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            lastError = errno
            guard lastError == ENXIO || lastError == EINTR else {
                throw Failed(request: "opening \(path) for writing", errorNumber: lastError)
            }
            return nil
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        return FIFOWriter(descriptor: descriptor)
    }

    /// Opens the FIFO at `path`, writes `text` in one write and closes it.
    static func write(_ text: String, to path: String) async throws {
        let writer = try await open(path)
        try writer.write(text)
        writer.close()
    }

    /// Writes all of `text` (a FIFO takes up to 4096 bytes in one piece).
    func write(_ text: String) throws {
        guard let descriptor else { throw Failed(request: "writing after closing", errorNumber: EBADF) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failed(request: "writing \(bytes.count) bytes", errorNumber: errno)
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Closes the FIFO: once no writer has it open, the reader sees the end of this writer.
    func close() {
        guard let descriptor else { return }
        self.descriptor = nil
        _ = Glibc.close(descriptor)
    }
}
