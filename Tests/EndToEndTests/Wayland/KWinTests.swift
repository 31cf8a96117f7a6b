import Foundation
import Testing

/// The overlay on KWin 5.27 (Plasma's compositor) through its layer shell, as an unprivileged
/// user, with wev full screen as the application: it prints every key and button it gets.
/// (foot, the application of the sway tests, dies of a division by zero on KWin's nested output,
/// which reports no physical size.) KWin gives a clicked layer surface the keyboard whatever
/// it asked for, and leaves it there when the surface lets go of it after `block`: the
/// application's keys went nowhere until `hide`. The overlay now replaces its surface when it
/// finds itself holding a keyboard it did not ask for.
@Suite(.needsHeadlessCompositors)
struct KWinTests {
    @Test func theApplicationKeepsItsKeyboardWhenTheHUDIsClickedAndGetsItBackAfterUnblock() async throws {
        let compositor = try await HeadlessCompositor.start(.kwin)
        defer { compositor.stop() }
        let application = try compositor.startClient(["stdbuf", "-oL"] + WevLog.arguments)
        defer { application.kill() }
        func received() -> WevLog { WevLog(application.output.lines) }
        try await Poll.until("the application to get a click and keys", lastSeen: { application.output.text + application.errors.text }) {
            try await compositor.click(at: ApplicationPoints.beside)
            try await compositor.type("ping")
            return received().buttons > 0 && received().typed.contains("ping")
        }
        let before = try await compositor.screenshot()
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        try await Poll.until("the HUD", lastSeen: { overlay.errors.text }) {
            try await compositor.screenshot().color(at: ApplicationPoints.centre) != before.color(at: ApplicationPoints.centre)
        }

        // A click on the HUD is the overlay's, and the keyboard stays the application's.
        var buttons = received().buttons
        for round in 1...3 {
            try await compositor.click(at: ApplicationPoints.centre)
            try await compositor.type("hud\(round)")
            try await Poll.until("the keys typed after click \(round) on the HUD to reach the application",
                                 lastSeen: { received().typed + "; overlay: " + overlay.errors.text }) {
                received().typed.contains("hud\(round)")
            }
        }
        try await compositor.click(at: ApplicationPoints.beside)
        buttons += 1
        try await Poll.until("the click beside the HUD to reach the application") { received().buttons >= buttons }

        // Blocking: neither keys nor clicks reach it, and status says the grab holds.
        try await overlay.send("block on\n")
        try await Poll.until("the backdrop") {
            try await compositor.screenshot().color(at: ApplicationPoints.sample) != before.color(at: ApplicationPoints.sample)
        }
        // Held once the surface that takes every key and click is shown (pending before).
        try await Poll.until("the status line", lastSeen: { overlay.output.text }) {
            try await overlay.send("status\n")
            return overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=held ") }
        }
        try await compositor.click(at: ApplicationPoints.beside)
        try await compositor.type("blocked")

        // Unblocked: the keys reach it again with no click first, then clicks.
        try await overlay.send("block off\n")
        try await Poll.until("no backdrop") {
            try await compositor.screenshot().color(at: ApplicationPoints.sample) == before.color(at: ApplicationPoints.sample)
        }
        try await compositor.type("free")
        try await Poll.until("the keys typed after block off to reach the application", lastSeen: { received().typed }) {
            received().typed.contains("free")
        }
        try await compositor.click(at: ApplicationPoints.beside)
        buttons += 1
        try await Poll.until("the click after block off to reach the application") { received().buttons >= buttons }
        // In order: had the blocked click or keys reached it, they would be counted by now.
        #expect(received().buttons == buttons, "\(application.output.text)")
        #expect(!received().typed.contains("blocked"), "keys typed while blocked reached the application")
        #expect(overlay.errors.text.isEmpty, "\(overlay.errors.text)")
    }
}
