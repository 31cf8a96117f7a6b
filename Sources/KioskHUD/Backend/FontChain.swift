/// The fonts a message is drawn with, in order of preference: each character is drawn in the
/// first font that has its glyph, so a message mixing scripts ("ECG 心電 ЕКГ") draws every run in
/// a font that has it, all on one baseline. It measures text for the core's fitting and renders
/// lines for the frame renderer.
final class FontChain: TextMeasurer {
    private let fonts: [Font]
    private var reportedMissing: Set<Unicode.Scalar> = []

    /// The most missing characters reported, so odd input cannot flood stderr or memory.
    static let missingReportLimit = 64

    /// Creates a chain; `fonts` must not be empty.
    init(_ fonts: [Font]) {
        precondition(!fonts.isEmpty, "a font chain needs a font")
        self.fonts = fonts
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
        if reportedMissing.count < Self.missingReportLimit, reportedMissing.insert(base).inserted {
            Diagnostics.report("no font has U+\(String(base.value, radix: 16, uppercase: true).leftPadded(to: 4))")
        }
        return fonts[0]
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
