@testable import KioskCore
import KioskTestSupport
import Testing

/// The documents' generated sections are what the code's tables make now (scripts/generate-docs
/// writes them).
@Suite struct GeneratedSectionTests {
    static let placements = GeneratedSection.all.flatMap { section in section.documents.map { (section.name, $0) } }

    @Test(arguments: placements)
    func theCommittedSectionIsCurrent(name: String, document: String) throws {
        let section = try #require(GeneratedSection.all.first { $0.name == name })
        let text = try PackageFile.text(document)
        let written = try #require(section.written(into: text, of: document), "\(document) has no \(name) markers")
        #expect(written == text, "\(document)'s \(name) section is stale: run scripts/generate-docs")
    }

    @Test func writingASectionReplacesOnlyWhatIsBetweenItsMarkers() throws {
        let section = GeneratedSection(name: "t", documents: [], text: "new\nlines")
        let document = "before\n<!-- generated: t (old words) -->\nold\n<!-- end generated: t -->\nafter"
        let written = "before\n\(section.opening(in: "A.md"))\nnew\nlines\n\(section.closing(in: "A.md"))\nafter"
        #expect(section.written(into: document, of: "A.md") == written)
        #expect(section.written(into: "no markers", of: "A.md") == nil)
    }

    @Test func aManPagesMarkersAreRoffComments() throws {
        let section = GeneratedSection(name: "t", documents: [], text: ".TP\n.B new")
        let page = ".SH T\n.\\\" generated: t (old words)\nold\n.\\\" end generated: t\n.SH U"
        #expect(section.written(into: page, of: "a.1") == ".SH T\n\(section.opening(in: "a.1"))\n.TP\n.B new\n.\\\" end generated: t\n.SH U")
        #expect(section.written(into: page, of: "A.md") == nil)
    }
}

/// The command table written into the documents covers the protocol's words, each once.
@Suite struct CommandReferenceTests {
    @Test func everyCommandWordHasItsRowAndEveryRowIsACommand() {
        let words = CommandReference.entries.flatMap { $0.forms.map { String($0.prefix { $0 != " " }) } }
        #expect(Set(words) == Set(CommandSyntax.allCases.map(\.rawValue)))
    }
}

/// The event table written into the documents has a row for every event the overlay writes, each
/// once, in the order the events are declared.
@Suite struct EventReferenceTests {
    @Test func everyEventHasItsRowAndEveryRowIsAnEvent() {
        let lines = EventReference.entries.map { $0.line ?? "the status line" }
        let events = (OverlayEvent.broadcasts + [.pong]).map(\.description) + ["the status line", "error line N: ..."]
        #expect(lines == events)
        #expect(OverlayEvent.error(line: 7, .unknownCommand("x")).description.hasPrefix("error line 7: "))
    }
}
