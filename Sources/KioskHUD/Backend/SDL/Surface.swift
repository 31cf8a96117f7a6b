internal import CSDL
import KioskCore
import KioskRaster

/// An SDL surface of 32-bit ARGB pixels that the overlay draws into with premultiplied alpha.
/// Owns the surface unless it is borrowed from a window.
final class Surface: PixelCanvas {
    let pointer: UnsafeMutablePointer<SDL_Surface>
    private let owned: Bool

    /// Creates a zeroed (transparent) 32-bit surface of at least 1x1, ARGB8888 unless another
    /// 32-bit format is given (SDL_CreateRGBSurfaceWithFormat).
    init(width: Int, height: Int, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) throws(SDLError) {
        pointer = try SDLError.unwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(max(1, width)), Int32(max(1, height)), 32, format),
            "SDL_CreateRGBSurfaceWithFormat")
        owned = true
    }

    /// Takes ownership of a surface SDL created, freeing it with this object.
    init(adopting surface: UnsafeMutablePointer<SDL_Surface>) {
        pointer = surface
        owned = true
    }

    /// Wraps a window's surface, which SDL owns and frees with the window.
    init(borrowing surface: UnsafeMutablePointer<SDL_Surface>) {
        pointer = surface
        owned = false
    }

    deinit {
        if owned { SDL_FreeSurface(pointer) }
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
