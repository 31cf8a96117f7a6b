import Glibc

/// A colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a colour from its four channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white, the wheel's default.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// The grey of UIActivityIndicatorView's gray style.
    public static let gray = Color(red: 0x99, green: 0x99, blue: 0x99)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// The same colour with its alpha multiplied by `factor` (0...1).
    public func fading(by factor: Double) -> Color {
        let scaled = (Double(alpha) * min(max(factor, 0), 1)).rounded()
        return Color(red: red, green: green, blue: blue, alpha: UInt8(scaled))
    }

    /// WCAG 2's relative luminance of the colour's RGB (alpha ignored), 0 for black to 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This colour laid over the opaque `background` by its alpha; opaque.
    public func over(_ background: Color) -> Color {
        let alpha = Double(self.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded()) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// WCAG 2's contrast ratio between this colour and `other`, 1 to 21.
    public func contrastRatio(with other: Color) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    public var description: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// Reads `#RRGGBB`, `#RRGGBBAA` or a name (`white`, `gray`/`grey`, `black`); nil when it is
    /// neither.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "white": self = .white
        case "gray", "grey": self = .gray
        case "black": self = .black
        default:
            let digits = text.dropFirst()
            guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8,
                  digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
            let hasAlpha = digits.count == 8
            let rgb = hasAlpha ? value >> 8 : value
            self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                      blue: UInt8(truncatingIfNeeded: rgb), alpha: hasAlpha ? UInt8(truncatingIfNeeded: value) : 255)
        }
    }
}
