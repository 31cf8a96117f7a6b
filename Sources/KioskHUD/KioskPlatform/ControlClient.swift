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
        /// The overlay closed the connection after `quit`, but its process was still there when
        /// the time ran out.
        case stillRunning(processID: pid_t, seconds: Double)

        package var description: String {
            switch self {
            case .noOverlay(let path, let reason):
                return "no overlay listens on \(DiagnosticText.shown(path)): \(reason)"
            case .timedOut(let seconds, let missing):
                return "timed out after \(Self.shown(seconds)) s waiting for \(missing)"
            case .broken(let reason):
                return "the connection to the overlay broke: \(reason)"
            case .stillRunning(let processID, let seconds):
                return "the overlay (process \(processID)) closed the connection after quit but was still running "
                    + "after \(Self.shown(seconds)) s"
            }
        }

        private static func shown(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }

    /// The longest line read from the overlay (its lines are far shorter).
    package static let lineLimitBytes = 1 << 20
    /// How long to wait before asking `status` again while an awaited grab is pending.
    static let statusRepeatSeconds = 0.1

    private let descriptor: Int32
    /// The overlay's process (SO_PEERCRED), when this system tells it; 0 when not (another
    /// process namespace).
    private let peerProcessID: pid_t

    /// Connects to the overlay listening on `path`.
    package init(path: String) throws(Failure) {
        switch UnixSocketAddress.connect(to: path) {
        case .success(let connected):
            _ = fcntl(connected, F_SETFL, fcntl(connected, F_GETFL) | O_NONBLOCK)
            // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which Glibc's module does not import.
            var credentials: [Int32] = [0, 0, 0]
            var length = socklen_t(MemoryLayout<Int32>.size * credentials.count)
            let asked = credentials.withUnsafeMutableBytes { getsockopt(connected, SOL_SOCKET, SO_PEERCRED, $0.baseAddress, &length) }
            descriptor = connected
            peerProcessID = asked == 0 ? credentials[0] : 0
        case .failure(let reason):
            throw .noOverlay(path: path, reason: reason)
        }
    }

    deinit { close(descriptor) }

    /// Carries `conversation` through until it is complete or the overlay closes the connection,
    /// handing each line to print to `show`; at most `seconds` (nil: no limit). Throws when the
    /// time runs out first. After a `quit` answered and the connection closed, also waits (within
    /// the same time) until the overlay's process has gone, when this system can tell.
    package func exchange(_ conversation: inout ControlConversation, within seconds: Double?,
                  show: (String) -> Void) throws(Failure) -> ControlConversation.Ending {
        let deadline = seconds.map { MonotonicClock.deadline(inSeconds: $0) }
        var unsent = Array(conversation.request.utf8)[...]
        var lines = LineReader(limitBytes: Self.lineLimitBytes)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var askAgainAt: UInt64?
        while !conversation.isComplete {
            if let deadline, MonotonicClock.nanoseconds() >= deadline {
                throw .timedOut(seconds: seconds ?? 0, missing: conversation.missing ?? "the overlay")
            }
            if conversation.wantsStatusAgain, askAgainAt == nil {
                askAgainAt = MonotonicClock.deadline(inSeconds: Self.statusRepeatSeconds)
            }
            if let due = askAgainAt, MonotonicClock.nanoseconds() >= due {
                askAgainAt = nil
                unsent += Array(conversation.askAgain().utf8)
            }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN) | (unsent.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            let wake = [deadline, askAgainAt].compactMap { $0 }.min()
            let ready = retryingInterrupted { poll(&watched, 1, wake.map { MonotonicClock.milliseconds(until: $0) } ?? -1) }
            guard ready >= 0 else { throw .broken(UnixSocketAddress.Errno(errno)) }
            if ready == 0 { continue }
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
            guard count > 0 else {
                conversation.heardTheEnd()
                break
            }
            for line in lines.feed(buffer[0..<count]) {
                if let shown = conversation.hear(String(decoding: line.bytes ?? [], as: UTF8.self)) { show(shown) }
                if conversation.isComplete { break }
            }
        }
        let ending = conversation.ending
        if conversation.endsWithQuit, ending == .answered || ending == .rejected {
            try waitForTheOverlayToExit(until: deadline, seconds: seconds)
        }
        return ending
    }

    /// Waits until the overlay's process has gone (`ProcessLiveness`: its parent could reap it),
    /// at most until `deadline`. Does nothing when the process is not known (SO_PEERCRED said 0:
    /// another process namespace).
    private func waitForTheOverlayToExit(until deadline: UInt64?, seconds: Double?) throws(Failure) {
        guard peerProcessID > 0, !ProcessLiveness.waitUntilGone(peerProcessID, until: deadline) else { return }
        throw .stillRunning(processID: peerProcessID, seconds: seconds ?? 0)
    }
}
