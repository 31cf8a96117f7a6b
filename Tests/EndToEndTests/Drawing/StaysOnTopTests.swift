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

    /// Another client unmaps the overlay's window (xdotool windowunmap) while blocking: it is
    /// mapped again at once, HUD and backdrop back, one line says so, and `status` is still true.
    @Test func aWindowUnmappedByAnotherClientIsMappedAgain() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0", "--backdrop", "#00000080"])
        defer { overlay.stop() }
        let window = try await overlay.waitUntilShowing()
        _ = try await overlay.x.makeWallpaper(Self.application)
        _ = try await overlay.status(after: ["block"])
        let backdrop = Self.application.covered(by: .black, alpha: Double(0x80) / 255)
        try await overlay.waitForColor(backdrop, at: TestScreenLayout.topLeft)

        let unmap = try await overlay.tool("xdotool", ["windowunmap", "\(window)"])
        #expect(unmap.ending == .exited(0), "xdotool: \(unmap.errors)")
        try await Poll.until("the line saying the window was mapped again", lastSeen: { overlay.program.errors.text }) {
            overlay.program.errors.text.contains("unmapped")
        }
        try await overlay.waitForColor(backdrop, at: TestScreenLayout.topLeft)
        try await overlay.waitForColor(.hudFill, at: TestScreenLayout.hudFill)
        #expect(try await overlay.visibleOverlayWindows() == [window])
        #expect(overlay.program.errors.text == "kiosk-spinner: another client unmapped the overlay's window; it is mapped again\n")
        #expect(try await overlay.status().hasPrefix("visible=1 blocked=1 grab=held shown=1 "))
    }
}
