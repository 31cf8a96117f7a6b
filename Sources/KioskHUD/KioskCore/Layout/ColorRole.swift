/// What a colour of the overlay is for.
public enum ColorRole: Sendable, Hashable {
    /// The HUD's fill.
    case hud
    /// The spokes and the progress gauge.
    case wheel
    /// The message (the details line is a dimmer version of it).
    case text
    /// The mark shown for an outcome.
    case mark(Outcome)
}
