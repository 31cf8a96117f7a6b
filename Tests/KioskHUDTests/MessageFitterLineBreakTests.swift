import Testing
@testable import KioskCore
@testable import KioskHUD

/// zenity's `#Line one\nLine two` is two lines: a `\n` in the message always starts a new line,
/// at the largest size where every line fits unwrapped, else wrapped within each line.
@Suite struct MessageFitterLineBreakTests {
    private func fitter(width: Int, height: Int = 100, lines: Int = 3) -> MessageFitter {
        MessageFitter(widthPixels: width, heightPixels: height, nominalFontPixels: 20, minimumFontPixels: 10, maximumLines: lines)
    }

    @Test func aLineBreakStartsANewLineAtTheNominalSize() {
        let fit = fitter(width: 200).fit("Line one\nLine two", measurer: FakeMeasurer())
        #expect(fit == FittedMessage(fontPixels: 20, lineHeightPixels: 22, lines: ["Line one", "Line two"], isTruncated: false))
    }

    @Test func theLongestLineSetsTheSize() {
        // "Receiving ECG..." is 16 graphemes: 16 x 6 = 96 fits in 100 at 12 px, 16 x 6.5 does not.
        let fit = fitter(width: 100).fit("Step 2\nReceiving ECG...", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 12)
        #expect(fit.lines == ["Step 2", "Receiving ECG..."])
    }

    @Test func linesWrapWithinThemselvesAndKeepTheirBreaks() {
        // At 10 px a line holds 12 graphemes.
        let fit = fitter(width: 60, lines: 4).fit("Receiving ECG data now\nok", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 10)
        #expect(fit.lines == ["Receiving", "ECG data now", "ok"])
        #expect(!fit.isTruncated)
    }

    @Test func anEmptyLineStaysAndATrailingBreakAddsNone() {
        #expect(fitter(width: 200).fit("a\n\nb\n", measurer: FakeMeasurer()).lines == ["a", "", "b"])
        #expect(fitter(width: 60, lines: 4).fit("Receiving ECG data now\n\nb\n", measurer: FakeMeasurer()).lines
                == ["Receiving", "ECG data now", "", "b"])
    }

    @Test func moreLinesThanAllowedEndWithAnEllipsis() {
        let fit = fitter(width: 200, lines: 2).fit("one\ntwo\nthree", measurer: FakeMeasurer())
        #expect(fit.lines == ["one", "two…"])
        #expect(fit.isTruncated)
    }
}
