/// A message laid out to fit an area: the font size chosen and the lines to draw, top to bottom.
public struct FittedMessage: Sendable, Equatable {
    /// The font size every line is drawn at.
    public var fontPixels: Int
    /// The distance from one line's top to the next.
    public var lineHeightPixels: Int
    /// The lines, already broken and (when too long) ending in "…".
    public var lines: [String]
    /// True when text was left out and the last line ends in "…".
    public var isTruncated: Bool

    /// Creates a fitted message.
    public init(fontPixels: Int, lineHeightPixels: Int, lines: [String], isTruncated: Bool) {
        self.fontPixels = fontPixels
        self.lineHeightPixels = lineHeightPixels
        self.lines = lines
        self.isTruncated = isTruncated
    }
}
