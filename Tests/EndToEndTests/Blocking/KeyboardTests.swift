import Foundation
import Testing

/// Who gets the keyboard: the application beneath while the overlay does not block, the overlay
/// (by an X keyboard grab) while it blocks.
@Suite("Keyboard on a real X server", .timeLimit(.minutes(3)))
struct KeyboardTests {
    @Test func blockingTakesTheKeyboardAndUnblockingGivesItBack() async throws {
        let overlay = try await LiveOverlay.start(withApplication: true)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        let application = try #require(overlay.applicationWindow)
        // Give the application the focus explicitly, so this test looks at the grab alone.
        overlay.x.focus(application)

        #expect(!overlay.x.keyboardIsGrabbedByAnotherClient(), "not blocking, the overlay must not hold the keyboard")
        try await overlay.pressKey("a")
        try await Poll.until("the key to reach the application") { overlay.x.takeKeyPresses(of: application) == 1 }

        try await overlay.send("block")
        try await Poll.until("kiosk-spinner to grab the keyboard") { overlay.x.keyboardIsGrabbedByAnotherClient() }
        try await overlay.pressKey("b")

        try await overlay.send("block off")
        try await Poll.until("kiosk-spinner to release the keyboard") { !overlay.x.keyboardIsGrabbedByAnotherClient() }
        try await overlay.pressKey("c")
        var presses = 0
        try await Poll.until("the key typed after unblocking to reach the application") {
            presses += overlay.x.takeKeyPresses(of: application)
            return presses > 0
        }
        #expect(presses == 1, "the key typed while blocking reached the application")
    }

    /// Without a window manager, as on a bare kiosk X session, SDL2's X11_ShowWindow gives the
    /// window the focus (XSetInputFocus); the overlay maps its window itself so the application
    /// beneath keeps its keyboard on start, on `hide` and on every `show`.
    @Test func showingAndHidingLeaveTheKeyboardFocusWithTheApplication() async throws {
        let overlay = try await LiveOverlay.start(withApplication: true)
        defer { overlay.stop() }
        let overlayWindow = try await overlay.waitUntilShowing()
        let application = try #require(overlay.applicationWindow)
        func expectFocusOnApplication(_ moment: String) {
            let focus = overlay.x.focusedWindow()
            let holder = focus == overlayWindow ? "the overlay window" : focus == 0 ? "no window (None)" : "window \(focus)"
            #expect(focus == application, "\(moment): the focus is on \(holder)")
        }
        expectFocusOnApplication("after start")

        try await overlay.send("hide")
        try await overlay.waitUntilHidden()
        expectFocusOnApplication("after hide")

        overlay.x.focus(application)
        try await overlay.send("show")
        _ = try await overlay.waitUntilShowing()
        expectFocusOnApplication("after show")
    }
}
