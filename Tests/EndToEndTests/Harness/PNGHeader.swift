/// The start of a PNG file: its signature and the IHDR chunk that must follow it.
struct PNGHeader: Equatable {
    /// The image's width in pixels.
    var width: Int
    /// The image's height in pixels.
    var height: Int
    /// Bits per channel.
    var bitDepth: Int
    /// The PNG colour type: 6 is RGBA (truecolour with alpha).
    var colorType: Int

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why bytes are not the start of a PNG.
    enum Malformed: Error, Equatable {
        case tooShort(byteCount: Int)
        case noSignature
        case firstChunkIsNotIHDR
    }

    /// A header with these values.
    init(width: Int, height: Int, bitDepth: Int, colorType: Int) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
    }

    /// Reads the header of the PNG file `bytes`.
    init(_ bytes: [UInt8]) throws(Malformed) {
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), bit depth, colour type.
        guard bytes.count >= 26 else { throw .tooShort(byteCount: bytes.count) }
        guard Array(bytes[0..<8]) == Self.signature else { throw .noSignature }
        guard Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw .firstChunkIsNotIHDR }
        func bigEndian(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        width = bigEndian(at: 16)
        height = bigEndian(at: 20)
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
    }
}
