import KioskCore

/// Exact widths for fitting tests: a CJK character is one font size wide, any other grapheme half
/// of one; a line is the font size plus 2 tall.
package struct FakeMeasurer: TextMeasurer {
    package init() {}

    package func width(of text: String, fontPixels: Int) -> Int {
        text.reduce(0) { $0 + (LineBreaks.isWide($1) ? fontPixels * 2 : fontPixels) } / 2
    }

    package func lineHeight(of text: String, fontPixels: Int) -> Int { fontPixels + 2 }
}
