import Testing
@testable import KioskCore

@Suite struct CommandParserTests {
    @Test(arguments: [
        ("show", Command.show),
        ("SHOW", .show),
        ("  show  ", .show),
        ("hide", .hide),
        ("Hide", .hide),
        ("quit", .quit(retainingScreen: false)),
        ("QUIT --retain", .quit(retainingScreen: true)),
        ("deactivate", .deactivate),
        ("DEACTIVATE", .deactivate),
        ("msg Receiving ECG...", .message("Receiving ECG...")),
        ("message Receiving ECG...", .message("Receiving ECG...")),
        ("MSG   spaced   inside  ", .message("spaced   inside")),
        ("msg", .message("")),
        ("msg    ", .message("")),
        ("msg 正在接受心電數據請稍候...", .message("正在接受心電數據請稍候...")),
        ("msg Зачекайте, отримуємо дані ЕКГ...", .message("Зачекайте, отримуємо дані ЕКГ...")),
        ("detail 12 of 40 files", .detail("12 of 40 files")),
        ("DETAILS  2 MB ", .detail("2 MB")),
        ("detail", .detail("")),
        ("block", .block(true)),
        ("block on", .block(true)),
        ("BLOCK ON", .block(true)),
        ("block off", .block(false)),
        ("unblock", .block(false)),
    ])
    func everySpellingParses(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    /// A line cannot hold a line break, so a message writes one as `\n`, a backslash as `\\` and
    /// a quotation mark may be `\"`, as `status` quotes them; any other backslash is kept.
    @Test(arguments: [
        (#"msg Receiving ECG…\nPlease wait"#, Command.message("Receiving ECG…\nPlease wait")),
        (#"detail Lead II\n12 of 40"#, .detail("Lead II\n12 of 40")),
        (#"error Pump lost\nCheck the cable"#, .outcome(.failure, message: "Pump lost\nCheck the cable")),
        (#"msg C:\\new\\ticket"#, .message(#"C:\new\ticket"#)),
        (#"msg a\tb \u{41} \"#, .message(#"a\tb \u{41} \"#)),
        (#"msg \\n stays"#, .message(#"\n stays"#)),
        (#"msg say \"hi\""#, .message(#"say "hi""#)),
    ] as [(String, Command)])
    func aMessageBreaksItsLineAtBackslashN(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    @Test func aStatusQuotedMessageReadsBackAsItWas() throws {
        let message = "line one\nC:\\path\\n \"quoted\""
        var session = HostSession(appearance: Appearance(), clock: FixedStepClock(), state: HUDState(isVisible: true, message: ""))
        _ = session.apply(.message(message), atTick: 0)
        let quoted = try #require(session.statusLine.firstMatch(of: /message="(.*)" detail/)?.1)
        #expect(try CommandParser.parse("msg " + quoted) == .message(message))
    }

    @Test(arguments: ["", "   ", "\t"])
    func blankLinesMeanNothing(line: String) throws {
        #expect(try CommandParser.parse(line) == nil)
    }

    @Test(arguments: [
        ("shwo", CommandError.unknownCommand("shwo")),
        ("msgfoo bar", .unknownCommand("msgfoo")),
        ("show now", .unexpectedArgument(command: "show", argument: "now")),
        ("quit please", .invalidArgument(command: "quit", argument: "please", expected: "nothing or \"--retain\"")),
        ("deactivate now", .unexpectedArgument(command: "deactivate", argument: "now")),
        ("block maybe", .invalidArgument(command: "block", argument: "maybe", expected: "\"on\" or \"off\"")),
    ])
    func badLinesAreRejectedWithTheirReason(line: String, expected: CommandError) {
        #expect(throws: expected) { try CommandParser.parse(line) }
    }

    @Test func unknownCommandMessageNamesTheWord() {
        #expect(CommandError.unknownCommand("shwo").description == "unknown command \"shwo\"")
    }
}
