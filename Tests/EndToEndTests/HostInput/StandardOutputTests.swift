import Foundation
import Testing

/// PROTOCOL.md: writing events never blocks the overlay. A host may leave stdout unread or
/// closed; the overlay drops its events and goes on following commands.
@Suite("A host that does not read stdout", .timeLimit(.minutes(3)))
struct StandardOutputTests {

    @Test(arguments: [ProcessLaunch.StandardOutput.broken, .closed])
    func eventsAreDroppedAndCommandsStillFollowedWithoutStdout(standardOutput: ProcessLaunch.StandardOutput) async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"], standardOutput: standardOutput)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        // With stdout closed, the overlay must not let the X connection take descriptor 1.
        try await overlay.program.send(String(repeating: "ping\n", count: 1000) + "status\nmsg x\nhide\n")
        try await overlay.waitUntilHidden(within: Poll.promptSeconds)
        try await overlay.send("show")
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0), "not killed by SIGPIPE")
    }

    @Test func aHostThatNeverReadsStdoutDoesNotHoldTheOverlayUp() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"], standardOutput: .unread)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        // 100 000 pongs fill the pipe (64 KiB) many times over and the event queue (16384 lines).
        try await overlay.program.send(String(repeating: "ping\n", count: 100_000))
        try await overlay.send("hide")
        try await overlay.waitUntilHidden(within: Poll.promptSeconds)
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
    }
}
