import Testing
internal import CKioskFramebuffer
internal import CKioskPixels
@testable import KioskCore
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

/// A bare screen's frames as a device takes them (`kp_frame`: the picture inside the island,
/// one colour around it, only the rectangles handed over written), against the same session
/// painted whole and turned: the same screen, tick by tick, upright and turned, through a
/// block's (blue) backdrop easing in, a message that grows the HUD and a hide while blocking.
extension RenderingSuites {
@Suite struct BareScreenOutputTests {
    private let font: FontChain
    /// A small screen, not square, so a quarter turn changes the layout.
    private static let display = Size(width: 240, height: 160)
    /// Shown at 0, blocking from 2 with its backdrop easing in, a longer message, hidden while
    /// still blocking (the surround fades out with the HUD).
    private static let script: [Int: [Command]] = [
        2: [.block(true)],
        14: [.message("Installing a safety update, do not switch off")],
        24: [.hide],
    ]
    private static let lastTick = 40

    init() throws {
        font = try FontChain.opening([])
    }

    /// Upright and a quarter turn (which swaps the island's axes); the other turns take the same
    /// path (TurnedRenderingTests covers every turn's pixels). Over black, and over a
    /// `--background` (which the device, started black, shows whole from the first frame on).
    @Test(arguments: [Rotation.upright, .quarter], [nil, Color(red: 0x60, green: 0x30, blue: 0x10)])
    func theDeviceShowsThePaintedScreenTurned(rotation: Rotation, background: Color?) throws {
        var info = kfb_screen_info()
        info.width = Int32(Self.display.width)
        info.height = Int32(Self.display.height)
        let ground = background.map { PremultipliedPixel($0) } ?? .transparent
        let screen = BareScreenOutput(info, look: BareScreenOutput.Look(rotation: rotation, ground: ground), glyphs: font)
        let logical = screen.opened.logicalSize
        // A blue backdrop: over black the default one is black, and would hide a stale surround.
        var appearance = Appearance()
        appearance.backdropColor = Color(red: 0x20, green: 0x40, blue: 0xC0, alpha: 0xB3)
        var session = HostSession(appearance: appearance, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: true, message: "Please wait..."))
        var composer = FrameComposer(screen: logical)
        let painted = PixelBuffer(width: logical.width, height: logical.height)
        let painting = FrameRenderer(target: painted, glyphs: font)
        // The device starts black, as a dumb buffer and a cleared framebuffer do.
        let device = PixelBuffer(width: Self.display.width, height: Self.display.height)
        for tick in 0...Self.lastTick {
            for command in Self.script[tick] ?? [] { session.apply(command, atTick: tick) }
            session.advance(to: tick)
            let frame = composer.frame(of: session, atTick: tick, measurer: font)
            _ = try painting.draw(frame)
            try screen.draw(frame) { shown, rects in write(shown, rects, to: device) }
            // Over black, as the device shows it: the premultiplied channels; or over the ground.
            let shown = painted.withPixels { PixelBuffer(copying: $0.bounds, of: $0) }
            if background != nil { shown.withPixels { $0.lay(over: ground) } }
            let mismatches = shown.mismatches(turnedBy: rotation, on: device, comparing: 0xFF_FFFF)
            #expect(mismatches == 0, "tick \(tick), \(rotation), background \(String(describing: background))")
        }
    }

    /// Writes `rects` of `shown` into `device` as the C writers do: clipped to it, each row's
    /// span from `kp_frame_span` (the picture inside the island, the surround outside).
    private func write(_ shown: kp_frame, _ rects: [kp_rect], to device: PixelBuffer) {
        device.withPixels { rows in
            var frame = shown
            let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: rows.width)
            defer { scratch.deallocate() }
            for rect in rects {
                let clipped = PixelRect(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
                    .intersection(rows.bounds)
                guard !clipped.isEmpty else { continue }
                for y in clipped.y..<clipped.maxY {
                    let span = kp_frame_span(&frame, Int32(clipped.x), Int32(y), Int32(clipped.width), scratch)!
                    (rows.row(y) + clipped.x).update(from: span, count: clipped.width)
                }
            }
        }
    }

    /// `kp_frame_span` on a 6x3 picture whose pixels are their own index, an island of (2, 1)
    /// 3x1 and surround 0xEE: each span as the C writers read it.
    @Test(arguments: [
        (x: 0, y: 1, width: 6, [0xEE, 0xEE, 8, 9, 10, 0xEE]),   // across both edges
        (x: 2, y: 1, width: 3, [8, 9, 10]),                     // the island exactly
        (x: 3, y: 1, width: 1, [9]),                            // inside it
        (x: 0, y: 1, width: 2, [0xEE, 0xEE]),                   // ends at its left edge
        (x: 5, y: 1, width: 1, [0xEE]),                         // starts at its right edge
        (x: 1, y: 0, width: 4, [0xEE, 0xEE, 0xEE, 0xEE]),       // a row above it
        (x: 1, y: 2, width: 4, [0xEE, 0xEE, 0xEE, 0xEE]),       // a row below it
    ] as [(x: Int, y: Int, width: Int, [UInt32])])
    func aSpanIsThePictureInsideTheIslandAndTheSurroundOutside(x: Int, y: Int, width: Int, expected: [UInt32]) {
        let picture = (0..<18).map(UInt32.init)
        var scratch = [UInt32](repeating: 0, count: 6)
        let read = picture.withUnsafeBufferPointer { pixels in
            var frame = kp_frame(pixels: pixels.baseAddress, stride_pixels: 6,
                                 island: kp_rect(x: 2, y: 1, width: 3, height: 1), surround: 0xEE, ground: 0)
            let span = kp_frame_span(&frame, Int32(x), Int32(y), Int32(width), &scratch)!
            return Array(UnsafeBufferPointer(start: span, count: width))
        }
        #expect(read == expected)
    }

    @Test func anEmptyIslandIsTheSurroundAlone() {
        let picture = [UInt32](repeating: 7, count: 4)
        var scratch = [UInt32](repeating: 0, count: 4)
        let read = picture.withUnsafeBufferPointer { pixels in
            var frame = kp_frame(pixels: pixels.baseAddress, stride_pixels: 4, island: kp_rect(x: 1, y: 0, width: 0, height: 1),
                                 surround: 0x33, ground: 0)
            return Array(UnsafeBufferPointer(start: kp_frame_span(&frame, 0, 0, 4, &scratch)!, count: 4))
        }
        #expect(read == [0x33, 0x33, 0x33, 0x33])
    }

    /// Over a ground (a bare screen's --background), every pixel is shown opaque: a translucent
    /// one with the ground's share left, a transparent surround as the ground itself.
    @Test func overAGroundEveryPixelIsShownOpaqueOverIt() {
        // Inside the island opaque red and white at half strength (premultiplied), a transparent
        // surround; the ground #204080.
        let picture: [UInt32] = [0, 0xFFFF_0000, 0x8080_8080, 0]
        var scratch = [UInt32](repeating: 0, count: 4)
        let read = picture.withUnsafeBufferPointer { pixels in
            var frame = kp_frame(pixels: pixels.baseAddress, stride_pixels: 4, island: kp_rect(x: 1, y: 0, width: 2, height: 1),
                                 surround: 0, ground: 0xFF20_4080)
            return Array(UnsafeBufferPointer(start: kp_frame_span(&frame, 0, 0, 4, &scratch)!, count: 4))
        }
        // 0x80 + 0x20 * 127 / 255 = 0x90, 0x80 + 0x40 * 127 / 255 = 0xA0, 0x80 + 0x80 * 127 / 255 = 0xC0.
        #expect(read == [0xFF20_4080, 0xFFFF_0000, 0xFF90_A0C0, 0xFF20_4080])
    }
}
}
