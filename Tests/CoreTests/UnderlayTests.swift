import Testing
@testable import KioskCore
@testable import KioskRaster

/// What the overlay is drawn over when no compositor blends its window: the screen read back,
/// kept where the window covers it, and what fading and restoring do with it.
@Suite struct UnderlayTests {
    /// A picture of `rect`'s size whose every pixel says where it is on the screen.
    private func screen(_ rect: PixelRect) -> PixelBuffer {
        let picture = PixelBuffer(width: rect.width, height: rect.height)
        picture.withPixels { rows in
            for y in 0..<rows.height {
                for x in 0..<rows.width { rows.row(y)[x] = Self.screenPixel(x: rect.x + x, y: rect.y + y) }
            }
        }
        return picture
    }

    /// The opaque pixel the screen shows at (`x`, `y`).
    private static func screenPixel(x: Int, y: Int) -> UInt32 { 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 | 0x40 }

    private func pixel(_ underlay: Underlay, _ x: Int, _ y: Int) -> UInt32? {
        underlay.picture?.withPixels { $0.row(y - underlay.area.y)[x - underlay.area.x] }
    }

    @Test func growingReadsTheNewAreaButKeepsWhatWasReadBefore() {
        let first = Underlay.transparent.covering(PixelRect(x: 10, y: 10, width: 20, height: 20)) { screen($0) }
        var asked: [PixelRect] = []
        // The screen now shows the overlay's own pixels where it was read first.
        let grown = first.covering(PixelRect(x: 0, y: 5, width: 40, height: 30)) { rect in
            asked.append(rect)
            let shown = screen(rect)
            shown.withPixels { $0.fill(PixelRect(x: 10, y: 5, width: 20, height: 20), with: PremultipliedPixel(word: 0xFFFF_FFFF)) }
            return shown
        }
        #expect(asked == [PixelRect(x: 0, y: 5, width: 40, height: 30)])
        #expect(grown.area == PixelRect(x: 0, y: 5, width: 40, height: 30))
        for (x, y) in [(0, 5), (15, 15), (29, 29), (39, 34), (12, 8)] {
            #expect(pixel(grown, x, y) == Self.screenPixel(x: x, y: y), "at \(x), \(y)")
        }
    }

    @Test func shrinkingReadsNothing() {
        let whole = Underlay.transparent.covering(PixelRect(x: 0, y: 0, width: 64, height: 48)) { screen($0) }
        let hud = whole.covering(PixelRect(x: 20, y: 10, width: 16, height: 16)) { _ in
            Issue.record("read again")
            return nil
        }
        #expect(hud.area == PixelRect(x: 20, y: 10, width: 16, height: 16))
        #expect(pixel(hud, 20, 10) == Self.screenPixel(x: 20, y: 10))
        #expect(pixel(hud, 35, 25) == Self.screenPixel(x: 35, y: 25))
    }

    @Test func nothingVisibleForgetsWhatWasRead() {
        let read = Underlay.transparent.covering(PixelRect(x: 0, y: 0, width: 8, height: 8)) { screen($0) }
        let hidden = read.covering(PixelRect(x: 0, y: 0, width: 0, height: 0)) { _ in nil }
        #expect(hidden.picture == nil && hidden.area.isEmpty)
    }

    @Test func restoringPutsBackTheUnderlayAndTransparentBeyondIt() {
        let underlay = Underlay.transparent.covering(PixelRect(x: 4, y: 4, width: 8, height: 8)) { screen($0) }
        let canvas = PixelBuffer(width: 16, height: 16)
        canvas.withPixels { rows in
            rows.fill(rows.bounds, with: PremultipliedPixel(word: 0xFF12_3456))
            rows.restore(PixelRect(x: 0, y: 0, width: 10, height: 16), from: underlay)
            #expect(rows.row(5)[5] == Self.screenPixel(x: 5, y: 5))
            #expect(rows.row(1)[1] == 0)
            #expect(rows.row(5)[11] == 0xFF12_3456, "outside the restored rectangle")
        }
    }

    @Test func fadingBlendsTowardsTheUnderlay() {
        let underlay = Underlay.transparent.covering(PixelRect(x: 0, y: 0, width: 4, height: 1)) { _ in
            let picture = PixelBuffer(width: 4, height: 1)
            picture.withPixels { $0.fill($0.bounds, with: PremultipliedPixel(word: 0xFF20_4080)) }
            return picture
        }
        let canvas = PixelBuffer(width: 8, height: 1)
        canvas.withPixels { rows in
            rows.fill(rows.bounds, with: PremultipliedPixel(word: 0xFFE0_C0A0))
            rows.fade(rows.bounds, opacity: 0.5, over: underlay)
            #expect(rows.row(0)[0] == 0xFF80_8090, "half way from the underlay to the picture")
            #expect(rows.row(0)[6] == 0x8070_6050, "over nothing read: the picture at half strength")
        }
    }
}
