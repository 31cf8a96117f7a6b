import Glibc
import KioskCore

/// A picture of 32-bit premultiplied ARGB pixels in plain memory, owned by this object: what
/// the rasterizer draws into when no window or SDL surface is involved (wheel poses, tests).
package final class PixelBuffer {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    private let pixels: UnsafeMutablePointer<UInt32>

    /// Creates a transparent picture of `width` x `height` (at least 1x1).
    package init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = .allocate(capacity: self.width * self.height)
        pixels.initialize(repeating: 0, count: self.width * self.height)
    }

    /// Creates a copy of the pixels of `rect` in `rows`, transparent where `rect` reaches past them.
    package convenience init(copying rect: PixelRect, of rows: PixelRows) {
        self.init(width: rect.width, height: rect.height)
        withPixels { $0.place(rows, at: (-rect.x, -rect.y)) }
    }

    deinit { pixels.deallocate() }

    /// True when `other` is as large and holds the same pixels.
    package func hasSamePixels(as other: PixelBuffer) -> Bool {
        other === self || (other.width == width && other.height == height
            && memcmp(pixels, other.pixels, width * height * MemoryLayout<UInt32>.size) == 0)
    }

    /// Runs `body` with the pixel rows, valid only during the call.
    package func withPixels<R>(_ body: (PixelRows) throws -> R) rethrows -> R {
        try body(PixelRows(base: pixels, pitchPixels: width, width: width, height: height))
    }
}
