import Foundation
import Testing

/// `--cancel` on a real Wayland compositor (headless sway): the seat's pointer (sway's `seat -
/// cursor` commands, a real wl_pointer) and keyboard (wtype) reach the layer surface, at scale 1
/// and 2, which says `cancelled` for a click on the Cancel and for Escape while blocking, and
/// for nothing else.
@Suite("The Cancel on a Wayland compositor", .timeLimit(.minutes(3)))
struct WaylandCancelTests {
    private func cancelledLines(_ overlay: ChildProcess) -> Int {
        overlay.output.lines.filter { $0 == "cancelled" }.count
    }

    @Test(arguments: [1, 2])
    func aClickOnTheCancelSaysCancelledAndAClickOnTheWheelDoesNot(scale: Int) async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: scale))
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--cancel"])
        defer { overlay.kill() }
        // The HUD is found before the pointer comes, whose cursor is in the screenshots.
        let hud = try await WaylandTests.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        let pointer = try await compositor.startPointer()
        defer { pointer.kill() }
        // The screenshot is in the output's pixels, sway's cursor in its layout's (pixels / scale).
        try await compositor.click(at: ScreenPoint(x: (hud.x + hud.width / 2) / scale, y: (hud.y + hud.height / 3) / scale))
        try await compositor.click(at: ScreenPoint(x: (hud.x + hud.width / 2) / scale, y: (hud.y + hud.height) / scale - 6))
        try await Poll.until("cancelled on stdout", lastSeen: { overlay.output.text + overlay.errors.text }) { cancelledLines(overlay) > 0 }
        // The clicks are delivered in order: the wheel's came first and said nothing.
        #expect(cancelledLines(overlay) == 1)
    }

    @Test func escapeWhileBlockingCancels() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--cancel", "--on-cancel", "quit"])
        defer { overlay.kill() }
        _ = try await WaylandTests.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        try await overlay.send("block on\n")
        try await Poll.until("the block held", lastSeen: { overlay.output.text }) {
            try await overlay.send("status\n")
            return overlay.output.text.contains("grab=held")
        }
        // `grab=held` is the overlay's asking for the keyboard; sway moves the focus to it a
        // moment later, and a key typed before goes to no surface: typed until it is heard.
        try await Poll.until("Escape to end the overlay", lastSeen: { overlay.output.text + overlay.errors.text }) {
            if overlay.isRunning { try await compositor.run(["wtype", "-k", "Escape"]) }
            return !overlay.isRunning
        }
        #expect(try await overlay.ending() == .exited(8), "stderr: \(overlay.errors.text)")
        #expect(cancelledLines(overlay) == 1)
    }
}
