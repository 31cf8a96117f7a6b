import Testing

/// The live overlay sizes its type from the physical size the X server reports (Xvfb's `-dpi`
/// sets the millimetres it reports): the same message makes a larger HUD on a denser screen.
@Suite("Type sized from the display's reported density")
struct DisplayDensityTests {
    /// Above the wheel of a one-word HUD: inside its top padding at 200 dpi (38 px type, a HUD
    /// about 226 px tall), outside the 121 px HUD at Xvfb's usual 100 dpi.
    static let aboveTheSmallHUD = ScreenPoint(x: TestScreenLayout.center.x, y: TestScreenLayout.center.y - 90)

    @Test func aDenserScreenGetsLargerType() async throws {
        let dense = try await VirtualScreen.start(dotsPerInch: 200)
        defer { dense.stop() }
        let overlay = try LiveOverlay.start(on: dense, ["--message", "OK", "--fade", "0"])
        defer { overlay.stop() }
        try await overlay.waitForColor(.hudFill, at: Self.aboveTheSmallHUD)
    }

    @Test func theUsualScreenKeepsTheSmallHUD() async throws {
        let overlay = try await LiveOverlay.start(["--message", "OK", "--fade", "0"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        #expect(overlay.x.color(at: Self.aboveTheSmallHUD)?.isClose(to: .black) == true)
    }

    @Test func dpiOverridesWhatTheServerReports() async throws {
        let overlay = try await LiveOverlay.start(["--message", "OK", "--fade", "0", "--dpi", "200"])
        defer { overlay.stop() }
        try await overlay.waitForColor(.hudFill, at: Self.aboveTheSmallHUD)
    }
}
