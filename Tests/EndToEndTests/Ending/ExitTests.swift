import Foundation
import Testing

/// How the live overlay ends: `quit`, signals and the end of its input.
@Suite("Ending the live overlay", .timeLimit(.minutes(3)))
struct ExitTests {

    @Test func quitExitsZeroPromptly() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.program.errors.text == "")
    }

    /// How the parent left SIGINT and SIGTERM: at their defaults, blocked (a thread of a Swift
    /// host using Foundation's Process passes its blocked mask on) or ignored (a shell's
    /// background job).
    enum ParentSignals: String, CaseIterable {
        case untouched, blocked, ignored
    }

    @Test(arguments: [SIGTERM, SIGINT], ParentSignals.allCases)
    func signalExitsZeroWhateverTheParentDidToIt(signal: Int32, parent: ParentSignals) async throws {
        let overlay = try await LiveOverlay.start(blockedSignals: parent == .blocked ? [SIGINT, SIGTERM] : [],
                                                  ignoredSignals: parent == .ignored ? [SIGINT, SIGTERM] : [])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        overlay.program.signal(signal)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
    }

    @Test func signalExitsZeroWhileHidden() async throws {
        let overlay = try await LiveOverlay.start(["--start-hidden"])
        defer { overlay.stop() }
        // A rejected line proves the loop runs (and then sleeps, with nothing to draw).
        try await overlay.send("shwo")
        try await Poll.until("the rejected line on stderr") { !overlay.program.errors.lines.isEmpty }

        overlay.program.signal(SIGTERM)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
    }

    @Test func endOfInputWithExitOnEOFExitsZeroAfterTheLastUnterminatedLine() async throws {
        let overlay = try await LiveOverlay.start(["--exit-on-eof"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        try await overlay.program.send("shwo")
        overlay.program.closeInput()
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.program.errors.lines == [#"kiosk-spinner: line 1: unknown command "shwo""#])
    }

    @Test func endOfInputWithoutExitOnEOFKeepsTheOverlayRunning() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        let window = try await overlay.waitUntilShowing()

        // The unterminated last line is reported only once the end of input was read, and the
        // loop handles it together with the end of input: after it shows, the loop has seen
        // the end, and with --exit-on-eof it would be exiting now (see the test above).
        try await overlay.program.send("shwo")
        overlay.program.closeInput()
        try await Poll.until("the last line's error on stderr") { !overlay.program.errors.lines.isEmpty }

        try await overlay.waitForWheelToTurn()
        #expect(overlay.program.isRunning)
        #expect(try await overlay.visibleOverlayWindows() == [window])

        overlay.program.signal(SIGTERM)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
    }
}
