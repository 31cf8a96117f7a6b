internal import CSDL
internal import CKioskPlatform
import KioskCore

/// The fonts a message is drawn with, in order of preference: each character is drawn in the
/// first font that has its glyph, so a message mixing scripts ("ECG 心電 ЕКГ") draws every run in
/// a font that has it, all on one baseline. A character none of them has is looked up in the
/// system's fonts through fontconfig, when it is installed. It measures text for the core's
/// fitting and renders lines for the frame renderer.
final class FontChain: TextMeasurer {
    private var fonts: [Font]
    private let session: SDLSession
    private var missing: Set<Unicode.Scalar> = []

    /// The most characters remembered as missing (and reported), so odd input cannot flood
    /// stderr or memory.
    static let missingLimit = 64
    /// The most system fonts added to the chain.
    static let systemFontLimit = 8

    /// Creates a chain; `fonts` must not be empty.
    init(_ fonts: [Font], session: SDLSession) {
        precondition(!fonts.isEmpty, "a font chain needs a font")
        self.fonts = fonts
        self.session = session
    }

    /// A piece of a line drawn in one font, one direction and one script.
    private struct Piece {
        var font: Font
        var run: TextRun

        /// Measures or renders with the piece's direction and script set on its font.
        func shaped<Result, Failure>(_ body: (Font) throws(Failure) -> Result) throws(Failure) -> Result {
            font.shape(rightToLeft: run.isRightToLeft, script: run.script)
            return try body(font)
        }
    }

    /// `line` cut into pieces in visual order, left to right: first into directional runs
    /// (`BidiLine`), then each run by font, each grapheme in the first font that has its base
    /// character; a character no font has goes to the first font (its missing-glyph mark) and is
    /// reported once.
    private func pieces(of line: String) -> [Piece] {
        BidiLine.visualRuns(line).flatMap { run -> [Piece] in
            var pieces: [Piece] = []
            for grapheme in run.text {
                let font = font(for: grapheme)
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

    private func font(for grapheme: Character) -> Font {
        guard let base = grapheme.unicodeScalars.first else { return fonts[0] }
        if base == " " { return fonts[0] }
        if let font = fonts.first(where: { $0.hasGlyph(base) }) { return font }
        if missing.contains(base) { return fonts[0] }
        if let font = systemFont(for: base) { return font }
        if missing.count < Self.missingLimit, missing.insert(base).inserted {
            Diagnostics.report("no font has U+\(String(base.value, radix: 16, uppercase: true).leftPadded(to: 4))")
        }
        return fonts[0]
    }

    /// A system font with a glyph for `scalar`, opened and added to the chain.
    private func systemFont(for scalar: Unicode.Scalar) -> Font? {
        guard fonts.count < Self.systemFontLimit + FontLocator.bundledFontFiles.count else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard kp_fontconfig_font_for(scalar.value, &buffer, Int32(buffer.count)) != 0 else { return nil }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !fonts.contains(where: { $0.path == path }), let font = try? Font(path: path, session: session),
              font.hasGlyph(scalar) else { return nil }
        fonts.append(font)
        return font
    }

    /// True when every character of `text` has a glyph in some font of the chain (looking in the
    /// system's fonts too).
    func covers(_ text: String) -> Bool {
        text.allSatisfy { grapheme in
            guard let base = grapheme.unicodeScalars.first, base != " " else { return true }
            return font(for: grapheme).hasGlyph(base)
        }
    }

    func width(of text: String, fontPixels: Int) -> Int {
        pieces(of: text).reduce(0) { total, piece in
            total + piece.shaped { $0.width(of: piece.run.text, fontPixels: fontPixels) }
        }
    }

    func lineHeight(fontPixels: Int) -> Int {
        fonts.map { $0.lineHeight(fontPixels: fontPixels) }.max() ?? fontPixels
    }

    /// `text` rendered in white with its glyphs' coverage in alpha, every run on one baseline.
    func render(_ text: String, fontPixels: Int) throws(SDLError) -> Surface? {
        var pieces: [(surface: Surface, ascent: Int)] = []
        for piece in self.pieces(of: text) {
            let surface = try piece.shaped { font throws(SDLError) in try font.render(piece.run.text, fontPixels: fontPixels) }
            if let surface { pieces.append((surface, piece.font.ascent(fontPixels: fontPixels))) }
        }
        guard pieces.count > 1 else { return pieces.first?.surface }
        let baseline = pieces.map(\.ascent).max() ?? 0
        let height = pieces.map { baseline - $0.ascent + $0.surface.height }.max() ?? 0
        let line = try Surface(width: pieces.reduce(0) { $0 + $1.surface.width }, height: height)
        var left = 0
        line.withPixels { target in
            for piece in pieces {
                piece.surface.withPixels { source in
                    target.copy(source.bounds, from: source, to: (left, baseline - piece.ascent))
                }
                left += piece.surface.width
            }
        }
        return line
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
