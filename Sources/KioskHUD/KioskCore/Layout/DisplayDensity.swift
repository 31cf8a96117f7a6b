import Glibc

/// How many pixels an inch of a display holds, judged from what the display reports about its
/// physical size, and the type size a person can read on it from a given distance.
public enum DisplayDensity {
    /// Millimetres in an inch.
    public static let millimetresPerInch = 25.4
    /// The density assumed when the display does not tell a plausible one.
    public static let assumedDotsPerInch = 96.0
    /// The densities a real kiosk panel can have; outside them a reported size is wrong.
    public static let plausibleDotsPerInch = 50.0...400.0

    /// Sizes in millimetres that displays report when they know only their aspect ratio (EDID
    /// stores 16:9 as "16 x 9 cm", which becomes 160 x 90 mm, or as bare 16 x 9).
    private static let aspectRatioPlaceholders: Set<[Int]> = [
        [16, 9], [16, 10], [4, 3], [5, 4], [160, 90], [160, 100], [40, 30], [50, 40],
    ]

    /// The density of a display `pixels` big that reports `millimetres` (width, height) of
    /// picture, or nil when that report is not plausible: zero, an aspect-ratio placeholder,
    /// different densities across and down, or a density outside `plausibleDotsPerInch`.
    public static func dotsPerInch(pixels: Size, millimetres: (width: Int, height: Int)) -> Double? {
        let (width, height) = millimetres
        guard width > 0, height > 0, pixels.width > 0, pixels.height > 0 else { return nil }
        if aspectRatioPlaceholders.contains([width, height]) || aspectRatioPlaceholders.contains([height, width]) {
            return nil
        }
        let across = Double(pixels.width) * millimetresPerInch / Double(width)
        let down = Double(pixels.height) * millimetresPerInch / Double(height)
        guard abs(across - down) <= 0.15 * max(across, down) else { return nil }
        let density = (across + down) / 2
        return plausibleDotsPerInch.contains(density) ? density : nil
    }
}

/// The type size that stays legible at arm's length: capitals `capitalArcminutes` tall seen from
/// `viewingDistanceCentimetres` away on a display of `dotsPerInch`.
public struct Legibility: Sendable, Equatable {
    /// The display's density.
    public var dotsPerInch: Double
    /// How far the reader's eyes are from the panel.
    public var viewingDistanceCentimetres: Double

    /// The height of the message's capitals, in arcminutes of the reader's view: comfortable
    /// reading needs 16 to 20, so the message is set at the top of that range.
    public static let capitalArcminutes = 20.0
    /// The least a message may shrink to before it is cut: the bottom of the comfortable range.
    public static let smallestCapitalArcminutes = 16.0
    /// A capital's height as a fraction of the font size (DejaVu Sans, the bundled Latin font).
    public static let capitalHeightPerEm = 0.73
    /// The usual distance from a kiosk's panel to the eyes of the person using it.
    public static let defaultViewingDistanceCentimetres = 60.0

    /// Creates the legibility rule for a display and a distance.
    public init(dotsPerInch: Double = DisplayDensity.assumedDotsPerInch,
                viewingDistanceCentimetres: Double = Legibility.defaultViewingDistanceCentimetres) {
        self.dotsPerInch = dotsPerInch
        self.viewingDistanceCentimetres = viewingDistanceCentimetres
    }

    /// The font size, in pixels, whose capitals are `arcminutes` tall to the reader.
    public func fontPixels(capitalArcminutes arcminutes: Double) -> Int {
        let angle = arcminutes / 60 * Double.pi / 180
        let capitalMillimetres = 2 * viewingDistanceCentimetres * 10 * tan(angle / 2)
        return Int((capitalMillimetres / DisplayDensity.millimetresPerInch * dotsPerInch / Self.capitalHeightPerEm).rounded(.up))
    }

    /// The message's font size.
    public var messageFontPixels: Int { fontPixels(capitalArcminutes: Self.capitalArcminutes) }
    /// The smallest size the message may shrink to.
    public var smallestFontPixels: Int { fontPixels(capitalArcminutes: Self.smallestCapitalArcminutes) }
}
