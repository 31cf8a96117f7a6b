/// How big the wheel is inside its HUD, after UIActivityIndicatorView's styles.
public enum WheelStyle: String, Sendable, Equatable, CaseIterable {
    /// The wheel fills its place in the HUD.
    case large
    /// A smaller wheel, 60 % of the large one, in the same HUD.
    case medium

    /// The wheel's diameter as a fraction of its place in the HUD.
    var diameterFraction: Double { self == .large ? 1.0 : 0.6 }
}
