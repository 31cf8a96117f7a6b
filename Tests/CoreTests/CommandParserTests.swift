import Testing
@testable import KioskCore

@Suite struct CommandParserTests {
    @Test(arguments: [
        ("show", Command.show),
        ("SHOW", .show),
        ("  show  ", .show),
        ("hide", .hide),
        ("Hide", .hide),
        ("quit", .quit),
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

    @Test(arguments: ["", "   ", "\t"])
    func blankLinesMeanNothing(line: String) throws {
        #expect(try CommandParser.parse(line) == nil)
    }

    @Test(arguments: [
        ("shwo", CommandError.unknownCommand("shwo")),
        ("msgfoo bar", .unknownCommand("msgfoo")),
        ("show now", .unexpectedArgument(command: "show", argument: "now")),
        ("quit please", .unexpectedArgument(command: "quit", argument: "please")),
        ("block maybe", .invalidArgument(command: "block", argument: "maybe", expected: "\"on\" or \"off\"")),
    ])
    func badLinesAreRejectedWithTheirReason(line: String, expected: CommandError) {
        #expect(throws: expected) { try CommandParser.parse(line) }
    }

    @Test func unknownCommandMessageNamesTheWord() {
        #expect(CommandError.unknownCommand("shwo").description == "unknown command \"shwo\"")
    }
}
