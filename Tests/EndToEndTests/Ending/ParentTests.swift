import Foundation
import Testing

/// `--exit-with-parent`: the overlay ends when the process that started it dies, even though
/// someone else still holds its stdin open.
@Suite("Exiting with the parent", .timeLimit(.minutes(3)))
struct ParentTests {

    @Test func theOverlayExitsZeroWhenItsParentIsKilledThoughItsStdinStaysOpen() async throws {
        // The overlay, once orphaned, becomes this process's child, so its exit status is known.
        try AdoptedProcess.becomeSubreaper()
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }

        // The parent: a shell that starts the overlay in the background, on the shell's own
        // stdin (the test's pipe, which the test keeps open), prints its process id and waits.
        let script = #""$0" --exit-with-parent <&0 & echo "$!"; wait"#
        let parent = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, try SpinnerExecutable.url().path],
                                      environment: screen.environment, ownProcessGroup: true)
        defer {
            // While the shell is not reaped, its process group id cannot be anyone else's.
            if parent.isRunning { parent.signalGroup(SIGKILL) }
        }
        let processID = try await Poll.value("the overlay's process id from the shell", lastSeen: { parent.errors.text }) {
            parent.output.lines.lazy.compactMap { pid_t($0) }.first
        }
        let overlay = AdoptedProcess(processID: processID)
        defer { overlay.stop() }
        // `ready` comes after the overlay asked to be told of its parent's death.
        try await Poll.until("ready from the overlay", lastSeen: { parent.output.text + parent.errors.text }) {
            parent.output.lines.contains("ready")
        }

        parent.kill()
        #expect(try await overlay.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(try await parent.ending() == .killed(signal: SIGKILL))
        #expect(parent.errors.text == "", "no complaint from the overlay")
    }
}
