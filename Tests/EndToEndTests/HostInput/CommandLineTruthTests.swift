import Foundation
import Testing

/// What the program says about its command line is true: a display index the server lacks is
/// named as such, conflicting options are refused in one line, `-h` is `--help`.
@Suite("Command line truths", .timeLimit(.minutes(3)))
struct CommandLineTruthTests {
    @Test(arguments: [1, 3])
    func displayTheServerDoesNotHaveIsNamedAndExitsSix(index: Int) async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let program = try SpinnerExecutable.start(["--display", "\(index)"], environment: screen.environment)
        program.closeInput()
        #expect(try await program.ending() == .exited(6))
        let errors = program.errors.lines.filter { !$0.isEmpty }
        #expect(errors.count == 1, "stderr: \(errors)")
        let line = try #require(errors.first)
        #expect(line.hasPrefix("kiosk-spinner: --display \(index): no such display"), "\(line)")
        #expect(line.contains("DISPLAY=\(screen.name) has 1 display (0)"), "\(line)")
    }

    @Test(arguments: [["--snapshot", "out.png", "--fifo", "x.fifo"], ["--at", "2"]])
    func conflictingOptionsAreRefusedInOneLine(arguments: [String]) async throws {
        let program = try SpinnerExecutable.start(arguments, environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(2))
        let errors = program.errors.lines.filter { !$0.isEmpty }
        #expect(errors.count == 1, "stderr: \(errors)")
        #expect(errors.first?.hasPrefix("kiosk-spinner: \(arguments[0])") == true, "stderr: \(errors)")
        #expect(program.output.text == "")
    }

    @Test func shortHelpPrintsTheUsageAndExitsZero() async throws {
        let program = try SpinnerExecutable.start(["-h"], environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(0))
        #expect(program.output.text.hasPrefix("usage: kiosk-spinner"))
        #expect(program.errors.text == "")
    }
}
