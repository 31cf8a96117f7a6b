import Foundation
import Testing

/// Faults around the live overlay: its X server dies or drops it, a signal comes in the middle
/// of a flood of commands, its stderr is gone or never read.
@Suite("Faults: display lost, signals in a flood, stderr gone", .timeLimit(.minutes(3)))
struct FaultTests {
    /// README: the exit status when the display goes away while the overlay runs.
    static let lostDisplayStatus: Int32 = 4
    /// The one stderr line the overlay writes when its display goes away.
    static let lostDisplayReport = "kiosk-spinner: lost the connection to the X server; exiting\n"
    /// How soon after its display went away the overlay must have exited, on an idle machine
    /// (on a loaded one, `MachineLoad` widens it by `exitHops` references).
    static let lostDisplaySeconds = 2.0
    /// How soon after SIGTERM or SIGINT the overlay must have exited, flood or not (the median
    /// of `signalTries`), on an idle machine.
    static let signalMilliseconds = 200.0
    /// The hand-overs between threads on the way from a signal or a lost display to the exit, each
    /// delayed on a loaded machine as a process start is (`MachineLoad`): the signal watcher, the
    /// stop request's thread, the loop, the stdout and stderr writers, and the test's exit watch.
    static let exitHops = 6
    /// How many times each signal is tried; the median counts.
    static let signalTries = 3
    /// How long the flood tests may wait for their turn on the shared X servers.
    static let turnSeconds = 50.0

    /// What the overlay is doing when its display goes away.
    enum OverlayState: String, CaseIterable {
        /// Drawing the turning wheel.
        case shown
        /// Started with `--start-hidden`: asleep in SDL_WaitEvent, no window mapped.
        case startedHidden
        /// Hidden by `hide` after it showed.
        case hiddenAfterShowing
        /// Blocking: the keyboard grabbed, the input shape over the whole screen.
        case blocking
    }

    /// Starts an overlay and brings it into `state`; returns once it has handled everything
    /// it was sent (a pong) and sleeps until its next frame or its next input.
    static func startOverlay(_ state: OverlayState) async throws -> LiveOverlay {
        let overlay = try await LiveOverlay.start(state == .startedHidden ? ["--start-hidden"] : ["--fade", "0"],
                                                  extraEnvironment: Sanitizer.noExitSleep)
        do {
            switch state {
            case .shown:
                _ = try await overlay.waitUntilShowing()
            case .startedHidden:
                try await overlay.waitForEvent("ready")
            case .hiddenAfterShowing:
                _ = try await overlay.waitUntilShowing()
                try await overlay.send("hide")
                try await overlay.waitUntilHidden()
            case .blocking:
                _ = try await overlay.waitUntilShowing()
                try await overlay.send("block")
                try await Poll.until("kiosk-spinner to grab the keyboard") { overlay.x.keyboardIsGrabbedByAnotherClient() }
            }
            let start = overlay.events.count
            try await overlay.send("ping")
            try await overlay.waitForEvent("pong", from: start)
            return overlay
        } catch {
            overlay.stop()
            throw error
        }
    }

    @Test(arguments: [
        (OverlayState.shown, SIGKILL), (.startedHidden, SIGKILL), (.hiddenAfterShowing, SIGKILL), (.blocking, SIGKILL),
        (.shown, SIGTERM), (.startedHidden, SIGTERM),
    ])
    func theXServerGoingAwayEndsTheOverlayWithStatusFourAndOneLine(state: OverlayState, serverSignal: Int32) async throws {
        let overlay = try await Self.startOverlay(state)
        defer { overlay.stop() }

        let (elapsed, load) = try await MachineLoad.measuring {
            let watch = ExitWatch(overlay.program)
            let killed = ContinuousClock.now
            overlay.screen.signalServer(serverSignal)
            let exited = try await Poll.value("the overlay to exit after its X server was signalled", within: Poll.promptSeconds) {
                watch.endedAt
            }
            return (exited - killed) / .seconds(1)
        }
        let limit = load.limit(seconds: Self.lostDisplaySeconds, hops: Self.exitHops)
        #expect(try await overlay.program.ending() == .exited(Self.lostDisplayStatus))
        #expect(elapsed < limit, "exited \(elapsed) s after the X server was signalled; the limit is \(limit) s (\(load))")
        #expect(overlay.program.errors.text == Self.lostDisplayReport, "exactly one line on stderr")
    }

    /// The server lives on but drops the overlay's connection (XKillClient, as `xkill` or a
    /// window manager's "force quit" does).
    @Test func losingTheConnectionToALiveServerEndsTheOverlayWithStatusFour() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"], extraEnvironment: Sanitizer.noExitSleep)
        defer { overlay.stop() }
        let window = try await overlay.waitUntilShowing()

        let (elapsed, load) = try await MachineLoad.measuring {
            let watch = ExitWatch(overlay.program)
            let killed = ContinuousClock.now
            let xkill = try await overlay.tool("xkill", ["-id", "\(window)"])
            #expect(xkill.ending == .exited(0), "xkill: \(xkill.errors)")
            let exited = try await Poll.value("the overlay to exit after xkill", within: Poll.promptSeconds) { watch.endedAt }
            return (exited - killed) / .seconds(1)
        }
        // xkill is a process start of its own on the way: one hop more.
        let limit = load.limit(seconds: Self.lostDisplaySeconds, hops: Self.exitHops + 1)
        #expect(try await overlay.program.ending() == .exited(Self.lostDisplayStatus))
        #expect(elapsed < limit, "exited \(elapsed) s after xkill started; the limit is \(limit) s (\(load))")
        #expect(overlay.program.errors.text == Self.lostDisplayReport, "exactly one line on stderr")
        #expect(try await overlay.visibleOverlayWindows().isEmpty, "the server took the window away")
    }

    /// The median of three tries is held to the limit (times `Sanitizer.timeScale`, widened by
    /// `MachineLoad` on a loaded machine), so one try held up does not fail the test; each try
    /// must still exit 0. The tries take every shared X server at once, so no other busy overlay
    /// of these tests runs meanwhile.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalInTheMiddleOfAFloodEndsTheOverlayAtOnce(signal: Int32) async throws {
        let (milliseconds, load) = try await MachineLoad.measuring {
            try await SharedScreens.forBusyOverlays.withTurn(within: Self.turnSeconds, alone: true) { screen in
                var milliseconds: [Double] = []
                for _ in 0..<Self.signalTries {
                    milliseconds.append(try await Self.millisecondsToExit(onSignal: signal, on: screen))
                }
                return milliseconds
            }
        }
        let median = milliseconds.sorted()[milliseconds.count / 2]
        let limit = 1000 * load.limit(seconds: Self.signalMilliseconds / 1000, hops: Self.exitHops)
        let tries = milliseconds.map { "\(Int($0.rounded())) ms" }
        #expect(median < limit, "median \(median) ms from the signal to the exit, limit \(limit) ms (\(load)); tries: \(tries)")
    }

    /// Starts an overlay on `screen`, floods its stdin with `msg N` lines, sends `signal` while
    /// the flood runs, and returns how long it took until the overlay had exited (seen by an
    /// `ExitWatch`).
    static func millisecondsToExit(onSignal signal: Int32, on screen: VirtualScreen) async throws -> Double {
        let overlay = try LiveOverlay.start(on: screen, ["--fade", "0"], extraEnvironment: Sanitizer.noExitSleep)
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        let flood = try StdinFlood(overlay.program)
        // Twice what the pipe holds taken: the overlay is busy reading and applying the flood.
        try await Poll.until("the flood to get going", lastSeen: { "\(flood.bytesWritten) bytes written" }) {
            flood.bytesWritten >= 128 * 1024
        }
        #expect(flood.isFlooding, "the flood still runs when the signal is sent")
        let watch = ExitWatch(overlay.program)
        let sent = ContinuousClock.now
        // Not `ChildProcess.signal`, which would reap the program before the watch saw it end.
        _ = kill(overlay.program.processID, signal)
        let exited = try await Poll.value("the overlay to exit after signal \(signal)", within: Poll.promptSeconds) { watch.endedAt }

        #expect(try await overlay.program.ending() == .exited(0))
        #expect(overlay.program.errors.text == "", "every flooded line was a good command")
        // Its stdin had no reader left: the flood ended on a failed write, not on request.
        try await Poll.until("the flood to end with the overlay") { !flood.isFlooding }
        #expect(try await flood.stop() == EPIPE)
        return (exited - sent) / .milliseconds(1)
    }

    /// A host that closed the overlay's stderr, or whose reader of it died, and maybe its
    /// stdout as well: a report written there must not end the overlay.
    enum LostOutput: String, CaseIterable {
        case stderrBroken, stderrClosed, stdoutAndStderrBroken, stdoutAndStderrClosed

        var standardOutput: ProcessLaunch.StandardOutput {
            switch self {
            case .stderrBroken, .stderrClosed: return .read
            case .stdoutAndStderrBroken: return .broken
            case .stdoutAndStderrClosed: return .closed
            }
        }

        var standardError: ProcessLaunch.StandardOutput {
            switch self {
            case .stderrBroken, .stdoutAndStderrBroken: return .broken
            case .stderrClosed, .stdoutAndStderrClosed: return .closed
            }
        }
    }

    @Test(arguments: LostOutput.allCases)
    func badLinesNeverEndAnOverlayWhoseStderrIsGone(lost: LostOutput) async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"], standardOutput: lost.standardOutput,
                                                  standardError: lost.standardError)
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        // A thousand reports, each written to a broken (or missing) stderr.
        try await overlay.program.send(String(repeating: "shwo\n", count: 1000) + "msg after\nhide\n")
        try await overlay.waitUntilHidden(within: Poll.promptSeconds)
        if lost.standardOutput == .read {
            #expect(try await overlay.status() == OverlayStatus(visible: false, message: "after").line)
        }
        try await overlay.send("show")
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0), "not killed by SIGPIPE")
    }

    /// README: "Bad input never stops it." A host that takes the overlay's stderr on a pipe and
    /// never reads it (Python's `stderr=subprocess.PIPE` without a reader) fills that pipe with
    /// some 1400 reports; the overlay must go on following commands and drawing, and end on
    /// SIGTERM, as it does with an unread stdout (PROTOCOL.md: writing events never blocks).
    @Test func anUnreadStderrDoesNotFreezeTheOverlay() async throws {
        let overlay = try await LiveOverlay.start(["--fade", "0"], standardError: .unread)
        defer { overlay.stop() }
        let shown = try await overlay.waitForEvent("shown")

        // 3000 reports of some 48 bytes: twice what a pipe holds.
        try await overlay.program.send(String(repeating: "shwo\n", count: 3000) + "msg after\nstatus\n")
        let status = try await overlay.waitForEvent("the status line after the bad lines", from: shown.index + 1,
                                                    within: Poll.promptSeconds) { $0.hasPrefix("visible=") }
        #expect(status.line == OverlayStatus().with(message: "after").line)
        overlay.program.signal(SIGTERM)
        let ending = try await overlay.program.ending(within: Poll.promptSeconds)
        #expect(ending == .exited(0))
    }
}
