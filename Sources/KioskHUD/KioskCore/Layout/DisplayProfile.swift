/// What a display tells about itself, and the one rule that turns it and the options into how
/// the overlay is laid out on it: every backend and `--snapshot` use this, so a snapshot at
/// `--dpi N` lays out what a panel of N dpi shows.
public struct DisplayProfile: Sendable, Equatable {
    /// The display's own size in pixels (before `--rotate` turns the layout).
    public var pixels: Size
    /// The physical size the display reports (width and height in millimetres), nil when it
    /// reports none; an implausible report counts as none (`DisplayDensity`).
    public var reportedMillimetres: Size?
    /// How many buffer pixels the windowing system itself draws per layout pixel (a Wayland
    /// output's scale); 1 elsewhere.
    public var platformScale: Int

    /// Describes a display.
    public init(pixels: Size, reportedMillimetres: Size? = nil, platformScale: Int = 1) {
        self.pixels = pixels
        self.reportedMillimetres = reportedMillimetres
        self.platformScale = max(1, platformScale)
    }

    /// How the overlay is laid out on a display.
    public struct Layout: Sendable, Equatable {
        /// How many pixels one pixel of the pixel options (`--size`, `--corner-radius`) takes.
        public var scale: Int
        /// The density the message's type is sized for (`Legibility`).
        public var typeDotsPerInch: Double
    }

    /// The density of the display: `dotsPerInch` (`--dpi`) when given, else the one its reported
    /// size gives, else the assumed density times the platform's scale.
    public func dotsPerInch(asked dotsPerInch: Double?) -> Double {
        if let dotsPerInch { return dotsPerInch }
        if let reported = reportedMillimetres,
           let density = DisplayDensity.dotsPerInch(pixels: pixels, millimetres: (reported.width, reported.height)) {
            return density
        }
        return DisplayDensity.assumedDotsPerInch * Double(platformScale)
    }

    /// The layout for `--scale` (`scale`, nil for auto) and `--dpi` (`dotsPerInch`, nil for auto).
    /// The scale is the one asked for, else the platform's, else 2 from about 192 dpi
    /// (`DisplayScale.automatic`). The type follows the density alone (it is already in real
    /// millimetres), except that an explicit `--scale` multiplies it too, relative to the scale
    /// the platform already applies.
    public func layout(scale: Int?, dotsPerInch: Double?) -> Layout {
        let density = self.dotsPerInch(asked: dotsPerInch)
        let layoutScale = scale ?? (platformScale > 1 ? platformScale : DisplayScale.automatic(dpi: density))
        let typeFactor = scale.map { Double($0) / Double(platformScale) } ?? 1
        return Layout(scale: layoutScale, typeDotsPerInch: density * typeFactor)
    }
}
