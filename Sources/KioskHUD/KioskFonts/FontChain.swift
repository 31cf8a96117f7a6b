internal import CKioskPlatform
import KioskCore
import KioskRaster
import KioskPlatform

/// The fonts a message is drawn with, in order of preference: each character is drawn in the
/// first font that has its glyph, so a message mixing scripts ("ECG 心電 ЕКГ") draws every run in
/// a font that has it, all on one baseline. The fonts given at start are open from the start;
/// the deferred ones (the bundled fonts of other scripts) are opened when a character they are
/// meant for is first drawn or measured. A character none of them has is looked up in the
/// system's fonts through fontconfig, when it is installed and the chain is allowed to. A
/// character of no script (a space, punctuation, a digit, "…") stays in the font of the letters
/// before it (at the start of a run, after it) when that font has it, so an ellipsis ending
/// Japanese text is Japanese. It measures text for the core's fitting and renders lines for the
/// frame renderer, cutting both the same way.
package final class FontChain: GlyphSource {
    private let fonts: [Font]
    private let deferred: [DeferredFont]
    private var systemFonts: [Font] = []
    private let looksUpSystemFonts: Bool
    private let library: FontLibrary
    private var missing: Set<Unicode.Scalar> = []

    /// The most missing characters reported, so odd input cannot flood stderr.
    static let missingLimit = 64
    /// The most characters remembered as missing (16 KB or so), so fontconfig is not asked
    /// again for each at every measurement, and odd input cannot grow memory without bound.
    static let rememberedMissingLimit = 4096
    /// The most system fonts added to the chain.
    static let systemFontLimit = 8

    /// Creates a chain of `fonts` (open; must not be empty), then `deferred` (opened when
    /// needed), then, when `looksUpSystemFonts`, the system's fonts.
    package init(_ fonts: [Font], deferred: [DeferredFont] = [], library: FontLibrary, looksUpSystemFonts: Bool = true) {
        precondition(!fonts.isEmpty, "a font chain needs a font")
        self.fonts = fonts
        self.deferred = deferred
        self.library = library
        self.looksUpSystemFonts = looksUpSystemFonts
    }

    /// The fonts open now, in the order a character looks in them: those given at start, the
    /// deferred ones opened so far, then the system fonts added.
    var openedFonts: [Font] { fonts + deferred.compactMap(\.openFont) + systemFonts }

    /// A piece of a line drawn in one font, one direction and one script.
    private struct Piece {
        var font: Font
        var run: TextRun
    }

    /// `line` cut into pieces in visual order, left to right: first into directional runs
    /// (`BidiLine`), then each run by font, each grapheme in the font `font(for:amongLettersOf:)`
    /// picks for it: a character of no script in the font of the letter before it (at the
    /// start of the run, after it).
    private func pieces(of line: String) -> [Piece] {
        BidiLine.visualRuns(line).flatMap { run -> [Piece] in
            var pieces: [Piece] = []
            // The font of the last letter so far; before the first letter, that letter's.
            var letterFont = run.text.first(where: Self.isLetter).map(font(for:))
            for grapheme in run.text.map(drawable) {
                let font = font(for: grapheme, amongLettersOf: letterFont)
                if Self.isLetter(grapheme) { letterFont = font }
                if let last = pieces.last, last.font === font {
                    pieces[pieces.count - 1].run.text.append(grapheme)
                } else {
                    pieces.append(Piece(font: font, run: TextRun(text: String(grapheme), isRightToLeft: run.isRightToLeft,
                                                               script: run.script)))
                }
            }
            return run.isRightToLeft ? pieces.reversed() : pieces
        }
    }

    /// `grapheme`, or, when no font has it, its nearest plain symbol that a font has
    /// (`SymbolStandIn`: ✅ as ✔), so it is not drawn as a box.
    private func drawable(_ grapheme: Character) -> Character {
        guard let base = grapheme.unicodeScalars.first, !font(for: grapheme).hasGlyph(base),
              let standIn = SymbolStandIn.nearest(to: grapheme), let standInBase = standIn.unicodeScalars.first,
              font(for: standIn).hasGlyph(standInBase) else { return grapheme }
        return standIn
    }

    /// True when the grapheme's base character is a letter of some script, not a space,
    /// punctuation, a digit or a symbol.
    private static func isLetter(_ grapheme: Character) -> Bool {
        grapheme.unicodeScalars.first?.properties.isAlphabetic == true
    }

    /// The font for `grapheme` among letters drawn in `letterFont`: a character of no script
    /// takes that font when it has its glyph; any other character, the first font that has it.
    private func font(for grapheme: Character, amongLettersOf letterFont: Font?) -> Font {
        guard !Self.isLetter(grapheme), let base = grapheme.unicodeScalars.first, let letterFont,
              letterFont.hasGlyph(base) else { return font(for: grapheme) }
        return letterFont
    }

    /// The first font with a glyph for the grapheme's base character: the open fonts given at
    /// start, the deferred fonts meant for it (opening them), the system fonts added, then a new
    /// system font. A character no font has goes to the first font (its missing-glyph mark) and
    /// is reported once. An invisible control (a direction mark such as the Arabic letter mark
    /// in CLDR's Arabic percent sign, a joiner) goes to the first font unsought: HarfBuzz draws
    /// it as nothing, in any font.
    private func font(for grapheme: Character) -> Font {
        guard let base = grapheme.unicodeScalars.first, !base.properties.isDefaultIgnorableCodePoint else { return fonts[0] }
        if let font = fonts.first(where: { $0.hasGlyph(base) }) { return font }
        if let font = deferred.lazy.filter({ $0.isMeant(for: base) }).compactMap({ $0.opened() })
            .first(where: { $0.hasGlyph(base) }) { return font }
        if let font = systemFonts.first(where: { $0.hasGlyph(base) }) { return font }
        if missing.contains(base) { return fonts[0] }
        if let font = systemFont(for: base) { return font }
        guard missing.count < Self.rememberedMissingLimit, missing.insert(base).inserted else { return fonts[0] }
        if missing.count <= Self.missingLimit {
            let code = "U+" + String(base.value, radix: 16, uppercase: true).leftPadded(to: 4)
            if let standIn = SymbolStandIn.nearest(to: grapheme) {
                Diagnostics.report("no font has \(code); it is drawn as \(standIn)")
            } else {
                Diagnostics.report("no font has \(code)")
            }
        }
        return fonts[0]
    }

    /// A system font with a glyph for `scalar`, opened and added to the chain.
    private func systemFont(for scalar: Unicode.Scalar) -> Font? {
        guard looksUpSystemFonts, systemFonts.count < Self.systemFontLimit else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard kp_fontconfig_font_for(scalar.value, &buffer, Int32(buffer.count)) != 0 else { return nil }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !openedFonts.contains(where: { $0.path == path }), let font = try? Font(path: path, library: library),
              font.hasGlyph(scalar) else { return nil }
        systemFonts.append(font)
        return font
    }

    /// True when every character of `text` has a glyph in some font of the chain (opening the
    /// deferred fonts it needs, and looking in the system's fonts when allowed); invisible
    /// controls need none.
    func covers(_ text: String) -> Bool {
        text.allSatisfy { grapheme in
            guard let base = grapheme.unicodeScalars.first, !base.properties.isDefaultIgnorableCodePoint else { return true }
            return font(for: grapheme).hasGlyph(base)
        }
    }

    package func width(of text: String, fontPixels: Int) -> Int {
        shape(text, fontPixels: fontPixels).width
    }

    /// The tallest line skip of the fonts `text` is drawn in (the first font's for no text), so
    /// Latin lines keep DejaVu's spacing whatever other scripts were shown before.
    package func lineHeight(of text: String, fontPixels: Int) -> Int {
        let used = text.split(separator: "\n").flatMap { pieces(of: String($0)).map(\.font) }
        return (used.isEmpty ? [fonts[0]] : used).map { $0.lineHeight(fontPixels: fontPixels) }.max() ?? fontPixels
    }

    /// A line shaped for drawing: its glyphs, each with its font and its origin in whole pixels
    /// (y up from the baseline), and the ink's reach: from `left` (0, or less where ink reaches
    /// left of the pen's start) across `width` (the advance, or more where ink reaches past it),
    /// and from `top` to `bottom` around the baseline (y down).
    private struct ShapedLine {
        var glyphs: [(font: Font, index: UInt32, x: Int, y: Int)] = []
        var left = 0
        var width = 0
        var top = 0
        var bottom = 0
    }

    /// `text` cut into pieces (`pieces(of:)`), each shaped in its font at `fontPixels`, one pen
    /// running through them all. Measuring and drawing both take their box from here, so a line
    /// is drawn as wide as it was measured.
    private func shape(_ text: String, fontPixels: Int) -> ShapedLine {
        var line = ShapedLine()
        var pen = 0, right = 0
        for piece in pieces(of: text) {
            let run = piece.font.shape(piece.run, fontPixels: fontPixels)
            for glyph in run.glyphs {
                let x = (pen + glyph.x + 32) >> 6, y = (glyph.y + 32) >> 6
                let ink = piece.font.inkExtent(of: glyph.index, fontPixels: fontPixels)
                if ink.right > ink.left {
                    line.left = min(line.left, x + ink.left)
                    right = max(right, x + ink.right)
                    line.top = min(line.top, ink.top - y)
                    line.bottom = max(line.bottom, ink.bottom - y)
                }
                line.glyphs.append((piece.font, glyph.index, x, y))
            }
            pen += run.advance
        }
        line.width = max(right, (pen + 32) >> 6) - line.left
        return line
    }

    /// `text` as one line, every piece on one baseline at the tallest ascent of their fonts and
    /// as wide as it is measured; the picture reaches above and below the line (the ascent and
    /// descent of its fonts) as far as the ink does, at most one line's height more each way.
    package func render(_ text: String, fontPixels: Int) throws(GlyphFailure) -> GlyphLine? {
        let shaped = shape(text, fontPixels: fontPixels)
        guard shaped.width > 0 else { return nil }
        var seen = Set<ObjectIdentifier>()
        let fonts = shaped.glyphs.map(\.font).filter { seen.insert(ObjectIdentifier($0)).inserted }
        let ascent = fonts.map { $0.ascent(fontPixels: fontPixels) }.max() ?? fontPixels
        let descent = fonts.map { $0.descent(fontPixels: fontPixels) }.max() ?? 0
        // Ink past the line is drawn up to one line height beyond it (a stack of thousands of
        // marks on one letter would otherwise make a picture of any height).
        let reach = ascent + descent
        let above = min(reach, max(0, -shaped.top - ascent))
        let baseline = above + ascent
        let picture = PixelBuffer(width: shaped.width, height: baseline + min(descent + reach, max(descent, shaped.bottom)))
        var failure: FontError?
        picture.withPixels { rows in
            for glyph in shaped.glyphs where failure == nil {
                do throws(FontError) {
                    try glyph.font.drawGlyph(glyph.index, fontPixels: fontPixels, x: glyph.x - shaped.left,
                                             baseline: baseline - glyph.y) { x, y, coverage in
                        guard (0..<rows.width).contains(x), (0..<rows.height).contains(y) else { return }
                        let target = rows.row(y) + x
                        let covered = max(UInt32(coverage), target.pointee >> 24)
                        target.pointee = covered << 24 | covered << 16 | covered << 8 | covered
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw GlyphFailure(failure.description) }
        return GlyphLine(picture: picture, top: -above)
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
