/// One `kiosk-spinner send` exchange over the control socket, as a pure state machine: the bytes
/// to write, then each line the overlay says, until every answer and the awaited event are in.
///
/// The client hears its own answers (`pong`, status lines, `error line N: ...`) in the order of
/// its commands, and the events everyone hears in between. To know when the last answer has
/// come, it sends one `ping` more and stops at that `pong`, which it does not print: every
/// command before it has been answered by then. A request ending in `quit` has no such `ping`
/// (the overlay reads nothing after `quit`); its end is the overlay closing the connection, after
/// it wrote every answer.
public struct ControlConversation: Sendable {
    /// How the exchange ended.
    public enum Ending: Sendable, Equatable {
        /// Every answer (and the awaited event) came, and every command was taken.
        case answered
        /// Every answer came, but the overlay rejected a command (its `error line N: ...` was printed).
        case rejected
        /// The overlay closed the connection before all of it came (`missing`: what did not come).
        case closedEarly(missing: String)
    }

    /// What to write to the socket: each command on a line, then the closing `ping` (none after
    /// `quit`).
    public let request: String
    private let endsWithQuit: Bool
    private let awaitedEvent: OverlayEvent?
    private var pongsToCome: Int
    private var hasSeenAwaitedEvent = false
    private var hasBeenRejected = false

    /// Starts an exchange that sends `commands` and waits for their answers and, when given, for
    /// `awaitedEvent`.
    public init(commands: [String], awaiting awaitedEvent: OverlayEvent? = nil) {
        let parsed = commands.map { try? CommandParser.parse($0) }
        endsWithQuit = parsed.contains(.quit)
        let pings = parsed.filter { $0 == .ping }.count
        pongsToCome = pings + (endsWithQuit ? 0 : 1)
        request = (commands + (endsWithQuit ? [] : ["ping"])).map { $0 + "\n" }.joined()
        self.awaitedEvent = awaitedEvent
    }

    /// True once every answer and the awaited event have come (never before the connection
    /// closes when the request ends in `quit`).
    public var isComplete: Bool {
        !endsWithQuit && pongsToCome == 0 && (awaitedEvent == nil || hasSeenAwaitedEvent)
    }

    /// Takes one line the overlay said; returns it when it is an answer to print (not an event,
    /// not the closing `pong`).
    public mutating func hear(_ line: String) -> String? {
        if let event = OverlayEvent(broadcastLine: line) {
            if event == awaitedEvent { hasSeenAwaitedEvent = true }
            return nil
        }
        if line == OverlayEvent.pong.description, pongsToCome > 0 {
            pongsToCome -= 1
            if pongsToCome == 0, !endsWithQuit { return nil }
            return line
        }
        if line.hasPrefix("error line ") { hasBeenRejected = true }
        return line
    }

    /// How the exchange ended: when it is complete, or when the overlay closed the connection.
    public var ending: Ending {
        let answersIn = pongsToCome == 0
        let eventIn = awaitedEvent == nil || hasSeenAwaitedEvent
        guard answersIn, eventIn else {
            return .closedEarly(missing: answersIn ? awaitedEvent?.description ?? "the event" : "the answers")
        }
        return hasBeenRejected ? .rejected : .answered
    }
}
