import Testing
@testable import KioskCore

/// The host protocol beyond show/hide/msg/block: progress, outcomes, queries, runtime look, and
/// the psplash and zenity spellings.
@Suite struct ProtocolParserTests {
    @Test(arguments: [
        ("progress 42", Command.progress(42)),
        ("progress 42.5", .progress(42.5)),
        ("progress 0", .progress(0)),
        ("progress +7", .progress(7)),
        ("progress .5", .progress(0.5)),
        ("progress 5.", .progress(5)),
        ("progress -5", .progress(0)),
        ("progress 150", .progress(100)),
        ("progress off", .progress(nil)),
        ("PROGRESS 30", .progress(30)),
        ("MSG Booting", .message("Booting")),
        ("QUIT", .quit(retainingScreen: false)),
        ("success", .outcome(.success, message: nil)),
        ("success Ticket printed", .outcome(.success, message: "Ticket printed")),
        ("error Printer jammed", .outcome(.failure, message: "Printer jammed")),
        ("INFO Insert your card", .outcome(.info, message: "Insert your card")),
        ("ping", .ping),
        ("status", .status),
        ("color #FF8000", .wheelColor(Color(red: 255, green: 128, blue: 0))),
        ("color gray", .wheelColor(.gray)),
        ("hud-color #00000080", .hudColor(Color(red: 0, green: 0, blue: 0, alpha: 0x80))),
        ("size 300", .wheelSize(300)),
    ])
    func everyNewSpellingParses(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    @Test(arguments: ["progress 1e999", "progress 1e3", "progress nan", "progress inf", "progress -inf", "progress 0x10",
                      "progress abc", "progress 4 2", "progress .", "progress --5", "progress 1.2.3",
                      "color #GGGGGG", "color", "hud-color red", "size", "size 7", "size 99999", "size -300", "size 3e2",
                      "ping me", "status now", "progress"])
    func malformedArgumentsAreRejected(line: String) {
        #expect(throws: CommandError.self) { try CommandParser.parse(line) }
    }

    @Test func missingPercentageSaysWhatIsExpected() {
        #expect(throws: CommandError.missingArgument(command: "progress", expected: "a percentage or \"off\"")) {
            try CommandParser.parse("progress")
        }
    }

    /// GLib's line ends, which zenity reads with: each line with the bytes that ended it.
    @Test(arguments: [
        ("a\nb\n", [("a", "\n"), ("b", "\n")]),
        ("a\r\nb", [("a", "\r\n")]),
        ("a\rb\r\r\n", [("a", "\r"), ("b", "\r"), ("", "\r\n")]),
        ("a\u{0}b\u{2029}c\n", [("a", "\u{0}"), ("b", "\u{2029}"), ("c", "\n")]),
        ("a\r", []),
    ] as [(String, [(String, String)])])
    func glibLineEndsAreZenitys(input: String, expected: [(String, String)]) {
        var reader = LineReader(endsLikeGLib: true)
        let lines = reader.feed(Array(input.utf8))
        #expect(lines.map { String(decoding: $0.bytes ?? [], as: UTF8.self) } == expected.map(\.0))
        #expect(lines.map { String(decoding: $0.terminator, as: UTF8.self) } == expected.map(\.1))
    }

    @Test func aCarriageReturnLastEndsItsLineAtTheEndOfInput() {
        var reader = LineReader(endsLikeGLib: true)
        #expect(reader.feed(Array("#x\r".utf8)).isEmpty, "GLib waits to see whether a \\n follows")
        #expect(reader.finish() == LineReader.Line(number: 1, bytes: Array("#x".utf8), terminator: [0x0D]))
    }

    @Test func zenityLinesAreNotCommandsInTheStandardDialect() {
        #expect(throws: CommandError.self) { try CommandParser.parse("42") }
        #expect(throws: CommandError.self) { try CommandParser.parse("#text") }
    }

    @Test func nulEndsACommandOnlyWhenAsked() {
        var psplash = CommandStream(endsAtNUL: true)
        #expect(psplash.feed(Array("MSG Booting\u{0}PROGRESS 50\u{0}".utf8)) == [
            .command(.message("Booting"), line: 1), .command(.progress(50), line: 2),
        ])
        var plain = CommandStream()
        #expect(plain.feed(Array("msg a\u{0}b\n".utf8)) == [.command(.message("ab"), line: 1)])
    }
}
