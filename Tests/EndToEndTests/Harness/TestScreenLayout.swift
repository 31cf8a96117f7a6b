/// Where the default overlay puts things on a `VirtualScreen`, worked out from the documented
/// rule (the HUD is a square of 22 % of the shorter side, centred; the wheel sits in its upper
/// middle and the message below the middle) rather than taken from the program's code.
enum TestScreenLayout {
    /// The edge of the smallest HUD, a square holding a one-word message, on Xvfb's 100 dpi
    /// screen: 19 px type (capitals 20 arcminutes at 60 cm), 19 px padding, a 48 px wheel, a
    /// 10 px gap and one line; longer messages only make the HUD wider.
    static let hudSidePixels = 121
    /// The screen's centre, inside the wheel's place.
    static let center = ScreenPoint(x: VirtualScreen.widthPixels / 2, y: VirtualScreen.heightPixels / 2)
    /// Inside the HUD, left of the wheel, above the message and clear of the rounded corners:
    /// bare HUD fill (8 pixels in from its left edge).
    static let hudFill = ScreenPoint(x: center.x - hudSidePixels / 2 + hudSidePixels / 14, y: center.y)
    /// The HUD's middle column, top to bottom: through the top and bottom spokes and the message.
    static let hudMiddleColumn = ScreenRect(x: center.x, y: center.y - hudSidePixels / 2, width: 1, height: hudSidePixels)
    /// Just left of the HUD of the default message, "Please wait..." (164 px wide), 18 px out.
    static let justOutsideHUD = ScreenPoint(x: center.x - 100, y: center.y)
    /// Near the top-left corner, far from the HUD.
    static let topLeft = ScreenPoint(x: 20, y: 20)
    /// Near the bottom-right corner, far from the HUD.
    static let bottomRight = ScreenPoint(x: VirtualScreen.widthPixels - 24, y: VirtualScreen.heightPixels - 28)
    /// Where the application window beneath the overlay goes: the top-left corner, away from the HUD.
    static let applicationFrame = ScreenRect(x: 0, y: 0, width: 240, height: 200)
    /// A point in the application window, outside the HUD.
    static let inApplication = ScreenPoint(x: 100, y: 90)
}
