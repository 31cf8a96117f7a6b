import Testing

/// With no window manager to keep it there, the overlay stays above a window the application maps
/// after it: the HUD is not covered while shown, and while blocking the new window is under the
/// backdrop instead of showing live above it (issue 18, item 5). (Without a compositor the
/// overlay's translucency is the screen read back when it was shown, so what shows through is
/// that picture, not the new window: the test asks only that nothing covers the overlay.)
@Suite("On top of windows mapped later, on a bare X server", .timeLimit(.minutes(3)))
struct StaysOnTopTests {
    /// The colour of the window the application maps over the whole screen.
    static let application = ScreenColor(red: 200, green: 40, blue: 40)

    @Test func aWindowMappedWhileShownGoesUnderTheHUD() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        _ = try await overlay.x.makeWallpaper(Self.application)
        try await overlay.waitForColor(.hudFill, at: TestScreenLayout.hudFill)
        try await overlay.waitForColor(Self.application, at: TestScreenLayout.topLeft)
    }

    @Test func aWindowMappedWhileBlockingIsDimmedWithTheRest() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0", "--backdrop", "#00000080"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        _ = try await overlay.status(after: ["block"])
        let backdrop = ScreenColor.black.covered(by: .black, alpha: Double(0x80) / 255)
        try await overlay.waitForColor(backdrop, at: TestScreenLayout.topLeft)
        _ = try await overlay.x.makeWallpaper(Self.application)
        // The window mapped later goes under the overlay's backdrop (mapped, it shows its red
        // until the overlay is raised again; left on top, it would show it for good).
        try await overlay.waitForColor(backdrop, at: TestScreenLayout.topLeft)
        try await overlay.waitForColor(.hudFill, at: TestScreenLayout.hudFill)
    }

    /// The application under the half-black backdrop the tests block with.
    static let dimmedApplication = application.covered(by: .black, alpha: Double(0x80) / 255)

    /// The overlay started, the application's window mapped under it, and `block` dimming it:
    /// the overlay and its window.
    static func blockingOverTheApplication() async throws -> (LiveOverlay, X11Connection.Window) {
        let overlay = try await LiveOverlay.start(["--fade", "0", "--backdrop", "#00000080"])
        do {
            let window = try await overlay.waitUntilShowing()
            _ = try await overlay.x.makeWallpaper(Self.application)
            _ = try await overlay.status(after: ["block"])
            try await overlay.waitForColor(dimmedApplication, at: TestScreenLayout.topLeft)
            return (overlay, window)
        } catch {
            overlay.stop()
            throw error
        }
    }

    /// Another client unmaps the overlay's window (xdotool windowunmap) while blocking: it is
    /// mapped again at once, HUD and backdrop back, one line says so, the host hears `above-lost`
    /// and `above-held`, and `status` is still true.
    @Test func aWindowUnmappedByAnotherClientIsMappedAgain() async throws {
        let (overlay, window) = try await Self.blockingOverTheApplication()
        defer { overlay.stop() }

        let unmap = try await overlay.tool("xdotool", ["windowunmap", "\(window)"])
        #expect(unmap.ending == .exited(0), "xdotool: \(unmap.errors)")
        try await Poll.until("the line saying the window was mapped again", lastSeen: { overlay.program.errors.text }) {
            overlay.program.errors.text.contains("unmapped")
        }
        try await overlay.waitForColor(Self.dimmedApplication, at: TestScreenLayout.topLeft)
        try await overlay.waitForColor(.hudFill, at: TestScreenLayout.hudFill)
        #expect(try await overlay.visibleOverlayWindows() == [window])
        #expect(overlay.program.errors.text == "kiosk-spinner: another client unmapped the overlay's window; it is mapped again\n")
        let lost = try await overlay.waitForEvent("above-lost")
        try await overlay.waitForEvent("above-held", from: lost.index)
        #expect(try await overlay.status().hasPrefix("visible=1 blocked=1 grab=held shown=1 stalled=0 above=held "))
    }

    /// Another client destroys the overlay's window while blocking (X lets any client do so): the
    /// overlay does not die of the errors its requests on the dead window meet, makes a new window
    /// at once with the HUD and backdrop whole, says so in one line and with `above-lost` and
    /// `above-held`, and `status` is true again: still blocking, the grab held, on top.
    @Test func aWindowDestroyedByAnotherClientIsMadeAgain() async throws {
        let (overlay, window) = try await Self.blockingOverTheApplication()
        defer { overlay.stop() }

        overlay.x.destroy(window)
        let lost = try await overlay.waitForEvent("above-lost")
        try await overlay.waitForEvent("above-held", from: lost.index)
        try await overlay.waitForColor(Self.dimmedApplication, at: TestScreenLayout.topLeft)
        // The new window reads the screen beneath it anew: the application is there now.
        try await overlay.waitForColor(.hudFill(over: Self.application), at: TestScreenLayout.hudFill)
        let windows = try await overlay.visibleOverlayWindows()
        #expect(windows.count == 1 && windows != [window], "one new window: \(windows), the destroyed one was \(window)")
        #expect(overlay.program.errors.text == "kiosk-spinner: another client destroyed the overlay's window; it is made again\n")
        #expect(try await overlay.status().hasPrefix("visible=1 blocked=1 grab=held shown=1 stalled=0 above=held "))
        try await overlay.waitForWheelToTurn(hudFill: .hudFill(over: Self.application))
    }

    /// Another client lowers the overlay's window below the application's while blocking: it is
    /// raised again at once, the application dimmed again, and the host hears `above-lost` and
    /// `above-held` (no line: a window above the overlay's is ordinary life on a bare X server).
    @Test func aWindowLoweredByAnotherClientIsRaisedAgain() async throws {
        let (overlay, window) = try await Self.blockingOverTheApplication()
        defer { overlay.stop() }
        let start = overlay.events.count

        overlay.x.lower(window)
        let lost = try await overlay.waitForEvent("above-lost", from: start)
        try await overlay.waitForEvent("above-held", from: lost.index)
        try await overlay.waitForColor(Self.dimmedApplication, at: TestScreenLayout.topLeft)
        try await overlay.waitForColor(.hudFill, at: TestScreenLayout.hudFill)
        #expect(overlay.program.errors.text == "")
        #expect(try await overlay.status().hasPrefix("visible=1 blocked=1 grab=held shown=1 stalled=0 above=held "))
    }
}
