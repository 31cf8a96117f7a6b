/// The nearest plain symbol for a pictograph a device often has no font for (emoji), so a
/// message such as "✅ Ticket printed" shows a check mark rather than a box where no installed
/// font has the emoji: each stand-in is a character the bundled text fonts have (DejaVu Sans's
/// dingbats, geometric shapes and arrows). A font that has the pictograph itself (an emoji font
/// installed on the device) always wins.
public enum SymbolStandIn {
    /// The stand-in for `grapheme` (its first character; a variation selector after it does
    /// not matter), or nil when it has none.
    public static func nearest(to grapheme: Character) -> Character? {
        grapheme.unicodeScalars.first.flatMap { table[$0] }
    }

    private static let table: [Unicode.Scalar: Character] = [
        "\u{2705}": "\u{2714}",  // ✅ white heavy check mark: ✔ heavy check mark
        "\u{274C}": "\u{2716}",  // ❌ cross mark: ✖ heavy multiplication x
        "\u{274E}": "\u{2716}",  // ❎ negative squared cross mark
        "\u{2757}": "!",  // ❗ heavy exclamation mark symbol
        "\u{2755}": "!",  // ❕ white exclamation mark ornament
        "\u{2753}": "?",  // ❓ black question mark ornament
        "\u{2754}": "?",  // ❔ white question mark ornament
        "\u{26D4}": "\u{2298}",  // ⛔ no entry: ⊘ circled division slash
        "\u{1F6AB}": "\u{2298}",  // 🚫 prohibited
        "\u{1F534}": "\u{25CF}",  // 🔴 red circle: ● black circle
        "\u{1F535}": "\u{25CF}",  // 🔵 blue circle
        "\u{1F7E0}": "\u{25CF}",  // 🟠 orange circle
        "\u{1F7E1}": "\u{25CF}",  // 🟡 yellow circle
        "\u{1F7E2}": "\u{25CF}",  // 🟢 green circle
        "\u{2B55}": "\u{25CB}",  // ⭕ heavy large circle: ○ white circle
        "\u{1F4DE}": "\u{260E}",  // 📞 telephone receiver: ☎ black telephone
        "\u{1F504}": "\u{21BB}",  // 🔄 anticlockwise arrows button: ↻ clockwise open circle arrow
        "\u{23F3}": "\u{2026}",  // ⏳ hourglass with flowing sand: … (waiting)
        "\u{231B}": "\u{2026}",  // ⌛ hourglass
    ]
}
