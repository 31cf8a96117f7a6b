import Foundation
import Testing
@testable import KioskCore
import KioskTestSupport
@testable import KioskHUD
@testable import KioskFonts
@testable import KioskPlatform

/// The numbers the documentation states are the code's: for each bound, every phrase that states
/// it, in every document, gives the constant's value, and each phrase occurs at least once.
@Suite struct DocumentedNumbersTests {
    /// A bound: its constant's value, and the phrases that state it (a regular expression whose
    /// one capture is the number) in which documents.
    struct DocumentedNumber: CustomTestStringConvertible, Sendable {
        var name: String
        var value: String
        var pattern: String
        var files: [String]
        var testDescription: String { name + ": " + pattern }
    }

    static let documents = ["README.md", "PROTOCOL.md", "kiosk-spinner.1", "docs/DEPLOYING.md"]

    static let numbers: [DocumentedNumber] = [
        DocumentedNumber(name: "LineWriter.capacity", value: "\(LineWriter.capacity)",
                         pattern: #"queue of at most (\d+) lines"#, files: ["PROTOCOL.md"]),
        DocumentedNumber(name: "LineWriter.capacity", value: "\(LineWriter.capacity)",
                         pattern: #"at most (\d+) lines wait"#, files: ["kiosk-spinner.1"]),
        DocumentedNumber(name: "CommandInbox.capacity", value: "\(CommandInbox.capacity)",
                         pattern: #"while (\d+) lines wait to be applied"#, files: ["PROTOCOL.md"]),
        DocumentedNumber(name: "LaunchOptions.lineLimitBytes", value: "\(LaunchOptions.lineLimitBytes)",
                         pattern: #"(?:line over|longer than|lines at|at most) (\d+) bytes(?! of)"#,
                         files: ["README.md", "PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "DiagnosticText.quotedLimitBytes", value: "\(DiagnosticText.quotedLimitBytes)",
                         pattern: #"at most (\d+) bytes of"#, files: ["README.md", "PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "ConfigFile.maximumBytes", value: "\(ConfigFile.maximumBytes / 1024)",
                         pattern: #"(\d+) KiB"#, files: ["README.md", "PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "StockText.translations", value: "\(StockText.translations.count)",
                         pattern: #"(\d+) languages, among them"#, files: ["README.md"]),
        DocumentedNumber(name: "FontChain.systemFontLimit", value: "\(FontChain.systemFontLimit)",
                         pattern: #"at most (\d+) system fonts"#, files: ["README.md"]),
        DocumentedNumber(name: "Appearance.wheelPixelRange", value: "\(Appearance.wheelPixelRange.lowerBound)",
                         pattern: #"(\d+)(?:-| to )16384"#, files: ["PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "Appearance.maximumSpokeCount", value: "\(Appearance.maximumSpokeCount)",
                         pattern: #"spokes, 3(?:-| to )(\d+)"#, files: ["kiosk-spinner.1", "--help"]),
        DocumentedNumber(name: "ControlServer.maximumLinesInFlight", value: "\(ControlServer.maximumLinesInFlight)",
                         pattern: #"(?:overlay|handed over) at most (\d+) at a time"#, files: ["PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "ControlServer.readPauseBytes", value: "\(ControlServer.readPauseBytes / 1024)",
                         pattern: #"(\d+) KiB of lines wait"#, files: ["PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "ControlServer.unreadEventLimitBytes", value: "\(ControlServer.unreadEventLimitBytes / 1024 / 1024)",
                         pattern: #"more\s+than (\d+) MiB of events"#, files: ["PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "ControlServer.maximumClients", value: "\(ControlServer.maximumClients)",
                         pattern: #"(?:At most|up to) (\d+) clients"#, files: ["PROTOCOL.md", "kiosk-spinner.1"]),
        DocumentedNumber(name: "ProgramExit.answersSeconds", value: "\(ProgramExit.answersSeconds)",
                         pattern: #"for at most (\d+(?:\.\d+)?) s"#, files: ["PROTOCOL.md"]),
        DocumentedNumber(name: "SendRequest.defaultAnswerSeconds", value: "\(Int(SendRequest.defaultAnswerSeconds))",
                         pattern: #"(\d+) s by default when only answers"#, files: ["PROTOCOL.md", "kiosk-spinner.1", "--help"]),
        DocumentedNumber(name: "SendRequest.defaultWaitSeconds", value: "\(Int(SendRequest.defaultWaitSeconds))",
                         pattern: #"(\d+) s by default with"#, files: ["PROTOCOL.md", "kiosk-spinner.1", "--help"]),
    ]

    /// The text of a document, or of `--help`.
    private static func text(_ file: String) throws -> String {
        let raw = file == "--help" ? Usage.text : try PackageFile.text(file)
        // Lines are joined, so a phrase broken over two lines still reads as one.
        return raw.replacingOccurrences(of: "\n", with: " ")
    }

    @Test(arguments: numbers)
    func documentedNumberIsTheCodes(_ number: DocumentedNumber) throws {
        let regex = try Regex(number.pattern)
        for file in number.files {
            let stated = try Self.text(file).matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
            #expect(!stated.isEmpty, "\(file) never states \(number.name) as \(number.pattern)")
            #expect(stated.allSatisfy { $0 == number.value }, "\(file) states \(stated) for \(number.name) = \(number.value)")
        }
    }

    /// Every exit status in `--help`, README.md's "Exit status:" paragraph and the man page.
    @Test(arguments: ["--help", "README.md"])
    func everyExitStatusIsExplained(_ file: String) throws {
        let text = try Self.text(file)
        // The paragraph from "Exit status: " to the blank line (two spaces, once lines are joined).
        let start = try #require(text.range(of: "Exit status: "), "\(file) has no \"Exit status:\"")
        let paragraph = String(text[start.lowerBound...]).components(separatedBy: "  ")[0]
        for status in ExitStatus.allCases {
            #expect(paragraph.contains(try Regex(#"\b\#(status.rawValue) (?:on|when|for)\b"#)), "\(file) leaves out \(status.rawValue)")
        }
    }

    /// The unit does not restart on the statuses that a retry cannot mend.
    @Test func unitDoesNotRestartOnWhatARetryCannotMend() throws {
        let unit = try PackageFile.text("contrib/kiosk-spinner.service")
        let setting = "RestartPreventExitStatus="
        let line = try #require(unit.split(separator: "\n").first { $0.hasPrefix(setting) })
        let statuses = Set(line.dropFirst(setting.count).split(separator: " ").compactMap { Int32($0) })
        #expect(statuses == [ExitStatus.usage.rawValue, ExitStatus.noSuchDisplay.rawValue])
    }
}
