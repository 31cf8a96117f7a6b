import Glibc
import KioskCore
@testable import KioskPlatform

/// A control server on a socket in a temporary folder, with a stand-in for the render loop on a
/// thread of its own: it takes what the server hands over each time the inbox wakes it, answers
/// `ping` with `pong` and `status` with `statusLine`, and tells the server what it applied, as
/// the `Overlay` does. No display: only the socket, the server's thread and this one.
final class ServedSocket: @unchecked Sendable {
    let folder: TemporaryFolder
    /// The socket's path.
    let path: String
    let server: ControlServer
    /// The status line answered (set it before the clients ask).
    let statusLine = LockedValue("visible=0")
    /// How many lines each client had applied, by client number.
    let applied = LockedValue<[Int: Int]>([:])
    /// The most lines of one client taken from the inbox in one step.
    let largestStep = LockedValue(0)
    /// Signalled after every step.
    let stepped: WakeUp
    private let wakeUp: WakeUp
    private let isStopping = LockedValue(false)

    /// Listens in a fresh folder and starts the server and the stand-in loop.
    init() throws {
        folder = try TemporaryFolder()
        path = folder.path + "/control.sock"
        server = try ControlServer(listener: ListeningSocket(path: path, group: nil, releases: .forTest()), releases: .forTest())
        let wakeUp = try WakeUp()
        self.wakeUp = wakeUp
        stepped = try WakeUp()
        let inbox = CommandInbox(wake: { wakeUp.signal() })
        try server.start(inbox: inbox)
        try NativeThread.start(name: "test loop") { [self] in
            while !isStopping.withLock({ $0 }) {
                _ = wakeUp.wait(milliseconds: -1)
                wakeUp.clear()
                step(inbox.takeAll())
            }
        }
    }

    deinit {
        isStopping.withLock { $0 = true }
        wakeUp.signal()
    }

    /// Answers and applies `inputs`, as one step of the loop.
    private func step(_ inputs: [LoopInput]) {
        var answers: [Answer] = []
        var perClient: [Int: Int] = [:]
        for input in inputs {
            guard case .host(.command(let command, _), from: let source) = input else { continue }
            if case .client(let number) = source { perClient[number, default: 0] += 1 }
            switch command {
            case .ping: answers.append(Answer("pong", to: .asker(source)))
            case .status: answers.append(Answer(statusLine.withLock { $0 }, to: .asker(source)))
            default: break
            }
        }
        largestStep.withLock { $0 = max($0, perClient.values.max() ?? 0) }
        applied.withLock { total in for (number, count) in perClient { total[number, default: 0] += count } }
        server.deliver(answers, applied: inputs)
        stepped.signal()
    }

    /// Sends `events` to every client, as the loop does with `shown` and `hidden`.
    func broadcast(_ events: [String]) {
        server.deliver(events.map { Answer($0, to: .everyone) }, applied: [])
    }

    /// The total of lines applied from every client.
    var totalApplied: Int { applied.withLock { $0.values.reduce(0, +) } }

    /// A new client, connected (blocking I/O).
    func connect() throws -> TestClient {
        TestClient(socket: try UnixSocketAddress.connectedSocket(to: path))
    }
}

/// A client of the control socket, as a program would be: blocking writes, and reads that wait
/// only as long as asked (poll), so a test can read all the time or not at all.
final class TestClient {
    let socket: FileDescriptor
    /// The complete lines received so far.
    private(set) var lines: [Substring] = []
    /// What was received after the last complete line.
    private var partial: [UInt8] = []
    /// True once the overlay closed the connection.
    private(set) var isClosedByOverlay = false

    init(socket: FileDescriptor) {
        self.socket = socket
    }

    /// Writes all of `text` (waits while the socket is full).
    func write(_ text: String) throws {
        try socket.writeAll(text.utf8)
    }

    /// Adds `bytes` received to the lines.
    private func receive(_ bytes: ArraySlice<UInt8>) {
        partial += bytes
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let complete = String(decoding: partial[..<lastNewline], as: UTF8.self)
        lines += complete.split(separator: "\n", omittingEmptySubsequences: false)
        partial.removeFirst(lastNewline + 1)
    }

    /// Reads until `done` holds for what was received (true), or until the overlay closed the
    /// connection or `seconds` passed (false). `seconds` only bounds a failure.
    @discardableResult
    func read(within seconds: Double = 30, until done: (TestClient) -> Bool) throws -> Bool {
        let deadline = MonotonicClock.deadline(inSeconds: seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(self) {
            guard !isClosedByOverlay, MonotonicClock.nanoseconds() < deadline else { return false }
            let events = try socket.poll(for: Int16(POLLIN), milliseconds: MonotonicClock.milliseconds(until: deadline))
            guard events != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { chunk in Result { () throws(Errno) in try socket.receive(into: chunk) } }
            switch count {
            case .success(0), .failure(Errno.connectionReset): isClosedByOverlay = true
            case .success(let read): receive(buffer[0..<read])
            case .failure(let error): throw error
            }
        }
        return true
    }

    /// Reads until the line `line` came; true when it did.
    @discardableResult
    func read(until line: String, within seconds: Double = 30) throws -> Bool {
        var checked = 0
        return try read(within: seconds) { client in
            defer { checked = client.lines.count }
            return client.lines[checked...].contains { $0 == line }
        }
    }

    /// Reads until the overlay closes the connection; true when it did.
    func readToTheEnd(within seconds: Double = 30) throws -> Bool {
        try read(within: seconds) { $0.isClosedByOverlay }
        return isClosedByOverlay
    }
}
