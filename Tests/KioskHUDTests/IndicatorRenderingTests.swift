import Glibc
import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

/// Progress rings and outcome marks drawn by the real renderer.
extension RenderingSuites {
@Suite struct IndicatorRenderingTests {
    private let font: FontChain

    init() throws {
        font = try FontChain.opening([])
    }

    /// The frame after `command`, drawn; the marks white unless `coloured`, so shapes are measured
    /// by brightness alone.
    private func render(_ command: Command, coloured: Bool = false) throws -> (surface: PixelBuffer, frame: Frame) {
        var timing = Timing()
        timing.fadeSeconds = 0
        var appearance = Appearance()
        if !coloured { for outcome in Outcome.allCases { appearance[.mark(outcome)] = .white } }
        var session = HostSession(appearance: appearance, timing: timing, clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: "Please wait..."))
        session.apply(command, atTick: 0)
        var composer = FrameComposer(screen: Size(width: 400, height: 300))
        let frame = composer.frame(of: session, atTick: 0, measurer: font)
        let surface = PixelBuffer(width: 400, height: 300)
        _ = try FrameRenderer(target: surface, glyphs: font).draw(frame)
        return (surface, frame)
    }

    private func brightness(_ surface: PixelBuffer, _ x: Double, _ y: Double) -> UInt32 {
        surface.withPixels { rows in
            let word = rows.row(Int(y))[Int(x)]
            return ((word >> 16) & 0xFF) + ((word >> 8) & 0xFF) + (word & 0xFF)
        }
    }

    @Test(arguments: [1.0, 25, 50, 100])
    func ringFillsClockwiseFromTheTopToTheFraction(percent: Double) throws {
        let (surface, frame) = try render(.progress(percent))
        guard case .progress(let gauge) = frame.indicator else { Issue.record("no ring"); return }
        let ring = gauge.ring
        let filledAngle = 360 * percent / 100
        for degrees in stride(from: 5.0, to: 360, by: 10) {
            let radians = degrees * Double.pi / 180
            let level = brightness(surface, ring.center.x + ring.radius * sin(radians), ring.center.y - ring.radius * cos(radians))
            if degrees < filledAngle - 12 {  // 12°: the round end caps reach past the angle
                #expect(level > 700, "\(percent)% at \(degrees)° should be filled")
            } else if degrees > filledAngle + 12, degrees < 348 {  // the start cap reaches back past the top
                #expect(level < 300 && level > 100, "\(percent)% at \(degrees)° should be the faint track")
            }
        }
    }

    @Test(arguments: Outcome.allCases)
    func outcomeMarkIsDrawnInsideTheWheelsSquare(outcome: Outcome) throws {
        let (surface, frame) = try render(.outcome(outcome, message: nil))
        let box = try #require(frame.indicator).box
        var inked = 0
        surface.withPixels { rows in
            for y in 0..<rows.height {
                for x in 0..<rows.width where ((rows.row(y)[x] >> 8) & 0xFF) > 200 {
                    let inText = y > box.maxY
                    if !inText { #expect(box.contains(px: x, py: y), "ink at \(x),\(y) outside the mark's square") }
                    if box.contains(px: x, py: y) { inked += 1 }
                }
            }
        }
        #expect(inked > box.width * box.height / 40)
    }

    @Test func marksAreTellApart() throws {
        func inkAt(_ outcome: Outcome, _ fx: Double, _ fy: Double) throws -> UInt32 {
            let (surface, frame) = try render(.outcome(outcome, message: nil))
            let box = try #require(frame.indicator).box
            return brightness(surface, Double(box.x) + fx * Double(box.width), Double(box.y) + fy * Double(box.height))
        }
        #expect(try inkAt(.failure, 0.5, 0.5) > 600)   // the cross's centre
        #expect(try inkAt(.success, 0.5, 0.5) < 300)   // the check mark passes beside it
        #expect(try inkAt(.success, 0.39, 0.72) > 600) // the check mark's corner
        #expect(try inkAt(.info, 0.5, 0.3) > 600)      // the i's dot
        #expect(try inkAt(.info, 0.5, 0.38) < 300)     // the gap under the dot
        for outcome in [Outcome.failure, .info] {      // the circle around the cross and the i
            #expect(try inkAt(outcome, 0.5, 0.04) > 600, "\(outcome)")
            #expect(try inkAt(outcome, 0.04, 0.5) > 600, "\(outcome)")
        }
        #expect(try inkAt(.success, 0.5, 0.04) < 300)  // the check mark has none
    }

    /// A mark stands in for the wheel at its size: its ink spans most of the wheel's square, and
    /// its strokes are as thick as a spoke (issue 18: a check mark of 42x32 px and a 7 px "i"
    /// replaced a 65 px wheel).
    @Test(arguments: Outcome.allCases)
    func aMarkIsAsLargeAsTheWheelWithStrokesOfASpokesWeight(outcome: Outcome) throws {
        let (surface, frame) = try render(.outcome(outcome, message: nil))
        let box = try #require(frame.indicator).box
        var inked: [(Int, Int)] = []
        surface.withPixels { rows in
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where (rows.row(y)[x] >> 8) & 0xFF > 128 { inked.append((x, y)) }
            }
        }
        let xs = inked.map(\.0), ys = inked.map(\.1)
        let spanned = (x: (xs.max() ?? 0) - (xs.min() ?? 0) + 1, y: (ys.max() ?? 0) - (ys.min() ?? 0) + 1)
        #expect(Double(spanned.x) >= 0.75 * Double(box.width), "\(outcome) spans \(spanned) of \(box)")
        #expect(Double(spanned.y) >= 0.55 * Double(box.height), "\(outcome) spans \(spanned) of \(box)")
        // Across the check mark's long stroke, or the circle's left side, through the middle.
        let across: [(Int, Int)] = outcome == .success
            ? (0..<box.width).map { box.x + $0 }.map { x in (x, box.y + Int(0.4 * Double(box.height))) }
            : (0..<box.width / 3).map { box.x + $0 }.map { x in (x, box.y + box.height / 2) }
        let run = across.filter { point in inked.contains { $0 == point } }.count
        let spoke = 2 * SpokeWheel(count: 12, radius: Double(box.width) / 2, color: .white).spokeHalfWidth
        let expected = outcome == .success ? spoke * 2.0.squareRoot() : spoke  // the long stroke crosses the row at 45°
        #expect(abs(Double(run) - expected) <= 2, "\(outcome): \(run) px across, a spoke is \(spoke)")
    }

    /// iOS's system green and its accessible red and blue, so success, error and information
    /// are told apart by colour as well as by shape, and each reaches 3:1 whatever is beneath.
    @Test(arguments: [(Outcome.success, 0.39, 0.72, Color(red: 0x30, green: 0xD1, blue: 0x58)),
                      (.failure, 0.5, 0.5, Color(red: 0xFF, green: 0x69, blue: 0x61)),
                      (.info, 0.5, 0.6, Color(red: 0x40, green: 0x9C, blue: 0xFF))])
    func marksHaveTheirOwnColours(outcome: Outcome, fx: Double, fy: Double, expected: Color) throws {
        let (surface, frame) = try render(.outcome(outcome, message: nil), coloured: true)
        let box = try #require(frame.indicator).box
        let word = surface.withPixels { $0.row(box.y + Int(fy * Double(box.height)))[box.x + Int(fx * Double(box.width))] }
        let channels = [(word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF].map { Int($0) }
        let wanted = [expected.red, expected.green, expected.blue].map { Int($0) }
        #expect(zip(channels, wanted).allSatisfy { abs($0 - $1) <= 6 }, "\(channels) is not \(wanted)")
    }
}
}
