/// What the overlay says aloud (`--speak`), decided from what the HUD shows: the message each
/// time a new one is shown (and when the HUD is shown again), an outcome's text (or, without one,
/// its word: "Done", "Error", "Information"), "Not responding" when the host stalls; with
/// `--speak-every`, the same again after that long while it stays. Nothing while hidden.
public struct Announcer: Sendable, Equatable {
    /// One thing to say: its text and espeak-ng's voice for it.
    public struct Utterance: Sendable, Equatable {
        public var text: String
        public var voice: String
    }

    /// Whether anything is said (`--speak`, `speak on|off`).
    public var isOn: Bool
    /// How long a shown text waits to be said again, in ticks; nil: never.
    private let repeatTicks: Int?
    /// The text said last and the tick it was said at, while the HUD shows it.
    private var said: (text: String, tick: Int)?

    /// An announcer, saying things when `isOn`, again every `repeatTicks` while they stay.
    public init(isOn: Bool, repeatTicks: Int?) {
        self.isOn = isOn
        self.repeatTicks = repeatTicks.flatMap { $0 > 0 ? $0 : nil }
    }

    /// What to say at `tick` for `session`: the text it shows when it differs from the last said,
    /// or the same after `repeatTicks`; nil when nothing is due.
    public mutating func utterance(for session: HostSession, atTick tick: Int) -> Utterance? {
        guard isOn, session.presence.isDrawn, let text = Self.spoken(session), !text.isEmpty else {
            said = nil
            return nil
        }
        if let said, said.text == text, repeatTicks.map({ tick < said.tick + $0 }) ?? true { return nil }
        said = (text, tick)
        return Utterance(text: text, voice: SpeechVoice.name(for: text, in: session.language))
    }

    /// The tick the shown text is next said again at, or nil when nothing is to be repeated.
    public func nextTick(after tick: Int) -> Int? {
        guard isOn, let said, let repeatTicks else { return nil }
        return max(tick + 1, said.tick + repeatTicks)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.isOn == rhs.isOn && lhs.repeatTicks == rhs.repeatTicks && lhs.said?.text == rhs.said?.text
            && lhs.said?.tick == rhs.said?.tick
    }

    /// The text the HUD shows that a listener needs: an outcome's (its word without one), else
    /// the message (the stall message while stalled).
    private static func spoken(_ session: HostSession) -> String? {
        if let outcome = session.state.outcome {
            if outcome.hasText { return session.state.message }
            switch outcome.kind {
            case .success: return session.language.saying(.done)
            case .failure: return session.language.saying(.error)
            case .info: return session.language.saying(.information)
            }
        }
        return session.shownMessage
    }
}
