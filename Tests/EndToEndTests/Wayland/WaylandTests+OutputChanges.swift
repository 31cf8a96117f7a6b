import Foundation
import Testing

/// sway's output changed under the overlay (`swaymsg output ... mode/transform/scale`): the
/// overlay gets a surface of the new size, the HUD is centred on the output and, while blocking,
/// the backdrop covers all of it.
extension WaylandTests {
    @Test func aModeChangedWhileShownHasTheHUDCentredOnTheNewMode() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        _ = try await OutputPicture.waitForCentredHUD(width: HeadlessCompositor.widthPixels, height: HeadlessCompositor.heightPixels,
                                                      over: compositor.background, in: compositor.screenshot)
        try await compositor.swaymsg("output HEADLESS-1 mode 800x600")
        _ = try await OutputPicture.waitForCentredHUD(width: 800, height: 600, over: compositor.background, in: compositor.screenshot)
        try await overlay.send("status\n")
        try await Poll.until("the status") { overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=0 grab=none shown=1 ") } }
    }

    /// Blocking, the output turned a quarter (portrait): the backdrop dims all of the portrait
    /// output, no strip left undimmed, and the HUD is centred on it.
    @Test func anOutputTurnedWhileBlockingIsDimmedWhole() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        let dimmed = Self.blend(Self.backdrop.color, alpha: Self.backdrop.alpha, over: compositor.background)
        try await overlay.send("block\n")
        _ = try await OutputPicture.waitForCentredHUD(width: HeadlessCompositor.widthPixels, height: HeadlessCompositor.heightPixels,
                                                      over: dimmed, in: compositor.screenshot)
        try await compositor.swaymsg("output HEADLESS-1 transform 90")
        _ = try await OutputPicture.waitForCentredHUD(width: HeadlessCompositor.heightPixels, height: HeadlessCompositor.widthPixels,
                                                      over: dimmed, in: compositor.screenshot)
    }

    /// The output's scale turned to 2 while shown: the HUD is laid out anew at twice the
    /// pixels, still centred.
    @Test func aScaleChangedWhileShownLaysTheHUDOutAtTheNewScale() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        let width = HeadlessCompositor.widthPixels, height = HeadlessCompositor.heightPixels
        let before = try await OutputPicture.waitForCentredHUD(width: width, height: height, over: compositor.background,
                                                               in: compositor.screenshot)
        try await compositor.swaymsg("output HEADLESS-1 scale 2")
        let after = try await Poll.value("the HUD at twice the pixels") { () async throws -> ScreenRect? in
            let hud = try await OutputPicture.waitForCentredHUD(width: width, height: height, over: compositor.background,
                                                                in: compositor.screenshot)
            return Double(hud.width) / Double(before.width) > 1.8 ? hud : nil
        }
        #expect(abs(Double(after.width) / Double(before.width) - 2) <= 0.1, "HUD at scale 1 \(before), at scale 2 \(after)")
    }
}

extension WaylandTests {
    /// `--display all` blocking on sway's one output, an output plugged in (`create_output`):
    /// the new output is dimmed whole with its own HUD at once, and one line says so; on
    /// Xwayland too, where the output is a RandR output of the X screen, and the HUD an X window.
    /// (Outputs taken away are the next test's: sway 1.7 cannot unplug a headless output, and
    /// its `output ... disable` leaves the output's global and the layer surface on it.)
    @Test(arguments: [false, true])
    func anOutputPluggedInWhileBlockingOnEveryOutputIsCoveredToo(onXWayland: Bool) async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: onXWayland))
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0", "--display", "all"] + (onXWayland ? ["--backend", "x11"] : []),
                                                  extraEnvironment: compositor.xDisplay.map { ["DISPLAY": $0] } ?? [:])
        defer { overlay.kill() }
        let width = HeadlessCompositor.widthPixels, height = HeadlessCompositor.heightPixels
        let dimmed = Self.blend(Self.backdrop.color, alpha: Self.backdrop.alpha, over: compositor.background)
        try await overlay.send("block\n")
        _ = try await OutputPicture.waitForCentredHUD(width: width, height: height, over: dimmed, in: compositor.screenshot)

        // sway makes the new output 1920x1080, right of the first.
        try await compositor.swaymsg("create_output")
        try await Self.waitForTwoOutputsDimmedWithAHUDEach(on: compositor, first: ScreenRect(x: 0, y: 0, width: width, height: height),
                                                           over: dimmed, overlay: overlay)
        let output = onXWayland ? "XWAYLAND1" : "HEADLESS-2"
        let startLines = onXWayland
            ? [BackendHarness.xClientsOnlyReport(server: "a Wayland compositor runs (WAYLAND_DISPLAY=\(compositor.socketName))")] : []
        #expect(overlay.errors.lines == startLines + ["kiosk-spinner: display 1 (output \(output)) was plugged in: the overlay shows there too"])

        try await overlay.send("status\n")
        let grab = onXWayland ? "partial" : "held"
        try await Poll.until("the status") { overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=\(grab) shown=1 ") } }
    }

    /// `--display all` blocking on two outputs, each unplugged in turn (sway's outputs are
    /// windows of another sway, closed): the one left, widened to the width of both, is dimmed
    /// whole with its HUD centred; with none left the overlay says `hidden` and `grab-lost`, and
    /// `status` says it shows nothing and holds nothing; an output plugged in then is covered again.
    @Test func outputsUnpluggedWhileBlockingOnEveryOutputAreFollowedToTheLast() async throws {
        let compositor = try await HeadlessCompositor.start(.swayInWindows(outputs: 2))
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0", "--display", "all"])
        defer { overlay.kill() }
        let width = HeadlessCompositor.widthPixels, height = HeadlessCompositor.heightPixels
        let dimmed = Self.blend(Self.backdrop.color, alpha: Self.backdrop.alpha, over: compositor.background)
        try await overlay.send("block\n")
        try await Self.waitForTwoOutputsDimmedWithAHUDEach(on: compositor, first: ScreenRect(x: 0, y: 0, width: width, height: height),
                                                           over: dimmed, overlay: overlay)

        try await compositor.unplug("WL-2")
        _ = try await OutputPicture.waitForCentredHUD(width: 2 * width, height: height, over: dimmed, in: compositor.screenshot)
        #expect(overlay.errors.lines == ["kiosk-spinner: display 1 (output WL-2) is gone (unplugged or turned off): "
                                         + "the overlay is not seen there until it is back"])
        try await overlay.send("status\n")
        try await Poll.until("the status with one output left") {
            overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=held shown=1 ") }
        }

        try await compositor.unplug("WL-1")
        try await Poll.until("hidden and grab-lost", lastSeen: { overlay.output.text }) {
            overlay.output.lines.suffix(2) == ["hidden", "grab-lost"]
        }
        try await overlay.send("status\n")
        try await Poll.until("the status with no output", lastSeen: { overlay.output.text }) {
            overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=refused shown=0 ") }
        }

        // The new output is the outer sway's only window: the width of both.
        try await compositor.swaymsg("create_output")
        _ = try await OutputPicture.waitForCentredHUD(width: 2 * width, height: height, over: dimmed, in: compositor.screenshot)
        try await Poll.until("shown and grab-held", lastSeen: { overlay.output.text }) {
            overlay.output.lines.suffix(2) == ["shown", "grab-held"]
        }
        #expect(overlay.errors.lines.count == 3, "a line for each output gone and one for the new one: \(overlay.errors.lines)")
    }

    /// Waits until the screenshot is two outputs side by side, `first` and the rest right of it,
    /// each dimmed (`dimmed`) but for a HUD in its middle.
    private static func waitForTwoOutputsDimmedWithAHUDEach(on compositor: HeadlessCompositor, first: ScreenRect,
                                                            over dimmed: ScreenColor, overlay: ChildProcess) async throws {
        var last = "nothing"
        try await Poll.until("a HUD on each of the two outputs, both dimmed whole", lastSeen: { last + "; " + overlay.errors.text }) {
            let shot = try await compositor.screenshot()
            last = "\(shot.width)x\(shot.height)"
            guard shot.width > first.width else { return false }
            let outputs = [first, ScreenRect(x: first.width, y: 0, width: shot.width - first.width, height: shot.height)]
            let covered = outputs.map { output in
                stride(from: output.y + 8, to: output.y + output.height, by: 96).allSatisfy { y in
                    stride(from: output.x + 8, to: output.x + output.width, by: 96).allSatisfy { x in
                        let inHUD = abs(x - output.x - output.width / 2) < 90 && abs(y - output.y - output.height / 2) < 70
                        return inHUD || shot.color(at: ScreenPoint(x: x, y: y)).isClose(to: dimmed, tolerance: 8)
                    }
                } && !shot.color(at: ScreenPoint(x: output.x + output.width / 2 - 60, y: output.height / 2)).isClose(to: dimmed, tolerance: 8)
            }
            last += ", dimmed whole with a HUD: \(covered)"
            return covered == [true, true]
        }
    }
}
