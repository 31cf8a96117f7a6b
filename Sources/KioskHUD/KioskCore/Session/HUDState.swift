/// What the host has asked for so far: the HUD's logical content, changed only by commands.
/// When it is actually drawn is `Presence`'s business.
public struct HUDState: Sendable, Equatable {
    /// Whether the host wants the HUD shown.
    public var isVisible: Bool
    /// Whether the overlay swallows all input while shown.
    public var isBlocking = false
    /// The message under the wheel (empty: no message).
    public var message: String
    /// The smaller, dimmer line under the message (empty: none).
    public var detail = ""
    /// The determinate progress in percent, or nil for the wheel.
    public var progress: Double?
    /// The last progress, kept for zenity's `pulsate:false`.
    public var lastProgress: Double = 0
    /// Whether zenity's `pulsate:true` (or `--pulsate`) shows the wheel until `pulsate:false`:
    /// a percentage meanwhile is only kept.
    public var isPulsating = false
    /// The outcome shown instead of the wheel, the tick it came, and whether it came with text
    /// of its own (a bare `success` shows the mark alone).
    public var outcome: (kind: Outcome, atTick: Int, hasText: Bool)?

    /// Creates a state, visible or not, with a message.
    public init(isVisible: Bool, message: String) {
        self.isVisible = isVisible
        self.message = message
    }

    public static func == (lhs: HUDState, rhs: HUDState) -> Bool {
        lhs.isVisible == rhs.isVisible && lhs.isBlocking == rhs.isBlocking && lhs.message == rhs.message
            && lhs.detail == rhs.detail && lhs.progress == rhs.progress && lhs.lastProgress == rhs.lastProgress
            && lhs.isPulsating == rhs.isPulsating
            && lhs.outcome?.kind == rhs.outcome?.kind && lhs.outcome?.atTick == rhs.outcome?.atTick
            && lhs.outcome?.hasText == rhs.outcome?.hasText
    }

    /// Applies the content part of `command`, received at `tick`. Look changes, queries and
    /// `quit` are the scene's and the loop's business.
    public mutating func apply(_ command: Command, atTick tick: Int) {
        switch command {
        case .show:
            isVisible = true
            outcome = nil
        case .hide:
            isVisible = false
        case .message(let text):
            message = text
        case .detail(let text):
            detail = text
        case .block(let on):
            isBlocking = on
        case .progress(let value):
            progress = value
            if let value { lastProgress = value }
            isPulsating = false
            outcome = nil
        case .percentage(let value):
            lastProgress = value
            if !isPulsating { progress = value }
        case .pulsate(let on):
            isPulsating = on
            progress = on ? nil : lastProgress
        case .outcome(let kind, let text):
            outcome = (kind, tick, text != nil)
            if let text { message = text }
            isVisible = true
        case .ping, .status, .wheelColor, .hudColor, .wheelSize, .logo, .speak, .deactivate, .quit:
            break
        }
    }

    /// Whether the turning wheel stands in the indicator's place: with no outcome, and no
    /// progress above 0 % (a ring or bar at 0 % would stand still and read as hung).
    public var showsWheel: Bool {
        outcome == nil && (progress ?? 0) <= 0
    }

    /// What the HUD shows in the wheel's place, as the status line names it.
    public var mode: String {
        if let outcome { return outcome.kind.rawValue }
        return progress == nil ? "spinner" : "progress"
    }
}
