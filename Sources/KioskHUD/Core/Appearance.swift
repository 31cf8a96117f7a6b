/// How big the wheel is inside its HUD, after UIActivityIndicatorView's styles.
public enum WheelStyle: String, Sendable, Equatable, CaseIterable {
    /// The wheel fills its place in the HUD.
    case large
    /// A smaller wheel, 60 % of the large one, in the same HUD.
    case medium

    /// The wheel's diameter as a fraction of its place in the HUD.
    var diameterFraction: Double { self == .large ? 1.0 : 0.6 }
}

/// How determinate progress is drawn in the wheel's place.
public enum ProgressStyle: String, Sendable, Equatable, CaseIterable {
    /// A ring filling clockwise from the top.
    case ring
    /// A horizontal bar filling from the left.
    case bar
}

/// Where the wheel sits relative to the message.
public enum LayoutKind: String, Sendable, Equatable, CaseIterable {
    /// A square HUD: the wheel above, the message below (MyProgressView).
    case vertical
    /// A wide, short HUD: a smaller wheel left of the message (WITLoadingView).
    case horizontal
}

/// Everything about the overlay's look that a user can tune. Every number has its unit in its
/// name; the defaults are the iOS-like look.
public struct Appearance: Sendable, Equatable {
    /// The HUD's fill: #1C1C1E at 85 %, so it stays visible over a black screen.
    public var hudColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 217)
    /// The HUD's corner radius; nil means a tenth of the HUD's short edge.
    public var cornerRadiusPixels: Int?
    /// The HUD's edge (vertical layout) or base size (horizontal); nil means 22 % of the display's
    /// shorter side, and never less than `minimumAutomaticHUDPixels`.
    public var hudSizePixels: Int?
    /// The spokes' colour at full strength.
    public var wheelColor = Color.white
    /// The message's colour.
    public var textColor = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
    /// How strong the details line's colour is next to the message's (0...1).
    public var detailStrength = 0.7
    /// What covers the screen outside the HUD while blocking; nil keeps the application visible.
    public var backdropColor: Color? = Color(red: 0, green: 0, blue: 0, alpha: 0x80)
    /// How many spokes the wheel has.
    public var spokeCount = 12
    /// How long one full turn of the wheel takes.
    public var periodSeconds = 1.0
    /// Turn continuously instead of one spoke at a time.
    public var rotatesSmoothly = false
    /// The wheel's size preset.
    public var wheelStyle = WheelStyle.large
    /// Wheel above or beside the message.
    public var layout = LayoutKind.vertical
    /// The message's font size before it shrinks to fit; nil means a tenth of the HUD's size.
    public var fontPixels: Int?
    /// How determinate progress is drawn.
    public var progressStyle = ProgressStyle.ring
    /// Whether the percentage is written inside the ring (or beside the bar).
    public var showsPercent = false
    /// The smallest font size the message may shrink to before it wraps.
    public var minimumFontPixels = 12
    /// The most lines the message may wrap onto.
    public var maximumLines = 3

    /// The automatic HUD size as a fraction of the display's shorter side.
    public static let automaticHUDFraction = 0.22
    /// The smallest automatic HUD, so a message still fits on small panels.
    public static let minimumAutomaticHUDPixels = 120
    /// Display pixels per overlay pixel (HiDPI): every size above is multiplied by it.
    public var scale = 1

    /// The smallest HUD a user may ask for.
    public static let minimumHUDPixels = 32
    /// The most spokes a wheel may have.
    public static let maximumSpokeCount = 64

    /// The default look.
    public init() {}
}
