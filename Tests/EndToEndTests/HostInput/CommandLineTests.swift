import Foundation
import Testing

/// Options and exit statuses, run without a display.
@Suite("Command line and exit statuses", .timeLimit(.minutes(3)))
struct CommandLineTests {
    /// Bad command lines, each with the word its error message must name.
    static let badCommandLines: [([String], String)] = [
        (["--bogus"], "--bogus"),
        (["--size"], "--size"),
        (["--size", "12abc"], "12abc"),
        (["--window", "10x10"], "10x10"),
        (["--tick-rate", "0"], "--tick-rate"),
        (["stray"], "stray"),
    ]

    @Test(arguments: badCommandLines)
    func badOptionExitsTwoWithTheProblemAndTheUsage(arguments: [String], named: String) async throws {
        let program = try SpinnerExecutable.start(arguments, environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(2))
        let errors = program.errors.lines
        let problem = try #require(errors.first)
        #expect(problem.hasPrefix("kiosk-spinner: ") && problem.contains(named), "first stderr line: \(problem)")
        #expect(errors.contains { $0.hasPrefix("usage: kiosk-spinner") }, "the usage follows on stderr")
        #expect(program.output.text == "")
    }

    /// A display name no server listens on, and no DISPLAY at all.
    @Test(arguments: [":987", nil] as [String?])
    func noDisplayExitsThreeAndSaysToSetDISPLAY(display: String?) async throws {
        let program = try SpinnerExecutable.start([], environment: ChildProcess.environment(display: display))
        #expect(try await program.ending() == .exited(3))
        let errors = program.errors.lines
        #expect(errors.contains { $0.hasPrefix("kiosk-spinner: ") && $0.contains("DISPLAY") }, "stderr: \(errors)")
    }

    @Test func helpPrintsTheUsageAndExitsZero() async throws {
        let program = try SpinnerExecutable.start(["--help"], environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(0))
        #expect(program.output.text.hasPrefix("usage: kiosk-spinner"))
        #expect(program.errors.text == "")
    }
}
