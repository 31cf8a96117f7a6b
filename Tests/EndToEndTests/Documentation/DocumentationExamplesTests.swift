import Foundation
import KioskTestSupport
import Testing

/// Every sh, python and c example in README.md, PROTOCOL.md, docs/*.md and the man page's
/// EXAMPLES runs as written, read from the files now (see `ExampleCatalog`), each under an Xvfb
/// of its own in a fresh folder, and does what its annotation says (see `ExampleAnnotation`).
@Suite("Documentation examples", .timeLimit(.minutes(5)))
struct DocumentationExamplesTests {
    /// The examples that run (the others are skipped, each with its reason).
    static let runnable = ExampleCatalog.current.examples.filter {
        if case .runs = $0.annotation { return true } else { return false }
    }

    @Test func everyExampleHasAReadableAnnotation() {
        let catalog = ExampleCatalog.current
        #expect(catalog.problems.isEmpty, "\(catalog.problems.joined(separator: "\n"))")
        #expect(!catalog.examples.isEmpty, "no examples found under \(PackageFile.root.path)")
    }

    @Test func everyDocumentHasExamplesThatRun() {
        for file in ["README.md", "PROTOCOL.md", ExampleCatalog.manPage] {
            #expect(Self.runnable.contains { $0.file == file }, "\(file) has no example that runs")
        }
        for language in DocumentationExample.Language.allCases {
            #expect(Self.runnable.contains { $0.language == language }, "no \(language.rawValue) example runs")
        }
    }

    /// The hand-overs an example's timed stretch crosses (see where it is used).
    static let exampleHops = 10

    @Test(arguments: runnable)
    func exampleDoesWhatItsAnnotationSays(_ example: DocumentationExample) async throws {
        guard case .runs(let expectation) = example.annotation else { return }
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let (outcome, load) = try await MachineLoad.measuring {
            try await ExampleRun(example: example).run(on: screen, expecting: expectation)
        }
        let seen = "\(example)\n--- stdout:\n\(outcome.output)--- stderr:\n\(outcome.errors)"
        switch expectation.ending {
        case .exits(let status):
            #expect(outcome.ending == .exited(status), "\(seen)")
        case .keepsRunning:
            #expect(outcome.wasRunningWhenChecked, "it ended by itself (\(outcome.ending)): \(seen)")
        }
        for (stream, sightings, times) in [("stdout", expectation.outputContains, outcome.outputSeenAfter),
                                           ("stderr", expectation.errorsContain, outcome.errorsSeenAfter)] {
            for sighting in sightings {
                let time = times[sighting.text]
                #expect(time != nil, "\(stream) lacks \"\(sighting.text)\": \(seen)")
                // Between two lines an example may start programs (`kiosk-spinner send`) and the
                // overlay maps a window and draws: on a loaded machine the documented time grows
                // with the load (`MachineLoad`).
                guard let time, let limit = sighting.withinSeconds.map({
                    load.limit(seconds: $0, hops: Self.exampleHops)
                }) else { continue }
                let origin = sighting.since.map { times[$0] } ?? 0
                let after = sighting.since.map { " after \"\($0)\"" } ?? ""
                if let origin {
                    #expect(time - origin <= limit, "\"\(sighting.text)\" came \(time - origin) s\(after), not within \(limit) s: \(seen)")
                } else {
                    Issue.record("\(stream) lacks \"\(sighting.since ?? "")\": \(seen)")
                }
            }
        }
        if expectation.errorsAreEmpty { #expect(outcome.errors.isEmpty, "stderr is not empty: \(seen)") }
        #expect(outcome.missingFiles.isEmpty, "not created: \(outcome.missingFiles): \(seen)")
    }
}
