/// Where the HUD, its wheel and its message go on a screen of a given size.
///
/// The vertical layout follows the seed's 12-unit grid (one unit is a twelfth of the HUD's edge):
/// the wheel's place is 5.5 units square from 1.25 units down, the message's area is 10.5 units
/// wide and 4 units tall from 7.25 units down. A HUD with no message centres its wheel. The
/// horizontal layout is a band 0.42 of the size tall, the wheel at its left and the message right
/// of it, 1.9 sizes wide (at most 90 % of the screen).
public struct HUDLayout: Sendable, Equatable {
    /// The HUD's rounded rectangle.
    public var hud: PixelRect
    /// The HUD's corner radius in pixels.
    public var cornerRadiusPixels: Int
    /// The square the wheel is drawn in (its diameter is the square's side).
    public var wheelBox: PixelRect
    /// The area the message is fitted into; empty when there is no message.
    public var textArea: PixelRect
    /// The font size the message starts from before it shrinks to fit.
    public var nominalFontPixels: Int

    /// Lays out a HUD for `appearance` on a `screen`, with or without a message.
    public init(screen: Size, appearance: Appearance, hasMessage: Bool) {
        let size = HUDLayout.hudSize(screen: screen, appearance: appearance)
        let screenCenter = Point(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
        switch appearance.layout {
        case .vertical:
            let unit = Double(size) / 12
            hud = PixelRect(centeredAt: screenCenter, width: size, height: size)
            let place = unit * 5.5
            let wheelCenterY = hasMessage ? Double(hud.y) + unit * 1.25 + place / 2 : hud.center.y
            let side = Int((place * appearance.wheelStyle.diameterFraction).rounded())
            wheelBox = PixelRect(centeredAt: Point(x: hud.center.x, y: wheelCenterY), width: side, height: side)
            textArea = hasMessage
                ? PixelRect(x: hud.x + Int((unit * 0.75).rounded()), y: hud.y + Int((unit * 7.25).rounded()),
                            width: Int((unit * 10.5).rounded()), height: Int((unit * 4).rounded()))
                : PixelRect(x: hud.x, y: hud.maxY, width: 0, height: 0)
            nominalFontPixels = Int((Double(size) * 0.1).rounded())
        case .horizontal:
            let height = max(Appearance.minimumHUDPixels, Int((Double(size) * 0.42).rounded()))
            let width = min(Int(Double(screen.width) * 0.9), Int((Double(size) * 1.9).rounded()))
            hud = PixelRect(centeredAt: screenCenter, width: hasMessage ? width : height, height: height)
            let place = Double(height) * 0.56
            let padding = (Double(height) - place) / 2
            let side = Int((place * appearance.wheelStyle.diameterFraction).rounded())
            let wheelCenter = Point(x: Double(hud.x) + padding + place / 2, y: hud.center.y)
            wheelBox = PixelRect(centeredAt: hasMessage ? wheelCenter : hud.center, width: side, height: side)
            let textLeft = hud.x + Int((padding * 1.8 + place).rounded())
            textArea = hasMessage
                ? PixelRect(x: textLeft, y: hud.y + Int((padding * 0.5).rounded()),
                            width: hud.maxX - Int(padding.rounded()) - textLeft,
                            height: height - Int(padding.rounded()))
                : PixelRect(x: hud.maxX, y: hud.y, width: 0, height: 0)
            nominalFontPixels = Int((Double(height) * 0.3).rounded())
        }
        cornerRadiusPixels = min(appearance.cornerRadiusPixels ?? Int((Double(min(hud.width, hud.height)) * 0.1).rounded()),
                                 min(hud.width, hud.height) / 2)
    }

    /// The HUD size in pixels: the requested one, or 22 % of the screen's shorter side (at least
    /// `minimumAutomaticHUDPixels`); never larger than the screen.
    public static func hudSize(screen: Size, appearance: Appearance) -> Int {
        let automatic = max(Appearance.minimumAutomaticHUDPixels,
                            Int((Double(screen.shorterSide) * Appearance.automaticHUDFraction).rounded()))
        let requested = appearance.hudSizePixels ?? automatic
        return max(Appearance.minimumHUDPixels, min(requested, screen.shorterSide))
    }
}
