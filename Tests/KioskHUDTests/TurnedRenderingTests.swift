import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

extension RenderingSuites {
/// Turned panels and tiny or HiDPI screens, through the real renderer.
@Suite struct TurnedRenderingTests {
    private let font: FontChain

    init() throws {
        font = try FontChain.opening([])
    }

    /// The frame at `tick` of a session showing a long message on `screen` at `scale`.
    private func composedFrame(on screen: Size, scale: Int = 1, atTick tick: Int) -> Frame {
        let session = HostSession(appearance: Appearance(), clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: "Receiving ECG data, please wait"))
        var composer = FrameComposer(screen: screen, scale: scale)
        return composer.frame(of: session, atTick: tick, measurer: font)
    }

    @Test(arguments: Rotation.allCases)
    func turnedPictureIsExactlyTheUprightOneTurned(rotation: Rotation) throws {
        let display = Size(width: 800, height: 480)
        let logical = rotation.logicalSize(ofDisplay: display)
        let reference = PixelBuffer(width: logical.width, height: logical.height)
        _ = try FrameRenderer(target: reference, glyphs: font).draw(composedFrame(on: logical, atTick: 15))

        let screen = PixelBuffer(width: display.width, height: display.height)
        let turned = TurnedCanvas(display: screen, rotation: rotation)
        let dirty = try FrameRenderer(target: turned.canvas, glyphs: font).draw(composedFrame(on: logical, atTick: 15))
        turned.turn(dirty)

        let mismatches = reference.mismatches(turnedBy: rotation, on: screen)
        #expect(mismatches == 0)
    }

    @Test(arguments: [(Size(width: 320, height: 240), 1), (Size(width: 3840, height: 2160), 1), (Size(width: 3840, height: 2160), 2)])
    func textStaysInsideTheHUDFromTinyToHiDPIScreens(screen: Size, scale: Int) throws {
        let frame = composedFrame(on: screen, scale: scale, atTick: 0)
        let panel = try #require(frame.panel), label = try #require(panel.labels.first)
        #expect(panel.hud.x >= 0 && panel.hud.maxX <= screen.width && panel.hud.y >= 0 && panel.hud.maxY <= screen.height)
        #expect(label.text.fontPixels >= Legibility().smallestFontPixels)
        for (index, line) in label.text.lines.enumerated() {
            let width = font.width(of: line, fontPixels: label.text.fontPixels)
            #expect(width <= label.area.width)
            #expect(label.area.x >= panel.hud.x && label.area.maxX <= panel.hud.maxX)
            #expect(label.lineTop(index) >= panel.hud.y && label.lineTop(index) + label.text.lineHeightPixels <= panel.hud.maxY)
        }
        let surface = PixelBuffer(width: screen.width, height: screen.height)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        var outside = 0
        surface.withPixels { rows in
            for y in 0..<rows.height {
                for x in 0..<rows.width where rows.row(y)[x] != 0 && !panel.hud.contains(px: x, py: y) { outside += 1 }
            }
        }
        #expect(outside == 0)
    }
}
}
