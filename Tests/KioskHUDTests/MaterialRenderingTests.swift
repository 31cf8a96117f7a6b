import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskFonts
@testable import KioskRaster

/// The HUD's material through the real renderer at the panels kiosks ship: its rim stands out
/// from a black and a white application alike in both themes, the light theme's shadow falls
/// below it, and a screen read beneath it is blurred at every density.
extension RenderingSuites {
@Suite struct MaterialRenderingTests {
    private let font: FontChain

    /// The panels kiosks ship, at their real densities, and a 4K one.
    static let panels: [(Size, Double)] = ShippedPanels.all + [(Size(width: 3840, height: 2160), 163)]

    init() throws {
        font = try FontChain.opening([])
    }

    private func draw(on screen: Size, dpi: Double, theme: Theme, underlay: Underlay = .transparent) throws
        -> (PixelBuffer, Frame.Panel) {
        var appearance = Appearance()
        appearance.theme = theme
        let session = HostSession(appearance: appearance, clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: "Printing your ticket..."))
        var composer = FrameComposer(screen: screen, dotsPerInch: dpi)
        let frame = composer.frame(of: session, atTick: 0, measurer: font)
        let surface = PixelBuffer(width: screen.width, height: screen.height)
        let renderer = FrameRenderer(target: surface, glyphs: font)
        renderer.underlay = underlay
        _ = try renderer.draw(frame)
        return (surface, try #require(frame.panel))
    }

    /// The drawn pixel at (`x`, `y`) over an opaque `background`.
    private func color(_ surface: PixelBuffer, _ x: Int, _ y: Int, over background: Color) -> Color {
        let word = PremultipliedPixel(word: surface.withPixels { $0.row(y)[x] }).over(PremultipliedPixel(background)).word
        return Color(red: UInt8((word >> 16) & 0xFF), green: UInt8((word >> 8) & 0xFF), blue: UInt8(word & 0xFF))
    }

    @Test(arguments: panels, Theme.allCases)
    func theRimStandsOutFromABlackAndAWhiteApplication(panel: (Size, Double), theme: Theme) throws {
        let (surface, hud) = try draw(on: panel.0, dpi: panel.1, theme: theme)
        let x = hud.hud.x + hud.hud.width / 2
        for background in [Color.black, .white] {
            let rim = color(surface, x, hud.hud.y, over: background)
            #expect(rim.contrastRatio(with: background) >= 1.5, "\(theme) at \(panel.0): rim \(rim) over \(background)")
        }
    }

    @Test(arguments: panels)
    func theLightThemesShadowFallsBelowTheHUD(panel: (Size, Double)) throws {
        let (surface, hud) = try draw(on: panel.0, dpi: panel.1, theme: .light)
        let shadow = try #require(hud.shadow)
        let x = hud.hud.x + hud.hud.width / 2
        let below = color(surface, x, hud.hud.maxY + shadow.dropPixels / 2, over: .white)
        let above = color(surface, x, hud.hud.y - 1, over: .white)
        #expect(below.relativeLuminance < Color.white.relativeLuminance * 0.9, "shadow below at \(panel.0): \(below)")
        #expect(above.relativeLuminance > below.relativeLuminance, "lighter above than below at \(panel.0)")
        #expect(shadow.blurPixels == Int((1.5 * panel.1 / 25.4).rounded()))
    }

    @Test(arguments: panels)
    func aScreenReadBeneathIsBlurredUnderTheHUD(panel: (Size, Double)) throws {
        let (screen, dpi) = panel
        let everything = PixelRect(x: 0, y: 0, width: screen.width, height: screen.height)
        // Black and white rows, two pixels each: text-like detail at its sharpest.
        let striped = Underlay.transparent.covering(everything) { rect in
            let picture = PixelBuffer(width: rect.width, height: rect.height)
            picture.withPixels { rows in
                for y in 0..<rows.height { rows.fill(PixelRect(x: 0, y: y, width: rows.width, height: 1),
                                                     with: PremultipliedPixel(word: y % 4 < 2 ? 0xFF00_0000 : 0xFFFF_FFFF)) }
            }
            return picture
        }
        let (surface, hud) = try draw(on: screen, dpi: dpi, theme: .dark, underlay: striped)
        let x = hud.hud.x + hud.cornerRadiusPixels / 2 + 2
        let greens = ((hud.hud.y + 3)..<(hud.hud.y + 3 + 16)).map { y in surface.withPixels { Int(($0.row(y)[x] >> 8) & 0xFF) } }
        #expect(zip(greens, greens.dropFirst()).allSatisfy { abs($0 - $1) <= 4 }, "blurred at \(screen): \(greens)")
    }
}
}
