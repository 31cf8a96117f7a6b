/// A number moving to a new value over a number of ticks, eased out (fast, then settling), that
/// can be sent somewhere else at any time and starts from wherever it is then: the backdrop's
/// strength as `block` and `unblock` fade it, the progress a ring or bar shows.
public struct Transition: Sendable, Equatable {
    /// Where it started.
    public private(set) var from: Double
    /// Where it is going.
    public private(set) var target: Double
    /// The tick it started moving.
    public private(set) var startTick = 0
    /// How many ticks the move takes; 0 jumps.
    public private(set) var ticks = 0

    /// A transition standing still at `value`.
    public init(at value: Double) {
        from = value
        target = value
    }

    /// Its value at `tick`.
    public func value(atTick tick: Int) -> Double {
        from + (target - from) * Self.eased(fraction(atTick: tick))
    }

    /// Moves to `newTarget` from its value at `tick`, over `ticks` (0 jumps there).
    public mutating func move(to newTarget: Double, atTick tick: Int, over ticks: Int) {
        guard newTarget != target else { return }
        from = ticks > 0 ? value(atTick: tick) : newTarget
        target = newTarget
        startTick = tick
        self.ticks = max(0, ticks)
    }

    /// The next tick after `tick` at which its value changes, or nil once it has arrived.
    public func nextChangeTick(after tick: Int) -> Int? {
        tick < startTick + ticks && from != target ? max(tick + 1, startTick + 1) : nil
    }

    /// How far through a move of `ticks` begun at `start` it is at `tick`, 0...1 (1 when `ticks`
    /// is 0).
    public static func fraction(from start: Int, atTick tick: Int, over ticks: Int) -> Double {
        ticks > 0 ? min(1, max(0, Double(tick - start) / Double(ticks))) : 1
    }

    /// `fraction` eased out (a cubic): most of the way early, settling gently, as UIKit's
    /// default animation curve reads.
    public static func eased(_ fraction: Double) -> Double {
        let left = 1 - min(1, max(0, fraction))
        return 1 - left * left * left
    }

    private func fraction(atTick tick: Int) -> Double {
        Self.fraction(from: startTick, atTick: tick, over: ticks)
    }
}
