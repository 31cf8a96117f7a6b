import Foundation
import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskRaster

/// Frames rendered by the real renderer (plain pixel buffers, FreeType text) and probed pixel by
/// pixel.
extension RenderingSuites {
@Suite struct RenderedFrameTests {
    private let font: FontChain

    init() throws {
        font = try FontChain.opening([])
    }

    private static let screen = Size(width: 800, height: 480)

    /// A visible session showing `message` on a 60-tick clock.
    private func newSession(message: String = "Please wait...", _ change: (inout Appearance) -> Void = { _ in }) -> HostSession {
        var appearance = Appearance()
        change(&appearance)
        return HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                           state: HUDState(isVisible: true, message: message))
    }

    /// Renders `session` at `tick`, composed afresh, into a fresh 800x480 surface.
    private func render(_ session: HostSession, atTick tick: Int) throws -> (pixels: PixelBuffer, frame: Frame) {
        var composer = FrameComposer(screen: Self.screen)
        let frame = composer.frame(of: session, atTick: tick, measurer: font)
        let surface = PixelBuffer(width: 800, height: 480)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        return (surface, frame)
    }

    private func pixel(_ surface: PixelBuffer, _ x: Int, _ y: Int) -> PremultipliedPixel {
        surface.withPixels { PremultipliedPixel(word: $0.row(y)[x]) }
    }

    private func brightness(_ surface: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        let word = pixel(surface, x, y).word
        return ((word >> 16) & 0xFF) + ((word >> 8) & 0xFF) + (word & 0xFF)
    }

    /// The smallest rectangle holding every pixel for which `test` holds.
    private func boundingBox(_ surface: PixelBuffer, where test: (PremultipliedPixel) -> Bool) -> PixelRect {
        boundingBox(surface) { pixel, _, _ in test(pixel) }
    }

    /// The smallest rectangle holding every pixel for which `test(pixel, x, y)` holds.
    private func boundingBox(_ surface: PixelBuffer, where test: (PremultipliedPixel, Int, Int) -> Bool) -> PixelRect {
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        surface.withPixels { rows in
            for y in 0..<rows.height {
                for x in 0..<rows.width where test(PremultipliedPixel(word: rows.row(y)[x]), x, y) {
                    box = box.union(PixelRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
        return box
    }

    @Test func hudIsCentredWithinOnePixel() throws {
        let (surface, frame) = try render(newSession(), atTick: 0)
        let drawn = boundingBox(surface) { $0.alpha > 0 }
        let hud = try #require(frame.panel).hud
        #expect(drawn == hud)
        #expect(abs(drawn.center.x - 400) <= 1 && abs(drawn.center.y - 240) <= 1)
    }

    @Test func roundedCornersAreTransparentAndTheInsideIsTheHUDColour() throws {
        let (surface, frame) = try render(newSession(), atTick: 0)
        let panel = try #require(frame.panel)
        let hud = panel.hud, radius = panel.cornerRadiusPixels
        for (x, y) in [(hud.x, hud.y), (hud.maxX - 1, hud.y), (hud.x, hud.maxY - 1), (hud.maxX - 1, hud.maxY - 1)] {
            #expect(pixel(surface, x, y).alpha == 0, "corner \(x),\(y)")
        }
        #expect(pixel(surface, hud.x + radius, hud.y + 2) == PremultipliedPixel(panel.hudColor))
        #expect(pixel(surface, hud.x + 2, hud.y + radius) == PremultipliedPixel(panel.hudColor))
        // The edge of a corner is anti-aliased: some pixels are partly covered.
        let partial = (0..<radius).contains { offset in
            let alpha = pixel(surface, hud.x + offset, hud.y + radius / 3).alpha
            return alpha > 0 && alpha < UInt32(panel.hudColor.alpha)
        }
        #expect(partial)
    }

    @Test func leadingSpokeIsBrighterThanTrailingOnes() throws {
        let (surface, frame) = try render(newSession(), atTick: 0)
        let pose = try #require(frame.wheel)
        let center = pose.box.center
        func middleOfSpoke(_ index: Int) -> UInt32 {
            let line = pose.wheel.centreLine(of: pose.wheel.spokes(turn: 0)[index])
            return brightness(surface, Int(center.x + (line.inner.x + line.outer.x) / 2),
                              Int(center.y + (line.inner.y + line.outer.y) / 2))
        }
        let leader = middleOfSpoke(0), justBehind = middleOfSpoke(11), farBehind = middleOfSpoke(4)
        #expect(leader > justBehind)
        #expect(justBehind > farBehind)
        #expect(farBehind > brightness(surface, Int(center.x), Int(center.y)))  // the hub is empty
    }

    @Test func oneStepLaterOnlyTheWheelSquareChanges() throws {
        let session = newSession()
        let (first, frame) = try render(session, atTick: 0)
        let (second, _) = try render(session, atTick: 5)  // 1/12 s at 60 ticks a second
        let box = try #require(frame.wheel).box
        var changedInside = 0
        first.withPixels { a in
            second.withPixels { b in
                for y in 0..<a.height {
                    for x in 0..<a.width where a.row(y)[x] != b.row(y)[x] {
                        #expect(box.contains(px: x, py: y), "pixel \(x),\(y) outside the wheel changed")
                        changedInside += 1
                    }
                }
            }
        }
        #expect(changedInside > 50)
    }

    @Test func incrementalDrawingEqualsAFreshDrawing() throws {
        var session = newSession()
        var composer = FrameComposer(screen: Self.screen)
        let surface = PixelBuffer(width: 800, height: 480)
        let renderer = FrameRenderer(target: surface, glyphs: font)
        _ = try renderer.draw(composer.frame(of: session, atTick: 0, measurer: font))
        let step = composer.frame(of: session, atTick: 5, measurer: font)
        #expect(try renderer.draw(step) == [try #require(step.wheel).box])
        #expect(try renderer.draw(composer.frame(of: session, atTick: 6, measurer: font)).isEmpty)
        session.apply(.message("Printing ticket"), atTick: 6)
        _ = try renderer.draw(composer.frame(of: session, atTick: 6, measurer: font))
        let (fresh, _) = try render(session, atTick: 6)
        let same = surface.withPixels { a in
            fresh.withPixels { b in (0..<a.height).allSatisfy { memcmp(a.row($0), b.row($0), a.width * 4) == 0 } }
        }
        #expect(same)
    }

    @Test func messageIsDrawnUnderTheWheelInsideTheTextArea() throws {
        let (surface, frame) = try render(newSession(message: "Receiving ECG..."), atTick: 0)
        let panel = try #require(frame.panel), wheel = try #require(frame.wheel)
        let hudBrightness = brightness(surface, panel.hud.x + panel.cornerRadiusPixels, panel.hud.maxY - 3)
        let textOnly = boundingBox(surface) { pixel, _, y in
            let sum = ((pixel.word >> 16) & 0xFF) + ((pixel.word >> 8) & 0xFF) + (pixel.word & 0xFF)
            return y >= wheel.box.maxY && sum > hudBrightness + 150
        }
        #expect(!textOnly.isEmpty)
        let area = try #require(panel.labels.first).area
        #expect(area.intersection(textOnly) == textOnly)
        #expect(abs(textOnly.center.x - panel.hud.center.x) <= 2)
    }

    /// The light theme lifts its light HUD off a light application with a soft shadow: cast
    /// below it, fading out downwards, drawn (and shown) around the HUD but taking no input; the
    /// dark theme has none.
    @Test func theLightThemesHUDCastsASoftShadowBelowIt() throws {
        var appearance = Appearance()
        appearance.theme = .light
        let session = HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: true, message: "Please wait..."))
        let (surface, frame) = try render(session, atTick: 0)
        let panel = try #require(frame.panel), shadow = try #require(panel.shadow)
        #expect(frame.visible == .roundedRect(shadow.reach(of: panel.hud), cornerRadiusPixels: panel.cornerRadiusPixels + shadow.blurPixels))
        #expect(frame.input == .roundedRect(panel.hud, cornerRadiusPixels: panel.cornerRadiusPixels))
        let x = panel.hud.x + panel.hud.width / 2
        let below = (panel.hud.maxY..<(panel.hud.maxY + shadow.dropPixels + shadow.blurPixels)).map { pixel(surface, x, $0).alpha }
        #expect(below.first! > 0x18, "darkest under the rim: \(below)")
        #expect(zip(below, below.dropFirst()).allSatisfy { $0 >= $1 } && below.last! <= 2, "fading out: \(below)")
        #expect(pixel(surface, x, panel.hud.y - shadow.blurPixels + shadow.dropPixels - 1).alpha == 0)
        #expect(try render(newSession(), atTick: 0).frame.panel?.shadow == nil)
    }

    @Test func blockedFrameDimsTheWholeScreen() throws {
        var session = newSession()
        session.apply(.block(true), atTick: 0)
        let (surface, _) = try render(session, atTick: session.motion.backdropTicks)
        #expect(pixel(surface, 0, 0) == PremultipliedPixel(Color(red: 0, green: 0, blue: 0, alpha: 0xB3)))
        #expect(pixel(surface, 799, 479) == pixel(surface, 0, 0))
    }

    @Test func hidingClearsEverythingItHadDrawn() throws {
        var session = newSession()
        var composer = FrameComposer(screen: Self.screen)
        let surface = PixelBuffer(width: 800, height: 480)
        let renderer = FrameRenderer(target: surface, glyphs: font)
        _ = try renderer.draw(composer.frame(of: session, atTick: 0, measurer: font))
        session.apply(.hide, atTick: 1)
        session.advance(to: 30)  // after the 0.2 s fade
        let dirty = try renderer.draw(composer.frame(of: session, atTick: 30, measurer: font))
        #expect(dirty.count == 1)
        #expect(boundingBox(surface) { $0.alpha > 0 }.isEmpty)
    }

    @Test func snapshotPNGHasStraightAlphaAndIsTransparentOutsideTheHUD() throws {
        let (surface, frame) = try render(newSession(), atTick: 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-spinner-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(surface, to: path)
        let png = try PNGImage(path: path)
        #expect(png.width == 800 && png.height == 480)
        #expect(png.rgba(x: 5, y: 5).alpha == 0)
        let inside = try #require(frame.panel).hud
        let hud = png.rgba(x: inside.x + inside.width / 2, y: inside.maxY - 4)
        #expect(hud.alpha == 0xF2)
        #expect(abs(Int(hud.red) - 0x1C) <= 1 && abs(Int(hud.blue) - 0x1E) <= 1)
    }
}
}
