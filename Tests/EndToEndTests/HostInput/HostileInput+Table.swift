/// The hostile inputs, each with what the overlay must make of it. The expected messages and
/// states are PROTOCOL.md's rules as the built program applies them: a line is a command word,
/// case-insensitive, then its argument; invalid UTF-8 becomes U+FFFD; control characters
/// (C0 with NUL and CR, DEL, C1) are dropped and a tab becomes a space, before the line is
/// parsed; lines over 4096 bytes (not counting `\n` and a `\r` before it) are refused whole.
extension HostileInput {
    /// Every input, grouped by what it attacks.
    static let table: [HostileInput] = blankLines + lengths + encodings + lineEndingsAndCase + numbers + arguments

    /// `kiosk-spinner: line N: ` is followed by this for an over-long line.
    static let tooLong = "line longer than \(lineLimitBytes) bytes; the rest of it was discarded"

    /// The problem for an unknown command `word`.
    static func unknown(_ word: String) -> String { "unknown command \"\(word)\"" }

    /// The problem for a `progress` argument that is no plain decimal.
    static func notAPercentage(_ argument: String) -> String {
        "\"progress\" takes a percentage like 42 or 42.5, not \"\(argument)\""
    }

    /// The problem for a `color` argument that is no colour.
    static func notAColor(_ argument: String) -> String {
        "\"color\" takes a colour (white, gray or #RRGGBB), not \"\(argument)\""
    }

    /// The problem for a `size` argument out of range.
    static func notASize(_ argument: String) -> String {
        "\"size\" takes a whole number of pixels from 8 to 16384, not \"\(argument)\""
    }

    /// The UTF-8 of `text`.
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `count` times the letter `letter`.
    static func run(of letter: Character, _ count: Int) -> String { String(repeating: letter, count: count) }

    /// A status that differs from the start's only in its message.
    static func message(_ text: String) -> OverlayStatus { OverlayStatus().with(message: text) }

    /// A hidden overlay's status.
    static let hidden = OverlayStatus(visible: false)

    /// U+FFFD, what each bad byte of a UTF-8 sequence becomes.
    static let replacement = "\u{FFFD}"

    static let blankLines: [HostileInput] = [
        .accepted("an empty line", utf8("\n")),
        .accepted("a line of spaces", utf8("     \n")),
        .accepted("a line of tabs", utf8("\t\t\t\n")),
        .accepted("a line of only control characters (SOH STX ESC DEL)", [0x01, 0x02, 0x1B, 0x7F, 0x0A]),
        .refused("1000 blank lines, then a bad line numbered 1001", utf8(run(of: "\n", 1000) + "shwo\n"), line: 1001, unknown("shwo")),
        .accepted("a line of 4096 spaces", utf8(run(of: " ", 4096) + "\n")),
        .refused("a line of 4097 spaces", utf8(run(of: " ", 4097) + "\n"), tooLong),
    ]

    static let lengths: [HostileInput] = [
        .refused("10 MB without a newline, then a newline", Array(repeating: UInt8(ascii: "x"), count: 10_000_000) + [0x0A], tooLong),
        .accepted("msg of exactly 4096 bytes", utf8("msg " + run(of: "x", 4092) + "\n"), status: message(run(of: "x", 4092))),
        .accepted("msg of exactly 4096 bytes ended by CRLF", utf8("msg " + run(of: "x", 4092) + "\r\n"), status: message(run(of: "x", 4092))),
        .refused("msg of 4097 bytes", utf8("msg " + run(of: "x", 4093) + "\n"), tooLong),
        .refused("msg with 100,000 combining marks", utf8("msg a" + String(repeating: "\u{301}", count: 100_000) + "\n"), tooLong),
        .accepted("msg with 2,000 combining marks on one letter (4005 bytes)",
                  utf8("msg a" + String(repeating: "\u{301}", count: 2000) + "\n"),
                  status: message("a" + String(repeating: "\u{301}", count: 2000))),
        .refused("an unknown command word of 4096 bytes (quoted up to 512 bytes)", utf8(run(of: "y", 4096) + "\n"),
                 unknown(run(of: "y", 512) + "…")),
    ]

    static let encodings: [HostileInput] = [
        .accepted("msg with every control byte 0x01-0x1F but LF, and 0x7F",
                  utf8("msg a") + (0x01...0x1F).filter { $0 != 0x0A } + [0x7F] + utf8("b\n"),
                  status: message("a b")),
        .accepted("msg with a terminal escape sequence", utf8("msg \u{1B}[31mred\u{1B}[0m\n"), status: message("[31mred[0m")),
        .accepted("msg with a NUL byte", utf8("msg a\u{0}b\n"), status: message("ab")),
        .accepted("msg with C1 controls U+0085 and U+009B", utf8("msg a\u{85}b\u{9B}c\n"), status: message("abc")),
        .accepted("detail with control bytes", utf8("detail a\u{1}b\u{7F}c\n"), status: OverlayStatus(detail: "abc")),
        .accepted("msg with a lone surrogate in UTF-8 (ED A0 80)", utf8("msg x") + [0xED, 0xA0, 0x80] + utf8("y\n"),
                  status: message("x" + String(repeating: replacement, count: 3) + "y")),
        .accepted("msg with an overlong slash (C0 AF)", utf8("msg ") + [0xC0, 0xAF] + utf8("\n"),
                  status: message(String(repeating: replacement, count: 2))),
        .accepted("msg with an overlong slash (E0 80 AF)", utf8("msg ") + [0xE0, 0x80, 0xAF] + utf8("\n"),
                  status: message(String(repeating: replacement, count: 3))),
        .accepted("msg of 0xFF bytes", utf8("msg ") + [0xFF, 0xFF] + utf8("\n"), status: message(replacement + replacement)),
        .accepted("msg ending in half a UTF-8 sequence", utf8("msg caf") + [0xC3] + utf8("\n"), status: message("caf" + replacement)),
        .refused("0xFF 0xFE as a command", [0xFF, 0xFE, 0x0A], unknown(replacement + replacement)),
        .refused("a UTF-8 byte order mark before a command", [0xEF, 0xBB, 0xBF] + utf8("hide\n"), unknown("\u{FEFF}hide")),
        .refused("show spelt with a Cyrillic dze", utf8("\u{455}how\n"), unknown("\u{455}how")),
        .refused("an unknown command with a quote and a backslash", utf8(#"sh"o\w"# + "\n"), unknown(#"sh"o\w"#)),
    ]

    static let lineEndingsAndCase: [HostileInput] = [
        .accepted("CRLF line endings", utf8("msg crlf\r\nhide\r\n"), status: OverlayStatus(visible: false, message: "crlf")),
        .accepted("a bare CR in a msg", utf8("msg a\rb\n"), status: message("ab")),
        .accepted("a bare CR in a command word (sh CR ow, after hide)", utf8("hide\nsh\row\n")),
        .accepted("a NUL in a command word (hi NUL de)", utf8("hi\u{0}de\n"), status: hidden),
        .accepted("a NUL in a command word (sh NUL ow, after hide)", utf8("hide\nsh\u{0}ow\n")),
        .quit("a NUL in quit (qu NUL it)", utf8("qu\u{0}it\n")),
        .accepted("ShOw after HIDE", utf8("HIDE\nShOw\n")),
        .accepted("MsG hi", utf8("MsG hi\n"), status: message("hi")),
        .accepted("hide between tabs", utf8("\thide\t\n"), status: hidden),
        .quit("QuIt between spaces, ended by CRLF", utf8("  QuIt  \r\n")),
        .refused("quit now (an argument: not a quit)", utf8("quit now\n"), #""quit" takes nothing or "--retain", not "now""#),
        .refused("ping with an argument", utf8("ping extra\n"), #""ping" takes no argument, got "extra""#),
    ]

    static let numbers: [HostileInput] = [
        .refused("progress 1e999", utf8("progress 1e999\n"), notAPercentage("1e999")),
        .accepted("progress 99999999999999999999", utf8("progress 99999999999999999999\n"),
                  status: OverlayStatus(mode: "progress", progress: "100")),
        .accepted("progress -5", utf8("progress -5\n"), status: OverlayStatus(mode: "progress", progress: "0")),
        .refused("progress nan", utf8("progress nan\n"), notAPercentage("nan")),
        .refused("progress inf", utf8("progress inf\n"), notAPercentage("inf")),
        .refused("progress -inf", utf8("progress -inf\n"), notAPercentage("-inf")),
        .refused("progress 0x10", utf8("progress 0x10\n"), notAPercentage("0x10")),
        .refused("progress without a percentage", utf8("progress\n"), #""progress" needs a percentage or "off""#),
        .accepted("progress with a plain decimal of 40 digits", utf8("progress 1" + run(of: "0", 39) + "\n"),
                  status: OverlayStatus(mode: "progress", progress: "100")),
    ]

    static let arguments: [HostileInput] = [
        .refused("color #GGGGGG", utf8("color #GGGGGG\n"), notAColor("#GGGGGG")),
        .refused("color #12345", utf8("color #12345\n"), notAColor("#12345")),
        .refused("color red", utf8("color red\n"), notAColor("red")),
        .refused("hud-color #12345", utf8("hud-color #12345\n"), ##""hud-color" takes a colour (#RRGGBBAA), not "#12345""##),
        .refused("block maybe", utf8("block maybe\n"), #""block" takes "on" or "off", not "maybe""#),
        .refused("size 5", utf8("size 5\n"), notASize("5")),
        .refused("size 99999", utf8("size 99999\n"), notASize("99999")),
        .adapted("size 16384, far bigger than the screen", utf8("size 16384\n"),
                 note: "a 16384 px wheel does not fit the 1024x768 screen with its text: it is drawn 384 px across"),
    ]
}
