import Foundation
import Testing

/// The native Wayland backend under real compositors, as an unprivileged user: headless sway
/// (with the layer shell) and weston (without it), grim for pictures, foot as the full-screen
/// kiosk application, wtype as the keyboard. Every overlay runs with `--fade 0`, so each picture
/// is final as soon as it is shown.
@Suite(.needsHeadlessCompositors)
struct WaylandTests {
    /// The HUD's default fill, #1C1C1EF2.
    static let hudFill = (color: ScreenColor(red: 0x1C, green: 0x1C, blue: 0x1E), alpha: 0xF2)
    /// The default blocking backdrop, #000000B3.
    static let backdrop = (color: ScreenColor(red: 0, green: 0, blue: 0), alpha: 0xB3)
    /// The full-screen application's colours.
    static let red = ScreenColor(red: 0xCC, green: 0x22, blue: 0x22)
    static let green = ScreenColor(red: 0x22, green: 0xAA, blue: 0x44)
    /// Rows at the top where foot draws its cursor, left out when looking for the HUD.
    static let applicationTextRows = 48
    /// A point outside the HUD, for what the rest of the screen shows.
    static let outside = ScreenPoint(x: 900, y: 700)

    /// `color` at `alpha` (0-255) over `beneath`, as a compositor blends premultiplied pixels.
    static func blend(_ color: ScreenColor, alpha: Int, over beneath: ScreenColor) -> ScreenColor {
        func channel(_ top: Int, _ bottom: Int) -> Int { (top * alpha + bottom * (255 - alpha) + 127) / 255 }
        return ScreenColor(red: channel(color.red, beneath.red), green: channel(color.green, beneath.green),
                           blue: channel(color.blue, beneath.blue))
    }

    /// A point of the HUD's plain fill: its left edge's middle, clear of the corners, wheel and text.
    static func fillPoint(of hud: ScreenRect) -> ScreenPoint { ScreenPoint(x: hud.x + 8, y: hud.y + hud.height / 2) }

    /// Waits until the compositor shows a HUD over `beneath` whose fill is the HUD's colour over
    /// `beneath`; returns its rectangle.
    static func waitForHUD(on compositor: HeadlessCompositor, over beneath: ScreenColor,
                           program: ChildProcess) async throws -> ScreenRect {
        let expected = blend(hudFill.color, alpha: hudFill.alpha, over: beneath)
        var last = "nothing"
        return try await Poll.value("the HUD over \(beneath), filled with \(expected)",
                                    lastSeen: { last + "; overlay stderr: " + program.errors.text }) {
            let shot = try await compositor.screenshot()
            guard let hud = shot.box(differingFrom: beneath, below: applicationTextRows) else { return nil }
            let fill = shot.color(at: fillPoint(of: hud))
            last = "box \(hud), fill \(fill)"
            return fill.isClose(to: expected, tolerance: 4) ? hud : nil
        }
    }

    /// Checks that the HUD's rectangle is centred on the output and HUD-sized (the default
    /// message's HUD is about 164x115 pixels at scale 1).
    static func expectCentred(_ hud: ScreenRect, width: Int = HeadlessCompositor.widthPixels,
                              height: Int = HeadlessCompositor.heightPixels) {
        #expect(abs(hud.x + hud.width / 2 - width / 2) <= 2, "HUD \(hud) centred horizontally")
        #expect(abs(hud.y + hud.height / 2 - height / 2) <= 2, "HUD \(hud) centred vertically")
        #expect(hud.width >= 100 && hud.height >= 100, "HUD \(hud) is a HUD, not a speck")
    }

    /// Starts the overlay (`--fade 0`) on `compositor`: through the layer shell, or, with
    /// `onXWayland`, through the compositor's Xwayland (`--backend x11`, as where no layer shell
    /// is offered).
    static func startOverlay(on compositor: HeadlessCompositor, onXWayland: Bool) throws -> ChildProcess {
        try compositor.startSpinner(["--fade", "0"] + (onXWayland ? ["--backend", "x11"] : []),
                                    extraEnvironment: compositor.xDisplay.map { ["DISPLAY": $0] } ?? [:])
    }

    /// Blocks, and checks that the host hears `grab-lost` and that `status` says
    /// `grab=partial`, never `held`.
    static func expectBlockIsPartial(_ overlay: ChildProcess) async throws {
        try await overlay.send("block\n")
        try await Poll.until("grab-lost and a partial grab", lastSeen: { overlay.output.text }) {
            try await overlay.send("status\n")
            return overlay.output.lines.contains("grab-lost")
                && overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=partial shown=1 stalled=0 above=partial ") }
        }
        #expect(!overlay.output.lines.contains { $0.contains("grab=held") })
    }


    /// What the application got from the keyboard so far.
    static func typed(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test(arguments: [false, true])
    func hudIsCentredAndTranslucentOverAFullScreenApplicationOpenedBeforeIt(onXWayland: Bool) async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: onXWayland))
        defer { compositor.stop() }
        let application = try await compositor.openApplication(color: Self.red, typedPath: compositor.folder.path("typed"))
        defer { application.kill() }
        let overlay = try Self.startOverlay(on: compositor, onXWayland: onXWayland)
        defer { overlay.kill() }
        Self.expectCentred(try await Self.waitForHUD(on: compositor, over: Self.red, program: overlay))
    }

    @Test(arguments: [false, true])
    func staysAboveAnApplicationOpenedAfterItAndShowsItThrough(onXWayland: Bool) async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: onXWayland))
        defer { compositor.stop() }
        let overlay = try Self.startOverlay(on: compositor, onXWayland: onXWayland)
        defer { overlay.kill() }
        let overBackground = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        let application = try await compositor.openApplication(color: Self.green, typedPath: compositor.folder.path("typed"))
        defer { application.kill() }
        // The same HUD, now showing the application's green through its fill.
        let overApplication = try await Self.waitForHUD(on: compositor, over: Self.green, program: overlay)
        #expect(overApplication == overBackground)
    }

    @Test func blockDimsTheApplicationAndTakesTheKeyboardThenUnblockedKeysReachIt() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        // A virtual keyboard held for the whole test: without one the seat has no keyboard, and
        // each wtype's own would be the first, racing the application's wl_keyboard.
        let keyboard = try compositor.startClient(["wtype", "-s", "600000"])
        defer { keyboard.kill() }
        let typedPath = compositor.folder.path("typed")
        let application = try await compositor.openApplication(color: Self.red, typedPath: typedPath)
        defer { application.kill() }
        try await Poll.until("the application to get keys", lastSeen: { Self.typed(typedPath) }) {
            try await compositor.type("ping")
            return Self.typed(typedPath).contains("ping")
        }
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        let hud = try await Self.waitForHUD(on: compositor, over: Self.red, program: overlay)

        try await overlay.send("block on\n")
        let dimmed = Self.blend(Self.backdrop.color, alpha: Self.backdrop.alpha, over: Self.red)
        try await Poll.until("the backdrop to dim the application to \(dimmed)") {
            try await compositor.screenshot().color(at: Self.outside).isClose(to: dimmed, tolerance: 4)
        }
        // The HUD stays above the backdrop: its fill over the dimmed application, not dimmed itself.
        let fill = Self.blend(Self.hudFill.color, alpha: Self.hudFill.alpha, over: dimmed)
        #expect(try await compositor.screenshot().color(at: Self.fillPoint(of: hud)).isClose(to: fill, tolerance: 4),
                "the HUD's fill while blocking is \(fill)")
        try await compositor.type("blocked")
        try await overlay.send("status\n")
        try await Poll.until("the status line", lastSeen: { overlay.output.text }) {
            overlay.output.lines.contains { $0.hasPrefix("visible=1 blocked=1 grab=held ") }
        }

        try await overlay.send("block off\n")
        try await Poll.until("the application to show undimmed") {
            try await compositor.screenshot().color(at: Self.outside).isClose(to: Self.red, tolerance: 2)
        }
        try await compositor.type("free")
        try await Poll.until("the unblocked keys to reach the application", lastSeen: { Self.typed(typedPath) }) {
            Self.typed(typedPath).contains("free")
        }
        #expect(!Self.typed(typedPath).contains("blocked"), "keys typed while blocked reached the application")
    }

    /// Through the layer shell, and through the compositor's Xwayland (`--backend x11`, as on a
    /// compositor without the layer shell), whose X server does not pass the window's input
    /// shape on: there the window covers only the HUD unless blocking.
    @Test(arguments: [false, true])
    func clicksOutsideTheHUDReachTheApplicationUnlessBlocked(onXWayland: Bool) async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: onXWayland))
        defer { compositor.stop() }
        let pointer = try await compositor.startPointer()
        defer { pointer.kill() }
        // wev, full screen, prints every button press it gets.
        let application = try compositor.startClient(["stdbuf", "-oL", "wev", "-f", "wl_pointer:button"])
        defer { application.kill() }
        func presses() -> Int { application.output.lines.filter { $0.contains("(pressed)") }.count }
        let outside = Self.outside
        // Where the backdrop is looked for: away from the clicks, as the pointer is in the picture.
        let sample = ScreenPoint(x: 100, y: 600)
        let centre = ScreenPoint(x: HeadlessCompositor.widthPixels / 2, y: HeadlessCompositor.heightPixels / 2)
        try await Poll.until("the application to get clicks", lastSeen: { application.output.text + application.errors.text }) {
            try await compositor.click(at: outside)
            return presses() > 0
        }
        let before = try await compositor.screenshot()
        let overlay = try Self.startOverlay(on: compositor, onXWayland: onXWayland)
        defer { overlay.kill() }
        // The surface's picture and its input region come in one commit (the X window's place
        // and picture in one flush).
        try await Poll.until("the HUD", lastSeen: { overlay.errors.text }) {
            try await compositor.screenshot().color(at: centre) != before.color(at: centre)
        }

        // Not blocking: a click on the HUD is the overlay's, one beside it the application's.
        var expected = presses()
        try await compositor.click(at: centre)
        try await compositor.click(at: outside)
        expected += 1
        try await Poll.until("the click beside the HUD to reach the application") { presses() >= expected }

        // Blocking: no click reaches it, until `block off`.
        try await overlay.send("block on\n")
        try await Poll.until("the backdrop") {
            try await compositor.screenshot().color(at: sample) != before.color(at: sample)
        }
        try await compositor.click(at: outside)
        try await overlay.send("block off\n")
        try await Poll.until("no backdrop") {
            try await compositor.screenshot().color(at: sample) == before.color(at: sample)
        }
        try await compositor.click(at: outside)
        expected += 1
        try await Poll.until("the click after block off to reach the application") { presses() >= expected }
        // Clicks are delivered in order: had the HUD's or the blocked one reached it, it would be over.
        #expect(presses() == expected, "\(application.output.text)")
    }

    @Test func hideLeavesNothingOnTheScreen() async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0"])
        defer { overlay.kill() }
        _ = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        try await overlay.send("block on\nhide\n")
        var left: ScreenRect?
        try await Poll.until("every pixel to be the background again", lastSeen: { "left: \(String(describing: left))" }) {
            left = try await compositor.screenshot().box(differingFrom: compositor.background, tolerance: 0)
            return left == nil
        }
        // Shown again, it is whole.
        try await overlay.send("block off\nshow\n")
        _ = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
    }

    /// Shown, the overlay wakes for the wheel; hidden, it sleeps until something happens: either
    /// way the compositor's end wakes it.
    @Test(arguments: [false, true])
    func exitsWith4Within2SecondsWhenTheCompositorDies(hidden: Bool) async throws {
        let compositor = try await HeadlessCompositor.start()
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0"] + (hidden ? ["--start-hidden"] : []))
        defer { overlay.kill() }
        if hidden {
            try await Poll.until("ready", lastSeen: { overlay.errors.text }) { overlay.output.lines.first == "ready" }
        } else {
            _ = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        }
        let (elapsed, load) = try await MachineLoad.measuring {
            let watch = ExitWatch(overlay)
            let killed = ContinuousClock.now
            compositor.kill()
            let exited = try await Poll.value("the overlay to exit after its compositor died", within: Poll.defaultSeconds) { watch.endedAt }
            return (exited - killed) / .seconds(1)
        }
        // DEPLOYING: within 2 s; on a loaded machine, widened by MachineLoad as the X tests' exit is.
        let limit = load.limit(seconds: 2, hops: FaultTests.exitHops)
        #expect(try await overlay.ending() == .exited(4))
        #expect(elapsed < limit, "exited \(elapsed) s after the compositor died; the limit is \(limit) s (\(load))")
        #expect(overlay.errors.lines == ["kiosk-spinner: lost the connection to the Wayland compositor; exiting"])
    }

    @Test func aScale2OutputGetsTheHUDLaidOutAtTwiceTheSize() async throws {
        var huds: [ScreenRect] = []
        for scale in [1, 2] {
            let compositor = try await HeadlessCompositor.start(.sway(scale: scale))
            defer { compositor.stop() }
            let overlay = try compositor.startSpinner(["--fade", "0"])
            defer { overlay.kill() }
            // Both outputs are 1024x768 pixels: at scale 2 the HUD, its type and wheel are twice
            // as many pixels, drawn at full resolution (not a scale-1 picture stretched).
            let hud = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
            Self.expectCentred(hud)
            huds.append(hud)
        }
        // Twice, give or take the rounding of paddings and type to whole pixels (320x223 for 164x115).
        let widthRatio = Double(huds[1].width) / Double(huds[0].width)
        let heightRatio = Double(huds[1].height) / Double(huds[0].height)
        #expect(abs(widthRatio - 2) <= 0.1 && abs(heightRatio - 2) <= 0.1, "HUD at scale 1 \(huds[0]), at scale 2 \(huds[1])")
    }

    /// A scale-2 output that reports no size is 192 dpi to the display rule, as a snapshot at
    /// `--dpi 192` is: the two lay out the same HUD (its box, to the anti-aliased edge pixel).
    @Test func aScale2OutputLaysOutWhatASnapshotAtItsDensityDoes() async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 2))
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner(["--fade", "0", "--message", "Receiving ECG..."])
        defer { overlay.kill() }
        let live = try await Self.waitForHUD(on: compositor, over: compositor.background, program: overlay)
        let size = "\(HeadlessCompositor.widthPixels)x\(HeadlessCompositor.heightPixels)"
        let snapshot = try await SnapshotMatchesLiveTests.snapshot(["--dpi", "192", "--window", size,
                                                                    "--message", "'Receiving ECG...'"], commands: [])
        let drawn = try #require(SnapshotMatchesLiveTests.box(of: snapshot, width: HeadlessCompositor.widthPixels))
        for (a, b) in [(live.x, drawn.x), (live.y, drawn.y), (live.width, drawn.width), (live.height, drawn.height)] {
            #expect(abs(a - b) <= 1, "the HUD lies at \(live) on the output and at \(drawn) in the snapshot")
        }
    }

    @Test func displayAllShowsOnEveryOutputAndDisplayNOnThatOneOnly() async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, outputs: 2))
        defer { compositor.stop() }
        let width = HeadlessCompositor.widthPixels
        let everywhere = try compositor.startSpinner(["--fade", "0", "--display", "all"])
        defer { everywhere.kill() }
        let both = try await Self.waitForHUD(on: compositor, over: compositor.background, program: everywhere)
        // The box around both HUDs spans from the first's left edge to the second's right edge.
        #expect(both.x + both.width / 2 == width, "HUDs \(both) on both outputs, alike")
        #expect(both.width > width)
        try await everywhere.send("quit\n")
        #expect(try await everywhere.ending() == .exited(0))

        let second = try compositor.startSpinner(["--fade", "0", "--display", "1"])
        defer { second.kill() }
        let hud = try await Self.waitForHUD(on: compositor, over: compositor.background, program: second)
        Self.expectCentred(ScreenRect(x: hud.x - width, y: hud.y, width: hud.width, height: hud.height))

        let missing = try compositor.startSpinner(["--display", "2"])
        #expect(try await missing.ending() == .exited(6))
        #expect(missing.errors.text.contains("--display 2: no such output; the Wayland compositor at WAYLAND_DISPLAY="))
    }

    @Test func withoutALayerShellItSaysSoAndExits3() async throws {
        let compositor = try await HeadlessCompositor.start(.weston)
        defer { compositor.stop() }
        let overlay = try compositor.startSpinner([])
        defer { overlay.kill() }
        #expect(try await overlay.ending() == .exited(3))
        #expect(overlay.errors.lines.count == 1)
        #expect(overlay.errors.text.contains("does not offer zwlr_layer_shell_v1"))
    }

    /// Without the layer shell the overlay shows through the X server beside the compositor, and
    /// says that its `block` cannot hold the compositor's own applications: `status` never says
    /// `held` there, and the host hears `grab-lost`.
    @Test func withoutALayerShellItFallsBackToXWaylandWhenDisplayIsSetAndSaysBlockIsPartial() async throws {
        let compositor = try await HeadlessCompositor.start(.weston)
        defer { compositor.stop() }
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let overlay = try compositor.startSpinner([], extraEnvironment: ["DISPLAY": screen.name])
        defer { overlay.kill() }
        try await Poll.until("ready", lastSeen: { overlay.output.text + overlay.errors.text }) {
            overlay.output.lines.first == "ready"
        }
        #expect(overlay.errors.lines == ["kiosk-spinner: the Wayland compositor does not offer zwlr_layer_shell_v1, which an "
            + "overlay needs (wlroots compositors, labwc, wayfire, Ubuntu Frame and KDE do; GNOME and Weston do not); "
            + "trying x11 instead",
            BackendHarness.xClientsOnlyReport(server: "a Wayland compositor runs (WAYLAND_DISPLAY=\(compositor.socketName))")])
        try await Self.expectBlockIsPartial(overlay)
    }

    /// On Xwayland every move of the window is a new window (cage places an override-redirect
    /// window only when it is mapped): a message that widens the HUD, animated over the default
    /// `--fade`, makes one new window for the whole change (covering where the HUD goes), not one
    /// a frame, and the HUD ends centred. xev counts the windows created on the X screen.
    @Test func onXWaylandAResizedHUDMakesOneNewWindowAndEndsCentred() async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: true))
        defer { compositor.stop() }
        let xDisplay = ["DISPLAY": compositor.xDisplay ?? ""]
        let application = try await compositor.openApplication(color: Self.red, typedPath: compositor.folder.path("typed"))
        defer { application.kill() }
        let overlay = try compositor.startSpinner(["--backend", "x11"], extraEnvironment: xDisplay)
        defer { overlay.kill() }
        let first = try await Self.waitForHUD(on: compositor, over: Self.red, program: overlay)
        let creations = try compositor.startClient(["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
                                                   extraEnvironment: xDisplay)
        defer { creations.kill() }
        // xev has selected the events once it prints one: the overlay's window hidden and shown
        // again (in place, so no new window).
        func count(_ event: String) -> Int { overlay.output.lines.filter { $0 == event }.count }
        try await Poll.until("xev to watch the screen", lastSeen: { creations.errors.text }) {
            for (command, event) in [("hide", "hidden"), ("show", "shown")] {
                let seen = count(event)
                try await overlay.send(command + "\n")
                try await Poll.until("the overlay \(event)") { count(event) > seen }
            }
            return creations.output.text.contains("MapNotify")
        }
        /// The windows created on the screen so far, as xev printed them (one event a paragraph,
        /// the last one left out until its blank line came): whether each is override-redirect
        /// (the overlay's are).
        func created() -> [Bool] {
            creations.output.text.components(separatedBy: "\n\n").dropLast().filter { $0.contains("CreateNotify") }
                .map { $0.contains("override YES") }
        }
        let before = created().count
        try await overlay.send("msg Receiving the ECG from the monitor at bed 12\n")
        // Settled: the same wider box in two pictures in a row (the change takes 200 ms).
        var last: ScreenRect?
        let wider = try await Poll.value("the wider HUD, settled", lastSeen: { overlay.errors.text }) { () -> ScreenRect? in
            let hud = try await Self.waitForHUD(on: compositor, over: Self.red, program: overlay)
            defer { last = hud }
            return hud.width > first.width + 40 && hud == last ? hud : nil
        }
        Self.expectCentred(wider)
        // A settled HUD makes no more windows. A window of another client, created after, marks
        // where xev's report of the change ends.
        let marker = try compositor.startClient(["xmessage", "marker"], extraEnvironment: xDisplay)
        defer { marker.kill() }
        try await Poll.until("xev to report the marker window", lastSeen: { creations.output.text }) {
            created().dropFirst(before).contains(false)
        }
        let overlayWindows = created().dropFirst(before).prefix { $0 }
        #expect(overlayWindows.count == 1, "\(overlayWindows.count) windows made for one change of the HUD's size")
    }

    /// As a unit on cage sees it: DISPLAY only, naming the compositor's Xwayland 22.1, which
    /// offers no XWAYLAND extension (its RandR outputs are named XWAYLAND0, ...). The overlay must
    /// still know that its grab cannot hold the native applications' keys.
    @Test func onXWaylandWithOnlyDisplaySetBlockIsPartial() async throws {
        let compositor = try await HeadlessCompositor.start(.sway(scale: 1, xwayland: true))
        defer { compositor.stop() }
        let overlay = try compositor.startSpinnerOnXWayland(["--fade", "0"])
        defer { overlay.kill() }
        try await Poll.until("ready", lastSeen: { overlay.output.text + overlay.errors.text }) {
            overlay.output.lines.first == "ready"
        }
        #expect(overlay.errors.lines == [BackendHarness.xClientsOnlyReport(server: "the X server is Xwayland")])
        try await Self.expectBlockIsPartial(overlay)
    }

    @Test func backendWaylandWithoutACompositorExits3() async throws {
        var environment = ChildProcess.environment(display: nil)
        environment["WAYLAND_DISPLAY"] = "kiosk-spinner-no-such-compositor"
        let overlay = try SpinnerExecutable.start(["--backend", "wayland"], environment: environment)
        #expect(try await overlay.ending() == .exited(3))
        #expect(overlay.errors.text.contains("no Wayland compositor answers at WAYLAND_DISPLAY=kiosk-spinner-no-such-compositor"))
    }
}
