/// The writing system of a character, as the ISO 15924 code a shaper takes, for the scripts the
/// bundled fonts cover and those that need shaping.
enum Script {
    /// The code for characters shared by every script (spaces, punctuation, digits).
    static let common = "Zyyy"

    /// True for Hebrew and Arabic letters, which are written right to left.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return scalar.properties.isAlphabetic
        default: return false
        }
    }

    /// The script of a grapheme's base character, or nil for common characters.
    static func code(of grapheme: Character) -> String? {
        guard let scalar = grapheme.unicodeScalars.first, scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return "Grek"
        case 0x0400...0x052F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return "Cyrl"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        case 0x0900...0x097F, 0xA8E0...0xA8FF: return "Deva"
        case 0x0980...0x09FF: return "Beng"
        case 0x0A00...0x0A7F: return "Guru"
        case 0x0A80...0x0AFF: return "Gujr"
        case 0x0B80...0x0BFF: return "Taml"
        case 0x0C00...0x0C7F: return "Telu"
        case 0x0C80...0x0CFF: return "Knda"
        case 0x0D00...0x0D7F: return "Mlym"
        case 0x0E00...0x0E7F: return "Thai"
        case 0x3040...0x309F: return "Hira"
        case 0x30A0...0x30FF: return "Kana"
        case 0x1100...0x11FF, 0xAC00...0xD7AF: return "Hang"
        case 0x2E80...0x2FFF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return "Hani"
        default: return "Latn"
        }
    }
}
