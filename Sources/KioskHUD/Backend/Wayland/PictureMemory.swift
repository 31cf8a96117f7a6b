import Glibc
internal import CSDL
import KioskCore

/// The picture of one output, in anonymous memory mapped for it (mmap) and wrapped as a
/// surface the frame renderer draws into (SDL_CreateRGBSurfaceWithFormatFrom, ARGB8888).
/// Mapped memory starts as zeros, transparent, and only the pages drawn on become resident: a
/// HUD without a backdrop costs its own area, not the output's.
final class PictureMemory {
    /// The surface over the memory.
    let surface: Surface
    private let pixels: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Maps `size` pixels (at least 1x1) and wraps them.
    init(size: Size) throws(SDLError) {
        let width = max(1, size.width), height = max(1, size.height)
        byteCount = width * height * 4
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else {
            throw SDLError(call: "mmap", reason: "no memory for a \(width)x\(height) picture (errno \(errno))")
        }
        pixels = mapped
        guard let wrapped = SDL_CreateRGBSurfaceWithFormatFrom(mapped, Int32(width), Int32(height), 32, Int32(width * 4),
                                                               SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            let error = SDLError(failed: "SDL_CreateRGBSurfaceWithFormatFrom")
            munmap(mapped, byteCount)
            throw error
        }
        surface = Surface(adopting: wrapped)
    }

    deinit {
        // SDL_FreeSurface (the surface's own deinit, after this) leaves memory it did not allocate alone.
        munmap(pixels, byteCount)
    }
}
