import Testing
@testable import KioskCore
@testable import KioskHUD

@Suite struct MessageFitterTests {
    private func fitter(width: Int, height: Int = 100, nominal: Int = 20, minimum: Int = 10, lines: Int = 3) -> MessageFitter {
        MessageFitter(widthPixels: width, heightPixels: height, nominalFontPixels: nominal,
                      minimumFontPixels: minimum, maximumLines: lines)
    }

    @Test func shortMessageKeepsTheNominalSize() {
        let fit = fitter(width: 200).fit("Please wait...", measurer: FakeMeasurer())  // 14 x 10 = 140
        #expect(fit == FittedMessage(fontPixels: 20, lineHeightPixels: 22, lines: ["Please wait..."], isTruncated: false))
    }

    @Test func wideMessageShrinksToTheLargestSizeThatFits() {
        let fit = fitter(width: 100).fit("Receiving ECG...", measurer: FakeMeasurer())  // 16 graphemes
        #expect(fit.fontPixels == 12)  // 16 x 6 = 96 fits, 16 x 6.5 = 104 does not
        #expect(fit.lines == ["Receiving ECG..."])
    }

    @Test func atTheMinimumItWrapsAtSpaces() {
        let fit = fitter(width: 60).fit("Receiving ECG data now", measurer: FakeMeasurer())  // 12 graphemes a line at 10 px
        #expect(fit.fontPixels == 10)
        #expect(fit.lines == ["Receiving", "ECG data now"])
        #expect(!fit.isTruncated)
    }

    @Test func chineseWrapsBetweenCharactersButNotBeforeClosingPunctuation() {
        let fit = fitter(width: 50).fit("正在接受心電數據請稍候", measurer: FakeMeasurer())  // 5 characters a line at 10 px
        #expect(fit.lines == ["正在接受心", "電數據請稍", "候"])
        #expect(fitter(width: 50).fit("正在接受心，數據", measurer: FakeMeasurer()).lines == ["正在接受", "心，數據"])
        #expect(fit.lines.allSatisfy { FakeMeasurer().width(of: $0, fontPixels: 10) <= 50 })
    }

    @Test func leftoverTextEndsTheLastLineWithAnEllipsis() {
        let fit = fitter(width: 60, lines: 2).fit("one two three four five six seven", measurer: FakeMeasurer())
        #expect(fit.lines.count == 2)
        #expect(fit.isTruncated)
        #expect(fit.lines[0] == "one two")
        #expect(fit.lines[1].hasSuffix("…"))
        #expect(FakeMeasurer().width(of: fit.lines[1], fontPixels: 10) <= 60)
    }

    @Test func lineCountIsLimitedByTheAreaHeight() {
        let fit = fitter(width: 60, height: 25).fit("one two three four five six", measurer: FakeMeasurer())
        #expect(fit.lines.count == 2)  // 25 / 12 px lines
    }

    @Test func unbreakableWordBreaksBetweenGraphemesNeverInsideOne() {
        let word = String(repeating: "e\u{301}", count: 40)  // é as e + combining acute: 40 graphemes
        let fit = fitter(width: 50).fit(word, measurer: FakeMeasurer())
        #expect(fit.isTruncated)
        for line in fit.lines {
            #expect(!line.unicodeScalars.first!.properties.isGraphemeExtend)
            #expect(line.dropLast().allSatisfy { $0 == "e\u{301}" } || line.allSatisfy { $0 == "e\u{301}" })
        }
    }

    @Test func fourKilobyteWordFitsInBoundedWork() {
        final class CountingMeasurer: TextMeasurer {
            var calls = 0
            func width(of text: String, fontPixels: Int) -> Int { calls += 1; return FakeMeasurer().width(of: text, fontPixels: fontPixels) }
            func lineHeight(fontPixels: Int) -> Int { FakeMeasurer().lineHeight(fontPixels: fontPixels) }
        }
        let measurer = CountingMeasurer()
        let fit = fitter(width: 100).fit(String(repeating: "W", count: 4096), measurer: measurer)
        #expect(fit.lines.count == 3 && fit.isTruncated && fit.lines[2].hasSuffix("…"))
        #expect(measurer.calls < 200)
    }

    @Test func emptyMessageHasNoLines() {
        #expect(fitter(width: 100).fit("", measurer: FakeMeasurer()).lines.isEmpty)
    }
}
