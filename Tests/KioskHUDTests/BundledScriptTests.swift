import Testing
@testable import KioskCore
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

/// "Please wait" in each script of the most spoken languages, drawn by the bundled fonts alone:
/// the chain looks up no system font, as on a kiosk without fontconfig.
extension RenderingSuites {
@Suite struct BundledScriptTests {
    private let chain: FontChain

    init() throws {
        chain = try FontChain.opening([], looksUpSystemFonts: false)
    }

    static let samples: [(script: String, message: String)] = [
        ("Latin", "Please wait…"),
        ("Greek", "Παρακαλώ περιμένετε…"),
        ("Cyrillic", "Пожалуйста, подождите…"),
        ("Arabic", "يرجى الانتظار…"),
        ("Hebrew", "אנא המתן…"),
        ("Chinese", "请稍候，正在接收數據…"),
        ("Japanese", "しばらくお待ちください…"),
        ("Korean", "잠시만 기다려 주세요…"),
        ("Thai", "กรุณารอสักครู่…"),
        ("Devanagari", "कृपया प्रतीक्षा करें…"),
        ("Bengali", "অনুগ্রহ করে অপেক্ষা করুন…"),
        ("Tamil", "தயவுசெய்து காத்திருக்கவும்…"),
        ("Telugu", "దయచేసి వేచి ఉండండి…"),
        ("Gujarati", "કૃપા કરીને રાહ જુઓ…"),
        ("Gurmukhi", "ਕਿਰਪਾ ਕਰਕੇ ਉਡੀਕ ਕਰੋ…"),
        ("Kannada", "ದಯವಿಟ್ಟು ನಿರೀಕ್ಷಿಸಿ…"),
        ("Malayalam", "ദയവായി കാത്തിരിക്കൂ…"),
    ]

    /// Every translated stock text (scripts/translations/harvest), and every language's way of
    /// writing a percentage, with no system font: a language whose translations the bundled
    /// fonts cannot draw must not be offered.
    @Test func everyStockTextTranslationIsDrawnByTheBundledFonts() {
        for (tag, texts) in StockText.translations {
            for (text, translation) in texts {
                #expect(chain.covers(translation), "\(tag) \(text): \(translation)")
            }
        }
        for (tag, numbers) in NumberStyle.cldr {
            #expect(chain.covers(numbers.percentage(42.5)), "\(tag): \(numbers.percentage(42.5))")
        }
    }

    /// The alpha channel of `surface`, row by row.
    private func coverage(_ surface: some PixelCanvas) -> [UInt32] {
        surface.withPixels { rows in (0..<rows.height).flatMap { y in (0..<rows.width).map { rows.row(y)[$0] >> 24 } } }
    }

    @Test(arguments: samples)
    func everyCharacterIsDrawnFromABundledFontNotAsTheMissingGlyphMark(script: String, message: String) throws {
        #expect(chain.covers(message), "\(script)")
        let line = try #require(try chain.render(message, fontPixels: 24))
        #expect(line.width == chain.width(of: message, fontPixels: 24), "\(script)")
        #expect(coverage(line).filter { $0 > 128 }.count > 100, "\(script)")
        // The missing-glyph mark (.notdef) of every font the message opened, for an unassigned
        // code point; no character of the message may look like one.
        let library = try FontLibrary()
        let marks = try chain.openedFonts.compactMap { font in
            try FontChain([font], library: library, looksUpSystemFonts: false).render("\u{0378}", fontPixels: 24)
        }.map(coverage)
        #expect(!marks.isEmpty)
        for grapheme in message where grapheme != " " {
            let drawn = try #require(try chain.render(String(grapheme), fontPixels: 24), "\(script) \(grapheme)")
            #expect(!marks.contains(coverage(drawn)), "\(script): \(grapheme) is drawn as a missing-glyph mark")
        }
    }

    @Test(arguments: [
        ("Devanagari", "क्ष", ["क", "ष"]),
        ("Bengali", "ক্ষ", ["ক", "ষ"]),
        ("Gujarati", "ક્ષ", ["ક", "ષ"]),
        ("Gurmukhi", "ਪ੍ਰ", ["ਪ", "ਰ"]),
        ("Telugu", "క్ష", ["క", "ష"]),
        ("Kannada", "ಕ್ಷ", ["ಕ", "ಷ"]),
        ("Malayalam", "ക്ഷ", ["ക", "ഷ"]),
        ("Tamil", "க்ஷ", ["க", "ஷ"]),
        ("Arabic", "مرحبا", ["م", "ر", "ح", "ب", "ا"]),
    ])
    func lettersAreShapedIntoConjunctsOrJoinedForms(script: String, cluster: String, letters: [String]) {
        // Consonant, virama, consonant: a conjunct or a subjoined form, narrower than the two
        // consonants side by side (unshaped, the virama only adds to them). Arabic letters join.
        let apart = letters.reduce(0) { $0 + chain.width(of: $1, fontPixels: 32) }
        #expect(chain.width(of: cluster, fontPixels: 32) < apart, "\(script)")
    }

    @Test(arguments: [
        ("Devanagari", "कि", "क"), ("Bengali", "কি", "ক"), ("Gurmukhi", "ਕਿ", "ਕ"), ("Gujarati", "કિ", "ક"),
        ("Tamil", "கெ", "க"), ("Malayalam", "കെ", "ക"),
    ])
    func aVowelSignIsDrawnBeforeTheConsonantItFollows(script: String, pair: String, consonant: String) throws {
        // The vowel sign is typed after the consonant but drawn to its left. Unshaped, the pair
        // would start with the consonant's own picture; shaped, its left part differs from it in
        // most of the consonant's ink.
        let drawnPair = try #require(try chain.render(pair, fontPixels: 48))
        let alone = try #require(try chain.render(consonant, fontPixels: 48))
        #expect(drawnPair.width > alone.width && drawnPair.height == alone.height, "\(script)")
        let difference = drawnPair.withPixels { pairRows in
            alone.withPixels { aloneRows in
                (0..<min(alone.height, drawnPair.height)).reduce(0) { total, y in
                    total + (0..<alone.width).reduce(0) { $0 + abs(Int(pairRows.row(y)[$1] >> 24) - Int(aloneRows.row(y)[$1] >> 24)) }
                }
            }
        }
        let ink = coverage(alone).reduce(0) { $0 + Int($1) }
        #expect(difference > ink / 2, "\(script): difference \(difference), the consonant's ink \(ink)")
    }
}
}
