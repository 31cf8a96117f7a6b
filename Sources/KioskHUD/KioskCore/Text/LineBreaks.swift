/// Where a line of text may break: after a space, around Chinese and Japanese characters
/// (written without spaces) except before closing punctuation such as "。" or "）", and after a
/// "/" before a letter (a path or a URL: "example.org/" then "devices"). Korean is written with
/// spaces between words, so Hangul breaks at spaces only, like Latin.
package enum LineBreaks {
    /// True when a line may end between `before` and `after`.
    static func canBreak(between before: Character, and after: Character) -> Bool {
        if after.isBlank { return false }
        if before.isBlank { return true }
        if closingPunctuation.contains(after) { return false }
        if before == "/", after.isLetter { return true }
        return breaksAround(before) || breaksAround(after)
    }

    /// True when a break between `before` and `after` ends a clause of Chinese or Japanese: right
    /// after "、", "。", "，", "！", "？" and their kind. Such a break is taken before one between
    /// two characters, which may fall inside a word ("います").
    static func endsAClause(between before: Character, and after: Character) -> Bool {
        endsAClause(before) && canBreak(between: before, and: after)
    }

    /// True when `character` is punctuation that ends a clause of Chinese or Japanese.
    static func endsAClause(_ character: Character) -> Bool {
        clausePunctuation.contains(character)
    }

    /// How much of the width of `line`'s last character is empty space at its end: half of a
    /// full-width "。", "、", "，" or "．" (its ink sits in the left half), none for anything
    /// else; a line is centred by its ink, without it.
    package static func emptyEndWidth(of line: String, fontPixels: Int, measurer: some TextMeasurer) -> Int {
        guard let last = line.last, stopsInTheLeftHalf.contains(last) else { return 0 }
        return measurer.width(of: String(last), fontPixels: fontPixels) / 2
    }

    /// Characters a line may break before or after without a space: ideographs, kana, CJK
    /// punctuation and full-width forms (not Hangul).
    static func breaksAround(_ character: Character) -> Bool {
        isWide(character) && !isHangul(character)
    }

    /// Ideographs, kana, Hangul syllables, CJK punctuation and full-width forms: the characters
    /// drawn about one em wide.
    package static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Hangul syllables and jamo.
    static func isHangul(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true
        default: return false
        }
    }

    /// Full-width punctuation drawn in the left half of its em.
    private static let stopsInTheLeftHalf: Set<Character> = ["。", "、", "，", "．"]

    private static let clausePunctuation: Set<Character> = ["、", "。", "，", "．", "！", "？", "；", "："]

    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〉", "》", "…", ",", ".", "!", "?", ")", ":", ";",
    ]
}
