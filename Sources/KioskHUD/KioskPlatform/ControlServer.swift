import Glibc
internal import CKioskSystem
import KioskCore

/// Serves the control socket (`--listen`) on one thread of its own: poll() over the listening
/// socket, a wake-up and every client. Each client's lines go to the loop as its own
/// (`InputSource.client(N)`); the loop's answers come back through `deliver`: the events to every
/// client, an answer to the client that asked.
///
/// Bounds: at most `maximumClients` at once (a client beyond them is told so in one line and
/// disconnected); lines capped at `LaunchOptions.lineLimitBytes` like stdin's. `deliver` never
/// waits on a client. Flow control, so that a client that keeps reading is never cut off and one
/// that does not holds up nothing: a client's lines are handed to the loop only while fewer than
/// `maximumLinesInFlight` of them wait to be answered (the loop says which inputs it applied,
/// `deliver(_:applied:)`) and at most `readPauseBytes` wait to be written to it; beyond that its
/// commands are not read (they wait in its socket, and its writes block, as on a pipe). So the
/// answers to its own commands are bounded before they exist (`maximumLinesInFlight` status lines
/// at most, past `readPauseBytes`) and never get it disconnected. What it leaves unread that it did
/// not ask for is bounded too: once more than `unreadEventLimitBytes` of events wait for it, it is
/// not reading while events keep coming, and it is disconnected.
package final class ControlServer: @unchecked Sendable {
    /// The most clients connected at once.
    package static let maximumClients = 64
    /// The most bytes of events (lines a client did not ask for) waiting for one client before
    /// it is disconnected.
    package static let unreadEventLimitBytes = 1024 * 1024
    /// While more bytes than this wait for a client, its lines are not handed over or read.
    package static let readPauseBytes = 64 * 1024
    /// The most lines of one client handed to the loop and not yet applied.
    package static let maximumLinesInFlight = 64
    /// The most bytes written to one client at a time.
    static let writeChunkBytes = 64 * 1024
    /// The most bytes read from one client at a time (a few hundred short commands).
    static let readChunkBytes = 4096

    private let listener: ListeningSocket
    /// Wakes the thread when answers are queued or lines were applied.
    private let wakeUp: WakeUp

    // Guards `backlogs` and `linesInFlight`; signalled when a backlog shrinks or a client goes.
    private let condition = Condition()
    private var backlogs: [Int: ClientBacklog] = [:]
    private var linesInFlight: [Int: Int] = [:]

    /// Serves `listener`, its clients' answers written at the finish of `releases` (within its
    /// deadline); throws when the wake-up cannot be made.
    package init(listener: ListeningSocket, releases: ExitProcedure) throws(ListeningSocket.Refusal) {
        do {
            wakeUp = try WakeUp()
        } catch {
            throw ListeningSocket.Refusal(description: "cannot make the control socket's wake-up: \(error)")
        }
        self.listener = listener
        releases.drainAtExit { [self] deadline in drain(until: deadline) }
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
                    backlogs[number]?.append(answer.line, isEvent: answer.audience == .everyone)
                    any = true
                }
            }
            return any
        }
        if queued || !applied.isEmpty { wakeUp.signal() }
    }

    /// The number of the client a host line came from, if it came from one.
    private static func client(of input: LoopInput) -> Int? {
        guard case .host(_, from: .client(let number)) = input else { return nil }
        return number
    }

    /// Waits until every client's answers are written (or the client went), at most until
    /// `deadline` (`MonotonicClock` nanoseconds).
    func drain(until deadline: UInt64) {
        wakeUp.signal()
        condition.locked {
            while backlogs.values.contains(where: { !$0.isEmpty && !$0.hasOverflowed }) {
                if !condition.wait(until: deadline), MonotonicClock.nanoseconds() >= deadline { return }
            }
        }
    }

    /// What the thread needs to know of one client before it polls.
    private struct ClientState {
        var waitingBytes = 0
        var hasOverflowed = false
        var linesAllowed = 0
    }

    /// The thread's loop: accept, read, hand over, write, disconnect, for ever.
    private func serve(_ inbox: CommandInbox) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readChunkBytes, alignment: 1)
        defer { buffer.deallocate() }
        var connections: [ControlConnection] = []
        var lastNumber = 0
        var isAcceptDue = false
        while true {
            let states = condition.locked { clientStates() }
            let overflowed = Set(states.filter(\.value.hasOverflowed).keys)
            for number in overflowed.sorted() {
                Diagnostics.report("client \(number) did not read while events kept coming (more than "
                    + "\(Self.unreadEventLimitBytes / 1024 / 1024) MiB of them unread); disconnected it")
            }
            disconnect(overflowed, from: &connections)
            handOver(from: connections, states: states, to: inbox)
            disconnect(Set(connections.filter(\.isFinished).map(\.number)), from: &connections)
            // New clients are taken once those that left are gone (a client that leaves makes
            // room for the next), then looked at afresh.
            if isAcceptDue {
                acceptClients(into: &connections, lastNumber: &lastNumber)
                isAcceptDue = false
                continue
            }
            var watched = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
            for connection in connections {
                let state = states[connection.number] ?? ClientState()
                let reading = connection.isReadable && state.linesAllowed > 0 ? Int16(POLLIN) : 0
                let writing = state.waitingBytes > 0 && !connection.isDeaf ? Int16(POLLOUT) : 0
                // A client with nothing to do now is left out: its hang-up would wake poll for ever.
                watched.append(pollfd(fd: reading | writing == 0 ? -1 : connection.socket.rawValue,
                                      events: reading | writing, revents: 0))
            }
            do throws(Errno) {
                try systemCall { poll(&watched, nfds_t(watched.count), -1) }
            } catch {
                Diagnostics.report("the control socket stopped: poll failed: \(error)")
                return
            }
            if watched[1].revents != 0 { wakeUp.clear() }
            for (connection, polled) in zip(connections, watched.dropFirst(2)) where polled.revents != 0 {
                if polled.revents & Int16(POLLOUT) != 0, !writeBacklog(of: connection) {
                    // It hears nothing more; what it sent is still read and applied.
                    connection.isDeaf = true
                    condition.locked {
                        backlogs[connection.number] = nil
                        condition.broadcast()
                    }
                }
                if polled.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, connection.isReadable {
                    connection.read(buffer: buffer)
                }
            }
            if watched[0].revents != 0 { isAcceptDue = true }
        }
    }

    /// Each client's backlog and allowance; call holding the lock.
    private func clientStates() -> [Int: ClientState] {
        var states: [Int: ClientState] = [:]
        for (number, inFlight) in linesInFlight {
            let backlog = backlogs[number]
            let waiting = backlog?.count ?? 0
            states[number] = ClientState(waitingBytes: waiting, hasOverflowed: backlog?.hasOverflowed ?? false,
                                         linesAllowed: waiting > Self.readPauseBytes ? 0 : Self.maximumLinesInFlight - inFlight)
        }
        return states
    }

    /// Hands each client's waiting lines to the loop, as many as its allowance.
    private func handOver(from connections: [ControlConnection], states: [Int: ClientState], to inbox: CommandInbox) {
        for connection in connections where connection.hasUnpostedLines {
            let lines = connection.takeLines(atMost: states[connection.number]?.linesAllowed ?? 0)
            guard !lines.isEmpty else { continue }
            condition.locked { linesInFlight[connection.number, default: 0] += lines.count }
            inbox.post(lines)
        }
    }

    /// Accepts every waiting client, numbering each; beyond `maximumClients` a client is told
    /// why in one line and disconnected.
    private func acceptClients(into connections: inout [ControlConnection], lastNumber: inout Int) {
        while true {
            let accepted: FileDescriptor
            do throws(Errno) {
                accepted = FileDescriptor(taking: try systemCall {
                    ks_accept4(listener.descriptor, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                })
            } catch {
                return
            }
            guard connections.count < Self.maximumClients else {
                let refusal = Array("error too many clients (at most \(Self.maximumClients) at once)\n".utf8)
                _ = refusal.withUnsafeBytes { buffer in try? accepted.send(buffer) }
                Diagnostics.report("refused a client: \(Self.maximumClients) clients are connected already")
                continue
            }
            lastNumber += 1
            connections.append(ControlConnection(number: lastNumber, socket: accepted))
            condition.locked {
                backlogs[lastNumber] = ClientBacklog(eventLimitBytes: Self.unreadEventLimitBytes)
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

    /// Disconnects the clients numbered `numbers`: their backlogs go, and their sockets close
    /// with their connections.
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
}
