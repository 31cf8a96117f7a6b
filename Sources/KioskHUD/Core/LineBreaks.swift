/// Where a line of text may break: after a space, and around CJK characters (which are written
/// without spaces), except before closing punctuation such as "。" or "）".
enum LineBreaks {
    /// True when a line may end between `before` and `after`.
    static func canBreak(between before: Character, and after: Character) -> Bool {
        if after.isBlank { return false }
        if before.isBlank { return true }
        if closingPunctuation.contains(after) { return false }
        return isCJK(before) || isCJK(after)
    }

    /// Ideographs, kana, Hangul syllables, CJK punctuation and full-width forms.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〉", "》", "…", ",", ".", "!", "?", ")", ":", ";",
    ]
}
