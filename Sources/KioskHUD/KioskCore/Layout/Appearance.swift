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
    /// How the percentage is written: the locale's digits and pattern (`42 %`, `%42`, `٤٢٪`).
    public var numberStyle = NumberStyle.plain
    /// The Cancel's label (`--cancel`); nil: no Cancel.
    public var cancelLabel: String?
    /// The smallest font size the message may shrink to before it is cut; nil means legible.
    public var minimumFontPixels: Int?
    /// The most lines the message may wrap onto.
    public var maximumLines: Int?

    /// Whether the HUD is drawn: false shows the logo alone (`--logo-only`), a plain branded
    /// screen.
    public var showsHUD = true
    /// The device maker's picture drawn centred above the HUD; nil: none.
    public var logo: LogoPicture?
    /// How tall the logo is drawn, at the display's density (it shrinks only where it would not
    /// fit above the HUD).
    public var logoHeightMillimetres = Double(Appearance.defaultLogoHeightMillimetres)

    /// The logo's height when none is asked for: 2 cm, about as tall as the HUD.
    public static let defaultLogoHeightMillimetres = 20
    /// The logo heights a user may ask for (`--logo-height`).
    public static let logoHeightMillimetreRange = 2...300
    /// The wheel diameters in pixels a user may ask for (`size`, `--size`).
    public static let wheelPixelRange = 8...16384
    /// The most spokes a wheel may have.
    public static let maximumSpokeCount = 64

    /// The default look.
    public init() {}
}
