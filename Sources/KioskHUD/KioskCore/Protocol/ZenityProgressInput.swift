/// Reads one line of `zenity --progress` input exactly as zenity 3.44 does
/// (`zenity_progress_handle_stdin` in zenity's src/progress.c), on the line's raw bytes and the
/// terminator that ended it (zenity sees both):
///
/// - a line whose first byte is `#` sets the text: the rest, without ASCII white space around
///   it, with C escapes expanded as `g_strcompress` does (`\n` is a line break, `\t` a tab,
///   `\101` an octal byte, `\0` ends the text, an unknown `\q` is `q`);
/// - a line starting with the bytes `pulsate` (case matters) and holding a `:` switches the bar:
///   the value after the colon (spaces skipped, trailing `\n`s dropped, but not a `\r`) equal
///   to `false` in any case stops pulsating, anything else starts it;
/// - a line whose first byte is an ASCII digit is a percentage, read by zenity's own `stof`:
///   every digit counts, the first `.` or `,` starts the decimals, everything else is skipped
///   (`33,5` is 33.5, `1e2` is 12, `50%` is 50), computed in single precision and clamped to 0-100;
/// - every other line (a space first, a command word, a tool's chatter) is ignored.
public enum ZenityProgressInput {
    /// The command `bytes` (a line without its terminator) amount to, or nil for a line zenity
    /// ignores.
    public static func command(_ bytes: some Collection<UInt8>, terminator: [UInt8]) -> Command? {
        // zenity's line is a C string holding the terminator; a NUL ends it.
        let line = Array((Array(bytes) + terminator).prefix { $0 != 0 })
        guard let first = line.first else { return nil }
        if first == UInt8(ascii: "#") { return .message(text(afterHash: line.dropFirst())) }
        if line.starts(with: "pulsate".utf8) { return pulsate(line) }
        if isDigit(first) { return .percentage(Double(percentage(line))) }
        return nil
    }

    /// zenity's `stof` on `line`, clamped to 0-100 as zenity's `CLAMP` does, in single precision.
    public static func percentage(_ line: some Collection<UInt8>) -> Float {
        var result: Float = 0
        var factor: Float = 1
        var pointSeen = false
        for byte in line {
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                pointSeen = true
            } else if isDigit(byte) {
                if pointSeen { factor /= 10 }
                result = result * 10 + Float(byte - UInt8(ascii: "0"))
            }
        }
        return min(max(result * factor, 0), 100)
    }

    /// `g_strcompress(g_strchomp(g_strchug(rest)))`: the label zenity shows, as bytes decoded and
    /// made safe to show; line breaks stay `\n`.
    public static func text(afterHash rest: some Collection<UInt8>) -> String {
        let trimmed = Array(rest).drop(while: isASCIISpace).reversed().drop(while: isASCIISpace).reversed()
        return TextSanitizer.cleanKeepingLineBreaks(String(decoding: compressed(Array(trimmed)), as: UTF8.self))
    }

    /// GLib's `g_strcompress`: `\b \f \n \r \t \v \\ \"`, octal `\NNN`, any other `\x` is `x`; a
    /// lone `\` at the end ends the text, and so does a NUL made by `\0`.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(escaped) {
                var value = Int(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                let octal = UInt8(truncatingIfNeeded: value)
                if octal == 0 { break }
                result.append(octal)
                continue
            }
            switch escaped {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "v"): result.append(0x0B)
            default: result.append(escaped)
            }
        }
        return result
    }

    /// zenity's `pulsate` line: the value after the first colon decides; no colon, no change.
    private static func pulsate(_ line: [UInt8]) -> Command? {
        var line = line[...]
        while line.last == UInt8(ascii: "\n") { line = line.dropLast() }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let value = line[(colon + 1)...].drop(while: isASCIISpace)
        return .pulsate(String(decoding: value, as: UTF8.self).lowercased() != "false"
            || !value.allSatisfy { $0 < 0x80 })
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// `g_ascii_isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r`.
    private static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
