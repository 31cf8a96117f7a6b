/// Where the HUD, its wheel, its message and its details line go on a screen of a given size.
///
/// The vertical layout follows the seed's 12-unit grid (one unit is a twelfth of the HUD's size):
/// the wheel's place is 5.5 units square from 1.25 units down, the message's area is the HUD's
/// width less 1.5 units, 4 units tall from 7.25 units down; a details line adds 2.5 units of
/// height under it. A HUD with no text centres its wheel. The horizontal layout is a band 0.42 of
/// the size tall (a details line adds half of that), the wheel at its left and the text right of
/// it, 1.9 sizes wide. A HUD may be widened (`width`) up to 90 % of the screen to fit its text.
public struct HUDLayout: Sendable, Equatable {
    /// What the HUD holds besides its wheel.
    public struct Content: Sendable, Equatable {
        /// Whether there is a message.
        public var hasMessage: Bool
        /// Whether there is a details line.
        public var hasDetail: Bool

        /// Creates a description of the HUD's text.
        public init(hasMessage: Bool, hasDetail: Bool = false) {
            self.hasMessage = hasMessage
            self.hasDetail = hasDetail
        }

        var hasText: Bool { hasMessage || hasDetail }
    }

    /// The HUD's rounded rectangle.
    public var hud: PixelRect
    /// The HUD's corner radius in pixels.
    public var cornerRadiusPixels: Int
    /// The square the wheel is drawn in (its diameter is the square's side).
    public var wheelBox: PixelRect
    /// The area the message is fitted into; empty when there is no message.
    public var textArea: PixelRect
    /// The area the details line is fitted into; empty when there is none.
    public var detailArea: PixelRect
    /// The font size the message starts from before it shrinks to fit.
    public var nominalFontPixels: Int
    /// The widest the HUD may become to fit its text: 90 % of the screen.
    public var maximumWidth: Int

    /// The details line's font size as a fraction of the message's.
    public static let detailFontFraction = 0.75
    /// The details line's font size never starts below this, so it stays legible on small HUDs.
    public static let smallestDetailFontPixels = 10

    /// Lays out a HUD for `appearance` on a `screen` holding `content`, `width` pixels wide when
    /// given (for a HUD widened to fit its text), else its natural width.
    public init(screen: Size, appearance: Appearance, content: Content, width: Int? = nil) {
        let size = HUDLayout.hudSize(screen: screen, appearance: appearance)
        let screenCenter = Point(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
        maximumWidth = max(size, Int(Double(screen.width) * 0.9))
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        switch appearance.layout {
        case .vertical:
            let unit = Double(size) / 12
            let detailHeight = content.hasDetail ? Int((unit * 2.5).rounded()) : 0
            let hudWidth = min(maximumWidth, max(size, width ?? size))
            hud = PixelRect(centeredAt: screenCenter, width: hudWidth, height: size + detailHeight)
            let place = unit * 5.5
            let wheelCenterY = content.hasText ? Double(hud.y) + unit * 1.25 + place / 2 : hud.center.y
            let side = Int((place * appearance.wheelStyle.diameterFraction).rounded())
            wheelBox = PixelRect(centeredAt: Point(x: hud.center.x, y: wheelCenterY), width: side, height: side)
            let margin = Int((unit * 0.75).rounded())
            let textTop = hud.y + Int((unit * 7.25).rounded())
            let textHeight = Int((unit * 4).rounded())
            textArea = content.hasMessage
                ? PixelRect(x: hud.x + margin, y: textTop, width: hud.width - 2 * margin, height: textHeight) : empty
            detailArea = content.hasDetail
                ? PixelRect(x: hud.x + margin, y: textTop + (content.hasMessage ? textHeight : 0),
                            width: hud.width - 2 * margin, height: content.hasMessage ? detailHeight : textHeight + detailHeight)
                : empty
            nominalFontPixels = Int((Double(size) * 0.1).rounded())
        case .horizontal:
            let band = max(Appearance.minimumHUDPixels, Int((Double(size) * 0.42).rounded()))
            let detailHeight = content.hasDetail ? band / 2 : 0
            let naturalWidth = content.hasText ? Int((Double(size) * 1.9).rounded()) : band
            let hudWidth = min(maximumWidth, max(naturalWidth, width ?? naturalWidth))
            hud = PixelRect(centeredAt: screenCenter, width: hudWidth, height: band + detailHeight)
            let place = Double(band) * 0.56
            let padding = (Double(band) - place) / 2
            let side = Int((place * appearance.wheelStyle.diameterFraction).rounded())
            let wheelCenter = Point(x: Double(hud.x) + padding + place / 2, y: hud.center.y)
            wheelBox = PixelRect(centeredAt: content.hasText ? wheelCenter : hud.center, width: side, height: side)
            let textLeft = hud.x + Int((padding * 1.8 + place).rounded())
            let textWidth = hud.maxX - Int(padding.rounded()) - textLeft
            let textTop = hud.y + Int((padding * 0.5).rounded())
            let textHeight = band - Int(padding.rounded())
            textArea = content.hasMessage ? PixelRect(x: textLeft, y: textTop, width: textWidth, height: textHeight) : empty
            detailArea = content.hasDetail
                ? PixelRect(x: textLeft, y: textTop + (content.hasMessage ? textHeight : 0), width: textWidth,
                            height: content.hasMessage ? detailHeight : textHeight + detailHeight)
                : empty
            nominalFontPixels = Int((Double(band) * 0.3).rounded())
        }
        cornerRadiusPixels = min(appearance.cornerRadiusPixels.map { $0 * appearance.scale }
                                    ?? Int((Double(min(hud.width, hud.height)) * 0.1).rounded()),
                                 min(hud.width, hud.height) / 2)
        if let fontPixels = appearance.fontPixels { nominalFontPixels = fontPixels * appearance.scale }
    }

    /// The HUD size in pixels: the requested one, or 22 % of the screen's shorter side (at least
    /// `minimumAutomaticHUDPixels`); never larger than the screen.
    public static func hudSize(screen: Size, appearance: Appearance) -> Int {
        let automatic = max(Appearance.minimumAutomaticHUDPixels * appearance.scale,
                            Int((Double(screen.shorterSide) * Appearance.automaticHUDFraction).rounded()))
        let requested = appearance.hudSizePixels.map { $0 * appearance.scale } ?? automatic
        return max(Appearance.minimumHUDPixels, min(requested, screen.shorterSide))
    }
}
