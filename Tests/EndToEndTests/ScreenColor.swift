/// A pixel's colour on the X screen, 8 bits a channel.
struct ScreenColor: Equatable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int

    /// The root window's colour with `Xvfb -br`, and the blocking backdrop's (#00000080 over black).
    static let black = ScreenColor(red: 0, green: 0, blue: 0)
    /// The HUD's fill, #1C1C1E at 85 % (#1C1C1ED9) over black.
    static let hudFill = ScreenColor(red: 24, green: 24, blue: 26)

    /// True when no channel differs from `other`'s by more than `tolerance`.
    func isClose(to other: ScreenColor, tolerance: Int = 3) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
    }

    var description: String { "rgb(\(red), \(green), \(blue))" }
}
