/// HiDPI scaling: how many display pixels one overlay pixel takes, chosen the way Plymouth does.
public enum DisplayScale {
    /// The DPI the overlay's sizes are designed for (the middle of 110-135 dpi).
    public static let designDPI = 120.0
    /// Above this many times the design DPI, every size doubles.
    public static let doublingRatio = 1.6

    /// The scale for a display of `dpi` dots per inch: 2 from 1.6 times the design DPI up, else 1;
    /// 1 when the DPI is unknown.
    public static func automatic(dpi: Double?) -> Int {
        guard let dpi, dpi.isFinite, dpi > 0 else { return 1 }
        return dpi >= designDPI * doublingRatio ? 2 : 1
    }
}
