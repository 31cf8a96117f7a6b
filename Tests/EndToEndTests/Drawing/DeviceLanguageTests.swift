import Foundation
import Testing

/// The real binary says its stock texts in the language its environment asks for, as gettext
/// reads the environment, and writes the percentage as that locale's CLDR data does: each
/// snapshot is the same file as one given the translated text (or `--lang`) explicitly.
@Suite("The device's language from the command line", .timeLimit(.minutes(3)))
struct DeviceLanguageTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The snapshot's file for `arguments` and stdin `input`, with `locale` added to the
    /// environment (C.UTF-8 otherwise).
    private func snapshot(_ arguments: [String], locale: [String: String] = [:], input: String = "") async throws -> Data {
        let file = URL(fileURLWithPath: folder.path(UUID().uuidString + ".png"))
        let environment = ChildProcess.environment(display: nil).merging(locale) { $1 }
        let program = try SpinnerExecutable.start(["--snapshot", file.path, "--window", "480x320"] + arguments, environment: environment)
        if !input.isEmpty { try await program.send(input) }
        program.closeInput()
        #expect(try await program.ending() == .exited(0), "stderr: \(program.errors.text)")
        return try Data(contentsOf: file)
    }

    @Test func theMessageAtStartIsInTheLocalesLanguage() async throws {
        let german = try await snapshot([], locale: ["LANG": "de_DE.UTF-8"])
        #expect(german == (try await snapshot(["--message", "Bitte warten …"])))
        #expect(german != (try await snapshot([])), "the English picture differs")
        let traditional = try await snapshot(["--stock-message", "reboot"], locale: ["LANG": "en_US.UTF-8", "LC_ALL": "zh_TW.UTF-8"])
        #expect(traditional == (try await snapshot(["--message", "重新啟動…"])))
    }

    @Test func gettextsLanguageListAndLangWinOverTheLocale() async throws {
        let listed = try await snapshot([], locale: ["LANG": "de_DE.UTF-8", "LANGUAGE": "ja"])
        #expect(listed == (try await snapshot(["--message", "お待ちください..."])))
        let asked = try await snapshot(["--lang", "uk"], locale: ["LANG": "de_DE.UTF-8"])
        #expect(asked == (try await snapshot(["--message", "Будь ласка, зачекайте…"])))
    }

    @Test func thePercentageIsWrittenAsTheNumericLocaleSays() async throws {
        let arguments = ["--show-percent"], input = "progress 42\n"
        let egyptian = try await snapshot(arguments + ["--message", "x"], locale: ["LC_NUMERIC": "ar_EG.UTF-8"], input: input)
        #expect(egyptian == (try await snapshot(arguments + ["--message", "x", "--lang", "ar-EG"], input: input)))
        #expect(egyptian != (try await snapshot(arguments + ["--message", "x"], input: input)), "C writes 42%")
    }

    @Test func anUpdateScriptsMessageComesFromTheNamedVariable() async throws {
        let arguments = ["--stock-message", "reboot", "--message-env", "MESSAGE_reboot"]
        let updating = try await snapshot(arguments, locale: ["MESSAGE_reboot": "Installing the update"])
        #expect(updating == (try await snapshot(["--message", "Installing the update"])))
        let unset = try await snapshot(arguments, locale: ["MESSAGE_reboot": ""])
        #expect(unset == (try await snapshot(["--message", "Restarting..."])))
    }
}
