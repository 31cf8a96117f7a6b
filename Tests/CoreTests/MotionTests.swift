import Testing
@testable import KioskCore
import KioskTestSupport

/// The HUD's motion, tick by tick: the backdrop fading with `block` and `unblock` while input is
/// taken and given back at once, the HUD growing to a longer message, a ring moving to a new
/// value, a mark drawing itself, the wheel at 0 %, and `--fade 0` drawing every change at once.
@Suite struct MotionTests {
    private let screen = Size(width: 800, height: 480)
    private let clock = FixedStepClock(ticksPerSecond: 60)

    private func newSession(fadeSeconds: Double = 0.2, showsPercent: Bool = false) -> HostSession {
        var timing = Timing()
        timing.fadeSeconds = fadeSeconds
        var appearance = Appearance()
        appearance.showsPercent = showsPercent
        return HostSession(appearance: appearance, timing: timing, clock: clock,
                           state: HUDState(isVisible: true, message: "Please wait..."))
    }

    /// The frames of `session` at `ticks`, from one composer (as a display draws them).
    private func frames(of session: HostSession, at ticks: some Sequence<Int>, composer: inout FrameComposer) -> [Frame] {
        ticks.map { composer.frame(of: session, atTick: $0, measurer: FakeMeasurer()) }
    }

    @Test func aTransitionEasesOutAndTurnsBackFromWhereItIs() {
        var transition = Transition(at: 0)
        transition.move(to: 1, atTick: 10, over: 10)
        let values = (10...20).map(transition.value(atTick:))
        #expect(values.first == 0 && values.last == 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(values[5] > 0.5, "eased out: past half way at half time")
        #expect(transition.nextChangeTick(after: 12) == 13 && transition.nextChangeTick(after: 20) == nil)
        let halfWay = transition.value(atTick: 15)
        transition.move(to: 0, atTick: 15, over: 10)
        #expect(transition.value(atTick: 15) == halfWay, "a new target starts from where it was")
        #expect(transition.value(atTick: 25) == 0)
    }

    @Test func blockTakesInputAtOnceWhileTheBackdropFadesInAndUnblockGivesItBackAtOnce() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        let fade = session.motion.backdropTicks
        #expect(fade == 12)
        session.apply(.block(true), atTick: 60)
        let fadingIn = frames(of: session, at: 60...(60 + fade), composer: &composer)
        #expect(fadingIn.allSatisfy { $0.input == .everything })
        let alphas = fadingIn.map { Int($0.panel?.backdrop?.alpha ?? 0) }
        #expect(alphas.first == 0 && alphas.last == 0xB3)
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 <= $1 } && Set(alphas).count > 5)
        #expect(session.nextChangeTick(after: 60) == 61)

        session.apply(.block(false), atTick: 100)
        let fadingOut = frames(of: session, at: 100...(100 + fade), composer: &composer)
        #expect(fadingOut.allSatisfy { $0.input == .roundedRect($0.panel!.hud, cornerRadiusPixels: $0.panel!.cornerRadiusPixels) },
                "input is given back at once")
        #expect(fadingOut.dropLast().allSatisfy { $0.visible == .everything && $0.panel?.backdrop != nil },
                "the backdrop stays drawn until it has faded")
        #expect(fadingOut.last?.panel?.backdrop == nil && fadingOut.last?.visible == fadingOut.last?.input)
    }

    @Test func theHUDGrowsToALongerMessageOverTheResizeTime() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        let before = composer.frame(of: session, atTick: 30, measurer: FakeMeasurer()).panel!.hud
        session.apply(.message("Receiving the ECG from the monitor at bed 12"), atTick: 40)
        let resize = session.motion.resizeTicks
        let growingFrames = frames(of: session, at: 40...(40 + resize), composer: &composer)
        let growing = growingFrames.map { $0.panel!.hud }
        var settled = FrameComposer(screen: screen)
        let after = settled.frame(of: session, atTick: 40, measurer: FakeMeasurer()).panel!.hud
        #expect(growingFrames.dropLast().allSatisfy { $0.resizeReach == before.union(after) },
                "while it grows, the frame says the rectangle holding its whole way")
        #expect(growingFrames.last?.resizeReach == nil)
        #expect(after.width > before.width)
        #expect(growing.first == before && growing.last == after)
        #expect(zip(growing, growing.dropFirst()).allSatisfy { $0.width <= $1.width } && Set(growing.map(\.width)).count > 5)
        #expect(growing.allSatisfy { abs($0.center.x - after.center.x) <= 1 }, "it grows about its centre")
        #expect(composer.nextChangeTick(after: 41) == 42 && composer.nextChangeTick(after: 40 + resize) == nil)
    }

    @Test func commandsAtTheTickOfTheFirstFrameAreDrawnAtOnce() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        _ = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        session.apply(.message("Receiving the ECG from the monitor at bed 12"), atTick: 0)
        let hud = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!.hud
        var settled = FrameComposer(screen: screen)
        #expect(hud == settled.frame(of: session, atTick: 0, measurer: FakeMeasurer()).panel!.hud)
        #expect(composer.nextChangeTick(after: 0) == nil)
    }

    @Test func aRingMovesToEachNewValueWhileItsPercentageSaysTheValueAtOnce() {
        var session = newSession(showsPercent: true)
        var composer = FrameComposer(screen: screen)
        session.apply(.progress(10), atTick: 0)
        session.apply(.progress(60), atTick: 30)
        let gauges: [Frame.ProgressGauge] = frames(of: session, at: 30...(30 + session.motion.progressTicks), composer: &composer)
            .compactMap { frame in
                guard case .progress(let gauge) = frame.indicator else { return nil }
                return gauge
            }
        #expect(gauges.count == session.motion.progressTicks + 1)
        #expect(abs(gauges.first!.fraction - 0.1) < 1e-9 && gauges.last!.fraction == 0.6)
        #expect(zip(gauges, gauges.dropFirst()).allSatisfy { $0.fraction < $1.fraction })
        #expect(gauges.allSatisfy { $0.percentText == "60%" })
    }

    /// psplash's boot scripts step the progress by one percent: such a step moves in two frames,
    /// a jump of a tenth or more in all of `progressTicks`, and the steps between in proportion.
    @Test(arguments: [(10.0, 11.0, 2), (10.0, 15.0, 8), (10.0, 20.0, 15), (60.0, 10.0, 15)])
    func aSmallStepMovesInFewerFramesThanAJump(from: Double, to: Double, ticks: Int) {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.progress(from), atTick: 0)
        session.apply(.progress(to), atTick: 30)
        #expect(session.motion.progressTicks == 15)
        let fractions: [Double] = frames(of: session, at: 30...60, composer: &composer).compactMap { frame in
            guard case .progress(let gauge) = frame.indicator else { return nil }
            return gauge.fraction
        }
        // The old value at the command's tick, a new one at each tick it moves, then no change.
        let shown = fractions.enumerated().filter { $0.offset == 0 || fractions[$0.offset - 1] != $0.element }.map(\.element)
        #expect(shown.count == ticks + 1)
        #expect(abs(shown.first! - from / 100) < 1e-9 && abs(shown.last! - to / 100) < 1e-9)
    }

    @Test func atZeroPercentTheWheelTurnsUntilTheFirstValueAboveZero() {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.progress(0), atTick: 0)
        guard case .wheel = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer()).indicator else {
            Issue.record("no wheel at 0 %")
            return
        }
        #expect(session.nextChangeTick(after: 0) == 5, "the wheel's next step")
        #expect(session.statusLine.contains("mode=progress progress=0"))
        session.apply(.progress(1), atTick: 10)
        guard case .progress = composer.frame(of: session, atTick: 10, measurer: FakeMeasurer()).indicator else {
            Issue.record("no ring at 1 %")
            return
        }
    }

    @Test(arguments: [Outcome.success, .failure, .info])
    func aMarkDrawsItself(kind: Outcome) {
        var session = newSession()
        var composer = FrameComposer(screen: screen)
        session.apply(.outcome(kind, message: nil), atTick: 20)
        let marks: [Frame.OutcomeMark] = frames(of: session, at: 20...(20 + session.motion.markTicks), composer: &composer)
            .compactMap { frame in
                guard case .outcome(let mark) = frame.indicator else { return nil }
                return mark
            }
        #expect(marks.first?.drawn == 0 && marks.last?.drawn == 1)
        #expect(marks.first?.strokes.isEmpty == true && marks.first?.circleDrawn == 0)
        #expect(marks.last?.strokes == marks.last?.wholeStrokes)
        let inked = marks.map { mark in mark.strokes.reduce(0) { $0 + $1.length } + mark.circleDrawn }
        #expect(zip(inked, inked.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(session.nextChangeTick(after: 21) == 22)
    }

    @Test func withoutFadesEveryChangeIsDrawnAtOnce() {
        var session = newSession(fadeSeconds: 0)
        #expect(session.motion == Motion(timing: { var timing = Timing(); timing.fadeSeconds = 0; return timing }(), clock: clock))
        #expect([session.motion.backdropTicks, session.motion.resizeTicks, session.motion.progressTicks,
                 session.motion.markTicks] == [0, 0, 0, 0])
        var composer = FrameComposer(screen: screen)
        _ = composer.frame(of: session, atTick: 0, measurer: FakeMeasurer())
        session.apply(.block(true), atTick: 10)
        session.apply(.progress(40), atTick: 10)
        session.apply(.progress(80), atTick: 11)
        session.apply(.outcome(.success, message: "Printed, take your ticket"), atTick: 12)
        let frame = composer.frame(of: session, atTick: 12, measurer: FakeMeasurer())
        var settled = FrameComposer(screen: screen)
        #expect(frame == settled.frame(of: session, atTick: 12, measurer: FakeMeasurer()))
        #expect(frame.panel?.backdrop?.alpha == 0xB3)
        guard case .outcome(let mark) = frame.indicator else {
            Issue.record("no mark")
            return
        }
        #expect(mark.drawn == 1)
    }
}
