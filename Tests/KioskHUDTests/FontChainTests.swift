import Testing
@testable import KioskCore
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskPlatform
import KioskRaster

/// The bundled fonts as a chain: each character in the first font that has it, the fonts of
/// other scripts opened only when needed, and characters of no script kept in the font of the
/// letters around them. No system font is looked up, so what is tested is what ships.
extension RenderingSuites {
@Suite struct FontChainTests {
    private let library: FontLibrary
    private let chain: FontChain

    init() throws {
        library = try FontLibrary()
        chain = try FontChain.opening([], looksUpSystemFonts: false)
    }

    /// The bundled font `file`, opened on its own.
    private func bundled(_ file: String) throws -> Font {
        let path = try #require(FontLocator.searchFolders.map { $0 + "/" + file }.first(where: Environment.isReadable))
        return try Font(path: path, library: library)
    }

    /// The bundled font `file` as a chain of its own: it measures and draws with that font alone.
    private func alone(_ file: String) throws -> FontChain {
        FontChain([try bundled(file)], library: library, looksUpSystemFonts: false)
    }

    private var openFiles: [String] { chain.openedFonts.map { String($0.path.split(separator: "/").last ?? "") } }

    @Test func bundledFontsAreFoundInTheSourceTree() {
        #expect(FontLocator.fontPaths(preferring: []).map { String($0.split(separator: "/").last ?? "") }
                == [FontLocator.primaryFontFile])
        #expect(FontLocator.fallbackPaths().map(\.font.file) == FontLocator.fallbackFonts.map(\.file))
        #expect(FontLocator.bundledFontFiles.count == 11)
    }

    @Test func aBundledFontIsOpenedOnlyWhenACharacterNeedsIt() {
        #expect(openFiles == ["DejaVuSans.ttf"])
        _ = chain.width(of: "Please wait, 3 min… Ждите Παρακαλώ אנא يرجى", fontPixels: 20)
        #expect(openFiles == ["DejaVuSans.ttf"])
        _ = chain.width(of: "กรุณารอสักครู่", fontPixels: 20)
        #expect(openFiles == ["DejaVuSans.ttf", "NotoSansThai-Regular.ttf"])
        _ = try? chain.render("请稍候", fontPixels: 20)
        #expect(openFiles == ["DejaVuSans.ttf", "DroidSansFallback.ttf", "NotoSansThai-Regular.ttf"])
    }

    @Test func everyLetterOfABundledFontCanBeReached() throws {
        // A fallback font is only opened for its blocks: a letter it has elsewhere would never be
        // drawn, unless the primary font or a fallback meant for that letter has it too.
        let primary = try bundled(FontLocator.primaryFontFile)
        let fallbacks = try FontLocator.fallbackFonts.map { ($0, try bundled($0.file)) }
        func isMeant(_ fallback: FontLocator.FallbackFont, for value: UInt32) -> Bool {
            fallback.scalars.contains { $0.contains(value) }
        }
        for (fallback, font) in fallbacks {
            var unreachable: [String] = []
            for value in UInt32(0)...0x2FFFF {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic, font.hasGlyph(scalar),
                      !isMeant(fallback, for: value), !primary.hasGlyph(scalar),
                      !fallbacks.contains(where: { isMeant($0.0, for: value) && $0.1.hasGlyph(scalar) }) else { continue }
                unreachable.append(String(value, radix: 16))
            }
            #expect(unreachable.isEmpty, "\(fallback.file): \(unreachable.prefix(20))")
        }
    }

    @Test func chineseIsDrawnWithTheFallbackFontAndLatinWithTheFirst() throws {
        let dejaVu = try alone("DejaVuSans.ttf"), droid = try alone("DroidSansFallback.ttf")
        #expect(chain.width(of: "心電", fontPixels: 20) == droid.width(of: "心電", fontPixels: 20))
        #expect(chain.width(of: "ECG", fontPixels: 20) == dejaVu.width(of: "ECG", fontPixels: 20))
        #expect(chain.width(of: "ECG心電", fontPixels: 20)
                == dejaVu.width(of: "ECG", fontPixels: 20) + droid.width(of: "心電", fontPixels: 20))
        let mixed = try #require(try chain.render("ECG心電", fontPixels: 20))
        #expect(mixed.width == chain.width(of: "ECG心電", fontPixels: 20))
    }

    @Test func spacesDigitsAndPunctuationStayInTheFontOfTheLettersAroundThem() throws {
        let devanagari = try alone("NotoSansDevanagari-Regular.ttf")
        // After the letters, and before them at the start of a line.
        for text in ["कृपया 5 मिनट प्रतीक्षा करें।", "(कृपया) प्रतीक्षा करें…"] {
            #expect(chain.width(of: text, fontPixels: 24) == devanagari.width(of: text, fontPixels: 24), "\(text)")
            #expect(try chain.render(text, fontPixels: 24)?.width == chain.width(of: text, fontPixels: 24))
        }
        // A character the letters' font lacks comes from the first font that has it.
        let droid = try alone("DroidSansFallback.ttf"), dejaVu = try alone("DejaVuSans.ttf")
        #expect(!droid.covers("!"))
        #expect(chain.width(of: "待って!", fontPixels: 24)
                == droid.width(of: "待って", fontPixels: 24) + dejaVu.width(of: "!", fontPixels: 24))
        #expect(try chain.render("待って!", fontPixels: 24)?.width == chain.width(of: "待って!", fontPixels: 24))
    }

    @Test func anEllipsisEndingJapaneseIsTheJapaneseFontsCentredOne() throws {
        let droid = try alone("DroidSansFallback.ttf")
        let text = "お待ちください…", pixels = 40
        #expect(chain.width(of: text, fontPixels: pixels) == droid.width(of: text, fontPixels: pixels))
        let line = try #require(try chain.render(text, fontPixels: pixels))
        #expect(line.width == chain.width(of: text, fontPixels: pixels))
        // Rows with ink among the kana, and in the ellipsis (the last em).
        let ellipsisStart = droid.width(of: "お待ちください", fontPixels: pixels)
        func inkRows(_ columns: Range<Int>) -> ClosedRange<Int>? {
            line.withPixels { rows in
                let inked = (0..<rows.height).filter { y in columns.contains { rows.row(y)[$0] >> 24 > 128 } }
                return inked.first.flatMap { first in inked.last.map { first...$0 } }
            }
        }
        let kana = try #require(inkRows(0..<ellipsisStart)), dots = try #require(inkRows(ellipsisStart..<line.width))
        let kanaMiddle = (kana.lowerBound + kana.upperBound) / 2, dotsMiddle = (dots.lowerBound + dots.upperBound) / 2
        #expect(abs(dotsMiddle - kanaMiddle) <= pixels / 10, "dots \(dots), kana \(kana)")
        #expect(dots.count < pixels / 4)
    }

    /// Ink past the line's ascent or descent is drawn, not cut: the tanwin under an Arabic
    /// letter's tail (issue: "جارٍ" lost its mark) and an accent stacked over a Vietnamese capital.
    @Test func inkPastTheLineIsDrawnNotCut() throws {
        let pixels = 60
        func inkedRows(_ line: GlyphLine) -> [Int] {
            line.withPixels { rows in (0..<rows.height).filter { y in (0..<rows.width).contains { rows.row(y)[$0] >> 24 > 64 } } }
        }
        let bare = try #require(try chain.render("ر", fontPixels: pixels))
        let marked = try #require(try chain.render("رٍ", fontPixels: pixels))
        #expect(marked.top == bare.top)
        #expect(marked.height > bare.height)
        #expect((inkedRows(marked).last ?? 0) >= bare.height, "the mark is below the letter's own rows")
        let plain = try #require(try chain.render("A", fontPixels: pixels))
        let stacked = try #require(try chain.render("Ấ", fontPixels: pixels))
        #expect(plain.top == 0)
        #expect(stacked.top < 0 && inkedRows(stacked).first == 0, "the accent above the ascent is drawn")
    }
}
}
