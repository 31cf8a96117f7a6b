internal import CPNG
import KioskCore
import KioskPlatform
import KioskRaster

/// A logo read from a PNG file with libpng's simplified API, within bounds: the file must be a
/// regular file (a FIFO or a device is refused, never waited on) of at most
/// `LogoPicture.maximumFileBytes`, read whole first (no more than its size says), and its picture is refused before it is
/// decoded when it has more than `LogoPicture.maximumPixels`. So a hostile or huge file costs
/// one line, never a crash, a wait or memory past those bounds.
enum LogoFile {
    /// Why a file is not a logo, said as a file that cannot be read is: the path, then what is
    /// wrong with it.
    typealias Refusal = RegularFile.Refusal

    /// The picture in the PNG at `path`, premultiplied.
    static func read(_ path: String) throws(Refusal) -> LogoPicture {
        let file: RegularFile, bytes: [UInt8]
        do { file = try RegularFile(opening: path) } catch { throw Refusal(path: path, reason: error.reason) }
        guard file.size <= LogoPicture.maximumFileBytes else {
            throw Refusal(path: path, reason: "it is larger than the \(LogoPicture.maximumFileBytes >> 20) MiB a logo may be")
        }
        // A kernel file (/proc/kmsg, a trace pipe) says it holds nothing and may never end: no
        // more than the size the file says is read, and nothing from one that says 0.
        guard file.size > 0 else { throw Refusal(path: path, reason: "it is empty") }
        do { bytes = try file.read(atMost: file.size) } catch { throw Refusal(path: path, reason: error.reason) }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        // libpng reads the bytes from begin to finish: both inside the one closure they live in.
        let decoded = bytes.withUnsafeBytes { (file: UnsafeRawBufferPointer) -> Result<[UInt32], Refusal> in
            guard png_image_begin_read_from_memory(&image, file.baseAddress, file.count) != 0 else {
                return .failure(Refusal(path: path, reason: "not a PNG libpng can read (\(PNGFile.message(of: &image)))"))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width <= LogoPicture.maximumPixels / max(1, height) else {
                return .failure(Refusal(path: path, reason: "\(width)x\(height) pixels is more than the \(LogoPicture.maximumPixels) "
                                            + "a logo may have"))
            }
            image.format = cpng_bgra_format()
            var words = [UInt32](repeating: 0, count: width * height)
            let finished = words.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil) }
            guard finished != 0 else {
                return .failure(Refusal(path: path, reason: "its picture cannot be decoded (\(PNGFile.message(of: &image)))"))
            }
            return .success(words.map(premultiplied))
        }
        let words: [UInt32]
        switch decoded {
        case .success(let pixels): words = pixels
        case .failure(let refusal): throw refusal
        }
        guard let picture = LogoPicture(path: path, width: Int(image.width), height: Int(image.height), pixels: words) else {
            throw Refusal(path: path, reason: "it holds an empty picture")
        }
        return picture
    }

    /// A 0xAARRGGBB word with straight alpha, premultiplied.
    private static func premultiplied(_ word: UInt32) -> UInt32 {
        let straight = Color(red: UInt8(truncatingIfNeeded: word >> 16), green: UInt8(truncatingIfNeeded: word >> 8),
                             blue: UInt8(truncatingIfNeeded: word), alpha: UInt8(truncatingIfNeeded: word >> 24))
        return PremultipliedPixel(straight).word
    }
}

extension LaunchOptions {
    /// These options with `--logo` read (`LogoFile`), for a start that draws. A file that is no
    /// logo is said in one line and the overlay starts without one: a boot screen without its
    /// logo is better than none.
    func readingLogo() -> LaunchOptions {
        guard let path = logoPath else { return self }
        var options = self
        do { options.appearance.logo = try LogoFile.read(path) } catch {
            Diagnostics.report("--logo cannot be shown: \(error); showing no logo")
        }
        return options
    }
}
