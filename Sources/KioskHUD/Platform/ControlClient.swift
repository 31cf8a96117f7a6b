import Glibc
import KioskCore

/// `kiosk-spinner send`'s end of the control socket: a connection to a listening overlay that
/// carries one `ControlConversation`, writing its request and reading the overlay's lines at
/// once (poll), so neither side can fill the other's buffer and wait for ever.
package final class ControlClient {
    /// Why the exchange did not end with the overlay's answers.
    package enum Failure: Error, CustomStringConvertible {
        /// No overlay listens at the path (or it may not be reached): the connect failed.
        case noOverlay(path: String, reason: UnixSocketAddress.Errno)
        /// The deadline passed before `missing` came.
        case timedOut(seconds: Double, missing: String)
        /// Reading or writing the connection failed.
        case broken(UnixSocketAddress.Errno)

        package var description: String {
            switch self {
            case .noOverlay(let path, let reason):
                return "no overlay listens on \(DiagnosticText.shown(path)): \(reason)"
            case .timedOut(let seconds, let missing):
                return "timed out after \(seconds) s waiting for \(missing)"
            case .broken(let reason):
                return "the connection to the overlay broke: \(reason)"
            }
        }
    }

    /// The longest line read from the overlay (its lines are far shorter).
    package static let lineLimitBytes = 1 << 20

    private let descriptor: Int32

    /// Connects to the overlay listening on `path`.
    package init(path: String) throws(Failure) {
        switch UnixSocketAddress.connect(to: path) {
        case .success(let connected):
            descriptor = connected
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        case .failure(let reason):
            throw .noOverlay(path: path, reason: reason)
        }
    }

    deinit { close(descriptor) }

    /// Carries `conversation` through until it is complete or the overlay closes the connection,
    /// handing each line to print to `show`; at most `seconds` (nil: no limit). Returns how it ended.
    package func exchange(_ conversation: inout ControlConversation, within seconds: Double?,
                  show: (String) -> Void) throws(Failure) -> ControlConversation.Ending {
        let deadline = seconds.map { MonotonicClock.deadline(inSeconds: $0) }
        var unsent = Array(conversation.request.utf8)[...]
        var lines = LineReader(limitBytes: Self.lineLimitBytes)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !conversation.isComplete {
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN) | (unsent.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            let milliseconds = deadline.map { Int32(clamping: ($0 - min($0, MonotonicClock.nanoseconds()) + 999_999) / 1_000_000) } ?? -1
            let ready = retryingInterrupted { poll(&watched, 1, milliseconds) }
            guard ready >= 0 else { throw .broken(UnixSocketAddress.Errno(errno)) }
            if ready == 0 {
                if let deadline, MonotonicClock.nanoseconds() >= deadline {
                    guard case .closedEarly(let missing) = conversation.ending else { return conversation.ending }
                    throw .timedOut(seconds: seconds ?? 0, missing: missing)
                }
                continue
            }
            if watched.revents & Int16(POLLOUT) != 0 {
                let written = unsent.withUnsafeBytes { bytes in
                    retryingInterrupted { send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
                }
                if written > 0 { unsent = unsent.dropFirst(written) }
                // A failed write means the overlay went: what it said before is still to be read.
            }
            guard watched.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            let count = retryingInterrupted { recv(descriptor, &buffer, buffer.count, 0) }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { continue }
            if count < 0, errno != ECONNRESET { throw .broken(UnixSocketAddress.Errno(errno)) }
            guard count > 0 else { return conversation.ending }
            for line in lines.feed(buffer[0..<count]) {
                if let shown = conversation.hear(String(decoding: line.bytes ?? [], as: UTF8.self)) { show(shown) }
                if conversation.isComplete { break }
            }
        }
        return conversation.ending
    }
}
