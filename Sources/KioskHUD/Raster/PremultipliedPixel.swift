import KioskCore

/// A colour as a 0xAARRGGBB word with premultiplied alpha: the form every pixel of the overlay
/// is composed in. Over black, its RGB channels are already the colour to show.
package struct PremultipliedPixel: Equatable {
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
        let even = Self.scale(word & 0x00FF_00FF, by: factor) & 0x00FF_00FF
        let odd = Self.scale((word >> 8) & 0x00FF_00FF, by: factor) & 0x00FF_00FF
        return PremultipliedPixel(word: even | odd << 8)
    }

    /// This pixel drawn over `below` (Porter-Duff "over").
    package func over(_ below: PremultipliedPixel) -> PremultipliedPixel {
        let keep = 255 - alpha
        if keep == 0 { return self }
        if keep == 255 { return below }
        return PremultipliedPixel(word: word &+ below.scaled(by: keep).word)
    }

    /// Two 8-bit channels packed in one word (bits 0-7 and 16-23), each times `factor` / 255.
    private static func scale(_ pair: UInt32, by factor: UInt32) -> UInt32 {
        let product = pair &* factor &+ 0x0080_0080
        return (product &+ ((product >> 8) & 0x00FF_00FF)) >> 8
    }

    /// The same colour with straight alpha, as red, green, blue, alpha bytes.
    package var straightChannels: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let a = alpha
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 { UInt8(min(255, ((word >> shift) & 0xFF) * 255 / a)) }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}
