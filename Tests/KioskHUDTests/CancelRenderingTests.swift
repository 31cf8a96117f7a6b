import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskRaster

/// The Cancel drawn by the real renderer, at the panels the suite uses: its label's ink inside
/// its band, under the hairline, away from the wheel; the band lit while pressed.
extension RenderingSuites {
@Suite struct CancelRenderingTests {
    private let font: FontChain

    init() throws {
        font = try FontChain.opening([], looksUpSystemFonts: false)
    }

    private func render(screen: Size, dotsPerInch: Double, pressed: Bool = false) throws -> (pixels: PixelBuffer, frame: Frame) {
        var appearance = Appearance()
        appearance.cancelLabel = "Abbrechen"
        var session = HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: true, message: "Bitte warten …"))
        session.noteCancelPressed(pressed)
        var composer = FrameComposer(screen: screen, dotsPerInch: dotsPerInch)
        let frame = composer.frame(of: session, atTick: 0, measurer: font)
        let surface = PixelBuffer(width: screen.width, height: screen.height)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        return (surface, frame)
    }

    /// The summed red, green and blue of each pixel of `rect`.
    private func brightness(_ surface: PixelBuffer, in rect: PixelRect) -> [UInt32] {
        surface.withPixels { rows in
            (rect.y..<rect.maxY).flatMap { y in
                (rect.x..<rect.maxX).map { x in
                    let word = rows.row(y)[x]
                    return ((word >> 16) & 0xFF) + ((word >> 8) & 0xFF) + (word & 0xFF)
                }
            }
        }
    }

    @Test(arguments: ShippedPanels.all.indices)
    func theLabelIsInkedInItsBandUnderTheHairline(_ index: Int) throws {
        let panel = ShippedPanels.all[index]
        let (pixels, frame) = try render(screen: panel.size, dotsPerInch: panel.dotsPerInch)
        let cancel = try #require(frame.panel?.cancel)
        let fill = brightness(pixels, in: PixelRect(x: cancel.area.x + 2, y: cancel.area.y + 3, width: 1, height: 1))[0]
        let hairline = brightness(pixels, in: PixelRect(x: cancel.area.x + 2, y: cancel.divider.y, width: 1, height: 1))[0]
        #expect(hairline > fill + 30, "the hairline is lighter than the fill beside it")
        let middle = PixelRect(x: cancel.area.x, y: cancel.divider.maxY, width: cancel.area.width, height: cancel.area.maxY - cancel.divider.maxY)
        #expect(brightness(pixels, in: middle).filter { $0 > 600 }.count > 40, "the label's white ink is in the band")
        let wheel = try #require(frame.indicator?.box)
        #expect(wheel.maxY < cancel.divider.y)
    }

    @Test func aHeldPressLightsTheBand() throws {
        let screen = Size(width: 800, height: 480)
        let idle = try render(screen: screen, dotsPerInch: 133)
        let held = try render(screen: screen, dotsPerInch: 133, pressed: true)
        let cancel = try #require(idle.frame.panel?.cancel)
        // A point in the band clear of the label and the corners.
        let spot = PixelRect(x: cancel.area.x + cancel.area.width / 8, y: cancel.area.y + cancel.area.height / 2, width: 1, height: 1)
        #expect(brightness(held.pixels, in: spot)[0] > brightness(idle.pixels, in: spot)[0] + 30)
    }
}
}
