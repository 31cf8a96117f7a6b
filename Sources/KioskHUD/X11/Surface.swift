internal import CSDL
import KioskCore
import KioskRaster

/// A window's SDL surface (32-bit pixels, which SDL owns and frees with the window), drawn into
/// with premultiplied alpha.
final class Surface: PixelCanvas {
    let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Wraps a window's surface.
    init(borrowing surface: UnsafeMutablePointer<SDL_Surface>) {
        pointer = surface
    }

    var width: Int { Int(pointer.pointee.w) }
    var height: Int { Int(pointer.pointee.h) }

    /// True when the pixels are laid out as 0xAARRGGBB or 0x??RRGGBB words, which the drawing code
    /// writes directly.
    var isDirectlyDrawable: Bool {
        guard let format = pointer.pointee.format?.pointee, format.BytesPerPixel == 4 else { return false }
        return format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
    }

    /// True when the pixels' top byte is alpha (0xAARRGGBB), as on a window with an ARGB visual.
    var hasAlpha: Bool { pointer.pointee.format?.pointee.Amask == 0xFF00_0000 }

    /// Runs `body` with the pixel rows locked (SDL_LockSurface when SDL requires it).
    func withPixels<R>(_ body: (PixelRows) throws -> R) rethrows -> R {
        let mustLock = csdl_must_lock(pointer) != 0
        if mustLock { SDL_LockSurface(pointer) }
        defer { if mustLock { SDL_UnlockSurface(pointer) } }
        let rows = PixelRows(base: pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self),
                             pitchPixels: Int(pointer.pointee.pitch) / 4, width: width, height: height)
        return try body(rows)
    }
}
