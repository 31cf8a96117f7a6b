import Foundation
import Testing

/// The live overlay looks like its snapshot over whatever is beneath it: the HUD's corners are
/// soft, with no dark rim, and `block` dims the screen instead of blacking it out. On a bare X
/// server the overlay reads the screen beneath and blends over it itself; under a compositing
/// manager (xcompmgr, running before the overlay starts) its window has per-pixel alpha and the
/// compositor blends it, so a change beneath shows through at once.
///
/// Beneath the overlay is a wallpaper window of one colour. The HUD and backdrop colours are
/// given on the command line, so the expected blends do not follow the defaults; where the HUD
/// is, is found in the picture.
@Suite("The live picture over what is beneath it", .timeLimit(.minutes(2)))
struct LivePictureTests {
    /// A bare server, and a compositing manager.
    static let desktops: [TestDesktop] = [.bare, .compositor]

    @Test(arguments: desktops)
    func hudCornersBlendIntoWhatIsBeneath(desktop: TestDesktop) async throws {
        let scene = try await LivePicture.start(desktop)
        defer { scene.stop() }
        let first = try await scene.waitForHUD(over: LivePicture.wallpaper)
        try scene.expectSoftCorners(of: first, over: LivePicture.wallpaper)

        // A longer message makes the HUD wider, over screen the overlay has not read yet.
        _ = try await scene.overlay.status(after: ["msg Installing the update. The device restarts when it is done."])
        let grown = try await scene.waitForHUD(over: LivePicture.wallpaper) { $0.width > first.width }
        try scene.expectSoftCorners(of: grown, over: LivePicture.wallpaper)
    }

    @Test(arguments: desktops)
    func blockDimsTheScreenInsteadOfBlackingItOut(desktop: TestDesktop) async throws {
        let scene = try await LivePicture.start(desktop)
        defer { scene.stop() }
        _ = try await scene.waitForHUD(over: LivePicture.wallpaper)

        _ = try await scene.overlay.status(after: ["block"])
        let dimmed = LivePicture.dimmed(LivePicture.wallpaper)
        for point in [TestScreenLayout.topLeft, TestScreenLayout.bottomRight] {
            try await scene.overlay.waitForColor(dimmed, at: point)
        }
        let hud = try await scene.waitForHUD(over: dimmed)
        try scene.expectSoftCorners(of: hud, over: dimmed)
    }

    /// With the theme's own colours on a bare server, what the overlay reads it frosts: the HUD
    /// is the theme's fill at 85 % over the (blurred) wallpaper, and `block` with the default
    /// backdrop turns the frozen wallpaper grey and 70 % darker.
    @Test func onABareServerTheThemesLookFrostsWhatItReads() async throws {
        let scene = try await LivePicture.start(.bare, arguments: ["--fade", "0"])
        defer { scene.stop() }
        let frostedFill = LivePicture.wallpaper.covered(by: ScreenColor.hudColor, alpha: 0xD9 / 255)
        try await scene.overlay.waitForColor(frostedFill, at: TestScreenLayout.hudFill)

        _ = try await scene.overlay.status(after: ["block"])
        // Rec. 709 luma of #3060C0 is 92.7; 30 % of it is left.
        let frozen = ScreenColor(red: 28, green: 28, blue: 28)
        for point in [TestScreenLayout.topLeft, TestScreenLayout.bottomRight] {
            try await scene.overlay.waitForColor(frozen, at: point)
        }
    }

    @Test func underACompositorChangesBeneathShowThroughTheHUDAndTheBackdrop() async throws {
        let scene = try await LivePicture.start(.compositor)
        defer { scene.stop() }
        let hud = try await scene.waitForHUD(over: LivePicture.wallpaper)
        let fillPoint = ScreenPoint(x: hud.x + hud.width / 2, y: hud.y + 2)

        scene.x.paint(scene.wallpaper, LivePicture.otherWallpaper)
        // Nothing tells the overlay; only the compositor can show the new colour through the HUD.
        try await scene.overlay.waitForColor(ScreenColor.hudFill(over: LivePicture.otherWallpaper), at: fillPoint,
                                             within: LivePicture.compositorSeconds)

        _ = try await scene.overlay.status(after: ["block"])
        try await scene.overlay.waitForColor(LivePicture.dimmed(LivePicture.otherWallpaper), at: TestScreenLayout.topLeft)
        scene.x.paint(scene.wallpaper, LivePicture.wallpaper)
        try await scene.overlay.waitForColor(LivePicture.dimmed(LivePicture.wallpaper), at: TestScreenLayout.topLeft,
                                             within: LivePicture.compositorSeconds)
        try await scene.overlay.waitForColor(ScreenColor.hudFill(over: LivePicture.dimmed(LivePicture.wallpaper)), at: fillPoint,
                                             within: LivePicture.compositorSeconds)
    }
}

/// One test's world: its own server with a wallpaper, a desktop, and the overlay over them.
private struct LivePicture {
    /// The wallpaper's first colour, and another.
    static let wallpaper = ScreenColor(red: 0x30, green: 0x60, blue: 0xC0)
    static let otherWallpaper = ScreenColor(red: 0xC0, green: 0x80, blue: 0x30)
    /// The backdrop, `--backdrop #00000080`.
    static let backdropAlpha = Double(0x80) / 255
    /// The HUD's corner radius, `--corner-radius`.
    static let cornerRadiusPixels = 24
    /// How long a compositor may take to show a change beneath: it repaints at once, and the
    /// overlay, reading the screen only when its HUD moves, would never show it.
    static let compositorSeconds = 5.0

    let x: X11Connection
    let wallpaper: X11Connection.Window
    let overlay: LiveOverlay
    private let screen: VirtualScreen
    private let desktop: TestDesktop.Session

    /// `beneath` under the backdrop.
    static func dimmed(_ beneath: ScreenColor) -> ScreenColor { beneath.covered(by: .black, alpha: backdropAlpha) }

    /// The overlay's arguments: the HUD's and the backdrop's colours chosen (drawn as they are).
    static let chosenColours = ["--hud-color", "#1C1C1EF2", "--backdrop", "#00000080", "--corner-radius", "\(cornerRadiusPixels)",
                                "--fade", "0"]

    /// Starts a server, maps the wallpaper, starts `desktop` and then the overlay with `arguments`.
    static func start(_ desktop: TestDesktop, arguments: [String] = chosenColours) async throws -> LivePicture {
        let screen = try await VirtualScreen.start()
        do {
            let x = try X11Connection(displayName: screen.name)
            let wallpaper = try await x.makeWallpaper(Self.wallpaper)
            let session = try await desktop.start(on: screen, x: x)
            let overlay = try LiveOverlay.start(on: screen, arguments)
            return LivePicture(x: x, wallpaper: wallpaper, overlay: overlay, screen: screen, desktop: session)
        } catch {
            screen.stop()
            throw error
        }
    }

    func stop() {
        overlay.stop()
        desktop.stop()
        screen.stop()
    }

    /// The whole screen's pixels.
    private func screenshot() -> Screenshot? {
        let rect = ScreenRect(x: 0, y: 0, width: VirtualScreen.widthPixels, height: VirtualScreen.heightPixels)
        return x.colors(in: rect).map { Screenshot(width: rect.width, colors: $0) }
    }

    /// Waits until the HUD is drawn over `beneath` (its rectangle's top middle, clear of the wheel,
    /// is the HUD's fill over `beneath`) and `accepts` its rectangle; returns the rectangle.
    func waitForHUD(over beneath: ScreenColor, accepting accepts: @escaping (ScreenRect) -> Bool = { _ in true })
        async throws -> ScreenRect {
        let fill = ScreenColor.hudFill(over: beneath)
        var seen = "nothing"
        return try await Poll.value("the HUD drawn over \(beneath)", lastSeen: { seen }) {
            guard let picture = screenshot(), let hud = picture.bounds(ofColorsOtherThan: beneath) else { return nil }
            let top = picture[hud.x + hud.width / 2, hud.y + 2]
            seen = "HUD \(hud), its top middle \(top)"
            return top.isClose(to: fill) && accepts(hud) ? hud : nil
        }
    }

    /// Expects every corner of `hud` to be soft over `beneath`: on and outside its rounded rim
    /// every pixel lies between the colour beneath and the HUD's fill over it (a dark rim would
    /// be darker than both), and many lie strictly between (anti-aliased, not a staircase).
    func expectSoftCorners(of hud: ScreenRect, over beneath: ScreenColor) throws {
        let picture = try #require(screenshot())
        let fill = ScreenColor.hudFill(over: beneath)
        let radius = Self.cornerRadiusPixels
        let corners = [(hud.x, hud.y, 1, 1), (hud.x + hud.width - 1, hud.y, -1, 1),
                       (hud.x, hud.y + hud.height - 1, 1, -1), (hud.x + hud.width - 1, hud.y + hud.height - 1, -1, -1)]
        for (cornerX, cornerY, stepX, stepY) in corners {
            var outside: [ScreenPoint] = []
            var soft = 0
            for dy in 0..<radius {
                for dx in 0..<radius {
                    // Only the rim and beyond: the HUD's content keeps clear of it.
                    let distance = ((Double(radius - dx) - 0.5) * (Double(radius - dx) - 0.5)
                        + (Double(radius - dy) - 0.5) * (Double(radius - dy) - 0.5)).squareRoot()
                    guard distance >= Double(radius) - 2 else { continue }
                    let point = ScreenPoint(x: cornerX + stepX * dx, y: cornerY + stepY * dy)
                    let color = picture[point.x, point.y]
                    if !color.isBetween(beneath, and: fill) { outside.append(point) }
                    if !color.isClose(to: beneath) && !color.isClose(to: fill) { soft += 1 }
                }
            }
            let first = outside.first.map { "\($0) is \(picture[$0.x, $0.y])" } ?? ""
            let allBetween = outside.isEmpty
            #expect(allBetween, "corner at (\(cornerX), \(cornerY)): \(outside.count) pixels not between \(beneath) and \(fill), first \(first)")
            #expect(soft >= radius / 2, "corner at (\(cornerX), \(cornerY)): only \(soft) anti-aliased pixels")
        }
    }
}

/// The screen's pixels at one moment.
private struct Screenshot {
    let width: Int
    let colors: [ScreenColor]

    subscript(x: Int, y: Int) -> ScreenColor { colors[y * width + x] }

    /// The smallest rectangle holding every pixel not close to `color`; nil when there is none.
    func bounds(ofColorsOtherThan color: ScreenColor) -> ScreenRect? {
        var left = Int.max, top = Int.max, right = -1, bottom = -1
        for (index, pixel) in colors.enumerated() where !pixel.isClose(to: color) {
            let x = index % width, y = index / width
            left = min(left, x)
            right = max(right, x)
            top = min(top, y)
            bottom = max(bottom, y)
        }
        guard right >= 0 else { return nil }
        return ScreenRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
