import KioskCore
import Testing

@Suite("systemd's boot progress as the ring")
struct BootProgressTests {
    private func steps(_ readings: [Double]) -> [[BootProgress.Step]] {
        var progress = BootProgress()
        return readings.map { progress.read($0) }
    }

    @Test func eachRisingWholePercentageFillsTheRingAndTheEndQuits() {
        #expect(steps([0, 0.004, 0.42, 0.429, 0.5, 1]) == [
            [.progress(0)], [], [.progress(42)], [], [.progress(50)], [.progress(100), .finished],
        ])
    }

    @Test func theRingNeverGoesBackWhenSystemdQueuesMoreJobs() {
        #expect(steps([0.6, 0.3, 0.61, 0.59, 0.7]) == [[.progress(60)], [], [.progress(61)], [], [.progress(70)]])
    }

    @Test func almostDoneIsNinetyNineNotAHundred() {
        #expect(steps([0.9999]) == [[.progress(99)]])
    }

    @Test func aBootFinishedBeforeTheFirstReadingIsNothingToFollow() {
        #expect(steps([1]) == [[.finishedBeforeStart]])
    }

    /// systemd divides by its count of installed jobs, which is 0 in the first instants.
    @Test(arguments: [Double.nan, .infinity, -.infinity, -0.5])
    func aReadingThatIsNoFractionChangesNothing(reading: Double) {
        #expect(steps([0.2, reading, 0.3]) == [[.progress(20)], [], [.progress(30)]])
    }
}
