import Testing
internal import CKioskFramebuffer
@testable import KioskCore
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

/// A bare screen's frames as a device takes them (`kp_frame`: the picture inside the island,
/// one colour around it, only the rectangles handed over written), against the same session
/// painted whole and turned: the same screen, tick by tick, upright and turned, through a
/// block's (blue) backdrop easing in and out and a message that grows the HUD.
extension RenderingSuites {
@Suite struct BareScreenTests {
    private let font: FontChain
    /// A small screen, not square, so a quarter turn changes the layout.
    private static let display = Size(width: 240, height: 160)
    private static let script: [Int: [Command]] = [
        2: [.block(true)],
        14: [.message("Installing a safety update, do not switch off")],
        20: [.block(false)],
        34: [.hide],
    ]
    private static let lastTick = 48

    init() throws {
        font = try FontChain.opening([])
    }

    @Test(arguments: Rotation.allCases)
    func theDeviceShowsThePaintedScreenTurned(rotation: Rotation) throws {
        var info = kfb_screen_info()
        info.width = Int32(Self.display.width)
        info.height = Int32(Self.display.height)
        let screen = BareScreen(info, rotation: rotation, glyphs: font)
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
            var mismatches = 0
            painted.withPixels { expected in
                device.withPixels { actual in
                    for y in 0..<logical.height {
                        for x in 0..<logical.width {
                            let point = rotation.displayPoint(x: x, y: y, logical: logical)
                            // Over black, as the device shows it: the premultiplied channels.
                            if expected.row(y)[x] & 0xFF_FFFF != actual.row(point.y)[point.x] & 0xFF_FFFF { mismatches += 1 }
                        }
                    }
                }
            }
            #expect(mismatches == 0, "tick \(tick), \(rotation)")
        }
    }

    /// Writes `rects` of `shown` into `device` as the C side does: the picture's pixel inside the
    /// island, the surround outside it.
    private func write(_ shown: kp_frame, _ rects: [kfb_rect], to device: PixelBuffer) {
        let island = PixelRect(x: Int(shown.island.x), y: Int(shown.island.y),
                               width: Int(shown.island.width), height: Int(shown.island.height))
        device.withPixels { rows in
            for rect in rects {
                for y in Int(rect.y)..<Int(rect.y + rect.height) {
                    for x in Int(rect.x)..<Int(rect.x + rect.width) {
                        rows.row(y)[x] = island.contains(px: x, py: y)
                            ? shown.pixels[y * Int(shown.stride_pixels) + x] : shown.surround
                    }
                }
            }
        }
    }
}
}
