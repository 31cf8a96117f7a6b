/// Lets a remedy happen at most `count` times within any `seconds`, the clock passed in: a guard
/// where a misbehaving peer could otherwise make the overlay repeat it without end (a compositor
/// that gives every new surface the keyboard would have the Wayland overlay replace its surface
/// on every frame). Holds at most `count` times.
public struct RepeatLimit: Sendable {
    /// How many times the window allows.
    public let count: Int
    /// The window's length.
    public let windowNanoseconds: UInt64
    private var recent: [UInt64] = []

    /// Creates a limit of `count` (at least 1) times within `seconds`.
    public init(count: Int, withinSeconds seconds: Double) {
        self.count = max(1, count)
        windowNanoseconds = UInt64(max(0, seconds) * 1_000_000_000)
    }

    /// True, noting `now` (nanoseconds of a monotonic clock), when fewer than `count` times were
    /// noted in the window that ends at `now`; false, noting nothing, otherwise.
    public mutating func allows(at now: UInt64) -> Bool {
        recent.removeAll { now >= $0 && now - $0 >= windowNanoseconds }
        guard recent.count < count else { return false }
        recent.append(now)
        return true
    }
}
