/// Makes host bytes safe to show: invalid UTF-8 becomes U+FFFD, tabs become spaces and every
/// other control character (C0, DEL, C1, including NUL) is dropped.
public enum TextSanitizer {
    /// Decodes `bytes` as UTF-8 and cleans the result.
    public static func text(from bytes: some Collection<UInt8>) -> String {
        clean(String(decoding: bytes, as: UTF8.self))
    }

    /// Cleans text that is already decoded, keeping its line breaks as `\n`: `\r\n`, `\r`,
    /// U+2028 and U+2029 become `\n`, as a GTK label breaks lines at each of them.
    public static func cleanKeepingLineBreaks(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false) { ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"].contains($0) }
            .map { clean(String($0)) }.joined(separator: "\n")
    }

    /// Cleans text that is already decoded.
    public static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                scalars.append(" ")
            } else if scalar.properties.generalCategory != .control {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
