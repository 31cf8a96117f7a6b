@testable import KioskCore
@testable import KioskHUD

/// Exact widths for fitting tests: a CJK character is one font size wide, any other grapheme half
/// of one; a line is the font size plus 2 tall.
struct FakeMeasurer: TextMeasurer {
    func width(of text: String, fontPixels: Int) -> Int {
        text.reduce(0) { $0 + (LineBreaks.isWide($1) ? fontPixels * 2 : fontPixels) } / 2
    }

    func lineHeight(of text: String, fontPixels: Int) -> Int { fontPixels + 2 }
}
