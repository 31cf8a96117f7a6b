/// One `kiosk-spinner send` exchange over the control socket, as a pure state machine: the bytes
/// to write, then each line the overlay says, until every answer and the awaited state are in.
///
/// The client hears its own answers (`pong`, status lines, `error line N: ...`) in the order of
/// its commands, and the events everyone hears in between. To know when the last answer has
/// come, it adds one command of its own and stops at its answer, which it does not print: a
/// `ping` (stop at that `pong`), or with an awaited event a `status`, which also says the state
/// the commands left. When that state is already the awaited one (`StatusLine.alreadyHolds`:
/// `send --wait shown show` while shown) the exchange is complete at once; otherwise the next
/// such event after that status completes it. A grab being taken is not announced, so while
/// `--wait grab-held` sees `grab=pending` it asks `status` again (`wantsStatusAgain`).
///
/// A request ending in `quit` sends a `ping` before the `quit`: its `pong` says every command
/// before `quit` was applied, and the overlay closing the connection after it says it quit.
/// Anything else the overlay says first (`error too many clients ...`) is a refusal.
public struct ControlConversation: Sendable {
    /// How the exchange ended.
    public enum Ending: Sendable, Equatable {
        /// Every answer (and the awaited state) came, and every command was taken; after `quit`,
        /// the overlay then closed the connection.
        case answered
        /// Every answer came, but the overlay rejected a command (its `error line N: ...` was printed).
        case rejected
        /// The overlay refused the client before reading anything (its reason, as it said it).
        case refused(String)
        /// The awaited event cannot come in the state the overlay reported (its reason).
        case cannotCome(String)
        /// The overlay closed the connection before all of it came (`missing`: what did not come).
        case closedEarly(missing: String)
    }

    /// What to write to the socket: each command on a line, then the closing `ping` or `status`
    /// (the `ping` before `quit` when the request ends in `quit`).
    public let request: String
    /// True when the request ends in `quit`: it ends when the overlay closes the connection.
    public let endsWithQuit: Bool
    private let awaitedEvent: OverlayEvent?
    /// The `pong`s still to come; the last is the closing one when the request closes with `ping`.
    private var pongsToCome: Int
    /// The status lines the user's commands asked for; the ones after them are this exchange's.
    private let userStatuses: Int
    private var statusesHeard = 0
    private var statusesAsked: Int
    private var hasHeardClosingAnswer = false
    private var hasSeenAwaitedState = false
    private var isUndecided = false
    private var hasBeenRejected = false
    private var refusal: String?
    private var impossibility: String?
    private var hasClosed = false

    /// Starts an exchange that sends `commands` and waits for their answers and, when given, for
    /// the overlay to be in the state `awaitedEvent` announces.
    public init(commands: [String], awaiting awaitedEvent: OverlayEvent? = nil) {
        let parsed = commands.map { try? CommandParser.parse($0) }
        endsWithQuit = parsed.last??.isQuit == true
        let userPings = parsed.filter { $0 == .ping }.count
        userStatuses = parsed.filter { $0 == .status }.count
        self.awaitedEvent = endsWithQuit ? nil : awaitedEvent
        let closesWithStatus = !endsWithQuit && awaitedEvent != nil
        statusesAsked = userStatuses + (closesWithStatus ? 1 : 0)
        pongsToCome = userPings + (closesWithStatus ? 0 : 1)
        var lines = endsWithQuit ? Array(commands.dropLast()) : commands
        lines.append(closesWithStatus ? "status" : "ping")
        if endsWithQuit, let quit = commands.last { lines.append(quit) }
        request = lines.map { $0 + "\n" }.joined()
    }

    /// True once the exchange has all it waits for, or cannot get it: every answer and the
    /// awaited state; after `quit`, the connection closed after the answers.
    public var isComplete: Bool {
        if refusal != nil || impossibility != nil { return true }
        if endsWithQuit { return hasClosed }
        return hasHeardClosingAnswer && (awaitedEvent == nil || hasSeenAwaitedState)
    }

    /// True while an awaited grab cannot be told from the last status (`grab=pending`): the client
    /// should ask `status` again (`askAgain`) after a moment.
    public var wantsStatusAgain: Bool { isUndecided && !isComplete && statusesHeard == statusesAsked }

    /// The line that asks the state again, to write; its answer is this exchange's.
    public mutating func askAgain() -> String {
        statusesAsked += 1
        return "status\n"
    }

    /// Takes one line the overlay said; returns it when it is an answer to print (not an event,
    /// not this exchange's own `pong` or status, not a refusal).
    public mutating func hear(_ line: String) -> String? {
        if let event = OverlayEvent(broadcastLine: line) {
            if event == awaitedEvent, hasHeardClosingAnswer { hasSeenAwaitedState = true }
            return nil
        }
        if line == OverlayEvent.pong.description, pongsToCome > 0 {
            pongsToCome -= 1
            guard pongsToCome == 0, statusesAsked == userStatuses else { return line }
            hasHeardClosingAnswer = true
            return nil
        }
        if let status = StatusLine(line), statusesHeard < statusesAsked {
            statusesHeard += 1
            guard statusesHeard > userStatuses else { return line }
            hasHeardClosingAnswer = true
            judge(status)
            return nil
        }
        if line.hasPrefix("error line ") {
            hasBeenRejected = true
        } else if line.hasPrefix("error "), !hasHeardClosingAnswer {
            refusal = String(line.dropFirst("error ".count))
            return nil
        }
        return line
    }

    /// Records that the overlay closed the connection.
    public mutating func heardTheEnd() {
        hasClosed = true
    }

    /// Decides from the state the commands left whether the awaited state is already there.
    private mutating func judge(_ status: StatusLine) {
        guard let awaitedEvent, !hasSeenAwaitedState else { return }
        if let reason = status.impossibility(of: awaitedEvent) {
            impossibility = "the overlay \(reason), so \(awaitedEvent) never comes"
            return
        }
        switch status.alreadyHolds(awaitedEvent) {
        case .some(true): hasSeenAwaitedState = true
        case .some(false): isUndecided = false
        case .none: isUndecided = true
        }
    }

    /// How the exchange ended (or would, if the connection closed now).
    public var ending: Ending {
        if let refusal { return .refused(refusal) }
        if let impossibility { return .cannotCome(impossibility) }
        if let missing { return .closedEarly(missing: missing) }
        return hasBeenRejected ? .rejected : .answered
    }

    /// What has not come yet, or nil when nothing is missing.
    public var missing: String? {
        if endsWithQuit {
            if pongsToCome > 0 { return "the answers" }
            return hasClosed ? nil : "the overlay to quit (it did not close the connection)"
        }
        guard hasHeardClosingAnswer else { return "the answers" }
        guard let awaitedEvent, !hasSeenAwaitedState else { return nil }
        return awaitedEvent.description
    }
}
