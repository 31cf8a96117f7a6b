import KioskCore

/// A colour as a 0xAARRGGBB word with premultiplied alpha: the form every pixel of the overlay
/// is composed in. Over black, its RGB channels are already the colour to show.
package struct PremultipliedPixel: Equatable, Sendable {
    package var word: UInt32

    package static let transparent = PremultipliedPixel(word: 0)

    /// `color` with its alpha further scaled by `coverage` (0...1).
    package init(_ color: Color, coverage: Double = 1) {
        let alpha = Double(color.alpha) * min(max(coverage, 0), 1) / 255
        func channel(_ value: UInt8) -> UInt32 { UInt32((Double(value) * alpha).rounded()) }
        word = UInt32((alpha * 255).rounded()) << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
    }

    package init(word: UInt32) { self.word = word }

    package var alpha: UInt32 { word >> 24 }

    /// Every channel times `factor` / 255.
    package func scaled(by factor: UInt32) -> PremultipliedPixel {
        let even = Self.divideBy255(Self.lanes(word) &* factor)
        let odd = Self.divideBy255(Self.lanes(word >> 8) &* factor)
        return PremultipliedPixel(word: even | odd << 8)
    }

    /// Every channel `factor` / 255 of the way from `other`'s to this pixel's. When this pixel
    /// is a layer drawn over `other`, this is what the layer faded to `factor` / 255 shows
    /// over `other`; over transparent it is `scaled(by: factor)`.
    package func mixed(with other: PremultipliedPixel, keeping factor: UInt32) -> PremultipliedPixel {
        let rest = 255 - factor
        let even = Self.divideBy255(Self.lanes(word) &* factor &+ Self.lanes(other.word) &* rest)
        let odd = Self.divideBy255(Self.lanes(word >> 8) &* factor &+ Self.lanes(other.word >> 8) &* rest)
        return PremultipliedPixel(word: even | odd << 8)
    }

    /// This pixel drawn over `below` (Porter-Duff "over").
    package func over(_ below: PremultipliedPixel) -> PremultipliedPixel {
        let keep = 255 - alpha
        if keep == 0 { return self }
        if keep == 255 { return below }
        return PremultipliedPixel(word: word &+ below.scaled(by: keep).word)
    }

    /// Two 8-bit channels of `word` (bits 0-7 and 16-23) in 16-bit lanes, so each can be
    /// multiplied by up to 257 without reaching the other.
    private static func lanes(_ word: UInt32) -> UInt32 { word & 0x00FF_00FF }

    /// Two 16-bit lanes of at most 255 x 255 each, divided by 255 and rounded, back in bits
    /// 0-7 and 16-23.
    private static func divideBy255(_ products: UInt32) -> UInt32 {
        let rounded = products &+ 0x0080_0080
        return ((rounded &+ ((rounded >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// The same colour with straight alpha, as red, green, blue, alpha bytes.
    package var straightChannels: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let a = alpha
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 { UInt8(min(255, ((word >> shift) & 0xFF) * 255 / a)) }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}
