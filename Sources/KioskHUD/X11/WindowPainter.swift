internal import CKioskX11
import KioskCore
import KioskRaster

/// Puts rectangles of a picture kept in memory on an X window (XPutImage on the connection the
/// window belongs to), for a window whose visual is true-colour 8-bit red, green and blue.
final class WindowPainter {
    private let painter: OpaquePointer
    /// True when the window's visual has alpha (depth 32), so a compositor blends its pixels.
    let hasAlpha: Bool

    /// The painter of `window` on `display`; nil when its visual is not 24- or 32-bit TrueColor RGB.
    init?(display: UnsafeMutableRawPointer, window: UInt) {
        var depth: Int32 = 0
        guard let painter = kp_x11_painter_new(display, window, &depth) else { return nil }
        self.painter = painter
        hasAlpha = depth == 32
    }

    deinit { kp_x11_painter_free(painter) }

    /// Puts `rect` of `picture` on the window with its top left corner at `at`.
    func put(_ rect: PixelRect, of picture: PixelBuffer, at point: (x: Int, y: Int)) {
        picture.withPixels { rows in
            kp_x11_painter_put(painter, rows.base, Int32(rows.pitchPixels), Int32(rect.x), Int32(rect.y), Int32(rect.width),
                               Int32(rect.height), Int32(point.x), Int32(point.y))
        }
    }
}
