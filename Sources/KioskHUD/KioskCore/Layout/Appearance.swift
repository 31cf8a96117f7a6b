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

/// A set of colours that work together: the HUD's fill, the wheel, the text and the outcomes'
/// marks, each with at least 4.5:1 contrast against the HUD for the wheel and the text.
public enum Theme: String, Sendable, Equatable, CaseIterable {
    /// Light marks on a dark translucent HUD (iOS's dark HUD).
    case dark
    /// Dark marks on a light translucent HUD.
    case light

    /// The colours of this theme.
    public var palette: Palette {
        switch self {
        case .dark:
            return Palette(hud: Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xF2), edge: Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0x33),
                           shadow: nil, wheel: .white,
                           text: Color(red: 0xF2, green: 0xF2, blue: 0xF7),
                           success: Color(red: 0x30, green: 0xD1, blue: 0x58), failure: Color(red: 0xFF, green: 0x69, blue: 0x61),
                           info: Color(red: 0x40, green: 0x9C, blue: 0xFF))
        case .light:
            return Palette(hud: Color(red: 0xE5, green: 0xE5, blue: 0xEA, alpha: 0xF2), edge: Color(red: 0, green: 0, blue: 0, alpha: 0x40),
                           shadow: Color(red: 0, green: 0, blue: 0, alpha: 0x38), wheel: Color(red: 0x3A, green: 0x3A, blue: 0x3C),
                           text: Color(red: 0x1C, green: 0x1C, blue: 0x1E),
                           success: Color(red: 0x24, green: 0x8A, blue: 0x3D), failure: Color(red: 0xD7, green: 0x00, blue: 0x15),
                           info: Color(red: 0x00, green: 0x40, blue: 0xDD))
        }
    }

    /// The colours of a theme.
    public struct Palette: Sendable, Equatable {
        /// The colour playing `role`.
        public subscript(role: ColorRole) -> Color {
            switch role {
            case .hud: return hud
            case .wheel: return wheel
            case .text: return text
            case .mark(.success): return success
            case .mark(.failure): return failure
            case .mark(.info): return info
            }
        }

        /// The HUD's fill: 95 % opaque, so an application's text beneath cannot read through.
        public var hud: Color
        /// The hairline around the HUD's own fill, which gives it an edge of at least 1.5:1
        /// over a black and a white application alike.
        public var edge: Color
        /// The soft shadow under the HUD, at its darkest (the light theme's, which lifts a light
        /// HUD off a light application); nil: none.
        public var shadow: Color?
        /// The spokes, the progress gauge.
        public var wheel: Color
        /// The message.
        public var text: Color
        /// The success mark (iOS's system green in the dark theme).
        public var success: Color
        /// The error mark (iOS's accessible system red in the dark theme, #FF6961).
        public var failure: Color
        /// The info mark (iOS's accessible system blue in the dark theme, #409CFF).
        public var info: Color
    }
}

/// Everything about the overlay's look that a user can tune. Every number has its unit in its
/// name; the defaults are the iOS-like look. Colours not chosen come from the theme.
public struct Appearance: Sendable, Equatable {
    /// Where the colours not chosen come from.
    public var theme = Theme.dark
    /// The colours chosen one by one; they win over the theme's, whichever was chosen first.
    private var chosen: [ColorRole: Color] = [:]

    /// The colour playing `role`: the one chosen, else the theme's.
    public subscript(role: ColorRole) -> Color {
        get { chosen[role] ?? theme.palette[role] }
        set { chosen[role] = newValue }
    }
    /// The colour chosen for `role`, or nil when it comes from the theme.
    public func chosenColor(_ role: ColorRole) -> Color? { chosen[role] }
    /// The HUD's fill: the dark theme's is #1C1C1E at 95 %, so an application's text beneath
    /// does not read through it.
    public var hudColor: Color {
        get { self[.hud] }
        set { self[.hud] = newValue }
    }
    /// The spokes' (and the progress gauge's) colour at full strength.
    public var wheelColor: Color {
        get { self[.wheel] }
        set { self[.wheel] = newValue }
    }
    /// The message's colour.
    public var textColor: Color {
        get { self[.text] }
        set { self[.text] = newValue }
    }
    /// How strong the details line's colour is next to the message's (0...1).
    public var detailStrength = 0.7
    /// What covers the screen outside the HUD while blocking; nil keeps the application visible.
    /// The default dims what is beneath by 70 %, so a frozen picture of the application cannot
    /// pass for live data.
    public var backdropColor: Color? = Appearance.defaultBackdropColor
    /// Black at 70 %.
    public static let defaultBackdropColor = Color(red: 0, green: 0, blue: 0, alpha: 0xB3)
    /// The HUD's corner radius; nil means 0.6 em.
    public var cornerRadiusPixels: Int?
    /// The wheel's diameter; nil means in proportion to the type (2.5 em).
    public var wheelPixels: Int?
    /// How many spokes the wheel has.
    public var spokeCount = 12
    /// How long one full turn of the wheel takes.
    public var periodSeconds = 1.0
    /// Move the brightness continuously instead of one spoke at a time (the spokes stay still).
    public var rotatesSmoothly = false
    /// The wheel's size preset.
    public var wheelStyle = WheelStyle.large
    /// Wheel above or beside the message.
    public var layout = LayoutKind.vertical
    /// The message's font size before it shrinks to fit; nil means legible at the viewing distance.
    public var fontPixels: Int?
    /// How far the reader is from the panel; sets the type size with the display's density.
    public var viewingDistanceCentimetres = Legibility.defaultViewingDistanceCentimetres
    /// How determinate progress is drawn.
    public var progressStyle = ProgressStyle.ring
    /// Whether the percentage is written inside the ring (or above the bar).
    public var showsPercent = false
    /// The smallest font size the message may shrink to before it is cut; nil means legible.
    public var minimumFontPixels: Int?
    /// The most lines the message may wrap onto.
    public var maximumLines: Int?

    /// The smallest wheel a user may ask for.
    public static let minimumWheelPixels = 8
    /// The most spokes a wheel may have.
    public static let maximumSpokeCount = 64

    /// The default look.
    public init() {}
}
