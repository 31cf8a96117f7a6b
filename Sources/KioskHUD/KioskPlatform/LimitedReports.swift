import KioskCore

/// A report said on stderr at most `count` times within any `seconds` (a `RepeatLimit`): for a
/// line that a misbehaving peer or a restless console could otherwise have the overlay say on
/// every frame.
package struct LimitedReports {
    private var limit: RepeatLimit

    /// Creates reports limited to `count` (at least 1) within `seconds`.
    package init(count: Int, withinSeconds seconds: Double) {
        limit = RepeatLimit(count: count, withinSeconds: seconds)
    }

    /// Says `line` through `Diagnostics.report` unless the limit is reached at `now`
    /// (`MonotonicClock` nanoseconds).
    package mutating func report(_ line: @autoclosure () -> String, at now: UInt64 = MonotonicClock.nanoseconds()) {
        if limit.allows(at: now) { Diagnostics.report(line()) }
    }
}
