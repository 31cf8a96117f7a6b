import Foundation
import Testing

/// `--wait-for-display`: an overlay started before its display (a boot unit before the DRM
/// driver, a service before the X server) waits for it, says so once, keeps what the host wrote
/// meanwhile, and shows it when the display appears; it gives up with status 3 when none does.
@Suite("Waiting for a display that comes later", .timeLimit(.minutes(2)))
struct DisplayArrivalTests {
    @Test func anXServerStartedLaterIsWaitedForAndTheCommandsMeanwhileAreShown() async throws {
        // A display number of these tests' own, free again once its first server stopped.
        let first = try await VirtualScreen.start()
        let name = first.name
        first.stop()
        let program = try SpinnerExecutable.start(["--wait-for-display", String(30 * Sanitizer.timeScale), "--fade", "0"],
                                                  environment: ChildProcess.environment(display: name))
        defer { program.kill() }
        try await Poll.until("the line saying it waits", lastSeen: { program.errors.text }) {
            program.errors.text.contains("waiting up to")
        }
        try await program.send("msg Written before the server\n")

        let screen = try await VirtualScreen.startAgain(on: name)
        defer { screen.stop() }
        try await Poll.until("ready once the server is up", lastSeen: { program.output.text + program.errors.text }) {
            program.output.lines.contains("ready")
        }
        try await program.send("status\n")
        try await Poll.until("the status") { program.output.lines.contains { $0.hasPrefix("visible=") } }
        let status = try #require(program.output.lines.first { $0.hasPrefix("visible=") })
        #expect(status.contains(#"shown=1 "#) && status.contains(#"message="Written before the server""#), "\(status)")
        #expect(program.errors.lines.count == 2, "two lines: \(program.errors.lines)")
        #expect(program.errors.lines.first?.hasPrefix("kiosk-spinner: no display yet (cannot show on the X server at DISPLAY=\(name)") == true)
        #expect(program.errors.lines.last?.wholeMatch(of: /kiosk-spinner: a display came after [0-9.]+ s; showing on it \(x11\)/) != nil,
                "\(program.errors.lines)")
    }

    @Test func noDisplayByTheEndOfTheWaitExitsThree() async throws {
        let program = try SpinnerExecutable.start(["--wait-for-display", "0.5"], environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(3))
        #expect(program.errors.lines.count == 2, "\(program.errors.lines)")
        #expect(program.errors.lines.first?.contains("waiting up to 0.5 s for one (--wait-for-display)") == true)
        #expect(program.errors.lines.last?.hasPrefix("kiosk-spinner: nothing to show on: ") == true)
    }
}
