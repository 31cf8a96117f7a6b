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

    deinit { pixels.deallocate() }

    /// Runs `body` with the pixel rows, valid only during the call.
    package func withPixels<R>(_ body: (PixelRows) throws -> R) rethrows -> R {
        try body(PixelRows(base: pixels, pitchPixels: width, width: width, height: height))
    }
}
