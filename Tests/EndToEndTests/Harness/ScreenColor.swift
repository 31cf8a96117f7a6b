/// A pixel's colour on the X screen, 8 bits a channel.
struct ScreenColor: Equatable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int

    /// The root window's colour with `Xvfb -br`, and the blocking backdrop's (#000000B3 over black).
    static let black = ScreenColor(red: 0, green: 0, blue: 0)
    /// The HUD's fill, #1C1C1E at 95 % (#1C1C1EF2) over black.
    static let hudFill = ScreenColor(red: 27, green: 27, blue: 28)
    /// The HUD's default fill colour and its opacity, #1C1C1EF2.
    static let hudColor = ScreenColor(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let hudAlpha = Double(0xF2) / 255

    /// The HUD's fill over `beneath`.
    static func hudFill(over beneath: ScreenColor) -> ScreenColor { beneath.covered(by: hudColor, alpha: hudAlpha) }

    /// The pixel value of this colour on Xvfb's 24-bit TrueColor visual.
    var pixel: UInt { UInt(red) << 16 | UInt(green) << 8 | UInt(blue) }

    /// `top` drawn over this colour at `alpha` (0...1), each channel rounded.
    func covered(by top: ScreenColor, alpha: Double) -> ScreenColor {
        func mix(_ below: Int, _ above: Int) -> Int { Int((Double(above) * alpha + Double(below) * (1 - alpha)).rounded()) }
        return ScreenColor(red: mix(red, top.red), green: mix(green, top.green), blue: mix(blue, top.blue))
    }

    /// True when every channel lies between `one`'s and `other`'s, give or take `tolerance`.
    func isBetween(_ one: ScreenColor, and other: ScreenColor, tolerance: Int = 3) -> Bool {
        func between(_ value: Int, _ a: Int, _ b: Int) -> Bool { value >= min(a, b) - tolerance && value <= max(a, b) + tolerance }
        return between(red, one.red, other.red) && between(green, one.green, other.green) && between(blue, one.blue, other.blue)
    }

    /// True when no channel differs from `other`'s by more than `tolerance`.
    func isClose(to other: ScreenColor, tolerance: Int = 3) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
    }

    var description: String { "rgb(\(red), \(green), \(blue))" }
}
