import Testing
@testable import KioskCore

/// Options that make no sense together are refused in one line; `-h` is `--help`.
@Suite struct OptionConflictTests {
    /// Every refused pair, in both orders, and each requirement alone.
    static let refused: [([String], OptionError)] = OptionConflict.pairs.flatMap { pair -> [([String], OptionError)] in
        let first = arguments(pair.first), second = arguments(pair.second)
        let error = OptionError.conflict(first: pair.first.rawValue, second: pair.second.rawValue, reason: pair.reason)
        return [(first + second, error), (second + first, error)]
    } + OptionConflict.requirements.map { requirement in
        (arguments(requirement.option), .needsOther(option: requirement.option.rawValue, other: requirement.needs.rawValue))
    } + OptionConflict.once.flatMap { option, reason -> [([String], OptionError)] in
        let error = OptionError.givenTwice(option: option.rawValue, reason: reason)
        return [([option.rawValue, "/run/a", option.rawValue, "/run/b"], error),
                ([option.rawValue, "/run/a", option.rawValue + "=/run/a"], error)]
    } + [
        (["--listen", ""], .emptyValue(option: "--listen", expected: "a PATH")),
        (["--listen="], .emptyValue(option: "--listen", expected: "a PATH")),
        (["--snapshot", "out.png", "--listen", "/run/k.sock", "--listen-group", "kiosk"],
         .conflict(first: "--snapshot", second: "--listen", reason: "a snapshot serves no clients: it reads its commands from stdin only")),
        (["--listen-group", "kiosk", "--fifo", "/run/x.fifo"], .needsOther(option: "--listen-group", other: "--listen")),
    ]

    /// The option with a value it takes.
    private static func arguments(_ option: Option) -> [String] {
        let values: [Option: String] = [.snapshot: "out.png", .fifo: "/run/x.fifo", .display: "1", .window: "800x480", .at: "2"]
        return [option.rawValue] + (option.expectedValue == nil ? [] : [values[option] ?? "1"])
    }

    @Test(arguments: refused)
    func combinationIsRefusedInOneLine(arguments: [String], error: OptionError) {
        #expect(throws: error) { try OptionParser.parse(arguments) }
        #expect(!error.callsForUsage)
        #expect(!error.description.contains("\n"))
    }

    /// What a command line may combine: a snapshot's size and time, a FIFO with a display.
    static let accepted: [[String]] = [
        ["--snapshot", "out.png", "--window", "800x480", "--at", "1.5"],
        ["--fifo", "/run/x.fifo", "--display", "1"],
        ["--display", "all", "--exit-with-parent"],
        ["--window", "640x480", "--exit-on-eof"],
        ["--snapshot", "out.png", "--zenity", "--start-hidden"],
        ["--listen", "/run/k.sock", "--listen-group", "kiosk"],
        ["--listen-group", "kiosk", "--listen", "/run/k.sock", "--fifo", "/run/x.fifo"],
    ]

    @Test(arguments: accepted)
    func sensibleCombinationIsAccepted(arguments: [String]) throws {
        _ = try OptionParser.parse(arguments)
    }

    @Test func settingsFileIsNotCheckedAgainstTheCommandLine() throws {
        var base = LaunchOptions()
        base.fifoPath = "/run/x.fifo"
        #expect(try OptionParser.parse(["--snapshot", "out.png"], over: base).action == .snapshot(path: "out.png"))
    }

    @Test func listenGroupIsSatisfiedByTheSettingsFilesSocket() throws {
        var base = LaunchOptions()
        base.controlSocketPath = "/run/k.sock"
        #expect(try OptionParser.parse(["--listen-group", "kiosk"], over: base).controlSocketGroup == "kiosk")
        #expect(throws: OptionError.needsOther(option: "--listen-group", other: "--listen")) {
            try OptionParser.parse(["--listen-group", "kiosk"])
        }
    }

    @Test func anEmptySocketPathSaysItIsEmpty() {
        let error = OptionError.emptyValue(option: "--listen", expected: "a PATH")
        #expect(error.description == "--listen needs a PATH; the one given is empty")
        var options = LaunchOptions()
        #expect(throws: ConfigFile.Problem.self) { try ConfigFile.apply("listen = \n", file: "k.conf", to: &options) }
        do {
            try ConfigFile.apply("listen =\n", file: "k.conf", to: &options)
        } catch {
            #expect(error.description == "k.conf:1: \"listen\" needs a PATH; the one given is empty")
        }
    }

    @Test func shortHelpIsHelp() throws {
        #expect(try OptionParser.parse(["-h"]).action == .help)
        #expect(throws: OptionError.unexpectedArgument("-x")) { try OptionParser.parse(["-x"]) }
    }
}
