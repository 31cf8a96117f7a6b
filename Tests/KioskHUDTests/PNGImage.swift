internal import CPNG

/// A PNG read back with libpng's simplified API as 8-bit RGBA, for checking written snapshots.
struct PNGImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]

    /// A PNG file that libpng could not read, with its reason.
    struct Unreadable: Error {
        var reason: String
    }

    init(path: String) throws {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else { throw Unreadable(reason: Self.message(of: &image)) }
        image.format = cpng_rgba_format()
        width = Int(image.width)
        height = Int(image.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        guard png_image_finish_read(&image, nil, &bytes, png_int_32(width * 4), nil) != 0 else {
            throw Unreadable(reason: Self.message(of: &image))
        }
        self.bytes = bytes
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
    }
}
