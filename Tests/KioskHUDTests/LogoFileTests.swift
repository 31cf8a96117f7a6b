import Foundation
import Glibc
import Testing
@testable import KioskCore
@testable import KioskHUD
@testable import KioskRaster

/// A logo read from its PNG within bounds, every refusal one sentence and none a crash or a
/// wait; and scaled as a person expects a picture to be.
@Suite struct LogoFileTests {
    /// Writes a `width` x `height` picture of premultiplied `words` as a PNG in `folder`.
    private func writePNG(_ words: [UInt32], width: Int, height: Int, in folder: TemporaryFolder, name: String = "logo.png") throws -> String {
        let picture = PixelBuffer(width: width, height: height)
        picture.withPixels { rows in
            for y in 0..<height { for x in 0..<width { rows.row(y)[x] = words[y * width + x] } }
        }
        let path = folder.path + "/" + name
        try PNGFile.write(picture, to: path)
        return path
    }

    private func refusal(_ path: String) -> String? {
        do {
            _ = try LogoFile.read(path)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aPNGIsReadPremultipliedAsItWasWritten() throws {
        let folder = try TemporaryFolder()
        // Opaque red, blue at half strength (premultiplied), transparent, opaque white.
        let words: [UInt32] = [0xFFFF_0000, 0x8000_0080, 0x0000_0000, 0xFFFF_FFFF]
        let path = try writePNG(words, width: 2, height: 2, in: folder)
        let logo = try LogoFile.read(path)
        #expect(logo.width == 2 && logo.height == 2 && logo.path == path)
        #expect(logo.pixels == words)
    }

    @Test func somethingNotAPNGIsRefusedInOneSentence() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/logo.png"
        try Data("GIF89a not a png".utf8).write(to: URL(fileURLWithPath: path))
        #expect(refusal(path) == "not a PNG libpng can read (Not a PNG file)")
        #expect(refusal(folder.path + "/missing.png") == "No such file or directory")
    }

    @Test func aFIFOIsRefusedAtOnceNeverWaitedOn() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/logo.png"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(refusal(path) == "is a FIFO, not a regular file")
    }

    /// An empty file, and a kernel file that says it is empty but may never end: refused
    /// without a read that could wait for ever.
    @Test func aFileThatSaysItIsEmptyIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/logo.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(refusal(path) == "it is empty")
        #expect(refusal("/proc/self/status") == "it is empty")
    }

    @Test func aFileLargerThanALogoMayBeIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let path = try writePNG([0xFF00_0000], width: 1, height: 1, in: folder)
        #expect(truncate(path, off_t(LogoPicture.maximumFileBytes + 1)) == 0)
        #expect(refusal(path) == "it is larger than the 16 MiB a logo may be")
    }

    @Test func aPictureOfMorePixelsThanALogoMayHaveIsRefusedBeforeItIsDecoded() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.png"
        // A header saying 65535x65535 and a picture that is not there: refused on the header alone.
        try Data(Self.pngHeader(width: 65535, height: 65535)).write(to: URL(fileURLWithPath: path))
        #expect(refusal(path) == "65535x65535 pixels is more than the \(LogoPicture.maximumPixels) a logo may have")
    }

    @Test func aPNGCutShortIsRefusedNotDrawnHalf() throws {
        let folder = try TemporaryFolder()
        let words = (0..<(64 * 64)).map { UInt32(0xFF00_0000) | UInt32($0 &* 2_654_435_761 & 0xFF_FFFF) }
        let path = try writePNG(words, width: 64, height: 64, in: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        let reason = try #require(refusal(path))
        #expect(reason.hasPrefix("its picture cannot be decoded ("))
    }

    @Test func aPictureMadeSmallerAveragesWhatEachPixelCovers() throws {
        // Columns of opaque white and transparent: halved, each pixel is white at half strength.
        let stripes = LogoPicture(path: "stripes", width: 4, height: 2,
                                  pixels: [0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0])!
        let half = stripes.scaled(to: Size(width: 2, height: 1))
        half.withPixels { rows in
            #expect(rows.row(0)[0] == 0x8080_8080 && rows.row(0)[1] == 0x8080_8080)
        }
        // A third as wide: each pixel covers two white columns and a transparent one.
        let six = LogoPicture(path: "six", width: 6, height: 1, pixels: [0xFFFF_FFFF, 0xFFFF_FFFF, 0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF])!
        let third = six.scaled(to: Size(width: 2, height: 1))
        third.withPixels { rows in #expect(rows.row(0)[0] == 0xAAAA_AAAA && rows.row(0)[1] == 0xAAAA_AAAA) }
    }

    @Test func aPictureMadeLargerIsInterpolatedBetweenItsPixels() throws {
        let two = LogoPicture(path: "two", width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])!
        let wide = two.scaled(to: Size(width: 4, height: 1))
        wide.withPixels { rows in
            // Centres at 0.25 and 0.75 of the way between the two: a quarter and three quarters white.
            #expect([rows.row(0)[0], rows.row(0)[1], rows.row(0)[2], rows.row(0)[3]]
                == [0xFF00_0000, 0xFF40_4040, 0xFFBF_BFBF, 0xFFFF_FFFF])
        }
    }

    /// A PNG's chunks without its picture: the signature, an IHDR for an 8-bit RGBA picture of
    /// `width` x `height`, an empty IDAT and IEND.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// The CRC-32 a PNG chunk ends with.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
