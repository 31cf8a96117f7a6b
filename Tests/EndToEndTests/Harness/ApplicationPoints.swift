/// Points of a compositor's 1024x768 output with a full-screen application and the default HUD,
/// for the tests that click and look there.
enum ApplicationPoints {
    /// Beside the HUD, on the application.
    static let beside = ScreenPoint(x: 250, y: 200)
    /// Where the backdrop is looked for: away from the clicks.
    static let sample = ScreenPoint(x: 100, y: 600)
    /// The output's middle, on the HUD.
    static let centre = ScreenPoint(x: HeadlessCompositor.widthPixels / 2, y: HeadlessCompositor.heightPixels / 2)
}
