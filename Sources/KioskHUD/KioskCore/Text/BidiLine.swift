/// A simple bidirectional split of one line: enough for a message that mixes Arabic or Hebrew
/// with Latin text and digits, after the Unicode bidi algorithm's main rules.
///
/// - The line's direction is that of its first strong letter (right to left for Hebrew and
///   Arabic letters, left to right for any other letter; left to right when it has none). The
///   invisible direction marks are strong too: the right-to-left and Arabic letter marks
///   (U+200F, U+061C, which CLDR puts in Arabic percentages) and the left-to-right mark (U+200E).
/// - Letters take level 1 when right to left; digits after a right-to-left letter take level 2,
///   like left-to-right letters in a right-to-left line; anything else left to right is level 0.
/// - Spaces and punctuation between two runs of one direction join them; elsewhere they take the
///   line's direction.
/// - Runs are then reordered by the algorithm's rule L2: from the highest level down to 1, every
///   sequence of runs at that level or higher is reversed.
///
/// Not handled: explicit embeddings and isolates (U+202A-U+202E, U+2066-U+2069), mirrored
/// brackets, and the finer rules for separators inside numbers.
public enum BidiLine {
    private enum Kind { case leftToRight, rightToLeft, digit, neutral }

    /// True when `text` reads right to left: its first strong letter is Arabic, Hebrew or of
    /// another right-to-left script (the line's direction, as the bidi algorithm's first rule).
    public static func isRightToLeft(_ text: String) -> Bool {
        text.lazy.map(kind).first { $0 == .leftToRight || $0 == .rightToLeft } == .rightToLeft
    }

    /// The runs of `line` in visual order, left to right.
    public static func visualRuns(_ line: String) -> [TextRun] {
        let graphemes = Array(line)
        guard !graphemes.isEmpty else { return [] }
        let kinds = graphemes.map(kind)
        let lineIsRightToLeft = isRightToLeft(line)
        let levels = resolveLevels(kinds, lineIsRightToLeft: lineIsRightToLeft)

        var runs: [(run: TextRun, level: Int)] = []
        for (index, grapheme) in graphemes.enumerated() {
            let level = levels[index]
            let script = Script.code(of: grapheme)
            if let last = runs.last, last.level == level,
               script == nil || last.run.script == script || last.run.script == Script.common {
                runs[runs.count - 1].run.text.append(grapheme)
                if let script, last.run.script == Script.common { runs[runs.count - 1].run.script = script }
            } else {
                runs.append((TextRun(text: String(grapheme), isRightToLeft: level % 2 == 1, script: script ?? Script.common), level))
            }
        }
        return reorder(runs).map(\.run)
    }

    private static func kind(_ grapheme: Character) -> Kind {
        guard let scalar = grapheme.unicodeScalars.first else { return .neutral }
        if Script.isRightToLeft(scalar) || scalar == "\u{200F}" || scalar == "\u{061C}" { return .rightToLeft }
        if scalar == "\u{200E}" { return .leftToRight }
        if scalar.properties.numericType == .decimal { return .digit }
        if scalar.properties.isAlphabetic { return .leftToRight }
        return .neutral
    }

    private static func resolveLevels(_ kinds: [Kind], lineIsRightToLeft: Bool) -> [Int] {
        // Each digit takes the direction of the strong letter before it (the line's, if none).
        var strongBefore = lineIsRightToLeft ? Kind.rightToLeft : .leftToRight
        var directions: [Kind] = []
        for kind in kinds {
            switch kind {
            case .leftToRight, .rightToLeft:
                strongBefore = kind
                directions.append(kind)
            case .digit:
                directions.append(strongBefore == .rightToLeft ? .digit : .leftToRight)
            case .neutral:
                directions.append(.neutral)
            }
        }
        // Neutrals between two equal directions join them (digits count as right to left here).
        func side(_ kind: Kind) -> Kind { kind == .digit ? .rightToLeft : kind }
        var index = 0
        while index < directions.count {
            guard directions[index] == .neutral else { index += 1; continue }
            var end = index
            while end < directions.count, directions[end] == .neutral { end += 1 }
            let before = index > 0 ? side(directions[index - 1]) : nil
            let after = end < directions.count ? side(directions[end]) : nil
            let resolved = before != nil && before == after ? before! : (lineIsRightToLeft ? .rightToLeft : .leftToRight)
            for position in index..<end { directions[position] = resolved }
            index = end
        }
        return directions.map { direction in
            switch direction {
            case .rightToLeft: return 1
            case .digit: return 2
            default: return lineIsRightToLeft ? 2 : 0
            }
        }
    }

    /// Rule L2 on whole runs.
    private static func reorder(_ runs: [(run: TextRun, level: Int)]) -> [(run: TextRun, level: Int)] {
        var ordered = runs
        let highest = runs.map(\.level).max() ?? 0
        for level in stride(from: highest, through: 1, by: -1) {
            var start = 0
            while start < ordered.count {
                guard ordered[start].level >= level else { start += 1; continue }
                var end = start
                while end < ordered.count, ordered[end].level >= level { end += 1 }
                ordered[start..<end].reverse()
                start = end
            }
        }
        return ordered
    }
}
