import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskRaster

/// A renderer leaving the surround (a bare screen's) against one painting every pixel: the
/// screens they show are the same, frame by frame, through a block's dimming, a message that
/// grows the HUD, an unblock, a hide and a show, while the leaving one writes nothing outside
/// the bounds of the islands it reports (the HUD's neighbourhood, never the whole screen).
extension RenderingSuites {
@Suite struct SurroundRenderingTests {
    private let font: FontChain
    private static let screen = Size(width: 240, height: 160)
    /// What the leaving renderer's target holds before anything is drawn: a pixel still holding
    /// it was never written.
    private static let unwritten: UInt32 = 0xDEAD_BEEF

    init() throws {
        font = try FontChain.opening([])
    }

    /// Commands at ticks on a 60-tick clock: shown at 0, blocking with its backdrop easing in,
    /// a longer message, unblocking, hidden, shown again; every tick drawn by both renderers.
    private static let script: [Int: [Command]] = [
        3: [.block(true)],
        22: [.message("The device is installing a safety update, please do not switch it off")],
        28: [.block(false)],
        46: [.hide],
        60: [.show, .block(true)],
        66: [.progress(0.4)],
    ]
    private static let lastTick = 80

    /// The light theme, whose HUD casts a shadow, so the island reaches past the HUD
    /// (BareScreenTests draws the dark one).
    @Test func leavingTheSurroundShowsWhatPaintingDoes() throws {
        var appearance = Appearance()
        appearance.theme = .light
        var session = HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: true, message: "Please wait..."))
        var composer = FrameComposer(screen: Self.screen)
        let painted = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        let left = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        left.withPixels { $0.base.update(repeating: Self.unwritten, count: $0.pitchPixels * $0.height) }
        let painting = FrameRenderer(target: painted, glyphs: font)
        let leaving = FrameRenderer(target: left, glyphs: font, leavingSurround: true)
        // What the device shows, pixel by pixel.
        let shown = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        var reach = PixelRect.empty
        var surroundColours: Set<UInt32> = []
        for tick in 0...Self.lastTick {
            for command in Self.script[tick] ?? [] { session.apply(command, atTick: tick) }
            session.advance(to: tick)
            let frame = composer.frame(of: session, atTick: tick, measurer: font)
            _ = try painting.draw(frame)
            let changed = try leaving.draw(frame)
            let surround = leaving.surround
            surroundColours.insert(surround.pixel.word)
            var mismatches = 0, missedChanges = 0, writtenOutside = 0
            let island = surround.island
            reach = reach.union(island)
            for y in 0..<Self.screen.height {
                let islandRow = y >= island.y && y < island.maxY
                let expected = painted.withPixels { $0.row(y) }, drawn = left.withPixels { $0.row(y) }
                let device = shown.withPixels { $0.row(y) }
                for x in 0..<Self.screen.width {
                    let inIsland = islandRow && x >= island.x && x < island.maxX
                    let now = inIsland ? drawn[x] : surround.pixel.word
                    if now != expected[x] { mismatches += 1 }
                    if now != device[x], !changed.contains(where: { $0.contains(px: x, py: y) }) { missedChanges += 1 }
                    if !reach.contains(px: x, py: y), drawn[x] != Self.unwritten { writtenOutside += 1 }
                    device[x] = now
                }
            }
            #expect(mismatches == 0, "tick \(tick): pixels unlike the painted screen")
            #expect(missedChanges == 0, "tick \(tick): pixels changed outside the rectangles reported")
            #expect(writtenOutside == 0, "tick \(tick): pixels written outside the islands' bounds")
            #expect(surround.island.width < Self.screen.width, "tick \(tick): the island is the HUD's, not the screen")
        }
        #expect(surroundColours.count > 5, "the backdrop eased in and out: \(surroundColours.count) surround colours")
    }
}
}
