import Testing
@testable import KioskCore

@Suite struct OptionParserTests {
    /// A line break in a message option breaks the line: a newline, U+2028 (as GTK breaks
    /// labels) or `\n` as a command writes it.
    @Test(arguments: ["Ticket printed\nPlease wait", "Ticket printed\u{2028}Please wait", #"Ticket printed\nPlease wait"#])
    func aMessageOptionKeepsItsLineBreaks(value: String) throws {
        let options = try OptionParser.parse(["--message", value, "--detail", value])
        #expect(options.message == "Ticket printed\nPlease wait")
        #expect(options.detail == "Ticket printed\nPlease wait")
    }

    @Test func defaultsAreTheIOSLook() throws {
        let options = try OptionParser.parse([])
        #expect(options.action == .run)
        #expect(options.message == nil && options.initialState.message == "Please wait...")
        #expect(options.appearance == Appearance())
        #expect(options.appearance.hudColor == Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xF2))
    }

    @Test func everyOptionSetsItsValue() throws {
        let options = try OptionParser.parse([
            "--message", "Receiving ECG...", "--detail", "Lead II", "--font-size", "18", "--size=200", "--style", "medium", "--layout", "horizontal",
            "--color", "gray", "--text-color", "#FFFFFF", "--hud-color", "#000000CC", "--corner-radius", "8",
            "--backdrop", "none", "--spokes", "8", "--period", "2", "--smooth", "--font", "/tmp/a.ttf",
            "--min-font-size", "14", "--max-lines", "2", "--window", "640x480",
            "--tick-rate", "30", "--start-hidden", "--exit-on-eof", "--at", "0.5", "--snapshot", "out.png",
        ])
        #expect(options.message == "Receiving ECG...")
        #expect(options.detail == "Lead II")
        #expect(options.appearance.fontPixels == 18)
        #expect(options.appearance.wheelPixels == 200)
        #expect(options.appearance.wheelStyle == .medium)
        #expect(options.appearance.layout == .horizontal)
        #expect(options.appearance.wheelColor == .gray)
        #expect(options.appearance.textColor == .white)
        #expect(options.appearance.hudColor == Color(red: 0, green: 0, blue: 0, alpha: 0xCC))
        #expect(options.appearance.cornerRadiusPixels == 8)
        #expect(options.appearance.backdropColor == nil)
        #expect(options.appearance.spokeCount == 8)
        #expect(options.appearance.periodSeconds == 2)
        #expect(options.appearance.rotatesSmoothly)
        #expect(options.fontPaths == ["/tmp/a.ttf"])
        #expect(options.appearance.minimumFontPixels == 14)
        #expect(options.appearance.maximumLines == 2)
        #expect(try OptionParser.parse(["--display", "1"]).display == 1)  // not with --snapshot: a snapshot opens no display
        #expect(options.windowSize == Size(width: 640, height: 480))
        #expect(options.ticksPerSecond == 30)
        #expect(options.startsHidden && options.exitsAtEndOfInput)
        #expect(options.snapshotAtSeconds == 0.5)
        #expect(options.action == .snapshot(path: "out.png"))
    }

    @Test(arguments: [
        (["--bogus"], OptionError.unknownOption("--bogus")),
        (["show"], .unexpectedArgument("show")),
        (["--size"], .missingValue(option: "--size", expected: "PX|auto")),
        (["--smooth=yes"], .invalidValue(option: "--smooth", value: "yes", expected: "no value")),
        (["--color", "#GGGGGG"], .invalidValue(option: "--color", value: "#GGGGGG", expected: "COLOR")),
        (["--style", "huge"], .invalidValue(option: "--style", value: "huge", expected: "large|medium")),
    ])
    func badOptionsAreRefused(arguments: [String], expected: OptionError) {
        #expect(throws: expected) { try OptionParser.parse(arguments) }
    }

    @Test(arguments: [["--size", "-5"], ["--size", "abc"], ["--size", "1e3"], ["--spokes", "1000"], ["--period", "nan"],
                      ["--period", "inf"], ["--window", "800"], ["--window", "0x0"], ["--window", "800x-1"], ["--at", "-1"],
                      ["--lang", "xx"], ["--lang", "C"], ["--stock-message", "sleep"], ["--message-env", "A-B"], ["--message-env", ""]])
    func outOfRangeValuesAreRefused(arguments: [String]) {
        #expect(throws: OptionError.self) { try OptionParser.parse(arguments) }
    }

    @Test func theStockMessageIsSaidInTheLanguageAskedFor() throws {
        #expect(try OptionParser.parse(["--stock-message", "reboot"]).initialState.message == "Restarting...")
        #expect(try OptionParser.parse(["--stock-message", "halt", "--lang", "de"]).initialState.message
            == StockText.translations["de"]?[.pleaseWait])
        #expect(try OptionParser.parse(["--stock-message", "start", "--lang", "de_DE.UTF-8"]).initialState.message == "Starten …")
        #expect(try OptionParser.parse(["--lang", "en", "--stock-message", "start"]).initialState.message == "Starting up...")
        #expect(try OptionParser.parse(["--stock-message", "poweroff", "--message", "Updating"]).initialState.message == "Updating")
        #expect(try OptionParser.parse(["--zenity", "--progress", "--lang", "ja"]).initialState.message == "実行中...")
        #expect(try OptionParser.parse(["--lang", "tr"]).numberStyle.percentage(5) == "%5")
    }

    @Test func aValueMayBeAsLongAsAnInputLineAndNoLonger() throws {
        let limit = LaunchOptions.lineLimitBytes
        let longest = String(repeating: "x", count: limit)
        #expect(try OptionParser.parse(["--message", longest]).message == longest)
        #expect(try OptionParser.parse(["--detail=" + longest]).detail == longest)
        #expect(throws: OptionError.valueTooLong(option: "--message", limitBytes: limit)) {
            try OptionParser.parse(["--message", longest + "x"])
        }
        #expect(throws: OptionError.valueTooLong(option: "--font", limitBytes: limit)) {
            try OptionParser.parse(["--font=" + String(repeating: "/", count: 1 << 20)])
        }
        #expect(OptionError.valueTooLong(option: "--message", limitBytes: limit).description == "--message takes at most 4096 bytes")
    }

    @Test func aHugeUnknownOptionIsQuotedBoundedAndEscaped() {
        let description = OptionError.unknownOption("--" + String(repeating: "\u{1B}", count: 1 << 16)).description
        #expect(description.hasPrefix(#"unknown option "--\x1B\x1B"#) && description.hasSuffix("…\""))
        #expect(description.utf8.count < 600)
    }

    @Test func fifoTrustOthersIsAFlag() throws {
        #expect(try OptionParser.parse(["--fifo", "/run/k", "--fifo-trust-others"]).trustsOthersFIFO)
        #expect(try !OptionParser.parse(["--fifo", "/run/k"]).trustsOthersFIFO)
    }

    @Test func helpListsEveryOption() {
        for option in Option.allCases { #expect(Usage.text.contains(option.rawValue)) }
        for option in ZenityOption.allCases { #expect(Usage.text.contains(option.rawValue)) }
    }

    /// GTK's (and so zenity's) `--display :0` names an X display; a number or `all` picks the screen.
    @Test func displayWithAColonIsAnXDisplay() throws {
        #expect(try OptionParser.parse(["--display=:0"]).xDisplayName == ":0")
        #expect(try OptionParser.parse(["--progress", "--display", "host:1.0"]).xDisplayName == "host:1.0")
        let both = try OptionParser.parse(["--display", ":0", "--display", "1"])
        #expect(both.xDisplayName == ":0" && both.display == 1)
        #expect(try OptionParser.parse(["--display="]).xDisplayName == nil, "empty: $DISPLAY, as GTK takes it")
        #expect(try OptionParser.parse(["--display", "2"]).xDisplayName == nil)
        #expect(throws: OptionError.self) { try OptionParser.parse(["--display", "zero"]) }
        var options = LaunchOptions()
        options.xDisplayName = ":3"
        options.display = 1
        var read = LaunchOptions()
        try ConfigFile.apply(ConfigFile.text(of: options), file: "k.conf", to: &read)
        #expect(read.xDisplayName == ":3" && read.display == 1, "--print-config writes both")
    }

    /// zenity writes nothing on stdout; in its dialect the events go there only when asked.
    @Test func theZenityDialectWritesEventsOnStdoutOnlyWhenAsked() throws {
        #expect(try OptionParser.parse([]).loopSettings.writesEventsToStdout)
        #expect(try !OptionParser.parse(["--progress"]).loopSettings.writesEventsToStdout)
        #expect(try !OptionParser.parse(["--zenity"]).loopSettings.writesEventsToStdout)
        #expect(try OptionParser.parse(["--progress", "--events-to-stdout"]).loopSettings.writesEventsToStdout)
        #expect(try OptionParser.parse(["--events-to-stdout"]).loopSettings.writesEventsToStdout)
    }

    /// zenity's `--time-remaining` (and `=1`, as GOption takes a flag) asks the loop for the
    /// estimate; without it none is made.
    @Test func timeRemainingIsAskedOfTheLoopOnlyWhenGiven() throws {
        #expect(try OptionParser.parse(["--progress", "--time-remaining"]).loopSettings.estimatesTimeRemaining)
        #expect(try OptionParser.parse(["--time-remaining=1", "--progress"]).loopSettings.estimatesTimeRemaining)
        #expect(try !OptionParser.parse(["--progress"]).loopSettings.estimatesTimeRemaining)
    }

    /// A bare word and `--` are zenity's (GOption ignores them) in its dialect, refused otherwise.
    @Test func bareWordsAreIgnoredOnlyInTheZenityDialect() throws {
        #expect(throws: OptionError.unexpectedArgument("stray")) { try OptionParser.parse(["stray"]) }
        #expect(throws: OptionError.unknownOption("--")) { try OptionParser.parse(["--", "--progress"]) }
        #expect(try OptionParser.parse(["stray", "--progress"]).dialect == .zenity)
        #expect(try !OptionParser.parse(["--progress", "--", "--pulsate"]).zenity.pulsates)
    }

    /// GOption's int: strtol with base 0, within 32 bits.
    @Test(arguments: [("30", 30), ("0x1E", 30), ("0X1e", 30), ("036", 30), ("+30", 30), (" \t30", 30), ("-0x10", -16),
                      ("0", 0), ("00", 0), ("-0", 0), ("2147483647", 2147483647), ("-2147483648", -2147483648)])
    func zenityIntegersAreReadAsGOptionReadsThem(text: String, value: Int) {
        #expect(ZenityOption.integer(text) == value)
    }

    @Test(arguments: ["", " ", "+", "0x", "08", "1e2", "5x", "30 ", "3.5", "2147483648", "-2147483649", "٣", "0b1", "--5"])
    func zenityIntegersGOptionRefusesAreRefused(text: String) {
        #expect(ZenityOption.integer(text) == nil)
    }
}
