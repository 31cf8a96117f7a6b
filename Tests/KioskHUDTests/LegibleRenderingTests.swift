import Testing
@testable import KioskCore
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskRaster

/// The HUD as drawn by the real renderer with the bundled fonts, measured in pixels: capitals
/// tall enough to read at arm's length, and the ink (not the boxes) evenly padded.
extension RenderingSuites {
@Suite struct LegibleRenderingTests {
    private let font: FontChain

    init() throws {
        font = try FontChain.opening([])
    }

    /// The rows and columns inside `rect` where the picture is not the HUD's plain fill.
    private func ink(in rect: PixelRect, of surface: PixelBuffer, fill: UInt32) -> (rows: [Int], columns: [Int]) {
        var rows = Set<Int>(), columns = Set<Int>()
        surface.withPixels { pixels in
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where abs(Int(pixels.row(y)[x] & 0xFF) - Int(fill & 0xFF)) > 40 {
                    rows.insert(y)
                    columns.insert(x)
                }
            }
        }
        return (rows.sorted(), columns.sorted())
    }

    private func draw(_ message: String, screen: Size, dpi: Double) throws -> (PixelBuffer, Frame) {
        var timing = Timing()
        timing.fadeSeconds = 0
        let session = HostSession(appearance: Appearance(), timing: timing, clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: message))
        var composer = FrameComposer(screen: screen, dotsPerInch: dpi)
        let frame = composer.frame(of: session, atTick: 0, measurer: font)
        let surface = PixelBuffer(width: screen.width, height: screen.height)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        return (surface, frame)
    }

    /// 20 arcminutes at 60 cm is 3.49 mm: 18.3 px at 133 dpi (a 7" 800x480 panel), 19.4 px at
    /// 141 dpi (a 15.6" 1920x1080 one).
    @Test(arguments: [(Size(width: 800, height: 480), 133.0, 18), (Size(width: 1920, height: 1080), 141.0, 19)])
    func capitalsAreThreeAndAHalfMillimetresTall(screen: Size, dpi: Double, pixels: Int) throws {
        let (surface, frame) = try draw("HHHH", screen: screen, dpi: dpi)
        let panel = try #require(frame.panel)
        let fill = surface.withPixels { $0.row(panel.hud.y + panel.hud.height / 2)[panel.hud.x + 2] }
        let label = try #require(panel.labels.first)
        let capitals = ink(in: label.area, of: surface, fill: fill).rows
        #expect(capitals.count >= pixels, "capitals \(capitals.count) px tall")
    }

    /// A safety notice of 192 characters is shown whole at its full size on the small panels
    /// kiosks ship: it takes more lines and the HUD grows (up to 80 % of the screen's height,
    /// and 80 % of its width below 12 inches) before the type shrinks, and nothing is cut
    /// (issue 18: it was shrunk to 2.9 mm and lost its last sentence).
    @Test(arguments: [(Size(width: 800, height: 480), 133.0), (Size(width: 1024, height: 600), 170.0)])
    func aLongSafetyNoticeShowsWholeAtFullSize(screen: Size, dpi: Double) throws {
        let notice = "Keep the patient still and do not unplug the monitor while the ECG recording is sent to the hospital. "
            + "The screen stays locked until this message disappears. This will take about three minutes."
        let (_, frame) = try draw(notice, screen: screen, dpi: dpi)
        let panel = try #require(frame.panel)
        let label = try #require(panel.labels.first)
        let legibility = Legibility(dotsPerInch: dpi, viewingDistanceCentimetres: Appearance().viewingDistanceCentimetres)
        #expect(label.text.fontPixels == legibility.messageFontPixels)
        #expect(!label.text.isTruncated && !label.text.lines.joined().contains("…"))
        #expect(label.text.lines.joined(separator: " ") == notice)
        #expect(Double(panel.hud.height) <= 0.8 * Double(screen.height) + 1)
        #expect(Double(panel.hud.width) <= 0.8 * Double(screen.width) + 1)
    }

    @Test func theInkIsPaddedAlikeOnEverySide() throws {
        let (surface, frame) = try draw("HOLD THE LINE", screen: Size(width: 800, height: 480), dpi: 133)
        let panel = try #require(frame.panel)
        let hud = panel.hud
        let fill = surface.withPixels { $0.row(hud.y + hud.height / 2)[hud.x + 2] }
        let inner = PixelRect(x: hud.x + 1, y: hud.y + 1, width: hud.width - 2, height: hud.height - 2)
        let seen = ink(in: inner, of: surface, fill: fill)
        let top = seen.rows.first! - hud.y, bottom = hud.maxY - 1 - seen.rows.last!
        let left = seen.columns.first! - hud.x, right = hud.maxX - 1 - seen.columns.last!
        #expect(abs(top - bottom) <= 3, "top \(top), bottom \(bottom), left \(left), right \(right)")
        #expect(abs(left - right) <= 2, "left \(left), right \(right)")
        #expect(abs(left - top) <= 3, "left \(left), top \(top)")
    }
}
}
