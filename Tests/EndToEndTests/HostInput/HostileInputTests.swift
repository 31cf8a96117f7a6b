import Foundation
import Testing

/// Hostile bytes on stdin, against the real overlay on an X server: each input is reported
/// exactly as PROTOCOL.md says (or forgiven without a word), never stops the overlay, and the
/// commands after it still work.
///
/// The inputs take turns on a few X servers (`SharedScreens`), each on the overlay resting
/// there (`HostileInputSession`), which is brought back to its resting state after each input
/// and sent `quit` after every eighth; an input that ends the overlay or leaves it in another
/// state gets the next input a new one.
@Suite("Hostile input on stdin", .timeLimit(.minutes(3)))
struct HostileInputTests {
    /// How long an entry may wait for its turn: the whole table's turns on a loaded machine
    /// (about 10 s plain and alone), and a flood test that holds every shared server meanwhile
    /// (FaultTests: over 50 s on a machine running a VM beside the suite).
    static let turnSeconds = 150.0

    @Test(arguments: HostileInput.table)
    func hostileInputIsReportedExactlyAndTheNextCommandsStillWork(input: HostileInput) async throws {
        try #require(input.bytes.last == UInt8(ascii: "\n"), "every line of an input ends in a newline")
        try await SharedScreens.forBusyOverlays.withTurn(within: Self.turnSeconds) { screen in
            let session: HostileInputSession
            if let resting = HostileInputSession.resting.take(on: screen) {
                session = resting
            } else {
                session = try await HostileInputSession.start(on: screen)
            }
            defer {
                if session.isReusable {
                    HostileInputSession.resting.put(session, on: screen)
                } else {
                    session.stop()
                }
            }
            if let issue = input.knownIssue {
                await withKnownIssue(Comment(rawValue: issue)) { try await Self.check(input, in: session) }
            } else {
                try await Self.check(input, in: session)
            }
        }
    }

    /// Runs `input` in `session` and checks what the overlay made of it.
    static func check(_ input: HostileInput, in session: HostileInputSession) async throws {
        let outcome = try await session.run(input, within: Poll.promptSeconds)
        // A message too long to show whole is said once per change of what is drawn, so whether a
        // 4 KB message is said again depends on whether a frame showed "after" in between, in a
        // session reused from earlier inputs; HUDLayoutTests test the report itself.
        let reports = outcome.errors.filter { !$0.contains("the message does not fit") }
        #expect(reports == input.errors.map { $0.text(firstLine: outcome.firstLine) } + input.notes, "stderr, exactly")
        if let expected = input.status {
            #expect(outcome.statusAfterInput == expected.line, "what the input did")
            #expect(outcome.runningAfterInput, "still running after the input")
            #expect(outcome.statusAfterMessage == expected.with(message: "after").line, "a valid command after the input works")
            #expect(outcome.endReport?.seen == outcome.endReport?.expected, "the overlay numbers the lines as they were sent")
            #expect(outcome.ending == nil || outcome.ending == .exited(0), "quit after the overlay's last input")
        } else {
            #expect(outcome.ending == .exited(0), "a quit")
            #expect(!outcome.events.contains { $0.hasPrefix("visible=") }, "the status after a quit is never answered")
        }
        let withControls = outcome.events.filter { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        #expect(withControls.isEmpty, "no control characters in the overlay's answers")
    }

    /// PROTOCOL.md: `ready` comes once, when the first frame is on screen (at once when started
    /// hidden), and a host may wait for it before anything else (its Python example asserts the
    /// first line is `ready`). A host that writes commands and `quit` at once, before the
    /// overlay's first frame, must still get `ready` before the answers to them.
    @Test(arguments: [["--fade", "0"], ["--start-hidden"]])
    func readyComesFirstEvenWhenTheHostQuitsAtOnce(arguments: [String]) async throws {
        // The race is between the overlay's first frame and its stdin reader, so try it a few
        // times.
        let tries = 6
        let outputs = try await SharedScreens.forBusyOverlays.withTurn(within: Self.turnSeconds) { screen in
            var outputs: [[String]] = []
            for _ in 0..<tries {
                let program = try SpinnerExecutable.start(arguments, environment: Sanitizer.withoutExitSleep(screen.environment))
                try await program.send("ping\nquit\n")
                #expect(try await program.ending(within: Poll.promptSeconds) == .exited(0))
                #expect(program.errors.text == "")
                outputs.append(program.output.lines)
            }
            return outputs
        }
        let expected = arguments.contains("--start-hidden") ? ["ready", "pong"] : ["ready", "shown", "pong"]
        let wrong = outputs.filter { $0 != expected }
        #expect(wrong.isEmpty, "\(wrong.count) of \(tries) runs wrote \(wrong.first ?? []) instead of \(expected)")
    }
}
