import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskRaster

/// Frames drawn over an underlay (the screen read back from beneath the overlay): with chosen
/// colours they are the snapshot's frames composited over it (the live picture equals the
/// snapshot); with the theme's, the screen is frosted under the HUD, and frozen (blurred,
/// grey, dark) while the default backdrop blocks.
extension RenderingSuites {
@Suite struct UnderlayRenderingTests {
    private let font: FontChain
    private static let screen = Size(width: 320, height: 240)

    init() throws {
        font = try FontChain.opening([])
    }

    /// A screen of stripes and a gradient, so every pixel beneath differs from its neighbours.
    private static func beneath() -> Underlay {
        let area = PixelRect(x: 0, y: 0, width: screen.width, height: screen.height)
        return Underlay.transparent.covering(area) { rect in
            let picture = PixelBuffer(width: rect.width, height: rect.height)
            picture.withPixels { rows in
                for y in 0..<rows.height {
                    for x in 0..<rows.width {
                        rows.row(y)[x] = y % 16 < 5 ? 0xFFE0_C040 : 0xFF00_0000 | UInt32(x % 256) << 8 | 0xC0
                    }
                }
            }
            return picture
        }
    }

    /// A visible session showing "Please wait..." on a 60-tick clock, with the HUD's fill and
    /// the backdrop chosen (drawn as they are) or the theme's (frosting what is beneath).
    private func newSession(chosenColours: Bool = true) -> HostSession {
        var appearance = Appearance()
        if chosenColours {
            // The frosted fill's 85 %, so the two differ only by the blur.
            appearance.hudColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: Frame.Frost.frostedFillAlpha)
            appearance.backdropColor = Color(red: 0, green: 0, blue: 0, alpha: 0x80)
        }
        return HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                           state: HUDState(isVisible: true, message: "Please wait..."))
    }

    /// Draws the theme's look of `session` at `tick` over the striped screen.
    private func drawnOverTheScreen(_ session: HostSession, atTick tick: Int) throws -> (PixelBuffer, Frame) {
        var composer = FrameComposer(screen: Self.screen)
        let live = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        let renderer = FrameRenderer(target: live, glyphs: font)
        renderer.underlay = Self.beneath()
        let frame = composer.frame(of: session, atTick: tick, measurer: font)
        _ = try renderer.draw(frame)
        return (live, frame)
    }

    @Test func theThemesHUDBlursTheScreenBeneathItSoItsTextCannotReadThrough() throws {
        // Down the HUD's left side, inside its rim, clear of the text: the screen's stripes (a
        // yellow band 5 rows of every 16) come through a chosen fill sharply, through the
        // theme's 85 % fill over the blurred screen hardly at all.
        func biggestStep(chosenColours: Bool) throws -> (step: Int, frame: Frame) {
            let (live, frame) = try drawnOverTheScreen(newSession(chosenColours: chosenColours), atTick: 0)
            let hud = try #require(frame.panel).hud
            let x = hud.x + 8
            let greens = ((hud.y + 3)..<(hud.maxY - 3)).map { y in live.withPixels { Int(($0.row(y)[x] >> 8) & 0xFF) } }
            return (zip(greens, greens.dropFirst()).map { abs($0 - $1) }.max() ?? 0, frame)
        }
        let (frosted, frame) = try biggestStep(chosenColours: false)
        let panel = try #require(frame.panel)
        #expect(panel.frost.hudFill?.alpha == Frame.Frost.frostedFillAlpha && panel.frost.blurPixels == 6)
        #expect(frosted <= 3)
        #expect(try biggestStep(chosenColours: true).step >= 8)
    }

    @Test func blockingWithTheDefaultBackdropFreezesTheScreenGreyDarkAndBlurred() throws {
        var session = newSession(chosenColours: false)
        session.apply(.block(true), atTick: 0)
        let (live, frame) = try drawnOverTheScreen(session, atTick: session.motion.backdropTicks)
        #expect(try #require(frame.panel).frost.freeze == 1)
        let under = try #require(Self.beneath().picture)
        for (x, y) in [(5, 5), (40, 3), (300, 230), (10, 200)] {
            let pixel = live.withPixels { $0.row(y)[x] }
            let (red, green, blue) = (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
            #expect(abs(red - green) <= 1 && abs(green - blue) <= 1, "grey at (\(x), \(y)): \(String(pixel, radix: 16))")
            let was = under.withPixels { $0.row(y)[x] }
            let brightest = max((was >> 16) & 0xFF, (was >> 8) & 0xFF, was & 0xFF)
            #expect(UInt32(max(red, green, blue)) <= brightest * 31 / 100 + 1, "dimmed by 70 % at (\(x), \(y))")
        }
        let steps = (0..<40).map { y in live.withPixels { Int(($0.row(y)[5] >> 8) & 0xFF) } }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { abs($0 - $1) <= 3 }, "the stripes are blurred: \(steps)")
    }

    /// Expects `live` to be `snapshot` drawn over `underlay` in `area`, within rounding.
    private func expectComposited(_ live: PixelBuffer, equals snapshot: PixelBuffer, over underlay: Underlay, in area: PixelRect) throws {
        let beneath = try #require(underlay.picture)
        var worst = 0
        live.withPixels { drawn in
            snapshot.withPixels { alone in
                beneath.withPixels { under in
                    for y in area.y..<area.maxY {
                        for x in area.x..<area.maxX {
                            let expected = PremultipliedPixel(word: alone.row(y)[x]).over(PremultipliedPixel(word: under.row(y)[x])).word
                            let got = drawn.row(y)[x]
                            for shift: UInt32 in [0, 8, 16, 24] {
                                worst = max(worst, abs(Int((expected >> shift) & 0xFF) - Int((got >> shift) & 0xFF)))
                            }
                        }
                    }
                }
            }
        }
        #expect(worst <= 2, "a channel differs by \(worst)")
    }

    @Test(arguments: [false, true])
    func liveFramesAreTheSnapshotsOverTheScreenBeneath(blocking: Bool) throws {
        var session = newSession()
        var composer = FrameComposer(screen: Self.screen)
        if blocking { session.apply(.block(true), atTick: 0) }
        let live = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        let snapshot = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        let liveRenderer = FrameRenderer(target: live, glyphs: font)
        let snapshotRenderer = FrameRenderer(target: snapshot, glyphs: font)
        liveRenderer.underlay = Self.beneath()
        // Whole, a wheel step alone, and mid-fade.
        for tick in [0, 2, 8] {
            if tick == 8 {
                session.apply(.hide, atTick: 3)
                session.advance(to: tick)
            }
            let frame = composer.frame(of: session, atTick: tick, measurer: font)
            _ = try liveRenderer.draw(frame)
            _ = try snapshotRenderer.draw(frame)
            let panel = try #require(frame.panel)
            #expect(tick != 8 || panel.opacity < 1, "tick 8 is mid-fade")
            // The window shows the HUD alone, or the whole screen while the backdrop is drawn.
            #expect(!blocking || tick == 0 || frame.visible == .everything, "the backdrop fades in from tick 0")
            let shown = frame.visible == .everything ? live.bounds : panel.hud
            try expectComposited(live, equals: snapshot, over: liveRenderer.underlay, in: shown)
        }
    }

    @Test func aNewUnderlayRedrawsThePanelOverIt() throws {
        let session = newSession()
        var composer = FrameComposer(screen: Self.screen)
        let live = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        let renderer = FrameRenderer(target: live, glyphs: font)
        let frame = composer.frame(of: session, atTick: 0, measurer: font)
        _ = try renderer.draw(frame)
        renderer.underlay = Self.beneath()
        let dirty = try renderer.draw(frame)
        #expect(dirty == [try #require(frame.panel).hud])
        let snapshot = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        _ = try FrameRenderer(target: snapshot, glyphs: font).draw(frame)
        // Outside the HUD the live surface was never drawn: compare the HUD only.
        let hud = try #require(frame.panel).hud
        let corner = live.withPixels { $0.row(hud.y)[hud.x] }
        let expected = snapshot.withPixels { PremultipliedPixel(word: $0.row(hud.y)[hud.x]) }
            .over(PremultipliedPixel(word: renderer.underlay.picture?.withPixels { $0.row(hud.y)[hud.x] } ?? 0)).word
        #expect(corner == expected, "the HUD's corner pixel blends the HUD's soft edge with the screen beneath")
    }
}
}
