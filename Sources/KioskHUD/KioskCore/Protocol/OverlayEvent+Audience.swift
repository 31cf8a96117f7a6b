/// Which events every listener hears (what time, the windowing system or any host's command set
/// off) and which only the asker hears (the answers to its own commands).
extension OverlayEvent {
    /// The events every listener hears, whoever caused them.
    public static let broadcasts: [OverlayEvent] = [.ready, .shown, .hidden, .stalled, .grabLost, .grabHeld, .aboveLost, .aboveHeld,
                                                   .cancelled]

    /// True for an event every listener hears; false for an answer to one host's command (`pong`,
    /// the status line, `error line N: ...`).
    public var isBroadcast: Bool {
        switch self {
        case .ready, .shown, .hidden, .stalled, .grabLost, .grabHeld, .aboveLost, .aboveHeld, .cancelled: return true
        case .pong, .status, .error: return false
        }
    }

    /// The broadcast event written as `line` (`shown`, `grab-lost`), or nil when the line is
    /// something else (an answer).
    public init?(broadcastLine line: String) {
        guard let event = Self.broadcasts.first(where: { $0.description == line }) else { return nil }
        self = event
    }
}
