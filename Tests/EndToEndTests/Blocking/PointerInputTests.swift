import Foundation
import Testing

/// Which window the pointer's input goes to, as the X server decides it from the overlay
/// window's input shape: only the HUD while not blocking, the whole screen while blocking.
@Suite("Pointer input on a real X server", .timeLimit(.minutes(3)))
struct PointerInputTests {
    /// Points outside the HUD: in the application beneath, on the bare root, and far away.
    static let outsideHUD = [TestScreenLayout.inApplication, TestScreenLayout.justOutsideHUD, TestScreenLayout.bottomRight]

    @Test func onlyTheHUDTakesThePointerUnlessBlocking() async throws {
        let overlay = try await LiveOverlay.start(withApplication: true)
        defer { overlay.stop() }
        let overlayWindow = try await overlay.waitUntilShowing()
        let application = try #require(overlay.applicationWindow)
        let root = overlay.x.rootWindow

        try await overlay.waitForWindow(application, underPointerAt: TestScreenLayout.inApplication)
        try await overlay.waitForWindow(root, underPointerAt: TestScreenLayout.justOutsideHUD)
        try await overlay.waitForWindow(root, underPointerAt: TestScreenLayout.bottomRight)
        try await overlay.waitForWindow(overlayWindow, underPointerAt: TestScreenLayout.hudFill)

        try await overlay.send("block")
        for point in Self.outsideHUD + [TestScreenLayout.hudFill] {
            try await overlay.waitForWindow(overlayWindow, underPointerAt: point)
        }

        try await overlay.send("block off")
        try await overlay.waitForWindow(application, underPointerAt: TestScreenLayout.inApplication)
        try await overlay.waitForWindow(root, underPointerAt: TestScreenLayout.bottomRight)
        try await overlay.waitForWindow(overlayWindow, underPointerAt: TestScreenLayout.hudFill)
    }

    @Test func clicksOutsideTheHUDReachTheApplicationUnlessBlocking() async throws {
        let overlay = try await LiveOverlay.start(withApplication: true)
        defer { overlay.stop() }
        let overlayWindow = try await overlay.waitUntilShowing()
        let application = try #require(overlay.applicationWindow)

        try await overlay.waitForWindow(application, underPointerAt: TestScreenLayout.inApplication)
        try await overlay.click()
        try await Poll.until("the click to reach the application") { overlay.x.takeButtonPresses(of: application) == 1 }

        try await overlay.send("block")
        try await overlay.waitForWindow(overlayWindow, underPointerAt: TestScreenLayout.inApplication)
        // xdotool exits after the server has processed its click (XCloseDisplay syncs), so a
        // press that wrongly reached the application arrives before any later one.
        try await overlay.click()

        try await overlay.send("unblock")
        try await overlay.waitForWindow(application, underPointerAt: TestScreenLayout.inApplication)
        try await overlay.click()
        var presses = 0
        try await Poll.until("the click after unblocking to reach the application") {
            presses += overlay.x.takeButtonPresses(of: application)
            return presses > 0
        }
        #expect(presses == 1, "the click made while blocking reached the application")
    }
}
