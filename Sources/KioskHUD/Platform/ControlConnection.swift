import Glibc
import KioskCore

/// One client of the control socket, as the server's thread sees it: its descriptor, its
/// number (`client N` in reports, `InputSource.client(N)` in the loop), and its own command
/// stream, so its lines are cut, capped and numbered apart from everyone else's.
final class ControlConnection {
    /// The client's number, from 1 in the order they connected.
    let number: Int
    /// The connected socket (non-blocking, close-on-exec).
    let descriptor: Int32
    /// Its byte stream turned into commands, lines capped like stdin's.
    private var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes)

    /// Takes over `descriptor`, the client numbered `number`.
    init(number: Int, descriptor: Int32) {
        self.number = number
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Where its lines come from, for the loop.
    var source: InputSource { .client(number) }

    /// Reads what the client sent (at most one buffer, so no client keeps the others waiting);
    /// returns the lines it completed, for the loop, and whether the client is still open: when
    /// it closed its end or the connection broke, a last line without a newline is among them.
    func readCommands(buffer: UnsafeMutableRawBufferPointer) -> (inputs: [LoopInput], isOpen: Bool) {
        let count = retryingInterrupted { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return ([], true) }
        guard count > 0 else {
            return (stream.finish().map { [.host($0, from: source)] } ?? [], false)
        }
        let events = stream.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        return (events.map { .host($0, from: source) }, true)
    }

    /// Writes what it can of `bytes` without waiting; returns how many were written, or nil
    /// when the connection broke.
    func write(_ bytes: [UInt8]) -> Int? {
        let count = bytes.withUnsafeBytes { buffer in
            retryingInterrupted { send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
        }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
        return count < 0 ? nil : count
    }
}
