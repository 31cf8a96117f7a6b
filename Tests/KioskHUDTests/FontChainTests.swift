import Testing
@testable import KioskCore
@testable import KioskHUD

/// The bundled fonts as a chain: each character in the first font that has it.
extension RenderingSuites {
@Suite struct FontChainTests {
    private let session: SDLSession
    private let paths = FontLocator.fontPaths(preferring: [])

    init() throws { session = try SDLSession(video: false) }

    @Test func bundledFontsAreFoundInTheSourceTree() {
        #expect(paths.map { ($0 as String).split(separator: "/").last.map(String.init) } == FontLocator.bundledFontFiles)
    }

    @Test func everyCharacterOfTheFirstUsersMessagesHasAGlyph() throws {
        let fonts = try paths.map { try Font(path: $0, session: session) }
        let samples = "正在接受心電數據請稍候... 正在加载请稍后... 請等待... Зачекайте, отримуємо дані ЕКГ... Please wait... "
            + "Ελληνικά 日本語のかなカナ 한국어"
        for scalar in samples.unicodeScalars where scalar != " " {
            #expect(fonts.contains { $0.hasGlyph(scalar) }, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func chineseIsDrawnWithTheFallbackFontAndLatinWithTheFirst() throws {
        let fonts = try paths.map { try Font(path: $0, session: session) }
        let chain = FontChain(fonts, session: session)
        #expect(chain.width(of: "心電", fontPixels: 20) == fonts[1].width(of: "心電", fontPixels: 20))
        #expect(chain.width(of: "ECG", fontPixels: 20) == fonts[0].width(of: "ECG", fontPixels: 20))
        #expect(chain.width(of: "ECG心電", fontPixels: 20)
                == fonts[0].width(of: "ECG", fontPixels: 20) + fonts[1].width(of: "心電", fontPixels: 20))
        let mixed = try #require(try chain.render("ECG心電", fontPixels: 20))
        #expect(mixed.width == chain.width(of: "ECG心電", fontPixels: 20))
    }
}
}
