import Foundation
import Glibc
import KioskTestSupport
import Testing
@testable import KioskCore

/// The man page's entries are made from the code's tables (GeneratedSectionTests keeps them
/// current); these read the page as `man` shows it, through groff, so a generated entry that
/// roff cannot set or that prints a name other than the one a user types is caught.
@Suite struct ManPageTests {
    /// What groff writes for kiosk-spinner.1 with `arguments` (its standard error too, after its
    /// standard output), in the C.UTF-8 locale. Through popen: Foundation's Process leaves an
    /// allocation behind that the sanitizer stage's leak check reports.
    private static func groff(_ arguments: String) throws -> String {
        let page = PackageFile.root.appendingPathComponent("kiosk-spinner.1").path
        guard let pipe = popen("LC_ALL=C.UTF-8 /usr/bin/groff -man -ww \(arguments) '\(page)' 2>&1", "r") else {
            throw CannotRunGroff()
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, pipe)
            if count == 0 { break }
            output += chunk[..<count]
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }

    private struct CannotRunGroff: Error {}

    @Test func groffSetsThePageWithoutAWarning() throws {
        // -z: nothing is written but the warnings.
        #expect(try Self.groff("-z") == "")
    }

    @Test func theRenderedPageNamesEveryOptionCommandAndEventAsTheyAreTyped() throws {
        // -cbou: no escape sequences and no overstriking, so bold and italic words are their plain letters.
        let text = try Self.groff("-Tutf8 -P-cbou -rLL=200n")
        let words = Option.allCases.map(\.rawValue) + ZenityOption.allCases.map(\.rawValue)
            + PsplashOption.allCases.flatMap(\.spellings) + CommandSyntax.allCases.map(\.rawValue)
            + EventReference.entries.compactMap(\.line)
        for word in words {
            #expect(text.contains(word), "the rendered page lacks \(word)")
        }
    }
}
