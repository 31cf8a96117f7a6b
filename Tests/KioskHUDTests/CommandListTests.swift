import Testing
@testable import KioskCore
import KioskTestSupport

/// `--help`'s command list (`CommandSyntax`) names every command the parser takes, and the
/// command tables of README.md, PROTOCOL.md and the man page name the same words.
@Suite struct CommandListTests {
    /// An argument of the right kind for each form's placeholder.
    private static func sampleLine(_ syntax: CommandSyntax) -> String {
        let samples = ["TEXT": "x", "N|off": "50", "COLOR": "white", "#RRGGBBAA": "#000000FF", "PX": "200", "PATH|off": "off", "on|off": "on"]
        let parts = syntax.form.split(separator: " ")
        return ([String(parts[0])] + parts.dropFirst().compactMap { samples[String($0)] }).joined(separator: " ")
    }

    /// The first word of each `code span` in the first cell of the command table under `heading`.
    private static func markdownTableWords(_ text: String, under heading: String) -> Set<String> {
        let rows = PackageFile.section(of: text, from: heading, toNext: "#").filter { $0.hasPrefix("| `") }
        return Set(rows.flatMap { row -> [String] in
            let cell = row.split(separator: "|").first ?? ""
            return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }
                .compactMap { $0.element.split(separator: " ").first.map(String.init) }
        })
    }

    @Test(arguments: CommandSyntax.allCases)
    func everyListedCommandParses(_ syntax: CommandSyntax) throws {
        #expect(try CommandParser.parse(Self.sampleLine(syntax)) != nil, "\(Self.sampleLine(syntax))")
    }

    @Test func helpListsEveryCommandForm() {
        let help = Usage.text.replacingOccurrences(of: "\n          ", with: " ")
        for syntax in CommandSyntax.allCases { #expect(help.contains(" \(syntax.form) ") || help.contains(" \(syntax.form)\n"), "\(syntax.form)") }
    }

    @Test func protocolCommandTableNamesTheListedCommands() throws {
        #expect(Self.markdownTableWords(try PackageFile.text("PROTOCOL.md"), under: "## Commands")
            == Set(CommandSyntax.allCases.map(\.rawValue)))
    }

    @Test func readmeCommandTableNamesTheListedCommands() throws {
        #expect(Self.markdownTableWords(try PackageFile.text("README.md"), under: "## Talking to it")
            == Set(CommandSyntax.allCases.map(\.rawValue)))
    }
}
