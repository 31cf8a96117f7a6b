import Foundation
import Testing

/// The overlay on weston 10's kiosk shell, which has no layer shell: an X client of weston's
/// Xwayland with DISPLAY only, as an unprivileged user, weston's output a window on an Xvfb and
/// wev the full-screen application. Whether the kiosk shell shows the overlay's window at all
/// depends on the order (DEPLOYING): started before the application, the HUD shows above it.
@Suite(.needsHeadlessCompositors)
struct WestonKioskTests {
    @Test func startedBeforeTheApplicationTheHUDIsCentredAboveItAndStatusSaysAbovePartial() async throws {
        let compositor = try await HeadlessCompositor.start(.westonXWayland)
        defer { compositor.stop() }
        let overlay = try compositor.startSpinnerOnXWayland(["--fade", "0"])
        defer { overlay.kill() }
        try await Poll.until("shown", lastSeen: { overlay.output.text + overlay.errors.text }) {
            overlay.output.lines.contains("shown")
        }
        let application = try compositor.startClient(WevLog.arguments)
        defer { application.kill() }
        // The application's picture with the HUD over it (wev's checkerboard, no darker than grey
        // 102, in the corner; the HUD's dark fill near its top left corner), then without it:
        // what differs is the HUD.
        let insideTheHUD = ScreenPoint(x: HeadlessCompositor.widthPixels / 2 - 70, y: HeadlessCompositor.heightPixels / 2 - 44)
        let withHUD = try await Poll.value("the application's picture with the HUD", lastSeen: { application.errors.text }) {
            () -> OutputPicture? in
            let picture = try await compositor.screenshot()
            let mapped = picture.color(at: ScreenPoint(x: 10, y: 10)).red >= 90
            return mapped && picture.color(at: insideTheHUD).red < 80 ? picture : nil
        }
        try await overlay.send("status\nhide\n")
        let hud = try await Poll.value("the HUD gone after hide") { () -> ScreenRect? in
            let picture = try await compositor.screenshot()
            return picture.color(at: insideTheHUD).red >= 90 ? picture.box(differingFrom: withHUD) : nil
        }
        WaylandTests.expectCentred(hud)
        try await Poll.until("status", lastSeen: { overlay.output.text }) {
            overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=0 grab=none shown=1 stalled=0 above=partial ") }
        }
        #expect(overlay.errors.lines == [BackendHarness.xClientsOnlyReport(server: "the X server is Xwayland")])
    }
}
