/// Text from outside (an input line, a setting, an option, a path) as an error message shows it:
/// every character that could move a terminal's cursor, colour it or reorder what it shows is
/// written out visibly, and the text is cut at a bound, so no input can put raw control bytes or
/// megabytes on stderr. The one place where errors quote what they refuse: stdin's commands,
/// the settings file and the command line all go through `quoted`.
///
/// Escapes: tab, newline and carriage return as `\t`, `\n`, `\r`; other C0 characters and DEL as
/// `\xNN` (`\x00`, `\x1B`); C1 characters and the bidirectional controls as `\u{NNNN}`. Invalid
/// UTF-8 has already become U+FFFD when the text was decoded. Quotes and backslashes are left as
/// they are, so a normal input reads in the message exactly as it was written.
public enum DiagnosticText {
    /// The most bytes of user text a quotation shows, escapes included (the "…" that marks a cut
    /// comes on top).
    public static let quotedLimitBytes = 512
    /// What ends text that was cut.
    public static let cutMark = "…"

    /// `text` escaped, cut at `quotedLimitBytes`, between double quotes: `"shwo"`.
    public static func quoted(_ text: some StringProtocol) -> String {
        "\"" + shown(text) + "\""
    }

    /// `text` escaped and, when its escaped form has more than `limitBytes` bytes, cut at a
    /// character boundary and ended with "…" (a character longer than the whole limit, such as a
    /// letter with thousands of combining marks, is cut between its scalars instead).
    public static func shown(_ text: some StringProtocol, limitBytes: Int = quotedLimitBytes) -> String {
        if text.utf8.count <= limitBytes, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return String(text) }
        var result = ""
        var usedBytes = 0
        for character in text {
            let escaped = escape(character.unicodeScalars)
            if usedBytes + escaped.utf8.count <= limitBytes {
                result += escaped
                usedBytes += escaped.utf8.count
                continue
            }
            if result.isEmpty {
                for scalar in character.unicodeScalars {
                    let piece = escape(CollectionOfOne(scalar))
                    guard usedBytes + piece.utf8.count <= limitBytes else { break }
                    result += piece
                    usedBytes += piece.utf8.count
                }
            }
            return result + cutMark
        }
        return result
    }

    /// The scalars, each written out when it is a control character.
    private static func escape(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var result = ""
        for scalar in scalars {
            switch scalar.value {
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x00..<0x20, 0x7F: result += "\\x" + hexadecimal(scalar.value, digits: 2)
            case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + hexadecimal(scalar.value, digits: 4) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` in upper-case hexadecimal, with zeros in front up to `digits`.
    private static func hexadecimal(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
