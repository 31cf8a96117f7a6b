import Foundation
import Testing

/// A person testing the overlay by hand types its commands on a terminal. There, Ctrl-D ends what
/// was typed so far, not the input for good: the overlay goes on reading (and exits only when
/// `--exit-on-eof` asks it to). The terminal is real: `script` runs the overlay on a
/// pseudo-terminal whose line discipline turns the typed Ctrl-D into an end of input.
@Suite("Input typed on a terminal", .timeLimit(.minutes(3)))
struct TerminalInputTests {
    private static let controlD = "\u{4}"

    /// The overlay on a pseudo-terminal of its own, typed into through `script`'s stdin.
    private func startOnTerminal(_ arguments: [String], screen: VirtualScreen) throws -> ChildProcess {
        let command = ([try SpinnerExecutable.url().path] + arguments).joined(separator: " ")
        return try ChildProcess.tool("script", ["-qec", command, "/dev/null"],
                                     environment: ChildProcess.environment(display: screen.name))
    }

    /// The lines the overlay wrote (the terminal ends them with "\r\n", one Character in Swift).
    private func answers(_ terminal: ChildProcess) -> [String] {
        terminal.output.text.split(whereSeparator: \.isNewline).map(String.init)
    }

    @Test func controlDEndsWhatWasTypedAndReadingGoesOn() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let terminal = try startOnTerminal([], screen: screen)
        defer { terminal.kill() }
        try await terminal.send("ping\n")
        try await Poll.until("the first pong") { answers(terminal).filter { $0 == "pong" }.count == 1 }
        try await terminal.send(Self.controlD)
        try await terminal.send("ping\n")
        try await Poll.until("a pong for the ping typed after Ctrl-D") { answers(terminal).filter { $0 == "pong" }.count == 2 }
        try await terminal.send("quit\n")
        #expect(try await terminal.ending(within: 10 * Sanitizer.timeScale) == .exited(0))
    }

    @Test func withExitOnEOFControlDEndsTheOverlay() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let terminal = try startOnTerminal(["--exit-on-eof"], screen: screen)
        defer { terminal.kill() }
        try await terminal.send("ping\n" + Self.controlD)
        #expect(try await terminal.ending(within: 10 * Sanitizer.timeScale) == .exited(0))
        #expect(answers(terminal).contains("pong"), "the answer before Ctrl-D is written: \(answers(terminal))")
    }
}
