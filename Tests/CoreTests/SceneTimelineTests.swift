import Testing
@testable import KioskCore
import KioskTestSupport

/// The scene's timelines with a fake clock: what is drawn and what the host is told, tick by tick.
@Suite struct SceneTimelineTests {
    private func scene(visible: Bool = true, _ change: (inout Timing) -> Void = { _ in }) -> OverlayScene {
        var timing = Timing()
        timing.fadeSeconds = 0
        change(&timing)
        return OverlayScene(screen: Size(width: 800, height: 480), appearance: Appearance(), timing: timing,
                            clock: FixedStepClock(ticksPerSecond: 60), state: HUDState(isVisible: visible, message: "Please wait..."))
    }

    @Test func startingVisibleSaysShownOnce() {
        var overlay = scene()
        #expect(overlay.advance(to: 0) == [.shown])
        #expect(overlay.advance(to: 1).isEmpty)
    }

    @Test func outcomeReplacesTheWheelAndDismissesItselfAfterTheDelay() {
        var overlay = scene()
        overlay.advance(to: 0)
        overlay.apply(.outcome(.success, message: "Done"), atTick: 10)
        var frame = overlay.frame(atTick: 10, measurer: FakeMeasurer())
        guard case .outcome(let mark) = frame.indicator else { Issue.record("no outcome mark"); return }
        #expect(mark.kind == .success)
        #expect(frame.panel?.labels.first?.text.lines == ["Done"])
        #expect(overlay.nextChangeTick(after: 10) == 100)  // 1.5 s later; the mark does not animate
        #expect(overlay.advance(to: 99).isEmpty)
        #expect(overlay.advance(to: 100) == [.hidden])
        frame = overlay.frame(atTick: 100, measurer: FakeMeasurer())
        #expect(frame.panel == nil)
        overlay.apply(.show, atTick: 120)
        #expect(overlay.settle() == [.shown])
        #expect(overlay.frame(atTick: 120, measurer: FakeMeasurer()).wheel != nil)
    }

    @Test func dismissAfterZeroKeepsTheOutcome() {
        var overlay = scene { $0.dismissAfterSeconds = 0 }
        overlay.apply(.outcome(.failure, message: nil), atTick: 0)
        #expect(overlay.nextChangeTick(after: 0) == nil)
        #expect(overlay.advance(to: 100_000).isEmpty)
        #expect(overlay.presence.isDrawn)
    }

    @Test func outcomeShowsAHiddenHUD() {
        var overlay = scene(visible: false)
        #expect(overlay.apply(.outcome(.info, message: "Insert card"), atTick: 5).isEmpty)
        #expect(overlay.settle() == [.shown])
    }

    @Test func progressReplacesTheWheelAndStopsTheAnimation() {
        var overlay = scene()
        overlay.apply(.progress(25), atTick: 0)
        guard case .progress(let gauge) = overlay.frame(atTick: 0, measurer: FakeMeasurer()).indicator else {
            Issue.record("no gauge"); return
        }
        #expect(gauge.fraction == 0.25 && gauge.style == .ring)
        #expect(overlay.nextChangeTick(after: 0) == nil)
        overlay.apply(.progress(nil), atTick: 3)
        #expect(overlay.frame(atTick: 3, measurer: FakeMeasurer()).wheel != nil)
    }

    @Test func zenityPulsateSwitchesBetweenWheelAndLastProgress() {
        var overlay = scene()
        overlay.apply(.progress(40), atTick: 0)
        overlay.apply(.pulsate(true), atTick: 1)
        #expect(overlay.state.progress == nil)
        overlay.apply(.pulsate(false), atTick: 2)
        #expect(overlay.state.progress == 40)
    }

    @Test func silentHostIsNoticedThenRecoversOnTheNextCommand() {
        var overlay = scene { $0.stallTimeoutSeconds = 2 }
        overlay.advance(to: 0)
        overlay.apply(.ping, atTick: 30)
        #expect(overlay.nextChangeTick(after: 149) == 150)
        #expect(overlay.advance(to: 149).isEmpty)
        #expect(overlay.advance(to: 150) == [.stalled])
        let stalled = overlay.frame(atTick: 200, measurer: FakeMeasurer())
        #expect(stalled.panel?.labels.first?.text.lines == ["Not responding"])
        #expect(stalled.wheel?.poseIndex == overlay.frame(atTick: 150, measurer: FakeMeasurer()).wheel?.poseIndex)
        #expect(overlay.statusLine.contains("mode=stalled"))
        #expect(overlay.advance(to: 400).isEmpty)  // said once
        overlay.apply(.ping, atTick: 410)
        #expect(overlay.frame(atTick: 410, measurer: FakeMeasurer()).panel?.labels.first?.text.lines == ["Please wait..."])
        #expect(overlay.nextChangeTick(after: 410) == 415)  // the wheel turns again
    }

    @Test func hiddenOverlayNeverStalls() {
        var overlay = scene(visible: false) { $0.stallTimeoutSeconds = 1 }
        #expect(overlay.advance(to: 10_000).isEmpty)
    }

    @Test func burstOfShowAndHideAtOneTickSaysNothingWhenItEndsAsItBegan() {
        var overlay = scene()
        overlay.advance(to: 0)
        for _ in 0..<1000 {
            overlay.apply(.hide, atTick: 3)
            overlay.apply(.show, atTick: 3)
        }
        #expect(overlay.settle().isEmpty)
        #expect(overlay.presence.isDrawn)
    }

    @Test func statusWhileStalledReportsItThenTheOverlayRecovers() {
        var overlay = scene { $0.stallTimeoutSeconds = 1 }
        overlay.advance(to: 0)
        #expect(overlay.advance(to: 60) == [.stalled])
        #expect(overlay.apply(.status, atTick: 70) == [.status(
            "visible=1 blocked=0 grab=none mode=stalled progress=- message=\"Please wait...\" detail=\"\"")])
        #expect(overlay.session.stalledSince == nil)
    }

    @Test func aCommandArrivingLateIsNotTakenForSilence() {
        var overlay = scene { $0.stallTimeoutSeconds = 1 }
        overlay.advance(to: 0)
        #expect(overlay.apply(.ping, atTick: 75) == [.pong])  // the loop woke late; the host was not silent
    }

    @Test func pingAndStatusAnswer() {
        var overlay = scene()
        overlay.advance(to: 0)
        #expect(overlay.apply(.ping, atTick: 1) == [.pong])
        overlay.apply(.block(true), atTick: 1)
        overlay.apply(.progress(42.5), atTick: 1)
        overlay.apply(.message("Say \"hi\" \\ bye"), atTick: 1)
        #expect(overlay.apply(.status, atTick: 1) == [.status(
            "visible=1 blocked=1 grab=pending mode=progress progress=42.5 message=\"Say \\\"hi\\\" \\\\ bye\" detail=\"\"")])
    }

    @Test func runtimeLookCommandsChangeTheFrame() {
        var overlay = scene()
        let before = overlay.frame(atTick: 0, measurer: FakeMeasurer())
        overlay.apply(.wheelSize(200), atTick: 0)
        overlay.apply(.hudColor(Color(red: 1, green: 2, blue: 3, alpha: 200)), atTick: 0)
        overlay.apply(.wheelColor(.gray), atTick: 0)
        let after = overlay.frame(atTick: 0, measurer: FakeMeasurer())
        #expect(after.wheel?.box.width == 200 && before.wheel?.box.width == 48)  // 2.5 x the 19 px type at 96 dpi
        #expect(after.panel?.hudColor == Color(red: 1, green: 2, blue: 3, alpha: 200))
        #expect(after.wheel?.wheel.color == .gray)
    }

    @Test func graceHidesAShortTaskCompletely() {
        var overlay = scene(visible: false) { $0.graceSeconds = 0.5 }
        var events = overlay.apply(.show, atTick: 0)
        events += overlay.advance(to: 20)
        events += overlay.apply(.hide, atTick: 20)
        events += overlay.advance(to: 1000)
        #expect(events.isEmpty)
    }

    @Test func hundredThousandCommandsEndInTheLastState() {
        var overlay = scene()
        for index in 0..<100_000 {
            overlay.apply(index % 2 == 0 ? .show : .hide, atTick: 7)
            overlay.apply(.message("message \(index)"), atTick: 7)
        }
        #expect(overlay.state.message == "message 99999" && !overlay.state.isVisible)
        #expect(overlay.settle() == [.hidden])  // one event for the whole burst, not 100 000
        #expect(overlay.frame(atTick: 7, measurer: FakeMeasurer()).panel == nil)
    }
}
