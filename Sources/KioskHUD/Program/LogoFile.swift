internal import CPNG
import KioskCore
import KioskPlatform

/// A logo read from a PNG file with libpng's simplified API, within bounds: the file must be a
/// regular file (a FIFO or a device is refused, never waited on) of at most
/// `LogoPicture.maximumFileBytes`, read whole first, and its picture is refused before it is
/// decoded when it has more than `LogoPicture.maximumPixels`. So a hostile or huge file costs
/// one line, never a crash, a wait or memory past those bounds.
enum LogoFile {
    /// Why a file is not a logo, said so a person can act on it.
    struct Refusal: Error, CustomStringConvertible {
        /// The file.
        var path: String
        /// What is wrong with it.
        var reason: String

        var description: String { "\(DiagnosticText.shown(path)): \(reason)" }
    }

    /// The picture in the PNG at `path`, premultiplied.
    static func read(_ path: String) throws(Refusal) -> LogoPicture {
        let tooLarge = Refusal(path: path, reason: "it is larger than the \(LogoPicture.maximumFileBytes >> 20) MiB a logo may be")
        let file: RegularFile, bytes: [UInt8]
        do { file = try RegularFile(opening: path) } catch { throw Refusal(path: path, reason: error.reason) }
        guard file.size <= LogoPicture.maximumFileBytes else { throw tooLarge }
        do { bytes = try file.read(atMost: LogoPicture.maximumFileBytes + 1) } catch { throw Refusal(path: path, reason: error.reason) }
        guard bytes.count <= LogoPicture.maximumFileBytes else { throw tooLarge }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw Refusal(path: path, reason: "not a PNG libpng can read (\(PNGFile.message(of: &image)))") }
        let width = Int(image.width), height = Int(image.height)
        guard width <= LogoPicture.maximumPixels / max(1, height) else {
            throw Refusal(path: path, reason: "\(width)x\(height) pixels is more than the \(LogoPicture.maximumPixels) a logo may have (2048x2048)")
        }
        image.format = cpng_bgra_format()
        var words = [UInt32](repeating: 0, count: width * height)
        let finished = words.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil) }
        guard finished != 0 else { throw Refusal(path: path, reason: "its picture cannot be decoded (\(PNGFile.message(of: &image)))") }
        for index in words.indices { words[index] = premultiplied(words[index]) }
        guard let picture = LogoPicture(path: path, width: width, height: height, pixels: words) else {
            throw Refusal(path: path, reason: "it holds an empty picture")
        }
        return picture
    }

    /// A 0xAARRGGBB word with straight alpha, premultiplied.
    private static func premultiplied(_ word: UInt32) -> UInt32 {
        let alpha = word >> 24
        if alpha == 255 { return word }
        if alpha == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { (((word >> shift) & 0xFF) * alpha + 127) / 255 << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
}
