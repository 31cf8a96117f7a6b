/// What the host has asked for so far: the HUD's logical state, changed only by commands.
public struct HUDState: Sendable, Equatable {
    /// Whether the HUD is shown.
    public var isVisible: Bool
    /// Whether the overlay swallows all input while shown.
    public var isBlocking = false
    /// The message under the wheel (empty: no message).
    public var message: String
    /// The smaller, dimmer line under the message (empty: none).
    public var detail = ""
    /// The tick at which the HUD was last shown; the wheel's turn counts from here.
    public var shownAtTick = 0

    /// Creates a state, visible or not, with a message.
    public init(isVisible: Bool, message: String) {
        self.isVisible = isVisible
        self.message = message
    }

    /// Applies `command` received at `tick`. `quit` changes nothing here: the loop acts on it.
    public mutating func apply(_ command: Command, atTick tick: Int) {
        switch command {
        case .show:
            if !isVisible { shownAtTick = tick }
            isVisible = true
        case .hide:
            isVisible = false
        case .message(let text):
            message = text
        case .detail(let text):
            detail = text
        case .block(let on):
            isBlocking = on
        case .quit:
            break
        }
    }
}
