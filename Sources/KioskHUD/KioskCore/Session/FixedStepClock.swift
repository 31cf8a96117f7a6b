/// Turns elapsed time into whole ticks of a fixed rate, so the picture depends only on how many
/// ticks have passed, never on how late a frame was drawn.
public struct FixedStepClock: Sendable, Equatable {
    /// Ticks per second.
    public let ticksPerSecond: Int

    private static let nanosecondsPerSecond: UInt64 = 1_000_000_000

    /// Creates a clock of `ticksPerSecond` (1...1000).
    public init(ticksPerSecond: Int = 60) {
        self.ticksPerSecond = min(1000, max(1, ticksPerSecond))
    }

    /// The number of whole ticks in `elapsedNanoseconds`.
    public func ticks(elapsedNanoseconds elapsed: UInt64) -> Int {
        let rate = UInt64(ticksPerSecond), second = Self.nanosecondsPerSecond
        return Int(elapsed / second * rate + elapsed % second * rate / second)
    }

    /// The first elapsed time at which `tick` whole ticks have passed.
    public func nanoseconds(atTick tick: Int) -> UInt64 {
        let rate = UInt64(ticksPerSecond), second = Self.nanosecondsPerSecond
        let whole = UInt64(max(0, tick))
        return whole / rate * second + (whole % rate * second + rate - 1) / rate
    }

    /// The whole number of ticks closest to `seconds`, 0 for zero or less.
    public func wholeTicks(inSeconds seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds * Double(ticksPerSecond), Double(Int32.max)).rounded())
    }

    /// The whole number of ticks closest to `seconds`, at least 1.
    public func ticks(inSeconds seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return max(1, Int(min(seconds * Double(ticksPerSecond), Double(Int32.max)).rounded()))
    }
}
