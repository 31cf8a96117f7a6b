import Glibc
import KioskCore

/// A picture of 32-bit premultiplied ARGB pixels in plain memory, owned by this object: wheel
/// poses, text masks, the screen read back from beneath the overlay, a turned canvas, and the
/// picture of a display whose island the overlay keeps itself (`IslandPicture`). The pixels stay
/// at one address for the object's life, so C code may keep a pointer to them while it lives.
///
/// A large picture (a whole screen read back while blocking) is mapped from the kernel on its
/// own (mmap), so its memory goes back when it is freed instead of staying in malloc's heap.
package final class PixelBuffer: PixelCanvas {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    private let pixels: UnsafeMutablePointer<UInt32>
    /// The bytes mapped for the pixels; 0 when they were allocated with malloc.
    private let mappedBytes: Int

    /// The smallest picture mapped on its own.
    static let mappedFromBytes = 1 << 20

    /// Creates a transparent picture of `width` x `height` (at least 1x1).
    package init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        let count = self.width * self.height
        let bytes = count * MemoryLayout<UInt32>.size
        // Anonymous mappings come zeroed: transparent.
        if bytes >= Self.mappedFromBytes,
           let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED {
            pixels = mapped.bindMemory(to: UInt32.self, capacity: count)
            mappedBytes = bytes
        } else {
            pixels = .allocate(capacity: count)
            pixels.initialize(repeating: 0, count: count)
            mappedBytes = 0
        }
    }

    /// Creates a copy of the pixels of `rect` in `rows`, transparent where `rect` reaches past them.
    package convenience init(copying rect: PixelRect, of rows: PixelRows) {
        self.init(width: rect.width, height: rect.height)
        withPixels { $0.place(rows, at: (-rect.x, -rect.y)) }
    }

    deinit {
        if mappedBytes > 0 { munmap(pixels, mappedBytes) } else { pixels.deallocate() }
    }

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
