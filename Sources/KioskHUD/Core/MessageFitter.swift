/// Fits a message into a rectangle the way a good HUD label does: first shrink from the nominal
/// size down to the minimum, then wrap at the minimum size onto as many lines as fit (at most
/// `maximumLines`), and end the last line with "…" when text is still left over.
///
/// Lines break at spaces, and between CJK characters where a script uses no spaces; a word wider
/// than a line breaks between grapheme clusters. No character or grapheme is ever cut in half.
/// A `\n` in the text (zenity's `#Line one\nLine two`) always starts a new line.
public struct MessageFitter: Sendable {
    /// The area's width in pixels.
    public var widthPixels: Int
    /// The area's height in pixels.
    public var heightPixels: Int
    /// The size to try first.
    public var nominalFontPixels: Int
    /// The smallest size allowed.
    public var minimumFontPixels: Int
    /// The most lines allowed.
    public var maximumLines: Int

    /// The mark that ends a truncated line.
    public static let ellipsis = "…"

    /// Creates a fitter for an area of `widthPixels` x `heightPixels`.
    public init(widthPixels: Int, heightPixels: Int, nominalFontPixels: Int, minimumFontPixels: Int, maximumLines: Int) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        self.minimumFontPixels = max(1, minimumFontPixels)
        self.nominalFontPixels = max(self.minimumFontPixels, nominalFontPixels)
        self.maximumLines = max(1, maximumLines)
    }

    /// Fits `text` using `measurer`; an empty text fits as no lines.
    public func fit(_ text: String, measurer: some TextMeasurer) -> FittedMessage {
        guard !text.isEmpty else { return FittedMessage(fontPixels: nominalFontPixels, lineHeightPixels: 0, lines: [], isTruncated: false) }
        var paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if paragraphs.count > 1, paragraphs.last == "" { paragraphs.removeLast() }  // a final break adds no line
        if let size = largestUnwrappedSize(paragraphs, measurer) {
            return FittedMessage(fontPixels: size, lineHeightPixels: measurer.lineHeight(fontPixels: size), lines: paragraphs, isTruncated: false)
        }
        let size = minimumFontPixels
        let lineBudget = max(1, min(maximumLines, heightPixels / max(1, measurer.lineHeight(fontPixels: size))))
        return wrap(text, fontPixels: size, lineBudget: lineBudget, measurer)
    }

    /// The largest size from nominal down to minimum at which each of `paragraphs` fits on one
    /// line, found by bisection (width grows with size).
    private func largestUnwrappedSize(_ paragraphs: [String], _ measurer: some TextMeasurer) -> Int? {
        func fits(_ size: Int) -> Bool {
            paragraphs.count <= maximumLines && paragraphs.count * measurer.lineHeight(fontPixels: size) <= heightPixels
                && paragraphs.allSatisfy { measurer.width(of: $0, fontPixels: size) <= widthPixels }
        }
        guard fits(minimumFontPixels) else { return nil }
        var low = minimumFontPixels, high = nominalFontPixels
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func wrap(_ text: String, fontPixels: Int, lineBudget: Int, _ measurer: some TextMeasurer) -> FittedMessage {
        func fits(_ line: String) -> Bool { measurer.width(of: line, fontPixels: fontPixels) <= widthPixels }
        let lineHeight = measurer.lineHeight(fontPixels: fontPixels)
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, lines.count < lineBudget {
            let paragraphEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            if paragraphEnd == rest.startIndex {
                lines.append("")
                rest = rest.dropFirst()
                continue
            }
            let line = longestFittingLine(of: rest[..<paragraphEnd], fits: fits)
            lines.append(String(line.text).trimmingBlanks())
            let remainder = line.rest.drop(while: \.isBlank)
            if !remainder.isEmpty {
                rest = rest[remainder.startIndex...]
            } else {
                rest = paragraphEnd < rest.endIndex ? rest[rest.index(after: paragraphEnd)...] : rest[rest.endIndex...]
            }
        }
        guard !rest.isEmpty, let last = lines.popLast() else {
            return FittedMessage(fontPixels: fontPixels, lineHeightPixels: lineHeight, lines: lines, isTruncated: false)
        }
        var kept = Substring(last)
        while !kept.isEmpty, !fits(String(kept).trimmingBlanks() + Self.ellipsis) { kept = kept.dropLast() }
        lines.append(String(kept).trimmingBlanks() + Self.ellipsis)
        return FittedMessage(fontPixels: fontPixels, lineHeightPixels: lineHeight, lines: lines, isTruncated: true)
    }

    /// The longest start of `text` that fits on a line, ending at a break opportunity when there
    /// is one; at least one grapheme, so wrapping always moves on. The fitting length is found by
    /// bisection over grapheme counts (a longer start is never narrower), so a line costs
    /// O(log n) measurements.
    private func longestFittingLine(of text: Substring, fits: (String) -> Bool) -> (text: Substring, rest: Substring) {
        var ends: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            index = text.index(after: index)
            ends.append(index)
        }
        var low = 0, high = ends.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(String(text[..<ends[middle - 1]]).trimmingBlanks()) { low = middle } else { high = middle - 1 }
        }
        if low == ends.count { return (text, text[text.endIndex...]) }
        let count = max(1, low)
        for kept in stride(from: count, through: 1, by: -1) {
            let end = ends[kept - 1]
            if LineBreaks.canBreak(between: text[text.index(before: end)], and: text[end]) {
                return (text[..<end], text[end...])
            }
        }
        return (text[..<ends[count - 1]], text[ends[count - 1]...])
    }
}
