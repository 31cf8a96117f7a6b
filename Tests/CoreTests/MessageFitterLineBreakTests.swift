import Testing
@testable import KioskCore
import KioskTestSupport

/// zenity's `#Line one\nLine two` is two lines: a `\n` in the message always starts a new line,
/// and each line wraps within itself before the size shrinks.
@Suite struct MessageFitterLineBreakTests {
    private func fitter(width: Int, height: Int = 100, lines: Int = 3) -> MessageFitter {
        MessageFitter(widthPixels: width, heightPixels: height, nominalFontPixels: 20, minimumFontPixels: 10, maximumLines: lines)
    }

    @Test func aLineBreakStartsANewLineAtTheNominalSize() {
        let fit = fitter(width: 200).fit("Line one\nLine two", measurer: FakeMeasurer())
        #expect(fit == FittedMessage(fontPixels: 20, lineHeightPixels: 22, lines: ["Line one", "Line two"], isTruncated: false))
    }

    @Test func aLongLineWrapsAtTheNominalSize() {
        // "Receiving ECG..." is 16 graphemes, 160 px at 20 px: it wraps, the size stays.
        let fit = fitter(width: 100).fit("Step 2\nReceiving ECG...", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 20)
        #expect(fit.lines == ["Step 2", "Receiving", "ECG..."])
    }

    @Test func withNoLinesLeftTheLongestLineSetsTheSize() {
        // 16 x 6 = 96 fits in 100 at 12 px, 16 x 6.5 does not.
        let fit = fitter(width: 100, lines: 2).fit("Step 2\nReceiving ECG...", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 12)
        #expect(fit.lines == ["Step 2", "Receiving ECG..."])
    }

    @Test func linesWrapWithinThemselvesAndKeepTheirBreaks() {
        // "Receiving" (9 graphemes) fits in 60 px from 13 px down; it shrinks rather than break the word.
        let fit = fitter(width: 60, lines: 4).fit("Receiving ECG data now\nok", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 13)
        #expect(fit.lines == ["Receiving", "ECG data", "now", "ok"])
        #expect(!fit.isTruncated)
    }

    @Test func anEmptyLineStaysAndATrailingBreakAddsNone() {
        #expect(fitter(width: 200).fit("a\n\nb\n", measurer: FakeMeasurer()).lines == ["a", "", "b"])
        #expect(fitter(width: 60, lines: 5).fit("Receiving ECG data now\n\nb\n", measurer: FakeMeasurer()).lines
                == ["Receiving", "ECG data", "now", "", "b"])
    }

    @Test func moreLinesThanAllowedEndWithAnEllipsis() {
        let fit = fitter(width: 200, lines: 2).fit("one\ntwo\nthree", measurer: FakeMeasurer())
        #expect(fit.lines == ["one", "two…"])
        #expect(fit.isTruncated)
    }
}
