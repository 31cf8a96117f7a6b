import Testing
@testable import KioskCore

@Suite struct BidiLineTests {
    private func describe(_ line: String) -> [String] {
        BidiLine.visualRuns(line).map { ($0.isRightToLeft ? "<" : ">") + $0.text + "|" + $0.script }
    }

    @Test func latinIsOneLeftToRightRun() {
        #expect(describe("Please wait...") == [">Please wait...|Latn"])
    }

    @Test func hebrewIsOneRightToLeftRun() {
        #expect(describe("אנא המתן") == ["<אנא המתן|Hebr"])
    }

    @Test func arabicIsOneRightToLeftRunWithItsPunctuation() {
        #expect(describe("يرجى الانتظار، جارٍ") == ["<يرجى الانتظار، جارٍ|Arab"])
    }

    @Test func hebrewInsideALatinLineReadsInPlace() {
        #expect(describe("ECG שלום end") == [">ECG |Latn", "<שלום|Hebr", "> end|Latn"])
    }

    @Test func digitsAfterHebrewStayLeftToRightAndMoveBeforeIt() {
        // "ECG שלום 123 end" shows as "ECG 123 םולש end" (rule L2), the digits still reading 1-2-3.
        #expect(describe("ECG שלום 123 end") == [">ECG |Latn", ">123|Zyyy", "<שלום |Hebr", "> end|Latn"])
    }

    @Test func rightToLeftLineEndsAtTheLeftWithItsLatinPart() {
        #expect(describe("מקבלים נתוני ECG") == [">ECG|Latn", "<מקבלים נתוני |Hebr"])
    }

    @Test func cldrsArabicPercentageReadsRightToLeftWithTheSignAtTheLeft() {
        // "٤٢٪" then the Arabic letter mark: the mark makes the line right to left, so the sign,
        // read after the number, is drawn at its left.
        #expect(describe("٤٢٪\u{061C}") == ["<٪\u{061C}|Zyyy", ">٤٢|Zyyy"])
        // Latin digits with left-to-right marks (CLDR's generic Arabic) stay as written.
        #expect(describe("42\u{200E}%\u{200E}").map { $0.first } == [">"])
    }

    @Test func scriptsSplitRunsOfOneDirection() {
        let runs = BidiLine.visualRuns("ECG 心電 ЕКГ")
        #expect(runs.map(\.script) == ["Latn", "Hani", "Cyrl"])
        #expect(runs.map(\.text).joined() == "ECG 心電 ЕКГ")
        #expect(runs.allSatisfy { !$0.isRightToLeft })
    }

    @Test func emptyLineHasNoRuns() {
        #expect(BidiLine.visualRuns("").isEmpty)
    }
}
