@testable import KioskCore
@testable import KioskHUD
internal import CSDL

/// A PNG read back with SDL_image and converted to RGBA bytes, for checking written snapshots.
struct PNGImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]

    init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw SDLError(failed: "IMG_Load") }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw SDLError(failed: "SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(rgba) }
        let width = Int(rgba.pointee.w), height = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        let base = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes = (0..<height).flatMap { y in Array(UnsafeBufferPointer(start: base + y * pitch, count: width * 4)) }
        self.width = width
        self.height = height
    }

    func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
    }
}
