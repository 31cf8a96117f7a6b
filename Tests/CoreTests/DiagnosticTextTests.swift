import Testing
@testable import KioskCore

/// How error messages show text from outside: escaped, bounded, and the same for every input.
@Suite struct DiagnosticTextTests {
    /// SplitMix64, so the random strings are the same on every run.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// True for a character a terminal acts on instead of showing: C0 (newline too), DEL, C1.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    @Test(arguments: [
        ("shwo", "shwo"),
        (#"sh"o\w"#, #"sh"o\w"#),
        ("\u{FEFF}hide", "\u{FEFF}hide"),
        ("正在接受心電數據", "正在接受心電數據"),
        ("a\u{0}b", #"a\x00b"#),
        ("a\tb\nc\rd", #"a\tb\nc\rd"#),
        ("\u{1B}[31mred\u{1B}[0m", #"\x1B[31mred\x1B[0m"#),
        ("a\u{7F}b", #"a\x7Fb"#),
        ("a\u{85}b\u{9B}c", #"a\u{0085}b\u{009B}c"#),
        ("abc\u{202E}fed", #"abc\u{202E}fed"#),
        ("\u{FFFD}\u{FFFD}", "\u{FFFD}\u{FFFD}"),
    ])
    func controlCharactersAreWrittenOutAndEverythingElseIsKept(text: String, shown: String) {
        #expect(DiagnosticText.shown(text) == shown)
        #expect(DiagnosticText.quoted(text) == "\"" + shown + "\"")
    }

    @Test func textUpToTheLimitIsWholeAndLongerTextIsCutWithAnEllipsis() {
        let limit = DiagnosticText.quotedLimitBytes
        #expect(DiagnosticText.shown(String(repeating: "y", count: limit)) == String(repeating: "y", count: limit))
        #expect(DiagnosticText.shown(String(repeating: "y", count: limit + 1)) == String(repeating: "y", count: limit) + "…")
        #expect(DiagnosticText.quoted(String(repeating: "y", count: 1 << 20)) == "\"" + String(repeating: "y", count: limit) + "…\"")
    }

    @Test func aCutNeverSplitsAnEscapeOrACharacter() {
        // 511 letters, then NUL (4 bytes as \x00): the escape does not fit and is left out whole.
        let shown = DiagnosticText.shown(String(repeating: "a", count: 511) + "\u{0}")
        #expect(shown == String(repeating: "a", count: 511) + "…")
        // Three-byte characters: 170 fit in 512 bytes.
        #expect(DiagnosticText.shown(String(repeating: "心", count: 1000)) == String(repeating: "心", count: 170) + "…")
    }

    @Test func oneCharacterLongerThanTheLimitIsCutBetweenItsScalars() {
        let shown = DiagnosticText.shown("a" + String(repeating: "\u{301}", count: 100_000))
        #expect(shown.hasSuffix("…"))
        #expect(shown.utf8.count <= DiagnosticText.quotedLimitBytes + "…".utf8.count)
        #expect(shown.unicodeScalars.first == "a")
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func randomTextNeverShowsAControlCharacterAndStaysBounded(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let length = Int.random(in: 0...4096, using: &generator)
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = String(decoding: bytes, as: UTF8.self)
        for limit in [DiagnosticText.quotedLimitBytes, 64, 1] {
            let shown = DiagnosticText.shown(text, limitBytes: limit)
            #expect(!shown.unicodeScalars.contains(where: Self.isControl), "seed \(seed): \(shown)")
            #expect(shown.utf8.count <= limit + "…".utf8.count, "seed \(seed)")
        }
    }

    @Test func everyErrorThatQuotesInputQuotesItTheSameWay() {
        let hostile = "x\u{1B}]0;pwned\u{7}" + String(repeating: "z", count: 1000)
        let quoted = DiagnosticText.quoted(hostile)
        #expect(CommandError.unknownCommand(hostile).description == "unknown command \(quoted)")
        #expect(CommandError.invalidArgument(command: "block", argument: hostile, expected: "\"on\" or \"off\"").description
                == "\"block\" takes \"on\" or \"off\", not \(quoted)")
        #expect(CommandError.unexpectedArgument(command: "quit", argument: hostile).description
                == "\"quit\" takes no argument, got \(quoted)")
        #expect(OptionError.unknownOption(hostile).description == "unknown option \(quoted)")
        #expect(OptionError.unexpectedArgument(hostile).description == "unexpected argument \(quoted) (options start with --)")
        #expect(OptionError.invalidValue(option: "--color", value: hostile, expected: "COLOR").description
                == "--color takes COLOR, not \(quoted)")
        var options = LaunchOptions()
        #expect(throws: ConfigFile.Problem(file: "k", line: 1, reason: "expected \"name = value\", got \(quoted)")) {
            try ConfigFile.apply(hostile, file: "k", to: &options)
        }
    }
}
