/// The sizes a HUD is built from. They all follow from one em, the message's font size, as an
/// iOS HUD's do from its label: the wheel 2.5 em across (1.8 em beside the text), the padding
/// 1 em on every side, 0.5 em between the wheel and the text, corners 0.6 em round, and the HUD
/// at most 60 % of the screen's width or 34 em, whichever is less.
///
/// The em is the legible size for the display's density and the viewing distance
/// (`Legibility`), unless `--font-size` sets it. `--size` sets the wheel's diameter and nothing
/// else. Pixel options are multiplied by the display's scale. A HUD that cannot fit on the
/// screen is shrunk as a whole until it does, and `adaptation` says so.
public struct HUDMetrics: Sendable, Equatable {
    /// The message's font size before it shrinks to fit.
    public var messageFontPixels: Int
    /// The smallest the message may shrink to.
    public var smallestFontPixels: Int
    /// The size of small text beside a message at its full size: the details line, the
    /// percentage over a bar.
    public var detailFontPixels: Int { detailFontPixels(besideMessageOf: messageFontPixels) }
    /// The wheel's (or ring's, or mark's) diameter.
    public var wheelPixels: Int
    /// The space between the HUD's edge and what it holds, on every side.
    public var paddingPixels: Int
    /// The space between the last line of text and the HUD's bottom edge: the padding less the
    /// room a line keeps under its baseline for descenders, so the ink sits as far from the
    /// bottom edge as the wheel does from the top.
    public var bottomPaddingPixels: Int
    /// The space between the wheel and the text.
    public var gapPixels: Int
    /// The space between the message and the details line.
    public var detailGapPixels: Int
    /// The thickness of a progress bar.
    public var barThicknessPixels: Int
    /// The corners' radius.
    public var cornerRadiusPixels: Int
    /// The widest the HUD may be.
    public var maximumWidthPixels: Int
    /// The widest the HUD may grow to show a message whole at its size, on a screen under
    /// `smallScreenInches` (80 % of its width); nil on a larger screen.
    public var widenedWidthPixels: Int?
    /// How the layout had to adapt to a screen too small for it; nil when it did not.
    public var adaptation: String?
    /// The screen's width, the widest a HUD can be at all.
    public var screenWidthPixels: Int

    /// The large wheel's diameter in ems, above the text; beside it (horizontal layout).
    static let wheelEms = (vertical: 2.5, horizontal: 1.8)
    /// Padding, wheel-to-text gap, message-to-details gap, bar thickness and corner radius, in ems.
    static let paddingEms = 1.0, gapEms = 0.5, detailGapEms = 0.25, barEms = 0.3, cornerEms = 0.6
    /// The room under a line's baseline (DejaVu Sans's descent, 0.24 em) less a little, so text
    /// with descenders does not crowd the edge either.
    static let descenderEms = 0.2
    /// A line of text's height in ems, for the smallest HUD.
    static let oneLineEms = 1.2
    /// The narrowest text column beside the wheel (horizontal layout) in ems; a HUD that would
    /// leave less may pass its usual widest to keep it.
    static let narrowestColumnEms = 8.0
    /// The largest wheel, as a fraction of the screen's shorter side.
    public static let largestWheelFraction = 0.5
    /// The details line's size next to the message's.
    public static let detailFontFraction = 0.8
    /// The HUD's widest: this fraction of the screen, or `maximumWidthEms`, whichever is less.
    public static let maximumWidthFraction = 0.6
    /// The HUD's widest in ems, a comfortable reading measure.
    public static let maximumWidthEms = 34.0
    /// On a screen with a diagonal under this many inches, a message that would otherwise shrink
    /// may widen the HUD to `widenedWidthFraction` of the screen's width.
    public static let smallScreenInches = 12.0
    /// The widest a HUD may grow on a small screen, as a fraction of its width.
    public static let widenedWidthFraction = 0.8

    /// The metrics for `appearance` on `screen` read as `legibility` says, pixel options
    /// multiplied by `scale`.
    public init(screen: Size, appearance: Appearance, legibility: Legibility, scale: Int = 1) {
        let scale = max(1, scale)
        let wheelEms = (appearance.layout == .vertical ? Self.wheelEms.vertical : Self.wheelEms.horizontal)
            * appearance.wheelStyle.diameterFraction
        let legible = legibility.messageFontPixels
        var em = Double(appearance.fontPixels.map { $0 * scale } ?? legible)
        var wheel = appearance.wheelPixels.map { Double($0 * scale) } ?? (em * wheelEms).rounded()
        // The smallest HUD is the wheel and one line of text in their padding. When that is
        // larger than the screen, or the wheel larger than half the screen, the wheel gives way
        // first (down to one em); only a screen too small even for that shrinks the type too.
        let aroundWheel = (width: 2 * em * Self.paddingEms,
                           height: em * (2 * Self.paddingEms + Self.gapEms + Self.oneLineEms))
        let roomForWheel = min(Double(screen.width) - aroundWheel.width, Double(screen.height) - aroundWheel.height,
                               Double(min(screen.width, screen.height)) * Self.largestWheelFraction).rounded(.down)
        let screenName = "\(screen.width)x\(screen.height)"
        adaptation = nil
        screenWidthPixels = screen.width
        if wheel > roomForWheel, roomForWheel >= em {
            adaptation = "a \(Int(wheel)) px wheel does not fit the \(screenName) screen with its text: it is drawn \(Int(roomForWheel)) px across"
            wheel = roomForWheel
        } else if wheel > roomForWheel {
            wheel = min(wheel, em)  // the wheel has given way as far as it may; the rest shrinks together
            let fit = min(Double(screen.width) / (wheel + aroundWheel.width), Double(screen.height) / (wheel + aroundWheel.height))
            adaptation = "the HUD does not fit the \(screenName) screen: everything is drawn at \(Int(fit * 100)) % "
                + "(the text \(Int(em * fit)) px instead of \(Int(em)))"
            em *= fit
            wheel *= fit
        }
        func pixels(_ ems: Double) -> Int { max(1, Int((em * ems).rounded())) }
        messageFontPixels = max(1, Int(em.rounded()))
        let floor = appearance.minimumFontPixels.map { $0 * scale } ?? legibility.smallestFontPixels
        smallestFontPixels = min(messageFontPixels, floor)
        wheelPixels = max(1, Int(wheel.rounded()))
        paddingPixels = pixels(Self.paddingEms)
        bottomPaddingPixels = pixels(Self.paddingEms - Self.descenderEms)
        gapPixels = pixels(Self.gapEms)
        detailGapPixels = pixels(Self.detailGapEms)
        barThicknessPixels = max(4, pixels(Self.barEms))
        let widest = min(Double(screen.width) * Self.maximumWidthFraction, em * Self.maximumWidthEms)
        maximumWidthPixels = min(screen.width, max(wheelPixels + 2 * paddingPixels, Int(widest)))
        let diagonalInches = (Double(screen.width * screen.width + screen.height * screen.height)).squareRoot()
            / max(1, legibility.dotsPerInch)
        let widened = Int(Double(screen.width) * Self.widenedWidthFraction)
        widenedWidthPixels = diagonalInches < Self.smallScreenInches && widened > maximumWidthPixels ? widened : nil
        cornerRadiusPixels = appearance.cornerRadiusPixels.map { $0 * scale } ?? pixels(Self.cornerEms)
    }

    /// The details line's size beside a message drawn at `messagePixels`: 0.8 of it, but never
    /// below the smallest legible size unless the message itself is (a message shrunk to the
    /// floor keeps its details at the floor too).
    public func detailFontPixels(besideMessageOf messagePixels: Int) -> Int {
        max(1, Int((Double(messagePixels) * Self.detailFontFraction).rounded()), min(messagePixels, smallestFontPixels))
    }

    /// The widest a line of text may be in `layout`, beside an indicator `indicatorWidth` wide,
    /// in a HUD at most `hudWidth` wide (by default `maximumWidthPixels`).
    public func textWidthLimit(layout: LayoutKind, indicatorWidth: Int, hudWidth: Int? = nil) -> Int {
        let hudWidth = hudWidth ?? maximumWidthPixels
        switch layout {
        case .vertical: return max(1, hudWidth - 2 * paddingPixels)
        case .horizontal:
            let beside = 2 * paddingPixels + indicatorWidth + gapPixels
            let narrowest = min(Int(Double(messageFontPixels) * Self.narrowestColumnEms), screenWidthPixels - beside)
            return max(1, hudWidth - beside, narrowest)
        }
    }
}
