import Foundation
import Testing
@testable import KioskCore
@testable import KioskHUD
@testable import KioskPlatform

/// The man page's entries for kiosk-spinner's own options, commands and exit statuses are made
/// from the tables `--help` is (GeneratedSectionTests keeps them current); zenity's and psplash's
/// options are written by hand, and this keeps them saying what the help says.
@Suite struct ManPageTests {
    /// kiosk-spinner.1 at the package root.
    private var manPage: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("kiosk-spinner.1"), encoding: .utf8)
        }
    }

    /// The options the man page lists in OPTIONS, as `.B \-\-name` lines, in order.
    private func listedOptions(_ page: String) -> [String] {
        page.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#".B \-\-"#) else { return nil }
            let name = line.dropFirst(3).prefix { $0 != " " }.replacingOccurrences(of: #"\-"#, with: "-")
            return name
        }
    }

    /// zenity's options the help lists one a line (the other dialogs' share a paragraph).
    private var zenityOptionsListedAlone: [ZenityOption] { ZenityOption.allCases.filter { $0.group != .otherDialog } }

    @Test func manPageListsEveryOptionOfTheHelpInTheSameOrder() throws {
        #expect(listedOptions(try manPage) == Option.allCases.map(\.rawValue) + zenityOptionsListedAlone.map(\.rawValue))
    }

    @Test func manPageNamesTheOtherDialogsOptionsAsTheHelpDoes() throws {
        let page = try manPage
        for option in ZenityOption.allCases where option.group == .otherDialog {
            let name = #"\fB"# + option.rawValue.replacingOccurrences(of: "-", with: #"\-"#) + #"\fR"#
            let spelled = name + (option.expectedValue.map { #" \fI"# + $0 + #"\fR"# } ?? "")
            #expect(page.contains(spelled), "\(option.rawValue)")
            #expect(Usage.text.contains(option.rawValue + (option.expectedValue.map { " " + $0 } ?? "")), "\(option.rawValue)")
        }
    }

    @Test func manPageNamesEachOptionsValueAsTheHelpDoes() throws {
        let page = try manPage
        let valued = Option.allCases.map { ($0.rawValue, $0.expectedValue) }
            + zenityOptionsListedAlone.map { ($0.rawValue, $0.expectedValue) }
        for (name, value) in valued {
            guard let value else { continue }
            let escapedName = name.replacingOccurrences(of: "-", with: #"\-"#)
            #expect(page.contains(#".B \#(escapedName) \fI\#(value)\fR"#), "\(name) \(value)")
        }
    }

    @Test func manPageListsEveryPsplashSpellingTheHelpGives() throws {
        let page = try manPage
        for spelling in PsplashOption.allCases.flatMap(\.spellings) {
            #expect(page.contains(spelling.replacingOccurrences(of: "-", with: #"\-"#)), "\(spelling)")
        }
    }
}
