import Foundation
import Testing

/// Settings files, option values and fonts bounded as stdin is: refused at once with one short
/// line of visible characters, whatever their size, their bytes, or the kind of file they are.
@Suite("Bounded settings, options, fonts and error lines", .timeLimit(.minutes(3)))
struct BoundedInputTests {
    /// The most bytes stderr may hold after one refusal: one report line (at most 2 KiB) and the
    /// usage (about 9 KiB with zenity's and psplash's options): bounded, far from megabytes.
    static let refusalStderrLimitBytes = 16384

    /// True for a character a terminal acts on instead of showing (C0 but the newline, DEL, C1).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }

    /// Runs kiosk-spinner with `arguments` and no display, stdin closed; returns how it ended
    /// and its stderr. It must end within `Poll.promptSeconds` of its start, or it is killed and the
    /// test fails.
    static func refusal(_ arguments: [String]) async throws -> (ending: ChildProcess.Ending, errors: String) {
        let program = try SpinnerExecutable.start(arguments, environment: ChildProcess.environment(display: nil))
        program.closeInput()
        let ending = try await program.ending(within: Poll.promptSeconds)
        return (ending, program.errors.text)
    }

    @Test func aSettingsFileWithAOneMebibyteValueExitsTwoAtOnceWithOneLine() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.conf")
        try Data(("size = 300\nmessage = " + String(repeating: "x", count: 1 << 20) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors == "kiosk-spinner: \(path):2: line longer than 4096 bytes\n")
    }

    @Test func tenMegabytesWithoutANewlineKeepStderrSmall() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.conf")
        try Data(repeating: UInt8(ascii: "y"), count: 10_000_000).write(to: URL(fileURLWithPath: path))
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors == "kiosk-spinner: \(path):1: line longer than 4096 bytes\n", "\(errors.utf8.count) bytes on stderr")
    }

    @Test func aSettingsFileOverSixtyFourKibibytesIsRefusedWhole() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.conf")
        try Data(String(repeating: "# comment\n", count: 7000).utf8).write(to: URL(fileURLWithPath: path))
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors == "kiosk-spinner: \(path): larger than 65536 bytes; a settings file is at most 64 KiB\n")
    }

    /// What `--config` may name that is no regular file, and what the refusal calls it.
    enum NotARegularFile: String, CaseIterable {
        case devZero, fifo, directory

        /// Makes it (in `folder` when it is made) and returns its path.
        func make(in folder: TemporaryFolder) -> String? {
            switch self {
            case .devZero: return "/dev/zero"
            case .fifo: return mkfifo(folder.path("k.conf"), 0o600) == 0 ? folder.path("k.conf") : nil
            case .directory: return folder.path
            }
        }

        /// What the message says the path is.
        var kind: String {
            switch self {
            case .devZero: return "a character device"
            case .fifo: return "a FIFO"
            case .directory: return "a directory"
            }
        }
    }

    /// The old reader blocked for ever in open() on a FIFO and copied /dev/zero's NULs to stderr.
    @Test(arguments: NotARegularFile.allCases)
    func aConfigThatIsNoRegularFileIsRefusedAtOnce(thing: NotARegularFile) async throws {
        let folder = try TemporaryFolder()
        let path = try #require(thing.make(in: folder), "could not make the \(thing)")
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors == "kiosk-spinner: cannot read the settings file \(path): is \(thing.kind), not a regular file\n")
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func aSettingsFileOfRandomBytesGivesOneLineWithoutControlCharacters(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let path = folder.path("k.conf")
        let size = [100, 3000, 60_000, 200_000][Int(seed % 4)]
        try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors.hasPrefix("kiosk-spinner: \(path)") && errors.hasSuffix("\n"), "\(errors)")
        #expect(errors.filter { $0 == "\n" }.count == 1, "one line: \(errors)")
        #expect(!errors.unicodeScalars.contains(where: Self.isControl), "\(errors.debugDescription)")
        #expect(errors.utf8.count < 1024, "\(errors.utf8.count) bytes")
    }

    @Test func escapeSequencesInASettingAreShownEscaped() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.conf")
        try Data("color = \u{1B}]0;owned\u{7}\u{1B}[2J\n".utf8).write(to: URL(fileURLWithPath: path))
        let (ending, errors) = try await Self.refusal(["--config", path])
        #expect(ending == .exited(2))
        #expect(errors == #"kiosk-spinner: \#(path):1: "color" takes COLOR, not "\x1B]0;owned\x07\x1B[2J""# + "\n")
    }

    @Test func anOptionValueOverTheLineLimitIsRefusedAndStderrStaysSmall() async throws {
        // 100 KB: less than one argument may be (128 KiB), far more than a line may be.
        let (ending, errors) = try await Self.refusal(["--message", String(repeating: "m", count: 100_000)])
        #expect(ending == .exited(2))
        #expect(errors.hasPrefix("kiosk-spinner: --message takes at most 4096 bytes\nusage: kiosk-spinner"))
        #expect(errors.utf8.count < Self.refusalStderrLimitBytes, "\(errors.utf8.count) bytes")
    }

    @Test func aHugeHostileOptionIsQuotedShortAndEscaped() async throws {
        let (ending, errors) = try await Self.refusal(["--\u{1B}[31m" + String(repeating: "z", count: 100_000)])
        #expect(ending == .exited(2))
        let first = try #require(errors.split(separator: "\n").first)
        #expect(first == #"kiosk-spinner: unknown option "--\x1B[31m"# + String(repeating: "z", count: 512 - 10) + "…\"")
        #expect(!errors.unicodeScalars.contains(where: Self.isControl))
        #expect(errors.utf8.count < Self.refusalStderrLimitBytes, "\(errors.utf8.count) bytes")
    }

    /// Where the font is opened: in a snapshot (no display), or in the live overlay after the
    /// display is up.
    enum FontUse: String, CaseIterable {
        case snapshot, liveOverlay
    }

    /// The old open() blocked for ever on a FIFO with no writer, with SIGINT and SIGTERM unheard.
    @Test(arguments: FontUse.allCases)
    func aFontThatIsAFIFOIsRefusedPromptly(use: FontUse) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("font.ttf")
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        let expected = "kiosk-spinner: \(use == .snapshot ? "snapshot" : "cannot load the font"): "
            + "FT_Open_Face(\(path)) failed: is a FIFO, not a regular file\n"
        switch use {
        case .snapshot:
            let (ending, errors) = try await Self.refusal(["--font", path, "--snapshot", folder.path("out.png")])
            #expect(ending == .exited(1))
            #expect(errors == expected)
        case .liveOverlay:
            let overlay = try await LiveOverlay.start(["--font", path])
            defer { overlay.stop() }
            #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(1))
            #expect(overlay.program.errors.text == expected)
            #expect(!overlay.program.output.text.contains("ready"))
        }
    }
}
