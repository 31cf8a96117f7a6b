import Testing
@testable import KioskCore
import KioskTestSupport

/// The loop's policy as a pure step: answers, frames, wake-ups and exits for every input, with
/// the tick given, so every timeline is exact.
@Suite struct LoopPolicyTests {
    private static let screen = Size(width: 800, height: 480)

    private func policy(visible: Bool = true, exitsAtEndOfInput: Bool = false, errorsOnStdout: Bool = false,
                        screens: [Size] = [screen], grab: BlockingGrabState.Status = .released,
                        stacking: Stacking = .held, backend: String? = nil, fadeSeconds: Double = 0,
                        stallTimeoutSeconds: Double? = nil) -> LoopPolicy {
        var timing = Timing()
        timing.fadeSeconds = fadeSeconds
        timing.stallTimeoutSeconds = stallTimeoutSeconds
        let session = HostSession(appearance: Appearance(), timing: timing, clock: FixedStepClock(ticksPerSecond: 60),
                                  state: HUDState(isVisible: visible, message: "Please wait..."))
        return LoopPolicy(session: session, composers: screens.map { FrameComposer(screen: $0) },
                          settings: LoopPolicy.Settings(exitsAtEndOfInput: exitsAtEndOfInput,
                                                        reportsErrorsOnStdout: errorsOnStdout),
                          grabStatus: grab, stacking: stacking, backend: backend)
    }

    /// On a bare screen `deactivate` lets go of it once: the backend is told on that step, the
    /// host hears `hidden` (what stays on the screen is no longer the overlay's to keep),
    /// `status` says `shown=0`, and nothing is shown again. `quit --retain` ends leaving the screen.
    @Test(arguments: ["drm", "fbdev"])
    func deactivateOnABareScreenLetsGoOfItForGood(backend: String) {
        var loop = policy(backend: backend)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let deactivated = loop.step([command(.deactivate), command(.status)], atTick: 1, measurer: FakeMeasurer())
        #expect(deactivated.deactivates)
        #expect(deactivated.reports == ["deactivated: nothing more is drawn; the last picture stays for the next program to take over"])
        #expect(deactivated.lines.first == "hidden")
        #expect(deactivated.lines.last?.contains(" shown=0 ") == true)
        let again = loop.step([command(.deactivate), command(.show), command(.message("Still here"))], atTick: 2, measurer: FakeMeasurer())
        #expect(!again.deactivates && again.lines.isEmpty && again.reports.isEmpty, "said once; nothing is shown again")
        #expect(loop.step([command(.quit(retainingScreen: true))], atTick: 3, measurer: FakeMeasurer()).exit == .quitLeavingScreen)
    }

    /// What a `deactivate` leaves on the screen is the picture as it was when it came: a message
    /// after it in the same batch changes the state (`status` says it) but is not drawn.
    @Test func commandsAfterDeactivateInTheSameBatchAreNotDrawn() {
        var loop = policy(backend: "drm")
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let before = loop.step([command(.message("Before"))], atTick: 1, measurer: FakeMeasurer()).frames[0]?.panel
        #expect(before != nil)
        let step = loop.step([command(.deactivate), command(.message("After")), command(.status)], atTick: 2,
                             measurer: FakeMeasurer())
        #expect(step.deactivates)
        let drawn = step.frames[0]
        #expect(drawn == nil || drawn?.panel == before, "only the wheel may have moved")
        #expect(step.lines.last?.contains(" message=\"After\" ") == true, "\(step.lines)")
    }

    /// systemd's boot progress fills the ring but is no sign of life from the host: it neither
    /// ends a stall nor keeps one from coming.
    @Test func systemdsProgressIsNoSignOfLifeFromTheHost() {
        var loop = policy(stallTimeoutSeconds: 2)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let reading = LoopInput.host(.command(.progress(40), line: 1), from: .systemd)
        #expect(loop.step([reading], atTick: 60, measurer: FakeMeasurer()).lines.isEmpty)
        #expect(loop.step([], atTick: 120, measurer: FakeMeasurer()).lines == ["stalled"], "two seconds after the start")
        let later = LoopInput.host(.command(.progress(60), line: 2), from: .systemd)
        let status = loop.step([later, command(.status)], atTick: 130, measurer: FakeMeasurer()).lines
        #expect(status.count == 1 && status[0].contains(" stalled=1 ") && status[0].contains(" progress=60 "), "\(status)")
    }

    /// Where a display server owns the screen, `deactivate` is a rejected line (the state kept)
    /// and `quit --retain` a plain quit, said in one line.
    @Test(arguments: ["x11", "wayland"])
    func handingOverIsRefusedWhereADisplayServerOwnsTheScreen(backend: String) {
        var loop = policy(backend: backend)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let refused = loop.step([command(.deactivate, line: 4), command(.status)], atTick: 1, measurer: FakeMeasurer())
        #expect(!refused.deactivates)
        #expect(refused.reports == ["line 4: \"deactivate\" does nothing here: on \(backend) the display server owns the screen, "
                                    + "and the overlay's window goes with it"])
        #expect(refused.lines.last?.contains(" shown=1 ") == true)
        let quit = loop.step([command(.quit(retainingScreen: true))], atTick: 2, measurer: FakeMeasurer())
        #expect(quit.exit == .quit)
        #expect(quit.reports == ["quit --retain: on \(backend) the display server owns the screen, and the overlay's window goes with it; quitting"])
    }

    private func command(_ command: Command, line: Int = 1) -> LoopInput { .host(.command(command, line: line), from: .standardInput) }

    @Test func theFirstStepAnswersReadyFirstAndDrawsEveryDisplay() {
        var loop = policy()
        let first = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(first.isFirst)
        #expect(first.lines == ["ready", "shown"])
        #expect(first.frames.count == 1 && first.frames[0]?.panel != nil)
        let again = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(!again.isFirst && again.lines.isEmpty)
        #expect(again.frames == [nil], "an unchanged frame is not drawn again")
    }

    /// On a bare screen another virtual console can be in front: the HUD is drawn but not seen.
    /// The host hears `hidden` when the console goes and `shown` when it comes back; `status`
    /// says `shown=0` meanwhile; `hide` and `show` while away are heard only as what is seen
    /// when the console is back.
    @Test func anotherConsoleInFrontIsHeardAsHiddenUntilItIsBack() {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let status = #"blocked=0 grab=none shown=0 stalled=0 above=held backend=- mode=spinner progress=- message="Please wait..." detail="""#
        let away = loop.step([.screenAway(true), command(.status)], atTick: 1, measurer: FakeMeasurer())
        #expect(away.lines == ["hidden", "visible=1 " + status])
        #expect(loop.step([command(.hide)], atTick: 2, measurer: FakeMeasurer()).lines.isEmpty, "hidden was said already")
        #expect(loop.step([command(.show)], atTick: 3, measurer: FakeMeasurer()).lines.isEmpty, "not seen: no shown")
        #expect(loop.step([.screenAway(true)], atTick: 4, measurer: FakeMeasurer()).lines.isEmpty, "said once")
        let back = loop.step([.screenAway(false), command(.status)], atTick: 5, measurer: FakeMeasurer())
        #expect(back.lines == ["shown", "visible=1 " + status.replacingOccurrences(of: "shown=0", with: "shown=1")])

        _ = loop.step([command(.hide)], atTick: 6, measurer: FakeMeasurer())
        #expect(loop.step([.screenAway(true)], atTick: 7, measurer: FakeMeasurer()).lines.isEmpty, "a hidden HUD was not seen anyway")
        #expect(loop.step([.screenAway(false)], atTick: 8, measurer: FakeMeasurer()).lines.isEmpty)
    }

    /// The host that heard `hidden` when another console came in front, then asked `hide`, does
    /// not hear `shown` again when the console is back while the fade-out would still run: the
    /// HUD is gone by then. A silent host is not noticed while the HUD cannot be seen.
    @Test func aHUDHiddenWhileAwayIsGoneWhenTheConsoleIsBack() {
        var loop = policy(fadeSeconds: 1, stallTimeoutSeconds: 2)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(loop.step([.screenAway(true)], atTick: 1, measurer: FakeMeasurer()).lines == ["hidden"])
        #expect(loop.step([], atTick: 200, measurer: FakeMeasurer()).lines.isEmpty, "no stall while away")
        #expect(loop.step([command(.hide)], atTick: 201, measurer: FakeMeasurer()).lines.isEmpty)
        let back = loop.step([.screenAway(false), command(.status)], atTick: 210, measurer: FakeMeasurer())
        #expect(back.lines == [#"visible=0 blocked=0 grab=none shown=0 stalled=0 above=held backend=- mode=spinner progress=- message="Please wait..." detail="""#])
        #expect(back.frames == [Frame(panel: nil, indicator: nil, input: .nothing, visible: .nothing)], "nothing drawn")
        #expect(loop.step([], atTick: 400, measurer: FakeMeasurer()).lines.isEmpty, "no hidden, no stall later")
    }

    @Test func answersBeforeQuitAreKeptAndInputAfterItIsIgnored() {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([command(.ping), command(.status), command(.quit(retainingScreen: false)), command(.ping), command(.hide)],
                             atTick: 3, measurer: FakeMeasurer())
        #expect(step.exit == .quit)
        #expect(step.lines == ["pong", #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=- mode=spinner progress=- message="Please wait..." detail="""#])
        #expect(step.frames == [nil], "nothing is drawn on the way out")
    }

    /// `above` is what the display promises, whatever the HUD does: `status` never says more.
    @Test(arguments: [Stacking.held, .partial, .ordinaryWindow])
    func statusSaysWhatTheDisplayPromisesOfTheHUDsPlaceOnTop(stacking: Stacking) {
        var loop = policy(stacking: stacking)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let shown = loop.step([command(.status)], atTick: 1, measurer: FakeMeasurer())
        let hidden = loop.step([command(.hide), command(.status)], atTick: 2, measurer: FakeMeasurer())
        #expect(shown.lines == [#"visible=1 blocked=0 grab=none shown=1 stalled=0 above=\#(stacking.rawValue) backend=- mode=spinner progress=- message="Please wait..." detail="""#])
        #expect(hidden.lines.last == #"visible=0 blocked=0 grab=none shown=0 stalled=0 above=\#(stacking.rawValue) backend=- mode=spinner progress=- message="Please wait..." detail="""#)
        #expect(StatusLine(shown.lines[0])?.mode == "spinner", "the field before mode does not hide it from a reader")
    }

    @Test(arguments: [false, true])
    func theEndOfInputExitsOnlyWhenAskedAndKeepsTheAnswersBeforeIt(exits: Bool) {
        var loop = policy(exitsAtEndOfInput: exits)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([command(.ping), .endOfInput], atTick: 1, measurer: FakeMeasurer())
        #expect(step.lines == ["pong"])
        #expect(step.exit == (exits ? .endOfInput : nil))
    }

    @Test(arguments: [Int32(2), 15, 1])
    func aStopSignalExitsAfterTheAnswersBeforeIt(signal: Int32) {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([command(.ping), .stopSignal(signal), command(.ping)], atTick: 1, measurer: FakeMeasurer())
        #expect(step.lines == ["pong"])
        #expect(step.exit == .stopSignal(signal))
    }

    @Test func aLostDisplayEndsPromptlyWithItsReasonAndNothingDrawnAfterIt() {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([command(.ping), .displayLost("the DRM device /dev/dri/card0 went away; exiting"), command(.hide)],
                             atTick: 2, measurer: FakeMeasurer())
        #expect(step.exit == .displayLost("the DRM device /dev/dri/card0 went away; exiting"))
        #expect(step.exit?.lastWords == "the DRM device /dev/dri/card0 went away; exiting")
        #expect(step.exit?.waitsForAnswers == false)
        #expect(step.lines == ["pong"], "the answers before the loss are kept, the command after it ignored")
        #expect(step.frames == [nil] && step.reports.isEmpty)
    }

    @Test func rejectedLinesAreReportedWithTheirSourceAndOnStdoutWhenAsked() {
        var loop = policy(errorsOnStdout: true)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([.host(.rejected(.unknownCommand("shwo"), line: 7), from: .standardInput),
                              .host(.rejected(.unknownCommand("x"), line: 3), from: .fifo)],
                             atTick: 1, measurer: FakeMeasurer())
        #expect(step.reports == [#"line 7: unknown command "shwo""#, #"fifo line 3: unknown command "x""#])
        #expect(step.lines == [#"error line 7: unknown command "shwo""#, #"error line 3: unknown command "x""#])
        #expect(step.exit == nil)
    }

    @Test func hiddenItSleepsUntilInputAndSpinningItWakesForTheNextSpoke() {
        var hidden = policy(visible: false)
        #expect(hidden.step([], atTick: 0, measurer: FakeMeasurer()).wakeTick == nil)
        var spinning = policy()
        let step = spinning.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(step.wakeTick == 5, "12 spokes a second at 60 ticks a second: every 5 ticks")
        var still = policy()
        _ = still.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(still.step([command(.progress(40))], atTick: 2, measurer: FakeMeasurer()).wakeTick == nil,
                "a still progress ring needs no wake-up")
    }

    /// A flood of the shortest lines in one step (the reader hands over up to the inbox's
    /// capacity at once): every one is answered, in order, in every state.
    @Test(arguments: [true, false])
    func aFloodOfPingsIsAnsweredInFull(visible: Bool) {
        var loop = policy(visible: visible)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step(Array(repeating: command(.ping), count: 20_000) + [command(.status)], atTick: 1,
                             measurer: FakeMeasurer())
        #expect(step.lines.count == 20_001)
        #expect(step.lines.dropLast().allSatisfy { $0 == "pong" })
        #expect(step.lines.last?.hasPrefix("visible=\(visible ? 1 : 0) ") == true)
    }

    /// Mirrored displays follow one session: one answer per command, and the same wheel pose on
    /// each display at every tick, each laid out for its own size (the HUD never wider than 60 %).
    @Test func mirroredDisplaysShareOneSessionAndCannotDrift() {
        var loop = policy(screens: [Size(width: 800, height: 480), Size(width: 1920, height: 1080)])
        let first = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(first.lines == ["ready", "shown"])
        for tick in [5, 10, 37, 600] {
            let step = loop.step(tick == 37 ? [command(.ping)] : [], atTick: tick, measurer: FakeMeasurer())
            #expect(step.lines == (tick == 37 ? ["pong"] : []))
            let poses = step.frames.compactMap { $0?.wheel?.poseIndex }
            #expect(poses.count == 2 && poses[0] == poses[1], "tick \(tick): \(poses)")
            let huds = step.frames.compactMap { $0?.panel?.hud }
            #expect(huds.count == 2 && abs(huds[0].center.x - 400) <= 1 && abs(huds[1].center.x - 960) <= 1)
        }
    }

    /// Blocking wants the grab while the HUD is drawn; the host hears `grab-lost` once when
    /// another client holds the keyboard and `grab-held` when the overlay holds it again, and
    /// `status` says where it stands.
    @Test func blockingWantsTheGrabAndTheHostHearsWhenItIsLostAndRegained() {
        var loop = policy()
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        var step = loop.step([command(.block(true)), command(.status)], atTick: 1, measurer: FakeMeasurer())
        #expect(step.wantsGrab)
        #expect(step.lines.first?.contains(" grab=pending ") == true)
        step = loop.step([.grab(.held), command(.status)], atTick: 2, measurer: FakeMeasurer())
        #expect(step.lines.count == 1 && step.lines[0].contains(" grab=held "))
        step = loop.step([.grab(.refused)], atTick: 3, measurer: FakeMeasurer())
        #expect(step.lines == ["grab-lost"])
        step = loop.step([.grab(.refused), command(.status)], atTick: 4, measurer: FakeMeasurer())
        #expect(step.lines.count == 1 && step.lines[0].contains(" grab=refused "), "lost is said once")
        step = loop.step([.grab(.held)], atTick: 5, measurer: FakeMeasurer())
        #expect(step.lines == ["grab-held"])
        step = loop.step([command(.hide)], atTick: 6, measurer: FakeMeasurer())
        #expect(!step.wantsGrab, "a hidden HUD blocks nothing")
        step = loop.step([command(.show), command(.block(false)), command(.status)], atTick: 7, measurer: FakeMeasurer())
        #expect(!step.wantsGrab)
        #expect(step.lines.contains { $0.contains(" grab=none ") })
    }

    /// A grab that keeps input from some applications only (an X grab on Xwayland) is never
    /// said as held: `status` says `partial` and the host hears `grab-lost` once.
    @Test func aGrabThatReachesOnlySomeApplicationsIsPartialNotHeld() {
        var loop = policy()
        _ = loop.step([command(.block(true))], atTick: 0, measurer: FakeMeasurer())
        var step = loop.step([.grab(.partial), command(.status)], atTick: 1, measurer: FakeMeasurer())
        #expect(step.lines.count == 2 && step.lines[0] == "grab-lost" && step.lines[1].contains(" blocked=1 grab=partial "))
        step = loop.step([.grab(.partial), command(.status)], atTick: 2, measurer: FakeMeasurer())
        #expect(step.lines.count == 1 && !step.lines[0].contains("grab=held"), "lost is said once, held never")
    }

    @Test func aGrabRefusedAfterBlockingEndedIsNotReported() {
        var loop = policy()
        _ = loop.step([command(.block(true))], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([command(.block(false)), .grab(.refused)], atTick: 1, measurer: FakeMeasurer())
        #expect(step.lines.isEmpty)
        #expect(!step.wantsGrab)
    }

    @Test func withoutAGrabTheStatusSaysSo() {
        var loop = policy(grab: .unsupported)
        let step = loop.step([command(.block(true)), command(.status)], atTick: 0, measurer: FakeMeasurer())
        #expect(step.lines.contains { $0.contains(" blocked=1 grab=unsupported ") })
        #expect(!step.lines.contains("grab-lost"))
    }

    @Test func answersGoToTheAskerAndEventsToEveryone() {
        var loop = policy(visible: false)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let client = InputSource.client(3)
        let step = loop.step([.host(.command(.ping, line: 1), from: client), .host(.command(.show, line: 2), from: client),
                              .host(.rejected(.unknownCommand("x"), line: 3), from: client),
                              command(.status)], atTick: 1, measurer: FakeMeasurer())
        // `status` reports what is drawn: the `show` before it takes effect first, and `shown` with it.
        #expect(step.answers.map(\.audience) == [.asker(client), .asker(client), .everyone, .asker(.standardInput)])
        #expect(step.answers.map(\.line).prefix(3) == ["pong", #"error line 3: unknown command "x""#, "shown"])
        #expect(step.answers.last?.line.hasPrefix("visible=1 blocked=0 grab=none shown=1 ") == true)
        #expect(step.reports == [#"client 3 line 3: unknown command "x""#])
    }
}

extension LoopStep {
    /// The lines, whoever hears them.
    var lines: [String] { answers.map(\.line) }
}
