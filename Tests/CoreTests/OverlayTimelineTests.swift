import Testing
@testable import KioskCore
import KioskTestSupport

/// The overlay's timelines with a fake clock: what the host session tells the host and what its
/// frames show, tick by tick.
@Suite struct OverlayTimelineTests {
    private let screen = Size(width: 800, height: 480)

    /// A session on a 60-tick clock, showing "Please wait..." unless hidden, without fades.
    private func newSession(visible: Bool = true, _ change: (inout Timing) -> Void = { _ in }) -> HostSession {
        var timing = Timing()
        timing.fadeSeconds = 0
        change(&timing)
        return HostSession(appearance: Appearance(), timing: timing, clock: FixedStepClock(ticksPerSecond: 60),
                           state: HUDState(isVisible: visible, message: "Please wait..."))
    }

    @Test func startingVisibleSaysShownOnce() {
        var session = newSession()
        #expect(session.advance(to: 0) == [.shown])
        #expect(session.advance(to: 1).isEmpty)
    }

    @Test func outcomeReplacesTheWheelAndDismissesItselfAfterTheDelay() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.advance(to: 0)
        session.apply(.outcome(.success, message: "Done"), atTick: 10)
        var frame = composer.frame(of: session, atTick: 10, measurer: FakeMeasurer())
        guard case .outcome(let mark) = frame.indicator else { Issue.record("no outcome mark"); return }
        #expect(mark.kind == .success)
        #expect(frame.panel?.labels.first?.text.lines == ["Done"])
        #expect(session.nextChangeTick(after: 10) == 130)  // a success stays 2 s; the mark does not animate
        #expect(session.advance(to: 129).isEmpty)
        #expect(session.advance(to: 130) == [.hidden])
        frame = composer.frame(of: session, atTick: 130, measurer: FakeMeasurer())
        #expect(frame.panel == nil)
        session.apply(.show, atTick: 150)
        #expect(session.settle() == [.shown])
        #expect(composer.frame(of: session, atTick: 150, measurer: FakeMeasurer()).wheel != nil)
    }

    /// Unasked, an outcome stays long enough to be read: max(minimum, 0.5 s + 60 ms a character),
    /// the minimum 2 s for a success and 5 s for an error or a notice; `--dismiss-after` fixes it.
    @Test(arguments: [
        (Outcome.success, "Done", nil as Double?, 2.0),
        (.failure, "Failed", nil, 5.0),
        (.info, "Ticket printed", nil, 5.0),
        // 104 characters: 0.5 + 6.24 s.
        (.failure, "Communication with the infusion pump was lost. Check the cable and restart the device. Error code 0x1F2.",
         nil, 6.74),
        (.success, "Saved", 1.0, 1.0),
    ] as [(Outcome, String, Double?, Double)])
    func anOutcomeStaysLongEnoughToBeRead(kind: Outcome, text: String, asked: Double?, seconds: Double) {
        var session = newSession { $0.dismissAfterSeconds = asked }
        session.advance(to: 0)
        session.apply(.outcome(kind, message: text), atTick: 0)
        #expect(session.nextChangeTick(after: 0) == Int((seconds * 60).rounded()), "\(text.count) characters")
    }

    @Test func aBareOutcomeShowsTheMarkAlone() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.detail("Step 2 of 3"), atTick: 0)
        session.apply(.outcome(.success, message: nil), atTick: 1)
        let frame = composer.frame(of: session, atTick: 1, measurer: FakeMeasurer())
        #expect(frame.panel?.labels.isEmpty == true, "no \"Please wait...\" beside the check")
        session.apply(.message("Next patient"), atTick: 2)
        #expect(session.state.message == "Next patient")
    }

    @Test func dismissAfterZeroKeepsTheOutcome() {
        var session = newSession { $0.dismissAfterSeconds = 0 }
        session.apply(.outcome(.failure, message: nil), atTick: 0)
        #expect(session.nextChangeTick(after: 0) == nil)
        #expect(session.advance(to: 100_000).isEmpty)
        #expect(session.presence.isDrawn)
    }

    @Test func outcomeShowsAHiddenHUD() {
        var session = newSession(visible: false)
        #expect(session.apply(.outcome(.info, message: "Insert card"), atTick: 5).isEmpty)
        #expect(session.settle() == [.shown])
    }

    @Test func progressReplacesTheWheelAndStopsTheAnimation() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.progress(25), atTick: 0)
        guard case .progress(let gauge) = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).indicator else {
            Issue.record("no gauge"); return
        }
        #expect(gauge.fraction == 0.25 && gauge.style == .ring)
        #expect(session.nextChangeTick(after: 0) == nil)
        session.apply(.progress(nil), atTick: 3)
        #expect(composer.frame(of: session, atTick: 3, measurer: FakeMeasurer()).wheel != nil)
    }

    @Test func zenityPulsateSwitchesBetweenWheelAndLastProgress() {
        var session = newSession()
        session.apply(.progress(40), atTick: 0)
        session.apply(.pulsate(true), atTick: 1)
        #expect(session.state.progress == nil)
        session.apply(.pulsate(false), atTick: 2)
        #expect(session.state.progress == 40)
    }

    @Test func silentHostIsNoticedThenRecoversOnItsNextStateCommand() {
        var session = newSession { $0.stallTimeoutSeconds = 2 }
        var composer = FrameComposer(screen: screen)
        session.advance(to: 0)
        session.apply(.message("Please wait..."), atTick: 30)
        #expect(session.nextChangeTick(after: 149) == 150)
        #expect(session.advance(to: 149).isEmpty)
        #expect(session.advance(to: 150) == [.stalled])
        let stalled = composer.frame(of: session, atTick: 200, measurer: FakeMeasurer())
        #expect(stalled.panel?.labels.first?.text.lines == ["Not responding"])
        #expect(stalled.wheel?.poseIndex == composer.frame(of: session, atTick: 150, measurer: FakeMeasurer()).wheel?.poseIndex)
        #expect(session.statusLine.contains(" stalled=1 ") && session.statusLine.contains("mode=stalled"))
        #expect(session.advance(to: 400).isEmpty)  // said once
        session.apply(.progress(10), atTick: 410)
        #expect(composer.frame(of: session, atTick: 410, measurer: FakeMeasurer()).panel?.labels.first?.text.lines == ["Please wait..."])
        #expect(session.statusLine.contains(" stalled=0 "))
    }

    /// A watchdog's (or the host's) questions are no sign that the host works: they neither
    /// put a stall off nor end one.
    @Test func pingAndStatusNeitherPutOffNorEndAStall() {
        var session = newSession { $0.stallTimeoutSeconds = 1 }
        session.advance(to: 0)
        for tick in stride(from: 10, to: 60, by: 10) { #expect(session.apply(.ping, atTick: tick) == [.pong]) }
        #expect(session.advance(to: 60) == [.stalled])
        #expect(session.apply(.ping, atTick: 70) == [.pong])
        #expect(session.apply(.status, atTick: 80) == [.status(
            "visible=1 blocked=0 grab=none shown=1 stalled=1 above=held backend=- mode=stalled progress=- message=\"Please wait...\" detail=\"\"")])
        #expect(session.stalledSince == 60)
        #expect(session.shownMessage == "Not responding")
    }

    /// `--on-stall` decides what a stall does to a block: keep it, lift it, or hide the HUD.
    @Test(arguments: [(StallAction.keep, true, true), (.unblock, true, false), (.hide, false, false), (.quit, true, true)])
    func aStallDoesToTheBlockWhatOnStallSays(action: StallAction, staysVisible: Bool, staysBlocking: Bool) {
        var session = newSession { $0.stallTimeoutSeconds = 1; $0.onStall = action }
        session.advance(to: 0)
        session.apply(.block(true), atTick: 1)
        #expect(session.wantsGrab)
        let events = session.advance(to: 61)
        #expect(events == [.stalled] + (staysVisible ? [] : [.hidden]))
        #expect(session.state.isVisible == staysVisible)
        #expect(session.state.isBlocking == staysBlocking)
        #expect(session.wantsGrab == staysBlocking)
        #expect(session.stalledSince == 61)
        #expect(session.statusLine.hasPrefix("visible=\(staysVisible ? 1 : 0) blocked=\(staysBlocking ? 1 : 0) "))
    }

    @Test func hiddenOverlayNeverStalls() {
        var session = newSession(visible: false) { $0.stallTimeoutSeconds = 1 }
        #expect(session.advance(to: 10_000).isEmpty)
    }

    @Test func burstOfShowAndHideAtOneTickSaysNothingWhenItEndsAsItBegan() {
        var session = newSession()
        session.advance(to: 0)
        for _ in 0..<1000 {
            session.apply(.hide, atTick: 3)
            session.apply(.show, atTick: 3)
        }
        #expect(session.settle().isEmpty)
        #expect(session.presence.isDrawn)
    }

    @Test func aStateCommandArrivingLateIsNotTakenForSilence() {
        var session = newSession { $0.stallTimeoutSeconds = 1 }
        session.advance(to: 0)
        #expect(session.apply(.progress(5), atTick: 75).isEmpty)  // the loop woke late; the host was not silent
        #expect(session.stalledSince == nil)
    }

    @Test func pingAndStatusAnswer() {
        var session = newSession()
        session.advance(to: 0)
        #expect(session.apply(.ping, atTick: 1) == [.pong])
        session.apply(.block(true), atTick: 1)
        session.apply(.progress(42.5), atTick: 1)
        session.apply(.message("Say \"hi\" \\ bye"), atTick: 1)
        #expect(session.apply(.status, atTick: 1) == [.status(
            "visible=1 blocked=1 grab=pending shown=1 stalled=0 above=held backend=- mode=progress progress=42.5 message=\"Say \\\"hi\\\" \\\\ bye\" detail=\"\"")])
    }

    @Test func runtimeLookCommandsChangeTheFrame() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        let before = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        session.apply(.wheelSize(200), atTick: 0)
        session.apply(.hudColor(Color(red: 1, green: 2, blue: 3, alpha: 200)), atTick: 0)
        session.apply(.wheelColor(.gray), atTick: 0)
        let after = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        #expect(after.wheel?.box.width == 200 && before.wheel?.box.width == 48)  // 2.5 x the 19 px type at 96 dpi
        #expect(after.panel?.hudColor == Color(red: 1, green: 2, blue: 3, alpha: 200))
        #expect(after.wheel?.wheel.color == .gray)
    }

    @Test func graceHidesAShortTaskCompletely() {
        var session = newSession(visible: false) { $0.graceSeconds = 0.5 }
        var events = session.apply(.show, atTick: 0)
        events += session.advance(to: 20)
        events += session.apply(.hide, atTick: 20)
        events += session.advance(to: 1000)
        #expect(events.isEmpty)
    }

    @Test func hundredThousandCommandsEndInTheLastState() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        for index in 0..<100_000 {
            session.apply(index % 2 == 0 ? .show : .hide, atTick: 7)
            session.apply(.message("message \(index)"), atTick: 7)
        }
        #expect(session.state.message == "message 99999" && !session.state.isVisible)
        #expect(session.settle() == [.hidden])  // one event for the whole burst, not 100 000
        #expect(composer.frame(of: session, atTick: 7, measurer: FakeMeasurer()).panel == nil)
    }
}
