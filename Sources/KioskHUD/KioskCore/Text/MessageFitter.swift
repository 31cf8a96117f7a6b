/// Fits a message into a width the way a good HUD label does: wrap before shrink.
///
/// 1. At the nominal size the text wraps onto as many lines as it needs, up to `maximumLines`
///    (and as many as fit in `heightPixels`). If it fits whole, that is the answer.
/// 2. Otherwise the size shrinks, never below `minimumFontPixels`, to the largest size at which
///    it fits whole without breaking inside a word.
/// 3. If it does not fit even at the minimum, the last line ends with "…" at a word boundary (a
///    grapheme boundary in scripts written without spaces).
///
/// Wrapped lines are balanced: the narrowest width that needs no more lines is used, so a word
/// does not sit alone on the last line when a better break exists. Lines break at spaces, and
/// between characters of Chinese and Japanese (never before closing punctuation, and after the
/// punctuation ending a clause when that fits, rather than inside a word), and after a "/" in a
/// path or URL; Korean breaks at spaces. A word wider than a line breaks between grapheme
/// clusters; no grapheme is ever cut.
/// A `\n` in the text (zenity's `#Line one\nLine two`) always starts a new line.
public struct MessageFitter: Sendable {
    /// The widest a line may be, in pixels.
    public var widthPixels: Int
    /// The most height the lines may take, in pixels.
    public var heightPixels: Int
    /// The size to try first.
    public var nominalFontPixels: Int
    /// The smallest size allowed.
    public var minimumFontPixels: Int
    /// The most lines allowed.
    public var maximumLines: Int

    /// The mark that ends a truncated line.
    public static let ellipsis = "…"

    /// Creates a fitter for lines of at most `widthPixels`, stacked at most `heightPixels` high.
    public init(widthPixels: Int, heightPixels: Int = .max, nominalFontPixels: Int, minimumFontPixels: Int,
                maximumLines: Int) {
        self.widthPixels = max(1, widthPixels)
        self.heightPixels = heightPixels
        self.minimumFontPixels = max(1, minimumFontPixels)
        self.nominalFontPixels = max(self.minimumFontPixels, nominalFontPixels)
        self.maximumLines = max(1, maximumLines)
    }

    /// Fits `text` using `measurer`; an empty text fits as no lines.
    public func fit(_ text: String, measurer: some TextMeasurer) -> FittedMessage {
        guard !text.isEmpty else {
            return FittedMessage(fontPixels: nominalFontPixels, lineHeightPixels: 0, lines: [], isTruncated: false)
        }
        let text = text.hasSuffix("\n") && text.count > 1 ? String(text.dropLast()) : text  // a final break adds no line
        if let fitted = wholeFit(text, fontPixels: nominalFontPixels, measurer) { return fitted }
        var low = minimumFontPixels, high = nominalFontPixels - 1
        var best: FittedMessage?
        while low <= high {
            let middle = (low + high) / 2
            if let fitted = wholeFit(text, fontPixels: middle, measurer) {
                best = fitted
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best ?? truncatedFit(text, fontPixels: minimumFontPixels, measurer)
    }

    /// The most lines at `fontPixels`: `maximumLines`, or fewer when their height would pass
    /// `heightPixels`; at least one.
    private func lineBudget(_ text: String, fontPixels: Int, _ measurer: some TextMeasurer) -> Int {
        max(1, min(maximumLines, heightPixels / max(1, measurer.lineHeight(of: text, fontPixels: fontPixels))))
    }

    /// `text` wrapped whole at `fontPixels` with its lines balanced, or nil when it needs more
    /// lines than the budget.
    private func wholeFit(_ text: String, fontPixels: Int, _ measurer: some TextMeasurer) -> FittedMessage? {
        let budget = lineBudget(text, fontPixels: fontPixels, measurer)
        let wrapper = Wrapper(text: text, fontPixels: fontPixels, measurer: measurer)
        guard let wrapped = wrapper.wrap(width: widthPixels, lineBudget: budget), wrapped.rest.isEmpty,
              !wrapped.brokeInsideAWord || fontPixels == minimumFontPixels else { return nil }  // shrink before a word breaks
        var lines = wrapped
        if lines.lines.count > 1, !lines.brokeInsideAWord {
            // The narrowest width that keeps the same number of lines, found by bisection (a
            // narrower width never needs fewer lines).
            var low = 1, high = widthPixels
            let clauses = lines.clauseEnds
            while low < high {
                let middle = (low + high) / 2
                if let narrower = wrapper.wrap(width: middle, lineBudget: lines.lines.count),
                   narrower.rest.isEmpty, !narrower.brokeInsideAWord, narrower.clauseEnds >= clauses {
                    high = middle
                    lines = narrower
                } else {
                    low = middle + 1
                }
            }
        }
        return FittedMessage(fontPixels: fontPixels, lineHeightPixels: measurer.lineHeight(of: text, fontPixels: fontPixels),
                             lines: lines.lines.map { String($0).trimmingBlanks() }, isTruncated: false)
    }

    /// `text` at `fontPixels` cut after the last line the budget allows, that line ending with
    /// "…" after the last whole word that leaves room for it.
    private func truncatedFit(_ text: String, fontPixels: Int, _ measurer: some TextMeasurer) -> FittedMessage {
        let wrapper = Wrapper(text: text, fontPixels: fontPixels, measurer: measurer)
        let wrapped = wrapper.wrap(width: widthPixels, lineBudget: lineBudget(text, fontPixels: fontPixels, measurer))
            ?? Wrapper.Lines(lines: [], rest: Substring(text), brokeInsideAWord: false)
        var lines = wrapped.lines
        let last = lines.popLast().map { $0.startIndex } ?? text.startIndex
        let paragraph = text[last...].prefix { $0 != "\n" }
        let ending = wrapper.longestLine(of: paragraph, width: widthPixels, suffix: Self.ellipsis).text
        let kept = lines.map { String($0).trimmingBlanks() }
        return FittedMessage(fontPixels: fontPixels, lineHeightPixels: measurer.lineHeight(of: text, fontPixels: fontPixels),
                             lines: kept + [String(ending).trimmingBlanks() + Self.ellipsis], isTruncated: true)
    }
}

/// Greedy line breaking of one text at one size.
private struct Wrapper<Measurer: TextMeasurer> {
    let text: String
    let fontPixels: Int
    let measurer: Measurer

    /// Lines as slices of the text, what was left when the budget ran out, and whether a word
    /// had to be broken between graphemes because it was wider than a line.
    struct Lines {
        var lines: [Substring]
        var rest: Substring
        var brokeInsideAWord: Bool

        /// How many lines end a clause of Chinese or Japanese; balancing keeps them.
        var clauseEnds: Int {
            lines.filter { line in line.last.map(LineBreaks.endsAClause) ?? false }.count
        }
    }

    /// Breaks the text into lines of at most `width` pixels, stopping after `lineBudget` lines.
    func wrap(width: Int, lineBudget: Int) -> Lines? {
        var result = Lines(lines: [], rest: Substring(text), brokeInsideAWord: false)
        while !result.rest.isEmpty, result.lines.count < lineBudget {
            let rest = result.rest
            let paragraphEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            if paragraphEnd == rest.startIndex {
                result.lines.append(rest[rest.startIndex..<rest.startIndex])
                result.rest = rest.dropFirst()
                continue
            }
            let line = longestLine(of: rest[..<paragraphEnd], width: width, suffix: "")
            result.lines.append(line.text)
            result.brokeInsideAWord = result.brokeInsideAWord || line.brokeInsideAWord
            let remainder = rest[line.text.endIndex...].drop(while: \.isBlank)
            if remainder.startIndex < paragraphEnd {
                result.rest = remainder
            } else {
                result.rest = paragraphEnd < rest.endIndex ? rest[rest.index(after: paragraphEnd)...] : rest[rest.endIndex...]
            }
        }
        return result
    }

    /// The longest start of `text` that fits in `width` with `suffix` after it, ending at a break
    /// opportunity when there is one; at least one grapheme, so wrapping always moves on. Found
    /// by doubling then bisecting the grapheme count (a longer start is never narrower): O(log n)
    /// measurements, none of them much longer than the line, however long the paragraph.
    func longestLine(of text: Substring, width: Int, suffix: String) -> (text: Substring, brokeInsideAWord: Bool) {
        func fits(_ line: Substring) -> Bool {
            measurer.width(of: String(line).trimmingBlanks() + suffix, fontPixels: fontPixels) <= width
        }
        var ends: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            index = text.index(after: index)
            ends.append(index)
        }
        var low = 0, probe = 1
        while probe <= ends.count, fits(text[..<ends[probe - 1]]) {
            low = probe
            probe *= 2
        }
        var high = min(probe - 1, ends.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(text[..<ends[middle - 1]]) { low = middle } else { high = middle - 1 }
        }
        if low == ends.count { return (text, false) }
        let count = max(1, low)
        if low == 0 { return (text[..<ends[0]], true) }  // not even one grapheme fits: forced
        if count == ends.count { return (text, true) }
        func breaks(_ kept: Int, where rule: (Character, Character) -> Bool) -> Bool {
            let end = ends[kept - 1]
            return rule(text[text.index(before: end)], text[end])
        }
        // After the clause punctuation that fits in the line's second half, if any, rather than
        // between two characters of a word; else at the last break that fits.
        let kept = stride(from: count, through: max(1, (count + 1) / 2), by: -1).first { breaks($0, where: LineBreaks.endsAClause) }
            ?? stride(from: count, through: 1, by: -1).first { breaks($0, where: LineBreaks.canBreak) }
        guard let kept else { return (text[..<ends[count - 1]], true) }
        return (text[..<ends[kept - 1]], false)
    }
}
