import Foundation
import Testing

/// The overlay on cage 0.1.4, the kiosk compositor, which has no layer shell: an X client of
/// cage's Xwayland with DISPLAY only (as cage's child or a unit gets it), as an unprivileged user,
/// cage's output a window on an Xvfb (xdotool types and clicks there) and wev, full screen, the
/// kiosk application: it prints every key and button it gets.
@Suite(.needsHeadlessCompositors)
struct CageTests {
    /// Starts cage running wev and returns it once wev gets clicks and keys (its window mapped
    /// and focused).
    private static func cageRunningWev() async throws -> HeadlessCompositor {
        let compositor = try await HeadlessCompositor.start(.cage(application: WevLog.arguments.joined(separator: " ")))
        try await Poll.until("the application to get a click and keys", lastSeen: { compositor.applicationLog }) {
            try await compositor.click(at: ApplicationPoints.beside)
            try await compositor.type("ping")
            return received(on: compositor).buttons > 0 && received(on: compositor).typed.contains("ping")
        }
        return compositor
    }

    /// What wev, cage's application, got so far.
    private static func received(on compositor: HeadlessCompositor) -> WevLog {
        WevLog(compositor.applicationLog.split(separator: "\n").map(String.init))
    }

    @Test func theHUDIsCentredClicksBesideItReachTheApplicationAndBlockSaysWhatItCannotHold() async throws {
        let compositor = try await Self.cageRunningWev()
        defer { compositor.stop() }
        func received() -> WevLog { Self.received(on: compositor) }
        let before = try await compositor.screenshot()
        let overlay = try compositor.startSpinnerOnXWayland(["--fade", "0"])
        defer { overlay.kill() }
        let hud = try await Poll.value("the HUD", lastSeen: { overlay.errors.text }) {
            try await compositor.screenshot().box(differingFrom: before)
        }
        WaylandTests.expectCentred(hud)

        // Not blocking: a click on the HUD is the overlay's, one beside it the application's.
        var buttons = received().buttons
        try await compositor.click(at: ApplicationPoints.centre)
        try await compositor.click(at: ApplicationPoints.beside)
        buttons += 1
        try await Poll.until("the click beside the HUD to reach the application") { received().buttons >= buttons }

        // A longer message widens the HUD, centred again (cage places a window only when it is
        // first mapped: the overlay makes a new one).
        try await overlay.send("msg Receiving the patient's ECG from the monitor...\n")
        let wider = try await Poll.value("a wider HUD", lastSeen: { overlay.errors.text }) { () -> ScreenRect? in
            guard let box = try await compositor.screenshot().box(differingFrom: before), box.width > hud.width + 40 else {
                return nil
            }
            return box
        }
        WaylandTests.expectCentred(wider)

        // Blocking: no click reaches the application; keys still do, and status says so.
        try await overlay.send("block on\n")
        try await Poll.until("the backdrop") {
            try await compositor.screenshot().color(at: ApplicationPoints.sample) != before.color(at: ApplicationPoints.sample)
        }
        try await WaylandTests.expectBlockIsPartial(overlay)
        try await compositor.click(at: ApplicationPoints.beside)
        try await compositor.type("typed while blocked")
        try await Poll.until("the keys typed while blocked to reach the application, as grab=partial says",
                             lastSeen: { received().typed }) {
            received().typed.contains("typed while blocked")
        }

        // Unblocked: clicks beside the HUD reach it again.
        try await overlay.send("block off\n")
        try await Poll.until("no backdrop") {
            try await compositor.screenshot().color(at: ApplicationPoints.sample) == before.color(at: ApplicationPoints.sample)
        }
        try await compositor.click(at: ApplicationPoints.beside)
        buttons += 1
        try await Poll.until("the click after block off to reach the application") { received().buttons >= buttons }
        // In order: had the HUD's or the blocked click reached it, it would be counted by now.
        #expect(received().buttons == buttons, "\(compositor.applicationLog)")
        #expect(overlay.errors.text == BackendHarness.Kind.cage.startupReport, "\(overlay.errors.text)")
    }

    /// cage stacks a window its application maps later above every other, the HUD's too, and an
    /// X client cannot see native windows: `status` says `above=partial` from the start rather
    /// than claim a HUD that is seen.
    @Test func aWindowMappedLaterCoversTheHUDAsAbovePartialSays() async throws {
        let compositor = try await Self.cageRunningWev()
        defer { compositor.stop() }
        let before = try await compositor.screenshot()
        let overlay = try compositor.startSpinnerOnXWayland(["--fade", "0"])
        defer { overlay.kill() }
        _ = try await Poll.value("the HUD", lastSeen: { overlay.errors.text }) {
            try await compositor.screenshot().box(differingFrom: before)
        }
        let later = try compositor.startClient(WevLog.arguments)
        defer { later.kill() }
        try await Poll.until("the later window, the first one's twin, to cover the HUD", lastSeen: { later.errors.text }) {
            try await compositor.screenshot().box(differingFrom: before) == nil
        }
        try await overlay.send("status\n")
        try await Poll.until("status", lastSeen: { overlay.output.text }) {
            overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=0 grab=none shown=1 stalled=0 above=partial ") }
        }
    }
}
