import Glibc
import KioskCore
@testable import KioskHUD
import KioskPlatform
import Testing

/// The real overlay loop in-process (`InProcessOverlay` on a `MemoryBackend`, on a virtual
/// clock): for each sequence of inputs a backend's wait can return, exactly what is drawn, held,
/// written and when, and how the run ends. No server and no sleep: a virtual second passes only
/// in the backend's wait.
@Suite struct OverlayLoopTests {
    private static let noFade = ["--fade", "0"]

    /// The message each frame at `seconds` shows, line by line.
    private func message(_ run: InProcessOverlay, at seconds: Double) -> [String]? {
        run.backend.frame(at: seconds)?.panel?.labels.first?.text.lines
    }

    @Test func readyComesAfterTheFirstFrameAndQuitEndsWithTheAnswersTime() throws {
        let run = try InProcessOverlay.run(Self.noFade, [.host(0.5, "msg Receiving ECG..."), .host(0.9, "status"), .host(1, "quit")])
        #expect(run.ending == Overlay.Ending(reason: .quit))
        #expect(run.ending.status == .success && run.ending.seconds == ProgramExit.answersSeconds)
        #expect(run.lines.first == "ready" && run.readyCount == 1)
        #expect(run.drawingsAtReady == 1, "the first frame is drawn before the readers start")
        #expect(message(run, at: 0.4) == ["Please wait..."])
        #expect(message(run, at: 0.5) == ["Receiving ECG..."])
        #expect(run.lines(at: 0.9) == [#"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=memory mode=spinner "#
            + #"progress=- message="Receiving ECG..." detail="""#])
        #expect(run.backend.drawings.allSatisfy { $0.seconds < 1 }, "nothing is drawn on the way out")
    }

    @Test func aLostDisplayWhileBlockingEndsPromptlyWithItsOneLineAndNothingAfterIt() throws {
        let run = try InProcessOverlay.run(Self.noFade, [
            .host(0.1, "block"), .input(2, .displayLost("the display went away")), .host(2, "status"), .host(3, "status"),
        ])
        #expect(run.ending.reason == .displayLost("the display went away"))
        #expect(run.ending.status == .displayLost && run.ending.seconds == ProgramExit.promptSeconds)
        #expect(run.ending.reason.lastWords == "the display went away")
        #expect(run.backend.frame(at: 1.9)?.panel?.backdrop != nil, "blocking dims the screen")
        #expect(run.backend.drawings.allSatisfy { $0.seconds < 2 })
        #expect(run.statuses.isEmpty, "a line after the loss, in the same wait or later, is never applied")
        #expect(run.backend.seconds == 2)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aStopSignalEndsAtOnceWithSuccess(signal: Int32) throws {
        let run = try InProcessOverlay.run([], [.host(0.2, "block"), .input(0.5, .stopSignal(signal)), .host(0.6, "quit")])
        #expect(run.ending.reason == .stopSignal(signal))
        #expect(run.ending.status == .success && run.ending.seconds == ProgramExit.promptSeconds)
        #expect(run.backend.seconds == 0.5)
    }

    @Test func aClosedWindowEndsWithSuccess() throws {
        let run = try InProcessOverlay.run([], [.input(0.25, .windowClosed)])
        #expect(run.ending.reason == .windowClosed && run.ending.status == .success)
    }

    /// A backend that grabs (X11): `block` asks it to hold and `status` says `pending` until the
    /// server answers; a grab taken away (another client, the server) is heard as `grab-lost`
    /// and in `status`, taken back as `grab-held`; `unblock` lets go. Each at the wait that
    /// brought it.
    @Test func theGrabsNewsFromTheBackendsWaitIsHeardAndStatusSaysIt() throws {
        let run = try InProcessOverlay.run(Self.noFade, blockingInput: .grab(onlyXClients: nil), [
            .host(0.1, "block\nstatus"), .host(0.5, "status"), .input(1, .grab(.refused)), .host(1.1, "status"),
            .input(1.2, .grab(.held)), .host(1.8, "unblock\nstatus"), .host(2, "quit"),
        ])
        #expect(run.backend.holds.map(\.seconds) == [0.1, 1.8] && run.backend.holds.map(\.wanted) == [true, false])
        #expect(run.output.filter { $0.line.hasPrefix("grab-") } == [InProcessOverlay.Written(seconds: 1, line: "grab-lost"),
                                                                     InProcessOverlay.Written(seconds: 1.2, line: "grab-held")])
        #expect(run.statuses.map { $0.split(separator: " ")[2] } == ["grab=pending", "grab=held", "grab=refused", "grab=none"])
    }

    /// A backend whose windowing system holds input (Wayland) never grabs: `status` says held
    /// once the frame that takes every key and click is drawn, and nothing is asked of the
    /// backend but the frame.
    @Test func aWindowingSystemsHoldNeedsNoGrab() throws {
        let run = try InProcessOverlay.run(Self.noFade, [.host(0.1, "block"), .host(0.2, "status"), .host(0.3, "quit")])
        #expect(run.statuses.map { $0.split(separator: " ")[2] } == ["grab=held"])
        #expect(run.backend.holds.map(\.wanted) == [true], "asked, and nothing more comes of it")
        #expect(!run.lines.contains("grab-lost"))
    }

    /// A bare screen's console switched away and back: heard as `hidden` and `shown`; `status`
    /// says `shown=0` meanwhile.
    @Test func anotherConsoleInFrontIsHiddenUntilItIsBack() throws {
        let run = try InProcessOverlay.run(Self.noFade, [
            .input(1, .screenAway(true)), .host(1.5, "status"), .input(2, .screenAway(false)), .host(2.5, "status"),
            .host(3, "quit"),
        ])
        #expect(run.lines(at: 1) == ["hidden"] && run.lines(at: 2) == ["shown"])
        #expect(run.statuses.map { $0.split(separator: " ")[3] } == ["shown=0", "shown=1"])
    }

    /// Hidden, nothing moves: the loop sleeps in one wait with no deadline until the host writes.
    @Test func aHiddenOverlaySleepsUntilTheHostWrites() throws {
        let run = try InProcessOverlay.run(["--start-hidden"], [.host(30, "quit")])
        #expect(run.backend.waits == [nil])
        #expect(run.backend.drawings.count == 1, "one frame, the empty screen")
        #expect(run.backend.drawings.first?.frame.panel == nil)
    }

    /// A silent host is noticed at the exact tick `--stall-timeout` says, and the wait that
    /// brings it ends at that tick.
    @Test func aSilentHostIsNoticedAtTheStallTimeoutExactly() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--stall-timeout", "2"], [.host(3, "status"), .host(3, "quit")])
        #expect(run.output.filter { $0.line == "stalled" }.map(\.seconds) == [2])
        #expect(run.backend.waits.contains(2))
        #expect(run.statuses.first?.contains(" mode=stalled ") == true)
    }

    /// A host that died while blocking: a watchdog's pings and statuses do not keep the block
    /// alive, and `--on-stall quit` ends the overlay at the stall's exact tick with status 7 and
    /// one line, giving the input back.
    @Test func aDeadHostsBlockEndsAtTheStallTimeoutWithOnStallQuit() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--stall-timeout", "2", "--on-stall", "quit"], [
            .host(0.5, "block"), .host(1, "ping"), .host(2, "status"), .host(2.4, "ping"), .host(9, "quit"),
        ])
        #expect(run.ending == Overlay.Ending(reason: .hostStalled))
        #expect(run.ending.status == .hostStalled && run.ending.status.rawValue == 7)
        #expect(run.lines(at: 2.5) == ["stalled"], "the stall is 2 s after the last state command")
        #expect(run.statuses == [#"visible=1 blocked=1 grab=held shown=1 stalled=0 above=held backend=memory mode=spinner "#
            + #"progress=- message="Please wait..." detail="""#])
        #expect(run.backend.holds.map(\.wanted) == [true] && run.backend.holds.first?.seconds == 0.5,
                "held from the block until the end: no frame after the stall")
        #expect(run.ending.reason.lastWords?.contains("--on-stall quit") == true)
    }

    /// `--on-stall unblock`: the stall lifts the block at its tick and the HUD says so; the
    /// host's next state command brings the wheel back, not the block.
    @Test func onStallUnblockGivesTheInputBackAtTheStall() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--stall-timeout", "1", "--on-stall", "unblock"], [
            .host(0.5, "block"), .host(2, "status"), .host(3, "msg Back"), .host(3, "status"), .host(4, "quit"),
        ])
        #expect(run.lines(at: 1.5) == ["stalled"])
        #expect(run.backend.holds.last?.seconds == 1.5 && run.backend.holds.last?.wanted == false)
        #expect(run.statuses.map { $0.split(separator: " ").prefix(5).joined(separator: " ") } == [
            "visible=1 blocked=0 grab=none shown=1 stalled=1", "visible=1 blocked=0 grab=none shown=1 stalled=0",
        ])
        #expect(message(run, at: 1.5) == ["Not responding"])
        #expect(message(run, at: 3) == ["Back"])
    }

    /// A rejected line is reported with its line number at the time it came, and the state stays.
    @Test func aBadLineIsReportedAndTheStateKept() throws {
        let run = try InProcessOverlay.run(Self.noFade, [
            .host(0.5, "msg Printing"), .host(1, "shwo"), .host(1.5, "quit"),
        ])
        #expect(run.reports.map(\.seconds) == [1])
        #expect(run.reports.first?.line.hasPrefix("line 2: ") == true, "\(run.reports)")
        #expect(message(run, at: 1.4) == ["Printing"])
    }

    /// zenity's end of input fills the bar and exits after `zenityFullBarSeconds`, to the tick.
    @Test func zenitysEndOfInputExitsAfterTheFullBarIsShown() throws {
        let run = try InProcessOverlay.run(["--zenity", "--progress"], [.host(0.5, "40"), .endOfInput(1)])
        #expect(run.ending.reason == .progressFinished && run.ending.status == .success)
        #expect(run.backend.seconds == 1 + LaunchOptions.zenityFullBarSeconds)
        #expect(run.lines.isEmpty, "zenity's stdout stays empty")
    }

    /// Every display gets its own frame, the HUD centred on each.
    @Test func everyDisplayHasItsHUDCentred() throws {
        let screens = [Size(width: 800, height: 480), Size(width: 1920, height: 1080)]
        let run = try InProcessOverlay.run(Self.noFade, displays: screens, [.host(1, "quit")])
        for (index, screen) in screens.enumerated() {
            let hud = try #require(run.backend.frame(at: 0.5, display: index)?.panel?.hud)
            #expect(abs(hud.x + hud.width / 2 - screen.width / 2) <= 1 && abs(hud.y + hud.height / 2 - screen.height / 2) <= 1,
                    "display \(index): \(hud)")
        }
        #expect(!run.backend.ranDry)
    }
}
