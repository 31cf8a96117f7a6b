import Foundation
import Testing

/// `--stall-timeout`: a host that says nothing for that long is shown as stalled (the wheel
/// stops, `stalled` on stdout) until its next command.
@Suite("Stall timeout on a real X server", .timeLimit(.minutes(3)))
struct StallTests {
    /// A short timeout, and no fade, so the tests wait little.
    static let arguments = ["--stall-timeout", "0.5", "--fade", "0"]
    /// How long apart the two looks at a stopped wheel are: more than two of its steps (12 a second).
    static let stillMilliseconds = 300

    @Test func aSilentHostStopsTheWheelAndItsNextStateCommandBringsItBack() async throws {
        let overlay = try await LiveOverlay.start(Self.arguments)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        let stalled = try await overlay.waitForEvent("stalled")
        #expect(stalled.index == 2, "after ready and shown: \(overlay.events)")
        // The stalled frame is drawn before `stalled` is written. This test is about time passing
        // with nothing drawn, so it waits a fixed time between two looks.
        let stopped = try #require(overlay.x.colors(in: TestScreenLayout.wheelArea))
        #expect(stopped.contains { !$0.isClose(to: .hudFill) && $0 != .black }, "the stopped wheel is still drawn")
        try await Task.sleep(for: .milliseconds(Self.stillMilliseconds))
        #expect(overlay.x.colors(in: TestScreenLayout.wheelArea) == stopped, "the wheel stands still while stalled")
        #expect(overlay.events.count == stalled.index + 1, "nothing more on stdout while stalled: \(overlay.events)")

        // A question is answered and ends nothing; the state command after it (both lines in one
        // write, handled at once) brings the wheel back.
        try await overlay.program.send("ping\nstatus\nmsg Please wait...\nstatus\n")
        let pong = try await overlay.waitForEvent("pong", from: stalled.index + 1)
        let asked = try await overlay.waitForEvent("a status line", from: pong.index + 1) { $0.hasPrefix("visible=") }
        let after = try await overlay.waitForEvent("a second status line", from: asked.index + 1) { $0.hasPrefix("visible=") }
        #expect(asked.line == #"visible=1 blocked=0 grab=none shown=1 stalled=1 above=held backend=x11 mode=stalled progress=- message="Please wait..." detail="""#)
        #expect(after.line == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="Please wait..." detail="""#)

        // The wheel turns again; a heartbeat every look keeps the overlay from stalling meanwhile.
        let before = try #require(overlay.x.colors(in: TestScreenLayout.wheelArea))
        try await Poll.until("the wheel to turn again") {
            try await overlay.send("msg Please wait...")
            return overlay.x.colors(in: TestScreenLayout.wheelArea).map { $0 != before } ?? false
        }
    }

    /// A host killed while blocking: `--on-stall quit` ends the overlay at the stall with status
    /// 7 and one line, its window gone, though a watchdog's pings went on.
    @Test func aDeadHostsBlockEndsWithOnStallQuit() async throws {
        let timeout = 2 * Sanitizer.timeScale
        let overlay = try await LiveOverlay.start(["--stall-timeout", String(timeout), "--on-stall", "quit", "--fade", "0"])
        defer { overlay.stop() }
        // The block is the host's last sign of life: the stall is `timeout` after it.
        let status = try await overlay.status(after: ["block"])
        #expect(status.hasPrefix("visible=1 blocked=1 "))
        try await Poll.until("the overlay to end at the stall", within: Poll.promptSeconds + timeout) {
            try? await overlay.send("ping")
            return !overlay.program.isRunning
        }
        #expect(try await overlay.program.ending() == .exited(7))
        #expect(overlay.events.contains("stalled"))
        #expect(overlay.program.errors.text == "kiosk-spinner: the host sent no command for the stall timeout (--on-stall quit); exiting\n")
        #expect(try await overlay.visibleOverlayWindows().isEmpty)
    }

    /// The heartbeat is a state command (its `progress` again); a `ping` after each counts the
    /// answers.
    @Test func aHostWhoseHeartbeatComesMoreOftenThanTheTimeoutNeverStalls() async throws {
        // A longer timeout than the other tests', forty heartbeats per timeout: a test task that
        // a loaded machine (the sanitizer runs, other suites) holds up for a second or two must
        // not make it stall.
        let timeout = 4 * Sanitizer.timeScale
        let heartbeats = 50
        let overlay = try await LiveOverlay.start(["--stall-timeout", String(timeout), "--fade", "0"])
        defer { overlay.stop() }
        // It may have stalled already on a loaded machine (the timeout runs from the start, and
        // drawing the first frame may take long); the first heartbeat brings it back.
        let shown = try await overlay.waitForEvent("shown")
        // More than a timeout's worth of heartbeats: time passing is the subject. The gaps between
        // them are measured, from the first one: a machine loaded enough to hold this task up for
        // a whole timeout makes a stall right, not wrong.
        var sent = [ContinuousClock.now]
        try await overlay.program.send("progress 0\nping\n")
        let first = try await overlay.waitForEvent("pong", from: shown.index + 1)

        for beat in 1...heartbeats {
            try await Task.sleep(for: .milliseconds(100))
            try await overlay.program.send("progress \(beat)\nping\n")
            sent.append(.now)
        }
        let longestGap = zip(sent, sent.dropFirst()).map { ($1 - $0) / .seconds(1) }.max() ?? 0
        let status = try await overlay.status()
        let later = overlay.events[(first.index + 1)...]
        #expect(!later.contains("stalled") || longestGap >= timeout,
                "stalled though no gap between heartbeats reached the \(timeout) s timeout (the longest: \(longestGap) s); stdout after the first pong: \(later)")
        #expect(later.count(where: { $0 == "pong" }) == heartbeats, "every ping answered")
        #expect(status.contains(" stalled=0 ") && status.contains(" mode=progress "))
    }

    /// PROTOCOL.md lists `stalled` among the modes `status` reports: a `status` while stalled
    /// says so and ends nothing (a watchdog asking must not make a dead host look alive); the
    /// host's next state command does.
    @Test func statusWhileStalledSaysStalledAndOnlyAStateCommandEndsIt() async throws {
        let overlay = try await LiveOverlay.start(Self.arguments)
        defer { overlay.stop() }
        let stalled = try await overlay.waitForEvent("stalled")

        try await overlay.program.send("status\nstatus\nprogress 10\nstatus\n")
        let first = try await overlay.waitForEvent("a status line", from: stalled.index + 1) { $0.hasPrefix("visible=") }
        let second = try await overlay.waitForEvent("a second status line", from: first.index + 1) { $0.hasPrefix("visible=") }
        let third = try await overlay.waitForEvent("a third status line", from: second.index + 1) { $0.hasPrefix("visible=") }
        let whileStalled = #"visible=1 blocked=0 grab=none shown=1 stalled=1 above=held backend=x11 mode=stalled progress=- message="Please wait..." detail="""#
        #expect(first.line == whileStalled)
        #expect(second.line == whileStalled)
        #expect(third.line == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=10 message="Please wait..." detail="""#)
    }
}
