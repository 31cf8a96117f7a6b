import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
import KioskRaster

/// Messages in the scripts devices ship with, rendered by the real font chain and renderer.
extension RenderingSuites {
@Suite struct ScriptRenderingTests {
    private let fonts: FontChain

    init() throws {
        fonts = try FontChain.opening([])
    }

    /// The frame at tick 0 of a visible session showing `message` on `screen`.
    private func composedFrame(of message: String, on screen: Size = Size(width: 800, height: 480),
                               appearance: Appearance = Appearance()) -> Frame {
        let session = HostSession(appearance: appearance, clock: FixedStepClock(),
                                  state: HUDState(isVisible: true, message: message))
        var composer = FrameComposer(screen: screen)
        return composer.frame(of: session, atTick: 0, measurer: fonts)
    }

    static let samples: [(script: String, message: String)] = [
        ("Latin", "Please wait, receiving data..."),
        ("Cyrillic", "Зачекайте, отримуємо дані ЕКГ..."),
        ("Greek", "Παρακαλώ περιμένετε..."),
        ("Simplified Chinese", "正在加载请稍后..."),
        ("Traditional Chinese", "正在接受心電數據請稍候..."),
        ("Japanese", "しばらくお待ちください"),
        ("Korean", "잠시만 기다려 주세요"),
        ("Arabic", "يرجى الانتظار"),
        ("Hebrew", "אנא המתן"),
        ("Vietnamese", "Vui lòng chờ trong giây lát"),
        ("Mixed", "ECG 心電 ЕКГ"),
    ]

    @Test(arguments: samples)
    func everyCharacterHasAGlyphInTheBundledFonts(script: String, message: String) {
        #expect(fonts.covers(message), "\(script)")
    }

    @Test func aCharacterNoFontOfTheChainHasComesFromASystemFontThroughFontconfig() throws {
        // fonts-lohit-deva is installed by scripts/setup --tests; this chain is DejaVu Sans alone.
        let library = try FontLibrary()
        let dejaVu = try Font(path: try #require(FontLocator.fontPaths(preferring: []).first), library: library)
        let chain = FontChain([dejaVu], library: library)
        #expect(!dejaVu.hasGlyph("क"))
        #expect(chain.covers("कृपया प्रतीक्षा करें"))
        #expect(chain.openedFonts.count == 2)
    }

    /// A pictograph no font has is drawn as its nearest plain symbol, not as a box: "✅ Done"
    /// as "✔ Done", measured and drawn alike; one with no stand-in keeps the box.
    @Test func anEmojiNoFontHasIsDrawnAsItsNearestSymbol() throws {
        let library = try FontLibrary()
        let dejaVu = try Font(path: try #require(FontLocator.fontPaths(preferring: []).first), library: library)
        let chain = FontChain([dejaVu], library: library, looksUpSystemFonts: false)
        #expect(!dejaVu.hasGlyph("\u{2705}") && dejaVu.hasGlyph("\u{2714}"))
        for (emoji, symbol) in [("\u{2705} Done", "\u{2714} Done"), ("\u{1F534} Offline", "\u{25CF} Offline")] {
            #expect(chain.width(of: emoji, fontPixels: 24) == chain.width(of: symbol, fontPixels: 24))
            let drawn = try #require(try chain.render(emoji, fontPixels: 24)), expected = try #require(try chain.render(symbol, fontPixels: 24))
            #expect(drawn.picture.hasSamePixels(as: expected.picture), "\(emoji) is drawn as \(symbol)")
        }
        let boxed = try #require(try chain.render("\u{1F9EA} Lab", fontPixels: 24))
        let missingGlyph = try #require(try chain.render("\u{10FFFD} Lab", fontPixels: 24))
        #expect(boxed.picture.hasSamePixels(as: missingGlyph.picture), "no stand-in: the missing-glyph box")
    }

    @Test(arguments: samples)
    func messageIsDrawnInsideItsAreaAndNothingOutsideTheHUD(script: String, message: String) throws {
        let frame = composedFrame(of: message)
        let panel = try #require(frame.panel), label = try #require(panel.labels.first)
        let wheelBottom = try #require(frame.wheel).box.maxY
        let surface = PixelBuffer(width: 800, height: 480)
        _ = try FrameRenderer(target: surface, glyphs: fonts).draw(frame)
        var textPixels = 0, outsideHUD = 0, textOutsideArea = 0
        let hudBrightness = 3 * 0x1C * 0xF2 / 255 + 10
        // Inside the HUD's hairline rim, which is brighter than its fill.
        let hud = panel.hud
        let withinRim = hud.insetBy(2)
        surface.withPixels { rows in
            for y in 0..<rows.height {
                for x in 0..<rows.width {
                    let word = rows.row(y)[x]
                    if word != 0, !panel.hud.contains(px: x, py: y) { outsideHUD += 1 }
                    let sum = Int((word >> 16) & 0xFF) + Int((word >> 8) & 0xFF) + Int(word & 0xFF)
                    guard sum > hudBrightness + 120, y >= wheelBottom, withinRim.contains(px: x, py: y) else { continue }
                    if label.area.contains(px: x, py: y) { textPixels += 1 } else { textOutsideArea += 1 }
                }
            }
        }
        #expect(textPixels > 40, "\(script)")
        #expect(textOutsideArea == 0, "\(script)")
        #expect(outsideHUD == 0, "\(script)")
    }

    @Test func arabicLettersJoinSoTheWordIsNarrowerThanItsLettersApart() {
        let word = "مرحبا"
        let apart = word.reduce(0) { $0 + fonts.width(of: String($1), fontPixels: 32) }
        #expect(fonts.width(of: word, fontPixels: 32) < apart)
    }

    @Test func hebrewReadsFromTheRight() throws {
        // Alef first, then four vavs: drawn right to left, the line's right end is the alef glyph.
        let line = try #require(try fonts.render("אוווו", fontPixels: 40))
        let alef = try #require(try fonts.render("א", fontPixels: 40))
        func difference(atColumn start: Int) -> Int {
            line.withPixels { rows in
                alef.withPixels { glyph in
                    var total = 0
                    for y in 0..<min(rows.height, glyph.height) {
                        for x in 0..<glyph.width {
                            total += abs(Int(rows.row(y)[start + x] >> 24) - Int(glyph.row(y)[x] >> 24))
                        }
                    }
                    return total
                }
            }
        }
        #expect(line.width > 2 * alef.width)
        #expect(difference(atColumn: line.width - alef.width) * 4 < difference(atColumn: 0))
    }

    @Test(arguments: [120, 238, 600])
    func longMessageFitsTheHUDAtEverySize(size: Int) throws {
        var appearance = Appearance()
        appearance.wheelPixels = size
        let message = "Зачекайте, будь ласка: отримуємо дані ЕКГ від пристрою, це може тривати кілька хвилин"
        let panel = try #require(composedFrame(of: message, on: Size(width: 1920, height: 1080), appearance: appearance).panel)
        let label = try #require(panel.labels.first)
        #expect(!label.text.isTruncated)
        #expect(label.text.fontPixels >= Legibility().smallestFontPixels)
        #expect(panel.hud.height <= 1080 * 8 / 10)
        for line in label.text.lines { #expect(fonts.width(of: line, fontPixels: label.text.fontPixels) <= label.area.width) }
        #expect(label.lineTop(0) >= label.area.y)
        #expect(label.lineTop(label.text.lines.count - 1) + label.text.lineHeightPixels <= panel.hud.maxY)
    }

    @Test func fourKilobyteWordIsCutWithAnEllipsis() throws {
        let label = try #require(composedFrame(of: String(repeating: "Ж", count: 2048)).panel?.labels.first)
        #expect(label.text.isTruncated && label.text.lines.last?.hasSuffix("…") == true)
    }
}
}
