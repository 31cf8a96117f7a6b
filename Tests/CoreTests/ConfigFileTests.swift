import Testing
@testable import KioskCore

@Suite struct ConfigFileTests {
    /// Options with every setting away from its default but `psplash` (`--psplash` and `--fifo`
    /// cannot be given together; see `psplashRoundTripsThroughAFile`).
    private var everythingChanged: LaunchOptions {
        get throws {
            try OptionParser.parse([
                "--message", "Receiving ECG...\nC:\\ecg \"II\"", "--detail", "Lead II\u{2028}12 of 40", "--start-hidden", "--exit-on-eof", "--size", "200",
                "--style", "medium", "--layout", "horizontal", "--color", "#FF8000", "--text-color", "#FFFFFF",
                "--hud-color", "#000000CC", "--corner-radius", "8", "--backdrop", "none", "--spokes", "8", "--period", "2.5",
                "--smooth", "--font", "/a.ttf", "--font", "/b.ttf", "--font-size", "18", "--min-font-size", "14",
                "--max-lines", "2", "--display", "all", "--rotate", "90", "--scale", "2", "--window", "640x480",
                "--tick-rate", "30", "--grace", "300", "--min-show", "500", "--fade", "0", "--dismiss-after", "3",
                "--stall-timeout", "10", "--stall-message", "Host silent\nCall support", "--show-percent", "--progress-style", "bar",
                "--fifo", "/run/k.fifo", "--fifo-trust-others", "--zenity", "--errors-to-stdout", "--exit-with-parent",
            ])
        }
    }

    @Test func everySettingRoundTripsThroughAFile() throws {
        let changed = try everythingChanged
        var read = LaunchOptions()
        try ConfigFile.apply(ConfigFile.text(of: changed), file: "printed", to: &read)
        #expect(read == changed)
        var defaults = LaunchOptions()
        try ConfigFile.apply(ConfigFile.text(of: LaunchOptions()), file: "printed", to: &defaults)
        #expect(defaults == LaunchOptions())
    }

    @Test func psplashRoundTripsThroughAFile() throws {
        let changed = try OptionParser.parse(["--psplash", "-a", "90"])
        var read = LaunchOptions()
        try ConfigFile.apply(ConfigFile.text(of: changed), file: "printed", to: &read)
        #expect(read.readsPsplashFIFO && read.rotation == changed.rotation)
    }

    @Test func everyOptionButTheCommandLineOnesHasASetting() {
        let text = ConfigFile.text(of: LaunchOptions())
        for option in Option.allCases where !ConfigFile.commandLineOnly.contains(option) {
            #expect(text.contains(String(option.rawValue.dropFirst(2)) + " ="), "\(option.rawValue)")
        }
    }

    @Test(arguments: [
        ("size = 300\nbogus = 1\n", "k.conf:2: unknown setting \"bogus\""),
        ("\n# comment\ncolor = #GG0000\n", "k.conf:3: \"color\" takes COLOR, not \"#GG0000\""),
        ("smooth = maybe\n", "k.conf:1: \"smooth\" takes true or false, not \"maybe\""),
        ("just words\n", "k.conf:1: expected \"name = value\", got \"just words\""),
        ("snapshot = out.png\n", "k.conf:1: unknown setting \"snapshot\""),
        ("size = 5\n", "k.conf:1: \"size\" takes a whole number from 8 to 16384, not \"5\""),
    ])
    func badLinesNameTheFileAndLine(text: String, expected: String) {
        var options = LaunchOptions()
        #expect(throws: ConfigFile.Problem.self) { try ConfigFile.apply(text, file: "k.conf", to: &options) }
        do {
            try ConfigFile.apply(text, file: "k.conf", to: &options)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func commandLineWinsOverTheFileAndItsFontsReplaceTheFilesFonts() throws {
        var base = LaunchOptions()
        try ConfigFile.apply("size = 300\nmessage = From the file\nfont = /file.ttf\nsmooth = true\n", file: "k", to: &base)
        let options = try OptionParser.parse(["--size", "250", "--font", "/cli.ttf"], over: base)
        #expect(options.appearance.wheelPixels == 250)
        #expect(options.message == "From the file")
        #expect(options.fontPaths == ["/cli.ttf"])
        #expect(options.appearance.rotatesSmoothly)
    }

    @Test func commentsBlankLinesSpacesAndCRLFAreFine() throws {
        var options = LaunchOptions()
        try ConfigFile.apply("# a comment\r\n\r\n   spokes   =   8   \r\nsmooth = false\r\n", file: "k", to: &options)
        #expect(options.appearance.spokeCount == 8 && !options.appearance.rotatesSmoothly)
    }
}

/// Settings files are bounded as stdin is: lines, the file, and what errors show of them.
@Suite struct ConfigFileBoundsTests {
    private static let limit = LaunchOptions.lineLimitBytes

    /// The problem `apply` throws for `contents`, or nil.
    private func problem(_ contents: [UInt8]) -> ConfigFile.Problem? {
        var options = LaunchOptions()
        do {
            try ConfigFile.apply(contents, file: "k.conf", to: &options)
            return nil
        } catch {
            return error
        }
    }

    @Test func aLineOfTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let value = String(repeating: "x", count: Self.limit - "message = ".utf8.count)
        var options = LaunchOptions()
        try ConfigFile.apply("message = \(value)\r\n", file: "k.conf", to: &options)
        #expect(options.message == value)
        #expect(problem(Array("message = \(value)x\n".utf8))?.description == "k.conf:1: line longer than 4096 bytes")
    }

    @Test func aOneMebibyteValueIsRefusedByItsLineNumberBeforeAnythingIsParsed() {
        let contents = Array("size = 300\nbogus = 1\nmessage = ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [0x0A]
        let clock = ContinuousClock()
        var found: ConfigFile.Problem?
        let elapsed = clock.measure { found = problem(contents) }
        #expect(found?.description == "k.conf:3: line longer than 4096 bytes", "the long line is found before line 2 is parsed")
        // Linear work takes milliseconds here and about 2 s in the debug build under qemu-user (the
        // arm64 stage); work growing with the square of the line would take hours.
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    @Test func tenMegabytesWithoutANewlineAreOneLineTooLong() {
        #expect(problem([UInt8](repeating: UInt8(ascii: "y"), count: 10_000_000))?.description == "k.conf:1: line longer than 4096 bytes")
    }

    @Test func aFileLargerThanTheLimitIsRefusedWhole() {
        let line = Array("# a comment of sixty-four bytes, padded out with dashes ------\n".utf8)
        let contents = Array(repeatElement(line, count: ConfigFile.maximumBytes / line.count + 1).joined())
        #expect(problem(contents)?.description == "k.conf: larger than 65536 bytes; a settings file is at most 64 KiB")
        #expect(problem(Array(contents.prefix(ConfigFile.maximumBytes))) == nil)
    }

    @Test func nulBytesAndEscapesInABadLineAreShownEscaped() {
        #expect(problem([0, 0, 0, 0x0A])?.description == #"k.conf:1: expected "name = value", got "\x00\x00\x00""#)
        #expect(problem(Array("color = \u{1B}[31m\n".utf8))?.description == #"k.conf:1: "color" takes COLOR, not "\x1B[31m""#)
        #expect(problem(Array("bo\u{7}gus = 1\n".utf8))?.description == #"k.conf:1: unknown setting "bo\x07gus""#)
    }

    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func randomBytesGiveOneBoundedProblemWithoutControlCharacters(seed: UInt64) {
        var state = seed
        let bytes = (0..<8192).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let description = problem(bytes)?.description ?? ""
        #expect(!description.isEmpty, "random bytes are not settings")
        #expect(!description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(description)")
        #expect(description.utf8.count < 1024, "\(description.utf8.count) bytes")
    }

    @Test func fifoTrustOthersIsASetting() throws {
        var options = LaunchOptions()
        try ConfigFile.apply("fifo = /run/k.fifo\nfifo-trust-others = true\n", file: "k.conf", to: &options)
        #expect(options.fifoPath == "/run/k.fifo" && options.trustsOthersFIFO)
        #expect(ConfigFile.text(of: LaunchOptions()).contains("\nfifo-trust-others = false\n"))
    }
}
