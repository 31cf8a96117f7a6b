import Glibc

/// The one clock the program reads: CLOCK_MONOTONIC, which no change of the wall clock moves.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary start (the boot).
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The moment `seconds` from now, in `nanoseconds()`'s scale.
    static func deadline(inSeconds seconds: Double) -> UInt64 {
        nanoseconds() + UInt64(max(0, seconds) * 1e9)
    }
}
