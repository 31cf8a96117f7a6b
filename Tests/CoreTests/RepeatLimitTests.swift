import Testing
@testable import KioskCore

/// How often a guarded remedy may repeat: `count` times in any window of its length, and again
/// as the earliest leave the window.
@Suite struct RepeatLimitTests {
    private static let second: UInt64 = 1_000_000_000

    /// What `limit` answers at each of `times`, in order.
    private func answers(_ limit: RepeatLimit, at times: [UInt64]) -> [Bool] {
        var limit = limit
        return times.map { limit.allows(at: $0) }
    }

    @Test func allowsCountTimesInAWindowThenRefuses() {
        let times = (0...3).map { UInt64($0) * Self.second / 10 }
        #expect(answers(RepeatLimit(count: 3, withinSeconds: 2), at: times) == [true, true, true, false])
    }

    @Test func allowsAgainAsTheEarliestLeaveTheWindow() {
        let second = Self.second
        let times = [0, second / 2, second - 1, second, second + second / 4, second + second / 2]
        #expect(answers(RepeatLimit(count: 2, withinSeconds: 1), at: times) == [true, true, false, true, false, true])
    }

    @Test func aRefusalIsNotCountedAgainstLaterTimes() {
        let times = (0...10).map { UInt64($0) * Self.second / 10 }
        #expect(answers(RepeatLimit(count: 1, withinSeconds: 1), at: times) == [true] + Array(repeating: false, count: 9) + [true])
    }

    @Test func aCountBelowOneAllowsOnce() {
        #expect(answers(RepeatLimit(count: 0, withinSeconds: 1), at: [0, 1]) == [true, false])
    }
}
