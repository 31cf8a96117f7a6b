import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskFonts
@testable import KioskRaster

/// The logo as the real renderer draws it: its colours where the frame places it, over the
/// screen's backdrop, inside a bare screen's island, and fading with the HUD.
extension RenderingSuites {
@Suite struct LogoRenderingTests {
    private let font: FontChain
    /// 40x20 of opaque teal with a transparent right half.
    private let logo: LogoPicture

    init() throws {
        font = try FontChain.opening([])
        logo = LogoPicture(path: "logo.png", width: 40, height: 20,
                           pixels: (0..<800).map { $0 % 40 < 20 ? 0xFF00_9688 : 0 })!
    }

    private func frame(on screen: Size, atTick tick: Int = 1000, visible: Bool = true,
                       _ change: (inout HostSession) -> Void = { _ in }) -> Frame {
        var appearance = Appearance()
        appearance.logo = logo
        var session = HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: visible, message: "Please wait..."))
        change(&session)
        session.settle()
        var composer = FrameComposer(screen: screen)
        return composer.frame(of: session, atTick: tick, measurer: font)
    }

    @Test func theLogoIsDrawnWhereTheFramePlacesItItsTransparentPartShowingWhatIsBeneath() throws {
        let frame = frame(on: Size(width: 800, height: 480))
        let rect = try #require(frame.panel?.logo?.rect)
        let surface = PixelBuffer(width: 800, height: 480)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        surface.withPixels { rows in
            #expect(rows.row(rect.y + rect.height / 2)[rect.x + rect.width / 4] == 0xFF00_9688)
            #expect(rows.row(rect.y + rect.height / 2)[rect.x + rect.width * 3 / 4] == 0)
            #expect(rows.row(rect.y - 2)[rect.x + rect.width / 4] == 0)
        }
    }

    @Test func overTheBackdropTheLogoStaysItsOwnColour() throws {
        let frame = frame(on: Size(width: 800, height: 480)) { $0.apply(.block(true), atTick: 0) }
        let rect = try #require(frame.panel?.logo?.rect)
        let surface = PixelBuffer(width: 800, height: 480)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        let backdrop = PremultipliedPixel(Appearance.defaultBackdropColor).word
        surface.withPixels { rows in
            #expect(rows.row(rect.y + rect.height / 2)[rect.x + rect.width / 4] == 0xFF00_9688)
            #expect(rows.row(rect.y + rect.height / 2)[rect.x + rect.width * 3 / 4] == backdrop)
        }
    }

    @Test func aBareScreensIslandHoldsTheLogo() throws {
        let frame = frame(on: Size(width: 1024, height: 600)) { $0.apply(.block(true), atTick: 0) }
        let rect = try #require(frame.panel?.logo?.rect)
        let island = IslandPicture(size: Size(width: 1024, height: 600), rotation: .upright, glyphs: font)
        _ = try island.draw(frame)
        let shown = island.shown
        let islandRect = PixelRect(x: Int(shown.island.x), y: Int(shown.island.y),
                                   width: Int(shown.island.width), height: Int(shown.island.height))
        #expect(islandRect.intersection(rect) == rect)
        #expect(shown.pixels[(rect.y + rect.height / 2) * Int(shown.stride_pixels) + rect.x + rect.width / 4] == 0xFF00_9688)
    }

    @Test func theLogoFadesInWithTheHUD() throws {
        // Half way through the 200 ms fade-in (12 ticks at 60 Hz): the logo at about half strength.
        let frame = frame(on: Size(width: 800, height: 480), atTick: 6, visible: false) { $0.apply(.show, atTick: 0) }
        let opacity = try #require(frame.panel?.opacity)
        let rect = try #require(frame.panel?.logo?.rect)
        let surface = PixelBuffer(width: 800, height: 480)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        let alpha = surface.withPixels { $0.row(rect.y + rect.height / 2)[rect.x + rect.width / 4] >> 24 }
        #expect(opacity > 0.1 && opacity < 0.9)
        #expect(abs(Double(alpha) - 255 * opacity) <= 1)
    }
}
}
