import Testing

/// The annotation grammar of documented examples, as a table.
@Suite("Example annotations")
struct ExampleAnnotationTests {
    typealias Expectation = ExampleAnnotation.Expectation

    static let readable: [(String, ExampleAnnotation)] = [
        (" exits 0 ", .runs(Expectation(ending: .exits(0)))),
        (" exits 3; stderr contains \"DISPLAY\"", .runs(Expectation(ending: .exits(3), errorsContain: [.init("DISPLAY")]))),
        (" keeps running; stdout contains \"ready\"", .runs(Expectation(ending: .keepsRunning, outputContains: [.init("ready")]))),
        (" exits 0; stdout contains \"a b\"; stdout contains \"pong\" within 1.5 s; stdout contains \"shown\" within 2 s of \"ready\"; stderr is empty; creates out.png; within 12 s",
         .runs(Expectation(ending: .exits(0), outputContains: [.init("a b"), .init("pong", withinSeconds: 1.5), .init("shown", withinSeconds: 2, since: "ready")], errorsAreEmpty: true,
                           createdFiles: ["out.png"], seconds: 12))),
        (" skip, reason: needs systemd", .skipped(reason: "needs systemd")),
    ]

    static let malformed = [
        " ",
        " skip",
        " skip, reason: ",
        " stdout contains \"x\"",
        " exits 0; keeps running",
        " exits zero",
        " exits 0; stdout contains x",
        " exits 0; stdout contains \"\"",
        " exits 0; within 5",
        " exits 0; within 1 s; within 2 s",
        " exits 0; prints hello",
        " exits 0; stdout contains \"x\" within",
        " exits 0; stdout contains \"x\" within 0 s",
        " exits 0; stdout contains \"x\"y\"",
        " exits 0; stdout contains \"x\" within 2 s of ready",
        " exits 0; stdout contains \"x\" within 2 s of \"y\" within 1 s",
        " exits 0; stdout contains \"x\" of \"y\"",
    ]

    @Test(arguments: readable)
    func readableAnnotationSaysWhatToCheck(text: String, annotation: ExampleAnnotation) throws {
        #expect(try ExampleAnnotation(parsing: text) == annotation)
    }

    @Test(arguments: malformed)
    func malformedAnnotationIsRefused(text: String) {
        #expect(throws: ExampleAnnotation.Malformed.self) { try ExampleAnnotation(parsing: text) }
    }

    @Test func roffEscapesBecomeWhatAReaderSees() {
        #expect(ExampleCatalog.unescapedRoff(#"kiosk-spinner \-\-snapshot out.png \e"#) == #"kiosk-spinner --snapshot out.png \"#)
        #expect(ExampleCatalog.unescapedRoff(#"\&.echo \(aqa\(aq \(dqb\(dq"#) == #".echo 'a' "b""#)
    }
}
