import Testing
@testable import KioskCore

/// zenity's `--time-remaining`, from the percentage lines' rate: exact on a 60-tick clock.
@Suite struct RemainingTimeEstimateTests {
    private static let clock = FixedStepClock(ticksPerSecond: 60)

    @Test func theRateSinceTheFirstLineTellsTheRest() {
        var estimate = RemainingTimeEstimate(clock: Self.clock)
        #expect(estimate.line(after: 10, atTick: 0) == "", "one line tells no rate")
        #expect(estimate.line(after: 10, atTick: 300) == "", "no progress since it tells none either")
        // 10 % in 10 s: the 80 % left take 80 s.
        #expect(estimate.line(after: 20, atTick: 600) == "Time remaining: 0:01:20")
        // The same 20 % a second later: the rate is slower, the rest longer (as zenity's).
        #expect(estimate.line(after: 20, atTick: 660) == "Time remaining: 0:01:28")
        #expect(estimate.line(after: 55, atTick: 1_800) == "Time remaining: 0:00:30")
    }

    @Test func zeroAndOneHundredSayNothingAndStartTheMeasureAgain() {
        var estimate = RemainingTimeEstimate(clock: Self.clock)
        _ = estimate.line(after: 10, atTick: 0)
        #expect(estimate.line(after: 100, atTick: 600) == "")
        #expect(estimate.line(after: 50, atTick: 900) == "", "measured again from here")
        #expect(estimate.line(after: 75, atTick: 1_500) == "Time remaining: 0:00:10")
        #expect(estimate.line(after: 0, atTick: 1_560) == "")
        #expect(estimate.line(after: 30, atTick: 1_620) == "")
    }

    @Test func progressThatGoesBackIsMeasuredAgainFromThere() {
        var estimate = RemainingTimeEstimate(clock: Self.clock)
        _ = estimate.line(after: 40, atTick: 0)
        #expect(estimate.line(after: 20, atTick: 600) == "")
        #expect(estimate.line(after: 60, atTick: 1_200) == "Time remaining: 0:00:10")
    }

    @Test func hoursMinutesAndSecondsAsZenitySaysThem() {
        let english = Language.english
        #expect(english.timeRemaining(seconds: 0, numbers: .plain) == "Time remaining: 0:00:00")
        #expect(english.timeRemaining(seconds: 3 * 3_600 + 5 * 60 + 7, numbers: .plain) == "Time remaining: 3:05:07")
        #expect(english.timeRemaining(seconds: 59 * 60 + 59, numbers: .plain) == "Time remaining: 0:59:59")
    }

    @Test func theEstimateIsSaidInTheDevicesLanguageAndDigits() {
        let locale = LocaleName("de_DE.UTF-8")
        var estimate = RemainingTimeEstimate(clock: Self.clock, language: Language(choosingFrom: locale.map { [$0] } ?? []),
                                             numbers: NumberStyle(for: locale))
        _ = estimate.line(after: 40, atTick: 0)
        #expect(estimate.line(after: 60, atTick: 1_200) == "Verbleibende Zeit: 0:00:40")
    }
}
