import Foundation
import Testing

/// `--cancel` on a real X server: xdotool's clicks (XTEST, as a mouse or a touch screen's
/// emulated pointer reaches X) and keys go through the server to the overlay's window, which says
/// `cancelled` for a click on the Cancel and for Escape while blocking, and for nothing else.
@Suite("The Cancel on a real X server", .timeLimit(.minutes(3)))
struct CancelPressTests {
    /// A point on the Cancel: 10 px above the HUD's bottom edge, found as the lowest lit pixel
    /// of the screen's middle column under the wheel (the screen beneath is black).
    private func pointOnCancel(_ overlay: LiveOverlay) async throws -> ScreenPoint {
        let column = ScreenRect(x: TestScreenLayout.center.x, y: TestScreenLayout.center.y, width: 1, height: 250)
        let bottom = try await Poll.value("the HUD's bottom edge under the wheel") { () async throws -> Int? in
            guard let colors = overlay.x.colors(in: column), let last = colors.lastIndex(where: { $0 != .black }) else { return nil }
            return column.y + last
        }
        return ScreenPoint(x: TestScreenLayout.center.x, y: bottom - 10)
    }

    private func cancelledLines(_ overlay: LiveOverlay) -> Int {
        overlay.program.output.text.split(separator: "\n").filter { $0 == "cancelled" }.count
    }

    @Test func aClickOnTheCancelSaysCancelledAndAClickOnTheWheelDoesNot() async throws {
        let overlay = try await LiveOverlay.start(["--cancel"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        let cancel = try await pointOnCancel(overlay)
        try await overlay.movePointer(to: TestScreenLayout.center)
        try await overlay.click()
        try await overlay.movePointer(to: cancel)
        try await overlay.click()
        try await Poll.until("cancelled on stdout", lastSeen: { overlay.program.output.text }) { cancelledLines(overlay) > 0 }
        // xdotool's clicks are processed in order: the wheel's came first and said nothing.
        #expect(cancelledLines(overlay) == 1)
        #expect(overlay.program.isRunning, "--on-cancel keep leaves the end to the host")
    }

    @Test func escapeWhileBlockingCancelsAndOnCancelQuitEndsWithStatusEight() async throws {
        let overlay = try await LiveOverlay.start(["--cancel", "--on-cancel", "quit"], withApplication: true)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("block")
        try await Poll.until("the overlay to hold the keyboard") { overlay.x.keyboardIsGrabbedByAnotherClient() }
        try await overlay.pressKey("Escape")
        #expect(try await overlay.program.ending() == .exited(8), "stderr: \(overlay.program.errors.text)")
        #expect(cancelledLines(overlay) == 1)
    }

    /// While blocking every press goes to the overlay's grab, not to its windows: the grab hands
    /// the Cancel's on, and `--on-cancel hide` hides the HUD and lets the keyboard go.
    @Test func aClickOnTheCancelWhileBlockingReachesItThroughTheGrab() async throws {
        let overlay = try await LiveOverlay.start(["--cancel", "--on-cancel", "hide"], withApplication: true)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        let cancel = try await pointOnCancel(overlay)
        try await overlay.send("block")
        try await Poll.until("the overlay to hold the keyboard") { overlay.x.keyboardIsGrabbedByAnotherClient() }
        try await overlay.movePointer(to: TestScreenLayout.inApplication)
        try await overlay.click()
        try await overlay.movePointer(to: cancel)
        try await overlay.click()
        try await Poll.until("cancelled on stdout", lastSeen: { overlay.program.output.text }) { cancelledLines(overlay) > 0 }
        #expect(cancelledLines(overlay) == 1, "the click in the application was swallowed, not a Cancel")
        try await overlay.waitUntilHidden()
        try await Poll.until("the keyboard to be let go") { !overlay.x.keyboardIsGrabbedByAnotherClient() }
        #expect(overlay.x.takeButtonPresses(of: try #require(overlay.applicationWindow)) == 0)
    }

    @Test func zenitysCancelEndsItWithStatusOneAsZenitysDialogDoes() async throws {
        let overlay = try await LiveOverlay.start(["--progress", "--text", "Copying files"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("30")
        try await overlay.movePointer(to: try await pointOnCancel(overlay))
        try await overlay.click()
        #expect(try await overlay.program.ending() == .exited(1), "stderr: \(overlay.program.errors.text)")
        #expect(overlay.program.output.text.isEmpty, "zenity writes nothing on stdout")
    }
}
