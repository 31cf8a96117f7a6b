import Testing
@testable import KioskCore
import KioskTestSupport

/// The exits zenity --progress brings to the loop's pure step: `--auto-close` at 100 % and at the
/// end of input, the full bar shown after the end of input and then the exit, `--timeout`.
@Suite struct LoopPolicyZenityTests {
    private static let holdSeconds = 1.5
    private static let ticksPerSecond = 60

    private func policy(_ zenity: LoopPolicy.ZenityEndings?, exitsAtEndOfInput: Bool = false,
                        pulsating: Bool = false, estimatesTimeRemaining: Bool = false) -> LoopPolicy {
        var timing = Timing()
        timing.fadeSeconds = 0
        var options = ZenityProgressOptions()
        options.pulsates = pulsating
        let session = HostSession(appearance: Appearance(), timing: timing,
                                  clock: FixedStepClock(ticksPerSecond: Self.ticksPerSecond),
                                  state: options.initialState(visible: true, message: "Running..."))
        return LoopPolicy(session: session, composers: [FrameComposer(screen: Size(width: 800, height: 480))],
                          settings: LoopPolicy.Settings(exitsAtEndOfInput: exitsAtEndOfInput, zenity: zenity,
                                                        estimatesTimeRemaining: estimatesTimeRemaining))
    }

    private func zenity(_ command: Command, line: Int = 1) -> LoopInput { .host(.command(command, line: line), from: .standardInput) }

    /// The fraction of the progress gauge drawn in `frame`, or nil when none is drawn.
    private func gaugeFraction(_ frame: Frame??) -> Double? {
        guard case .progress(let gauge)? = frame??.indicator else { return nil }
        return gauge.fraction
    }

    /// `--time-remaining`: each percentage line sets the details line to the estimate (none
    /// after the first), drawn under the message; without it the details line is left alone.
    @Test(arguments: [false, true])
    func timeRemainingIsTheDetailsLineAfterEachPercentage(estimates: Bool) {
        var loop = policy(LoopPolicy.ZenityEndings(), estimatesTimeRemaining: estimates)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        _ = loop.step([zenity(.percentage(10))], atTick: 60, measurer: FakeMeasurer())
        #expect(loop.session.state.detail == "")
        let step = loop.step([zenity(.percentage(30), line: 2)], atTick: 660, measurer: FakeMeasurer())
        let expected = estimates ? "Time remaining: 0:00:35" : ""
        #expect(loop.session.state.detail == expected)
        let drawn = (step.frames.first??.panel?.labels ?? []).map { $0.text.lines.joined(separator: " ") }
        #expect(drawn.contains("Time remaining: 0:00:35") == estimates, "\(drawn)")
    }

    @Test func autoCloseExitsAtOneHundredAfterTheAnswersBeforeIt() {
        var loop = policy(LoopPolicy.ZenityEndings(autoCloses: true))
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([zenity(.percentage(40)), .host(.command(.ping, line: 1), from: .fifo),
                              zenity(.percentage(100), line: 2), zenity(.percentage(20), line: 3)],
                             atTick: 5, measurer: FakeMeasurer())
        #expect(step.exit == .autoClose)
        #expect(step.lines == ["pong"])
        #expect(loop.session.state.progress == 100, "the line after 100 is not applied")
    }

    @Test(arguments: [false, true])
    func oneHundredWithoutAutoCloseOrWhilePulsatingKeepsRunningOrNot(pulsating: Bool) {
        var plain = policy(LoopPolicy.ZenityEndings(autoCloses: false), pulsating: pulsating)
        _ = plain.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(plain.step([zenity(.percentage(100))], atTick: 1, measurer: FakeMeasurer()).exit == nil)
        var closing = policy(LoopPolicy.ZenityEndings(autoCloses: true), pulsating: pulsating)
        _ = closing.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(closing.step([zenity(.percentage(100))], atTick: 1, measurer: FakeMeasurer()).exit == .autoClose,
                "zenity closes at 100 while pulsating too")
    }

    @Test func theEndOfInputDrawsTheFullBarThenExitsAfterTheHold() {
        var loop = policy(LoopPolicy.ZenityEndings(fullBarSeconds: Self.holdSeconds), pulsating: true)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let end = loop.step([zenity(.percentage(30)), .endOfInput], atTick: 10, measurer: FakeMeasurer())
        let holdTicks = Int(Self.holdSeconds * Double(Self.ticksPerSecond))
        #expect(end.exit == nil)
        #expect(gaugeFraction(end.frames.first) == 1, "the wheel stops and the bar is drawn full")
        #expect(end.wakeTick == 10 + holdTicks, "nothing else moves: the next wake-up is the exit")
        #expect(loop.step([], atTick: 10 + holdTicks - 1, measurer: FakeMeasurer()).exit == nil)
        #expect(loop.step([], atTick: 10 + holdTicks, measurer: FakeMeasurer()).exit == .progressFinished)
    }

    @Test func theEndOfInputWithAutoCloseExitsAtOnce() {
        var loop = policy(LoopPolicy.ZenityEndings(autoCloses: true, fullBarSeconds: Self.holdSeconds))
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([zenity(.message("Copying")), .endOfInput], atTick: 3, measurer: FakeMeasurer())
        #expect(step.exit == .autoClose)
        #expect(step.frames == [nil], "nothing is drawn on the way out")
    }

    @Test func noHoldKeepsTheFullBarUntilQuit() {
        var loop = policy(LoopPolicy.ZenityEndings(fullBarSeconds: nil))
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let end = loop.step([.endOfInput], atTick: 2, measurer: FakeMeasurer())
        #expect(end.exit == nil && end.wakeTick == nil)
        #expect(gaugeFraction(end.frames.first) == 1)
        #expect(loop.step([.host(.command(.quit(retainingScreen: false), line: 1), from: .fifo)], atTick: 9_000, measurer: FakeMeasurer()).exit == .quit)
    }

    @Test func exitOnEOFStillExitsAtOnce() {
        var loop = policy(LoopPolicy.ZenityEndings(fullBarSeconds: Self.holdSeconds), exitsAtEndOfInput: true)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        #expect(loop.step([.endOfInput], atTick: 1, measurer: FakeMeasurer()).exit == .endOfInput)
    }

    @Test func theTimeoutExitsAtItsTickAndIsTheWakeUpWhenNothingElseMoves() {
        var loop = policy(LoopPolicy.ZenityEndings(timeoutSeconds: 2))
        // At 0 % the wheel turns (a still, empty bar would read as hung); at 30 % nothing moves.
        let first = loop.step([zenity(.percentage(30))], atTick: 0, measurer: FakeMeasurer())
        #expect(first.wakeTick == 2 * Self.ticksPerSecond)
        #expect(loop.step([], atTick: 119, measurer: FakeMeasurer()).exit == nil)
        #expect(loop.step([], atTick: 120, measurer: FakeMeasurer()).exit == .timedOut)
    }

    @Test func theEarlierOfTimeoutAndHoldWins() {
        var loop = policy(LoopPolicy.ZenityEndings(fullBarSeconds: 10, timeoutSeconds: 1))
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let end = loop.step([.endOfInput], atTick: 30, measurer: FakeMeasurer())
        #expect(end.wakeTick == 60)
        #expect(loop.step([], atTick: 60, measurer: FakeMeasurer()).exit == .timedOut)
    }

    @Test func outsideTheZenityDialectNeitherOneHundredNorTheEndOfInputEndsAnything() {
        var loop = policy(nil)
        _ = loop.step([], atTick: 0, measurer: FakeMeasurer())
        let step = loop.step([zenity(.percentage(100)), .endOfInput], atTick: 1, measurer: FakeMeasurer())
        #expect(step.exit == nil && step.wakeTick == nil)
    }
}
