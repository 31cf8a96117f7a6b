import Glibc
import KioskCore

/// Serves the control socket (`--listen`) on one thread of its own: poll() over the listening
/// socket, a wake-up pipe and every client. Each client's lines go to the loop as its own
/// (`InputSource.client(N)`); the loop's answers come back through `deliver`: the events to every
/// client, an answer to the client that asked.
///
/// Bounds: at most `maximumClients` at once (a client beyond them is told so in one line and
/// disconnected); lines capped at `LaunchOptions.lineLimitBytes` like stdin's. Flow control: while
/// more than `readPauseBytes` of answers wait for a client, its commands are not read (they wait
/// in its socket, and its writes block, as a pipe's would), so a client that sends a burst and
/// reads is slowed down, never cut off. At most `backlogLimitBytes` may wait: a client that lets
/// more pile up (it does not read, and events keep coming, or its commands asked for that much at
/// once) is disconnected, so it never holds up the overlay or its memory. `deliver` never waits
/// on a client. The loop says which inputs it applied (`deliver(_:applied:)`), so a client's lines
/// read but not yet applied are counted too: no more are read while `maximumLinesInFlight` wait,
/// so what a client may ask for at once stays bounded even before its answers exist.
package final class ControlServer: @unchecked Sendable {
    /// The most clients connected at once.
    package static let maximumClients = 64
    /// The most bytes of answers waiting for one client before it is disconnected.
    package static let backlogLimitBytes = 1024 * 1024
    /// While more bytes than this wait for a client, its commands are not read.
    static let readPauseBytes = 64 * 1024
    /// While this many of a client's lines wait to be applied, its commands are not read.
    static let maximumLinesInFlight = 256
    /// The most bytes written to one client at a time.
    static let writeChunkBytes = 64 * 1024
    /// The most bytes read from one client at a time (a few hundred short commands).
    static let readChunkBytes = 4096

    private let listener: ListeningSocket
    /// The pipe that wakes the thread when answers are queued: read end, write end.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Guards `backlogs` and `linesInFlight`; signalled when a backlog shrinks or a client goes.
    private let condition = Condition()
    private var backlogs: [Int: AnswerBacklog] = [:]
    private var linesInFlight: [Int: Int] = [:]

    /// Serves `listener`; throws when the wake-up pipe cannot be made.
    package init(listener: ListeningSocket) throws(ListeningSocket.Refusal) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ListeningSocket.Refusal(description: "cannot make the control socket's pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.listener = listener
        wakeRead = ends[0]
        wakeWrite = ends[1]
        ProgramExit.drainAtExit { [self] deadline in drain(until: deadline) }
    }

    /// Starts serving on a thread of its own; the clients' lines are posted to `inbox`.
    package func start(inbox: CommandInbox) throws(NativeThread.StartFailure) {
        try NativeThread.start(name: "control socket") { [self] in serve(inbox) }
    }

    /// Queues each of `answers` for every client it is for, without waiting; notes that the
    /// loop applied `inputs`; wakes the thread to write and read on.
    package func deliver(_ answers: [Answer], applied inputs: [LoopInput]) {
        let applied = Dictionary(inputs.compactMap(Self.client).map { ($0, 1) }, uniquingKeysWith: +)
        let queued: Bool = condition.locked {
            for (number, count) in applied { linesInFlight[number]? -= count }
            // The numbers first: changing a backlog while iterating the dictionary would copy it.
            let numbers = Array(backlogs.keys)
            var any = false
            for answer in answers {
                for number in numbers where answer.isFor(client: number) {
                    backlogs[number]?.append(answer.line)
                    any = true
                }
            }
            return any
        }
        if queued || !applied.isEmpty { wake() }
    }

    /// The number of the client a host line came from, if it came from one.
    private static func client(of input: LoopInput) -> Int? {
        guard case .host(_, from: .client(let number)) = input else { return nil }
        return number
    }

    /// Waits until every client's answers are written (or the client went), at most until
    /// `deadline` (`MonotonicClock` nanoseconds).
    func drain(until deadline: UInt64) {
        wake()
        condition.locked {
            while backlogs.values.contains(where: { !$0.isEmpty && !$0.hasOverflowed }) {
                if !condition.wait(until: deadline), MonotonicClock.nanoseconds() >= deadline { return }
            }
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The thread's loop: accept, read, write, disconnect, for ever.
    private func serve(_ inbox: CommandInbox) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readChunkBytes, alignment: 1)
        defer { buffer.deallocate() }
        var connections: [ControlConnection] = []
        var lastNumber = 0
        while true {
            let (waiting, paused, overflowed) = condition.locked {
                (backlogs.mapValues(\.bytes.count).filter { $0.value > 0 },
                 Set(backlogs.filter { $0.value.bytes.count > Self.readPauseBytes }.keys)
                    .union(linesInFlight.filter { $0.value >= Self.maximumLinesInFlight }.keys),
                 Set(backlogs.filter { $0.value.hasOverflowed }.keys))
            }
            for number in overflowed {
                Diagnostics.report("client \(number) did not read its answers (more than "
                    + "\(Self.backlogLimitBytes / 1024 / 1024) MiB waiting); disconnected it")
            }
            disconnect(overflowed, from: &connections)
            var watched = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            for connection in connections {
                let reading = paused.contains(connection.number) ? 0 : Int16(POLLIN)
                let writing = waiting[connection.number] != nil ? Int16(POLLOUT) : 0
                watched.append(pollfd(fd: connection.descriptor, events: reading | writing, revents: 0))
            }
            guard retryingInterrupted({ poll(&watched, nfds_t(watched.count), -1) }) >= 0 else {
                Diagnostics.report("the control socket stopped: poll failed: \(String(cString: strerror(errno)))")
                return
            }
            if watched[1].revents != 0 { emptyWakePipe() }
            var finished: Set<Int> = []
            for (connection, polled) in zip(connections, watched.dropFirst(2)) where polled.revents != 0 {
                if polled.revents & Int16(POLLOUT) != 0, !writeBacklog(of: connection) {
                    finished.insert(connection.number)
                    continue
                }
                // A paused client is read only once it hung up, for its last line.
                guard polled.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
                let (inputs, isOpen) = connection.readCommands(buffer: buffer)
                if !inputs.isEmpty {
                    condition.locked { linesInFlight[connection.number, default: 0] += inputs.count }
                    inbox.post(inputs)
                }
                if !isOpen { finished.insert(connection.number) }
            }
            disconnect(finished, from: &connections)
            if watched[0].revents != 0 { acceptClients(into: &connections, lastNumber: &lastNumber) }
        }
    }

    /// Accepts every waiting client, numbering each; beyond `maximumClients` a client is told
    /// why in one line and disconnected.
    private func acceptClients(into connections: inout [ControlConnection], lastNumber: inout Int) {
        while true {
            let accepted = retryingInterrupted { accept(listener.descriptor, nil, nil) }
            guard accepted >= 0 else { return }
            _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) | O_NONBLOCK)
            _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
            guard connections.count < Self.maximumClients else {
                let refusal = Array("error too many clients (at most \(Self.maximumClients) at once)\n".utf8)
                _ = refusal.withUnsafeBytes { send(accepted, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(accepted)
                Diagnostics.report("refused a client: \(Self.maximumClients) clients are connected already")
                continue
            }
            lastNumber += 1
            connections.append(ControlConnection(number: lastNumber, descriptor: accepted))
            condition.locked {
                backlogs[lastNumber] = AnswerBacklog(limitBytes: Self.backlogLimitBytes)
                linesInFlight[lastNumber] = 0
            }
        }
    }

    /// Writes what the client's socket takes of its backlog; returns false when the connection broke.
    private func writeBacklog(of connection: ControlConnection) -> Bool {
        let pending = condition.locked { backlogs[connection.number]?.firstBytes(Self.writeChunkBytes) ?? [] }
        guard !pending.isEmpty else { return true }
        guard let written = connection.write(pending) else { return false }
        condition.locked {
            backlogs[connection.number]?.dropWritten(written)
            condition.broadcast()
        }
        return true
    }

    /// Disconnects the clients numbered `numbers`: their backlogs go, and their descriptors
    /// close with their connections.
    private func disconnect(_ numbers: Set<Int>, from connections: inout [ControlConnection]) {
        guard !numbers.isEmpty else { return }
        condition.locked {
            for number in numbers {
                backlogs[number] = nil
                linesInFlight[number] = nil
            }
            condition.broadcast()
        }
        connections.removeAll { numbers.contains($0.number) }
    }

    private func emptyWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }
}
