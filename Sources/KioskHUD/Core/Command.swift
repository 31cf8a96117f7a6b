/// One instruction from the host, as read from one line of input.
public enum Command: Sendable, Equatable {
    /// Make the HUD visible (and start the wheel from its first spoke).
    case show
    /// Hide the HUD; nothing is drawn and, when blocking, input is released.
    case hide
    /// Replace the message under the wheel; an empty text clears it.
    case message(String)
    /// Replace the details line under the message; an empty text clears it.
    case detail(String)
    /// Swallow (`true`) or pass on (`false`) all input outside the HUD.
    case block(Bool)
    /// Exit at once with status 0.
    case quit
}
