/// Measures text in a font at a pixel size. The backend measures with the real fonts; tests use
/// a fake with exact widths.
public protocol TextMeasurer {
    /// The width in pixels of `text` on one line at `fontPixels`.
    func width(of text: String, fontPixels: Int) -> Int
    /// The distance in pixels from one line's top to the next for lines of `text` at
    /// `fontPixels`: it depends on the fonts the text is drawn in, not on what was drawn before.
    func lineHeight(of text: String, fontPixels: Int) -> Int
}
