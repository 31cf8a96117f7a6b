import Foundation
import Testing

/// The X11 backend follows its screen as a panel's mode and rotation change (RandR, on a
/// resizable Xephyr screen): the HUD is centred on the new screen and whole, an overlay merely
/// shown leaves the rest of the new screen to the application, and a block dims all of it.
@Suite("A screen that changes under the overlay", .timeLimit(.minutes(3)))
struct ScreenChangeTests {
    /// What the kiosk application shows, on a window as large as the screen can become.
    static let wallpaper = ScreenColor(red: 0x30, green: 0x60, blue: 0xC0)

    /// A resizable screen, the application's wallpaper on it (kept by its own connection) and
    /// the overlay over them.
    private struct Scene {
        let screen: VirtualScreen
        let application: X11Connection
        let overlay: LiveOverlay

        /// Stops the overlay, then the screen.
        func stop() {
            overlay.stop()
            screen.stop()
        }
    }

    /// A resizable screen of `width` x `height` under the application's wallpaper, and the
    /// overlay on it with `arguments`, shown.
    private static func start(width: Int, height: Int, _ arguments: [String]) async throws -> Scene {
        let screen = try await VirtualScreen.startResizable(width: width, height: height)
        do {
            let application = try X11Connection(displayName: screen.name)
            _ = try await application.makeWallpaper(wallpaper, size: VirtualScreen.resizableMaximum)
            let overlay = try LiveOverlay.start(on: screen, ["--fade", "0"] + arguments)
            _ = try await overlay.waitForEvent("shown")
            return Scene(screen: screen, application: application, overlay: overlay)
        } catch {
            screen.stop()
            throw error
        }
    }

    /// Runs `xrandr` with `arguments` on the overlay's screen.
    private static func xrandr(_ overlay: LiveOverlay, _ arguments: [String]) async throws {
        let finished = try await overlay.tool("xrandr", arguments)
        #expect(finished.ending == .exited(0), "xrandr \(arguments): \(finished.errors)")
    }

    /// Points a third of the way in from each edge of a `width` x `height` screen, and its
    /// corners: where no HUD is.
    private static func awayFromTheHUD(width: Int, height: Int) -> [ScreenPoint] {
        [ScreenPoint(x: 2, y: 2), ScreenPoint(x: width - 3, y: height - 3), ScreenPoint(x: width - 3, y: 2),
         ScreenPoint(x: 2, y: height - 3), ScreenPoint(x: width / 6, y: height / 2), ScreenPoint(x: width * 5 / 6, y: height / 2),
         ScreenPoint(x: width / 2, y: height / 6), ScreenPoint(x: width / 2, y: height * 5 / 6)]
    }

    /// Points inside a HUD centred on a `width` x `height` screen (about 128x90 pixels saying
    /// "Please wait..." at 96 dpi), left and right of the wheel.
    private static func onTheHUD(width: Int, height: Int) -> [ScreenPoint] {
        [ScreenPoint(x: width / 2 - 45, y: height / 2 - 15), ScreenPoint(x: width / 2 + 45, y: height / 2 - 15)]
    }

    /// Waits until every point of `points` on the overlay's screen shows the wallpaper
    /// (`free`), or none does.
    private static func waitUntil(_ points: [ScreenPoint], areFree free: Bool, on overlay: LiveOverlay, _ what: String) async throws {
        try await Poll.until(what, lastSeen: { points.map { "\($0): \(overlay.x.color(at: $0).map(String.init(describing:)) ?? "-")" }.joined(separator: ", ") }) {
            points.allSatisfy { point in (overlay.x.color(at: point)?.isClose(to: wallpaper) ?? !free) == free }
        }
    }

    /// 1024x768 shrunk to 800x600 while shown: the HUD moves to the new centre, and where it
    /// was (right of the new HUD) is the application again.
    @Test func aScreenShrunkWhileShownHasItsHUDInTheNewMiddle() async throws {
        let scene = try await Self.start(width: 1024, height: 768, [])
        defer { scene.stop() }
        let overlay = scene.overlay
        try await Self.waitUntil(Self.onTheHUD(width: 1024, height: 768), areFree: false, on: overlay, "the HUD at 1024x768")

        try await Self.xrandr(overlay, ["-s", "800x600"])
        try await Self.waitUntil(Self.onTheHUD(width: 800, height: 600), areFree: false, on: overlay, "the HUD centred at 800x600")
        try await Self.waitUntil(Self.awayFromTheHUD(width: 800, height: 600) + [Self.onTheHUD(width: 1024, height: 768)[1]], areFree: true,
                                 on: overlay, "the application everywhere else")
        #expect(try await overlay.status().contains(" shown=1 "))
    }

    /// Grown from 800x600 to 1280x1024 while shown: no black where the old window was not, the
    /// application everywhere but the HUD, which is in the new middle.
    @Test func aScreenGrownWhileShownLeavesTheApplicationUncovered() async throws {
        let scene = try await Self.start(width: 800, height: 600, [])
        defer { scene.stop() }
        let overlay = scene.overlay
        try await Self.waitUntil(Self.onTheHUD(width: 800, height: 600), areFree: false, on: overlay, "the HUD at 800x600")

        try await Self.xrandr(overlay, ["-s", "1280x1024"])
        try await Self.waitUntil(Self.onTheHUD(width: 1280, height: 1024), areFree: false, on: overlay, "the HUD centred at 1280x1024")
        try await Self.waitUntil(Self.awayFromTheHUD(width: 1280, height: 1024) + Self.onTheHUD(width: 800, height: 600),
                                 areFree: true, on: overlay, "the application everywhere else")
    }

    /// Blocking, the panel turned to portrait (1024x768 to 768x1024): the whole new screen is
    /// dimmed, no strip of the application left, the HUD centred, the grab still held.
    @Test func aPanelTurnedWhileBlockingIsDimmedWhole() async throws {
        let scene = try await Self.start(width: 1024, height: 768, [])
        defer { scene.stop() }
        let overlay = scene.overlay
        _ = try await overlay.status(after: ["block"])
        try await Self.waitUntil(Self.awayFromTheHUD(width: 1024, height: 768), areFree: false, on: overlay, "the block's backdrop")

        try await Self.xrandr(overlay, ["-o", "left"])
        let portrait = (width: 768, height: 1024)
        let grid = stride(from: 8, to: portrait.height, by: 96).flatMap { y in
            stride(from: 8, to: portrait.width, by: 96).map { ScreenPoint(x: $0, y: y) }
        }
        try await Self.waitUntil(grid + Self.awayFromTheHUD(width: portrait.width, height: portrait.height), areFree: false,
                                 on: overlay, "the whole portrait screen dimmed")
        try await Self.waitUntil(Self.onTheHUD(width: portrait.width, height: portrait.height), areFree: false, on: overlay,
                                 "the HUD centred on the portrait screen")
        let status = try await overlay.status()
        #expect(status.hasPrefix("visible=1 blocked=1 grab=held shown=1 "), "\(status)")
    }
}
