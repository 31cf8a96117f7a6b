/// When the HUD is actually on screen, and how opaque, given when the host asked for it:
/// MBProgressHUD's grace time (a `show` quickly followed by `hide` never draws anything), minimum
/// show time (once drawn, a `hide` waits until the HUD was visible that long) and fades.
///
/// Everything is counted in ticks of the fixed-step clock, so a timeline is exact.
public struct Presence: Sendable, Equatable {
    /// The timing rules, in ticks.
    public struct Timing: Sendable, Equatable {
        /// How long a `show` waits before drawing, so a short task never flashes a HUD.
        public var graceTicks: Int
        /// How long the HUD stays once drawn, however soon `hide` comes.
        public var minimumShownTicks: Int
        /// How long a fade in or out takes; 0 switches at once.
        public var fadeTicks: Int

        /// Creates timing rules.
        public init(graceTicks: Int = 0, minimumShownTicks: Int = 0, fadeTicks: Int = 0) {
            self.graceTicks = max(0, graceTicks)
            self.minimumShownTicks = max(0, minimumShownTicks)
            self.fadeTicks = max(0, fadeTicks)
        }
    }

    /// What the HUD is doing.
    public enum Phase: Sendable, Equatable {
        /// Not drawn.
        case hidden
        /// Asked for, waiting out the grace time until `tick`.
        case waiting(until: Int)
        /// Drawn, growing opaque from `opacity` since `start`.
        case fadingIn(start: Int, opacity: Double)
        /// Drawn fully.
        case shown
        /// Drawn, fading from `opacity` since `start`.
        case fadingOut(start: Int, opacity: Double)
    }

    /// What a change of phase tells the host.
    public enum Change: Sendable, Equatable {
        /// The HUD started being drawn.
        case appeared(atTick: Int)
        /// The HUD stopped being drawn.
        case disappeared(atTick: Int)
    }

    /// The rules.
    public let timing: Timing
    /// The phase at the last `advance`.
    public private(set) var phase: Phase
    /// What the host asked for last.
    public private(set) var wantsVisible: Bool
    /// When the host last asked for it to go.
    private var hideRequestedAt = 0
    /// When this showing started being drawn.
    public private(set) var drawnSince: Int?
    /// Changes not yet returned by `advance`: the start, when starting visible.
    private var unreported: [Change]

    /// Creates a presence at tick 0, drawn at once (no grace, no fade) when `visible`; the first
    /// `advance` reports that it appeared.
    public init(timing: Timing, visible: Bool) {
        self.timing = timing
        wantsVisible = visible
        phase = visible ? .shown : .hidden
        drawnSince = visible ? 0 : nil
        unreported = visible ? [.appeared(atTick: 0)] : []
    }

    /// Ends at once, with no change to report, a showing the host has already asked to end (its
    /// fade or minimum time unseen: another virtual console was in front meanwhile).
    public mutating func finishLeaving() {
        guard !wantsVisible, isDrawn else { return }
        phase = .hidden
        drawnSince = nil
    }

    /// True while anything is drawn.
    public var isDrawn: Bool {
        switch phase {
        case .hidden, .waiting: return false
        case .fadingIn, .shown, .fadingOut: return true
        }
    }

    /// Records the host's wish at `tick`; call `advance` to see its effect.
    public mutating func request(visible: Bool, atTick tick: Int) -> [Change] {
        guard visible != wantsVisible else { return advance(to: tick) }
        wantsVisible = visible
        if visible {
            switch phase {
            case .hidden:
                phase = .waiting(until: tick + timing.graceTicks)
            case .fadingOut:
                phase = .fadingIn(start: tick, opacity: opacity(atTick: tick))
            case .waiting, .fadingIn, .shown:
                break
            }
        } else {
            hideRequestedAt = tick
            if case .waiting = phase { phase = .hidden }
        }
        return advance(to: tick)
    }

    /// Moves the phase on to `tick`, returning what appeared or disappeared on the way.
    public mutating func advance(to tick: Int) -> [Change] {
        var changes = unreported
        unreported = []
        while true {
            switch phase {
            case .hidden:
                return changes
            case .waiting(let until):
                guard tick >= until else { return changes }
                drawnSince = until
                phase = timing.fadeTicks > 0 ? .fadingIn(start: until, opacity: 0) : .shown
                changes.append(.appeared(atTick: until))
            case .fadingIn(let start, let from):
                if !wantsVisible, let leave = leavingTick, tick >= leave {
                    phase = .fadingOut(start: leave, opacity: opacity(atTick: leave))
                    continue
                }
                let done = start + fadeTicks(from: from, to: 1)
                guard tick >= done else { return changes }
                phase = .shown
            case .shown:
                guard !wantsVisible, let leave = leavingTick, tick >= leave else { return changes }
                if timing.fadeTicks > 0 {
                    phase = .fadingOut(start: leave, opacity: 1)
                } else {
                    phase = .hidden
                    drawnSince = nil
                    changes.append(.disappeared(atTick: leave))
                }
            case .fadingOut(let start, let from):
                let done = start + fadeTicks(from: from, to: 0)
                guard tick >= done else { return changes }
                phase = .hidden
                drawnSince = nil
                changes.append(.disappeared(atTick: done))
            }
        }
    }

    /// How opaque the HUD is at `tick` (0...1), within the current phase.
    public func opacity(atTick tick: Int) -> Double {
        switch phase {
        case .hidden, .waiting: return 0
        case .shown: return 1
        case .fadingIn(let start, let from):
            return min(1, from + Double(tick - start) / Double(max(1, timing.fadeTicks)))
        case .fadingOut(let start, let from):
            return max(0, from - Double(tick - start) / Double(max(1, timing.fadeTicks)))
        }
    }

    /// The next tick after `tick` at which the presence changes by itself, or nil.
    public func nextChangeTick(after tick: Int) -> Int? {
        switch phase {
        case .hidden: return nil
        case .waiting(let until): return max(until, tick + 1)
        case .fadingIn, .fadingOut: return tick + 1
        case .shown: return wantsVisible ? nil : leavingTick.map { max($0, tick + 1) }
        }
    }

    /// When a requested hide may start: not before the HUD was drawn for the minimum time.
    private var leavingTick: Int? {
        guard let drawnSince else { return nil }
        return max(hideRequestedAt, drawnSince + timing.minimumShownTicks)
    }

    private func fadeTicks(from: Double, to: Double) -> Int {
        Int((abs(to - from) * Double(timing.fadeTicks)).rounded(.up))
    }
}
