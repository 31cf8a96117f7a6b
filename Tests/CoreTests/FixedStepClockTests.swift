import Testing
@testable import KioskCore

@Suite struct FixedStepClockTests {
    @Test func ticksCountWholeStepsOfElapsedTime() {
        let clock = FixedStepClock(ticksPerSecond: 60)
        #expect(clock.ticks(elapsedNanoseconds: 0) == 0)
        #expect(clock.ticks(elapsedNanoseconds: 16_666_666) == 0)
        #expect(clock.ticks(elapsedNanoseconds: 16_666_667) == 1)
        #expect(clock.ticks(elapsedNanoseconds: 1_000_000_000) == 60)
        #expect(clock.ticks(elapsedNanoseconds: 3_600_000_000_000) == 216_000)
    }

    @Test(arguments: [1, 7, 60, 144, 1000])
    func tickStartTimesRoundTrip(rate: Int) {
        let clock = FixedStepClock(ticksPerSecond: rate)
        for tick in [0, 1, 2, 59, 60, 61, 12345, 9_999_999] {
            let start = clock.nanoseconds(atTick: tick)
            #expect(clock.ticks(elapsedNanoseconds: start) == tick)
            if start > 0 { #expect(clock.ticks(elapsedNanoseconds: start - 1) == tick - 1) }
        }
    }

    @Test func secondsBecomeAtLeastOneTick() {
        let clock = FixedStepClock(ticksPerSecond: 60)
        #expect(clock.ticks(inSeconds: 1) == 60)
        #expect(clock.ticks(inSeconds: 0.001) == 1)
        #expect(clock.ticks(inSeconds: .nan) == 1)
    }
}
