import Glibc
import KioskCore

/// One client of the control socket, as the server's thread sees it: its socket, its number
/// (`client N` in reports, `InputSource.client(N)` in the loop), its own command stream, so its
/// lines are cut, capped and numbered apart from everyone else's, and the lines read from it that
/// the loop has not been given yet.
final class ControlConnection {
    /// The client's number, from 1 in the order they connected.
    let number: Int
    /// The connected socket (non-blocking, close-on-exec).
    let socket: FileDescriptor
    /// Its byte stream turned into commands, lines capped like stdin's.
    private var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes)
    /// Lines read and not yet handed to the loop, oldest first.
    private var unposted: [LoopInput] = []
    /// True once the client closed its end (or the connection broke) and all it sent was read.
    private(set) var hasEnded = false
    /// True once a write to it failed: it hears nothing more, though what it sent is still read.
    var isDeaf = false

    /// Takes over `socket`, the client numbered `number`.
    init(number: Int, socket: FileDescriptor) {
        self.number = number
        self.socket = socket
    }

    /// Where its lines come from, for the loop.
    var source: InputSource { .client(number) }

    /// True while lines read from it wait to be handed to the loop.
    var hasUnpostedLines: Bool { !unposted.isEmpty }

    /// True when it may be read: nothing read waits to be handed over, and it has not ended.
    var isReadable: Bool { unposted.isEmpty && !hasEnded }

    /// True once it ended and every line of it was handed over: it can go.
    var isFinished: Bool { hasEnded && unposted.isEmpty }

    /// Reads what the client sent (at most one buffer, so no client keeps the others waiting)
    /// and keeps the lines it completed; at the end of its stream (it closed its end, or the
    /// connection broke), a last line without a newline too.
    func read(buffer: UnsafeMutableRawBufferPointer) {
        let count: Int
        do {
            count = try socket.receive(into: buffer)
        } catch where error == .wouldBlock {
            return
        } catch {
            count = 0
        }
        guard count > 0 else {
            hasEnded = true
            if let last = stream.finish() { unposted.append(.host(last, from: source)) }
            return
        }
        let events = stream.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        unposted += events.map { .host($0, from: source) }
    }

    /// Takes at most `limit` of the lines waiting to be handed to the loop, oldest first; all of
    /// them once the client ended (its answers can no longer pile up).
    func takeLines(atMost limit: Int) -> [LoopInput] {
        let taken = hasEnded ? unposted.count : min(max(0, limit), unposted.count)
        defer { unposted.removeFirst(taken) }
        return Array(unposted.prefix(taken))
    }

    /// Writes what it can of `bytes` without waiting; returns how many were written, or nil
    /// when the connection broke.
    func write(_ bytes: [UInt8]) -> Int? {
        switch bytes.withUnsafeBytes({ buffer in Result { () throws(Errno) in try socket.send(buffer) } }) {
        case .success(let written): return written
        case .failure(let error): return error == .wouldBlock ? 0 : nil
        }
    }
}
