import Foundation
import KioskTestSupport
import Testing
@testable import KioskCore

/// The man page's entries are made from the code's tables (GeneratedSectionTests keeps them
/// current); these read the page as `man` shows it, through groff, so a generated entry that
/// roff cannot set or that prints a name other than the one a user types is caught.
@Suite struct ManPageTests {
    /// What groff made of kiosk-spinner.1: its text as plain UTF-8, and what it said on stderr.
    private static func rendered(_ arguments: [String]) throws -> (text: String, warnings: String) {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-man", "-ww"] + arguments + [PackageFile.root.appendingPathComponent("kiosk-spinner.1").path]
        groff.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe(), errors = Pipe()
        groff.standardOutput = output
        groff.standardError = errors
        try groff.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let warnings = errors.fileHandleForReading.readDataToEndOfFile()
        groff.waitUntilExit()
        return (String(decoding: text, as: UTF8.self), String(decoding: warnings, as: UTF8.self))
    }

    @Test func groffSetsThePageWithoutAWarning() throws {
        let (_, warnings) = try Self.rendered(["-z"])
        #expect(warnings == "")
    }

    @Test func theRenderedPageNamesEveryOptionCommandAndEventAsTheyAreTyped() throws {
        // -cbou: no escape sequences and no overstriking, so bold and italic words are their plain letters.
        let text = try Self.rendered(["-Tutf8", "-P-cbou", "-rLL=200n"]).text
        let words = Option.allCases.map(\.rawValue) + ZenityOption.allCases.map(\.rawValue)
            + PsplashOption.allCases.flatMap(\.spellings) + CommandSyntax.allCases.map(\.rawValue)
            + EventReference.entries.compactMap(\.line)
        for word in words {
            #expect(text.contains(word), "the rendered page lacks \(word)")
        }
    }
}
