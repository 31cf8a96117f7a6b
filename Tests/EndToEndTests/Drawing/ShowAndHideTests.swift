import Foundation
import Testing

/// The overlay on a real X server (an Xvfb of each test's own): what it draws, and `show` /
/// `hide`. Pixels are read back from the server, so they are what a person would see.
@Suite("Showing and hiding on a real X server", .timeLimit(.minutes(3)))
struct ShowAndHideTests {
    @Test func showsTheHUDCentredAtStartAndNothingElse() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        #expect(overlay.x.color(at: TestScreenLayout.hudFill)?.isClose(to: .hudFill) == true, "bare HUD fill, #1C1C1ED9 over black")
        let center = try #require(overlay.x.color(at: TestScreenLayout.center))
        #expect(center != .black, "the screen's centre is in the HUD (HUD fill or a spoke), not the black root")
        for point in [TestScreenLayout.topLeft, TestScreenLayout.bottomRight, TestScreenLayout.justOutsideHUD] {
            #expect(overlay.x.color(at: point) == .black, "outside the HUD the screen stays as it was, at \(point)")
        }
    }

    @Test func hideUnmapsTheWindowAndShowBringsItBack() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        try await overlay.send("hide")
        try await overlay.waitUntilHidden()
        #expect(overlay.x.color(at: TestScreenLayout.center) == .black)

        try await overlay.send("show")
        _ = try await overlay.waitUntilShowing()
        #expect(overlay.program.isRunning)
    }

    @Test func startHiddenShowsNothingUntilShow() async throws {
        let overlay = try await LiveOverlay.start(["--start-hidden"])
        defer { overlay.stop() }
        // A rejected line proves the program runs and has read its input up to there.
        try await overlay.send("shwo")
        try await Poll.until("the rejected line on stderr") { !overlay.program.errors.lines.isEmpty }

        #expect(try await overlay.visibleOverlayWindows().isEmpty)
        #expect(overlay.x.color(at: TestScreenLayout.hudFill) == .black)

        try await overlay.send("show")
        _ = try await overlay.waitUntilShowing()
    }
}
