import Foundation

/// A raw client of the overlay's control socket (`--listen`), as any program would write one:
/// connects, writes lines, and reads what the overlay says only when the test asks, so a test can
/// also be a client that never reads.
final class SocketClient {
    /// A connect or write that failed, with its reason.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var received: [UInt8] = []
    private var closedByOverlay = false

    /// Connects to the socket at `path`.
    init(path: String) throws {
        let made = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard made >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes.prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(made, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(made)
            throw Failure(description: "connect \(path): \(reason)")
        }
        _ = fcntl(made, F_SETFL, fcntl(made, F_GETFL) | O_NONBLOCK)
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Writes all of `text`, waiting (polling) while the socket is full, for at most `seconds`.
    func write(_ text: String, within seconds: Double = Poll.defaultSeconds) async throws {
        try await write(bytes: Array(text.utf8), within: seconds)
    }

    /// Writes all of `bytes`, waiting (polling) while the socket is full, for at most `seconds`;
    /// when `readingMeanwhile`, reads what the overlay says while it waits (as `send` does),
    /// else leaves it unread.
    func write(bytes: [UInt8], within seconds: Double = Poll.defaultSeconds, readingMeanwhile: Bool = false) async throws {
        var unsent = bytes[...]
        try await Poll.until("the overlay to take \(bytes.count) bytes", within: seconds, lastSeen: { "\(unsent.count) bytes left" }) {
            while !unsent.isEmpty {
                let written = unsent.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0, errno == EAGAIN {
                    if readingMeanwhile { readWaiting() }
                    return false
                }
                guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
                unsent = unsent.dropFirst(written)
            }
            return true
        }
    }

    /// The complete lines the overlay said so far (reads what is waiting, without waiting).
    var lines: [String] {
        readWaiting()
        return String(decoding: received, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// True once the overlay closed the connection (reads what is waiting first).
    var isClosedByOverlay: Bool {
        readWaiting()
        return closedByOverlay
    }

    /// Waits for the first line at `start` or later that is `line`; returns its index.
    @discardableResult
    func waitForLine(_ line: String, from start: Int = 0, within seconds: Double = Poll.defaultSeconds) async throws -> Int {
        try await waitForLine("\"\(line)\"", from: start, within: seconds) { $0 == line }
    }

    /// Waits for the first line at `start` or later that `matches`; returns its index.
    @discardableResult
    func waitForLine(_ what: String, from start: Int = 0, within seconds: Double = Poll.defaultSeconds,
                     where matches: @escaping (String) -> Bool) async throws -> Int {
        try await Poll.value("\(what) from the control socket", within: seconds, lastSeen: { "\(lines)" }) {
            let seen = lines
            guard start < seen.count else { return nil }
            return seen[start...].firstIndex(where: matches)
        }
    }

    private func readWaiting() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !closedByOverlay {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else {
                if count == 0 || (errno != EAGAIN && errno != EINTR) { closedByOverlay = true }
                if count < 0, errno == EAGAIN { return }
            }
        }
    }

    /// The overlay's 64 client places taken, each client answered once (a `pong`), so the next
    /// connection is the 65th.
    static func fillingEveryPlace(at path: String) async throws -> [SocketClient] {
        var clients: [SocketClient] = []
        for _ in 0..<64 {
            let client = try SocketClient(path: path)
            try await client.write("ping\n")
            try await client.waitForLine("pong")
            clients.append(client)
        }
        return clients
    }
}
