internal import CPNG
import KioskRaster

/// A picture saved as a PNG of 8-bit RGBA with straight alpha (libpng's simplified API), as
/// `--snapshot` writes it.
enum PNGFile {
    /// A PNG that could not be written, with libpng's reason.
    struct Failure: Error, CustomStringConvertible {
        /// Where it was to be written.
        var path: String
        /// libpng's message.
        var reason: String

        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes the premultiplied `canvas` to `path` (png_image_write_to_file).
    static func write(_ canvas: some PixelCanvas, to path: String) throws(Failure) {
        let width = canvas.width, height = canvas.height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        canvas.withPixels { source in
            for y in 0..<source.height {
                let row = source.row(y)
                for x in 0..<source.width {
                    let pixel = PremultipliedPixel(word: row[x]).straightChannels
                    let index = (y * width + x) * 4
                    bytes[index] = pixel.red
                    bytes[index + 1] = pixel.green
                    bytes[index + 2] = pixel.blue
                    bytes[index + 3] = pixel.alpha
                }
            }
        }
        var image = cpng_rgba_image(png_uint_32(width), png_uint_32(height))
        let written = png_image_write_to_file(&image, path, 0, bytes, png_int_32(width * 4), nil)
        guard written != 0 else { throw Failure(path: path, reason: message(of: &image)) }
    }

    /// The message libpng left in `image` after a failure.
    static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
