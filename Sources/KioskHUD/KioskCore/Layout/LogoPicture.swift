/// A device maker's picture (`--logo`, `logo PATH`), decoded: its pixels as 0xAARRGGBB words
/// with premultiplied alpha, row by row. Drawn centred above the HUD at `Appearance`'s height
/// in millimetres, so it looks the same size on every panel.
public struct LogoPicture: Sendable, Equatable {
    /// The file it was read from, as the user named it.
    public let path: String
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// `width` times `height` premultiplied 0xAARRGGBB words, the top row first.
    public let pixels: [UInt32]

    /// The largest file read as a logo: 16 MiB.
    public static let maximumFileBytes = 16 << 20
    /// The most pixels a logo may have once decoded: 4 megapixels (16 MiB), a 2048x2048 picture.
    public static let maximumPixels = 2048 * 2048

    /// A picture of `width` x `height` `pixels` read from `path`; nil when the pixels are not
    /// `width` x `height` or the picture is empty or larger than `maximumPixels`.
    public init?(path: String, width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, width <= Self.maximumPixels / height, pixels.count == width * height else { return nil }
        self.path = path
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Its size.
    public var size: Size { Size(width: width, height: height) }
}
