import Testing
@testable import KioskCore
import KioskTestSupport

@Suite struct MessageFitterTests {
    private func fitter(width: Int, height: Int = 100, nominal: Int = 20, minimum: Int = 10, lines: Int = 3) -> MessageFitter {
        MessageFitter(widthPixels: width, heightPixels: height, nominalFontPixels: nominal,
                      minimumFontPixels: minimum, maximumLines: lines)
    }

    @Test func shortMessageKeepsTheNominalSize() {
        let fit = fitter(width: 200).fit("Please wait...", measurer: FakeMeasurer())  // 14 x 10 = 140
        #expect(fit == FittedMessage(fontPixels: 20, lineHeightPixels: 22, lines: ["Please wait..."], isTruncated: false))
    }

    @Test func wideMessageWrapsBeforeItShrinks() {
        let fit = fitter(width: 100).fit("Receiving ECG...", measurer: FakeMeasurer())  // 16 graphemes
        #expect(fit.fontPixels == 20)
        #expect(fit.lines == ["Receiving", "ECG..."])
    }

    @Test func withOneLineAllowedItShrinksToTheLargestSizeThatFits() {
        let fit = fitter(width: 100, lines: 1).fit("Receiving ECG...", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 12)  // 16 x 6 = 96 fits, 16 x 6.5 = 104 does not
        #expect(fit.lines == ["Receiving ECG..."])
    }

    @Test func itShrinksRatherThanBreakAWord() {
        let fit = fitter(width: 60).fit("Receiving ECG data now", measurer: FakeMeasurer())
        #expect(fit.fontPixels == 13)  // "Receiving" is 58 px at 13 px, 63 at 14
        #expect(fit.lines == ["Receiving", "ECG data", "now"])
        #expect(!fit.isTruncated)
    }

    @Test func linesAreBalancedSoNoWordSitsAloneOnTheLastLine() {
        let fit = fitter(width: 400).fit("Printing your ticket, please wait a moment", measurer: FakeMeasurer())
        #expect(fit.lines == ["Printing your ticket,", "please wait a moment"])  // not "... please wait a" / "moment"
    }

    @Test func aCharacterWiderThanTheLineShrinksTheTextFirst() {
        let fit = fitter(width: 15, lines: 2).fit("正a", measurer: FakeMeasurer())  // "正" is 20 px wide at 20 px
        #expect(fit.fontPixels < 20)
        #expect(fit.lines.allSatisfy { FakeMeasurer().width(of: $0, fontPixels: fit.fontPixels) <= 15 })
    }

    @Test func koreanBreaksAtSpacesNotInsideAWord() {
        let fit = fitter(width: 100).fit("데이터를 수신하는 중입니다", measurer: FakeMeasurer())  // 20 px a syllable
        #expect(fit.lines.allSatisfy { line in line.split(separator: " ").allSatisfy { ["데이터를", "수신하는", "중입니다"].contains(String($0)) } })
    }

    @Test func truncationEndsAtAWordBoundary() {
        let fit = fitter(width: 100, lines: 2).fit("Do not switch off the device while it is updating", measurer: FakeMeasurer())
        #expect(fit.isTruncated)
        let last = fit.lines.last!.dropLast()  // without "…"
        #expect("Do not switch off the device while it is updating".contains(last + " "))
    }

    @Test func chineseWrapsBetweenCharactersButNotBeforeClosingPunctuation() {
        let fit = fitter(width: 50, lines: 1).fit("正在接受心電數據請稍候", measurer: FakeMeasurer())  // 5 characters a line at 10 px
        #expect(fit.lines == ["正在接受…"])  // four characters and "…" fill the 50 px
        let wrapped = fitter(width: 100).fit("正在接受心電數據請稍候", measurer: FakeMeasurer())  // 5 a line at 20 px
        #expect(wrapped.lines == ["正在接受", "心電數據", "請稍候"])  // balanced
        #expect(fitter(width: 100, lines: 2).fit("正在接受心，數據", measurer: FakeMeasurer()).lines == ["正在接受", "心，數據"])
        #expect(wrapped.lines.allSatisfy { FakeMeasurer().width(of: $0, fontPixels: wrapped.fontPixels) <= 100 })
    }

    /// Japanese breaks after the punctuation that ends a clause when that fits in the line's
    /// second half, not inside the word before it (issue 18: a break inside います although a
    /// break after 。 fitted).
    @Test func japaneseBreaksAfterTheClauseNotInsideAWord() {
        let text = "データを受信しています。お待ちください"  // 12 characters, then 7
        let fit = fitter(width: 300, lines: 3).fit(text, measurer: FakeMeasurer())  // 15 characters a line at 20 px
        #expect(fit.fontPixels == 20)
        #expect(fit.lines == ["データを受信しています。", "お待ちください"])
        // Punctuation early in the line does not make a short line: the break is at the width.
        let early = fitter(width: 200, lines: 3).fit("はい、データを受信しています", measurer: FakeMeasurer())
        #expect(early.lines.first?.count ?? 0 > 3)
    }

    /// A path or URL breaks after a "/" before a letter, so it neither shrinks the text nor
    /// breaks inside a word (issue 18: "org/de / vices").
    @Test func aURLBreaksAfterASlash() {
        let fit = fitter(width: 200, lines: 3).fit("Open example.org/devices/ecg now", measurer: FakeMeasurer())  // 20 a line
        #expect(fit.fontPixels == 20)
        #expect(fit.lines == ["Open example.org/", "devices/ecg now"])
        #expect(!LineBreaks.canBreak(between: "/", and: "/") && !LineBreaks.canBreak(between: "/", and: "4"))
    }

    /// A line ending in a full-width "。" is centred by its ink: the empty right half of the
    /// stop is not counted (issue 18: such a line sat 8 px left of centre).
    @Test func aFinalFullWidthStopCountsHalf() {
        #expect(LineBreaks.emptyEndWidth(of: "请稍候。", fontPixels: 20, measurer: FakeMeasurer()) == 10)
        #expect(LineBreaks.emptyEndWidth(of: "请稍候", fontPixels: 20, measurer: FakeMeasurer()) == 0)
        #expect(LineBreaks.emptyEndWidth(of: "Wait.", fontPixels: 20, measurer: FakeMeasurer()) == 0)
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
            func lineHeight(of text: String, fontPixels: Int) -> Int { FakeMeasurer().lineHeight(of: text, fontPixels: fontPixels) }
        }
        let measurer = CountingMeasurer()
        let fit = fitter(width: 100).fit(String(repeating: "W", count: 4096), measurer: measurer)
        #expect(fit.lines.count == 3 && fit.isTruncated && fit.lines[2].hasSuffix("…"))
        #expect(measurer.calls < 200)
    }

    /// A 4 KB message of words on a tall screen is wrapped, balanced and shrunk by measuring text
    /// about as long as its lines, never the whole paragraph again and again: shaping is what a
    /// fit costs, and a host may send such messages one after another (30,716 characters
    /// measured here; 321,840 when each line was found by bisecting the whole rest).
    @Test func aLongMessageIsFittedByMeasuringLinesNotTheParagraph() {
        final class CountingMeasurer: TextMeasurer {
            var characters = 0
            func width(of text: String, fontPixels: Int) -> Int {
                characters += text.count
                return FakeMeasurer().width(of: text, fontPixels: fontPixels)
            }
            func lineHeight(of text: String, fontPixels: Int) -> Int { FakeMeasurer().lineHeight(of: text, fontPixels: fontPixels) }
        }
        let text = String(String(repeating: "please wait for the device ", count: 160).prefix(4092))
        let measurer = CountingMeasurer()
        let fit = MessageFitter(widthPixels: 400, heightPixels: 400, nominalFontPixels: 20, minimumFontPixels: 16,
                                maximumLines: .max).fit(text, measurer: measurer)
        #expect(fit.isTruncated && fit.fontPixels == 16)
        #expect(measurer.characters < 3 * 30716 / 2, "\(measurer.characters) characters measured")
    }

    @Test func emptyMessageHasNoLines() {
        #expect(fitter(width: 100).fit("", measurer: FakeMeasurer()).lines.isEmpty)
    }
}
