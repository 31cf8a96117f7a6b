/// Where the logo goes on a screen: centred above the HUD, `marginPixels` apart, the two
/// together centred on the screen; as tall as asked in millimetres at the display's density, its
/// proportions kept. Where that does not fit (a margin from the screen's edges) it is drawn
/// smaller, and `shrunk` says so.
public struct LogoPlacement: Sendable, Equatable {
    /// The rectangle the logo is drawn in; nil when no pixel of it fits.
    public var rect: PixelRect?
    /// How far the HUD moves down to make room for it.
    public var hudDropPixels: Int
    /// True when it is drawn smaller than asked.
    public var shrunk: Bool

    /// Places a `picture` of this size `heightMillimetres` tall at `dotsPerInch` above `hud`,
    /// which is centred on `screen`, keeping `marginPixels` from the HUD (unless it is empty:
    /// the logo alone) and from the screen's edges.
    public init(picture: Size, heightMillimetres: Double, dotsPerInch: Double, above hud: PixelRect, screen: Size,
                marginPixels: Int) {
        let asked = heightMillimetres * dotsPerInch / DisplayDensity.millimetresPerInch
        let gap = hud.height > 0 ? marginPixels : 0
        let roomAbove = Double(screen.height - hud.height - 2 * marginPixels - gap)
        let roomAcross = Double(screen.width - 2 * marginPixels)
        let fitted = min(min(asked, roomAbove) / Double(picture.height), roomAcross / Double(picture.width))
        let width = Int((Double(picture.width) * fitted).rounded()), height = Int((Double(picture.height) * fitted).rounded())
        shrunk = fitted < asked / Double(picture.height)
        guard width > 0, height > 0 else {
            rect = nil
            hudDropPixels = 0
            return
        }
        let top = (screen.height - (height + gap + hud.height)) / 2
        rect = PixelRect(x: hud.x + (hud.width - width) / 2, y: top, width: width, height: height)
        hudDropPixels = hud.height > 0 ? top + height + gap - hud.y : 0
    }
}
