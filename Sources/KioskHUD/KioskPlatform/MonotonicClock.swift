import Glibc

/// The one clock the program reads: CLOCK_MONOTONIC, which no change of the wall clock moves.
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary start (the boot).
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Whole milliseconds from now until `deadline` (`nanoseconds()`'s scale), rounded up, at
    /// least 0 and at most a minute: a timeout for poll() or SDL_WaitEventTimeout.
    package static func milliseconds(until deadline: UInt64) -> Int32 {
        let now = nanoseconds()
        guard deadline > now else { return 0 }
        return Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
    }

    /// The moment `seconds` from now, in `nanoseconds()`'s scale.
    package static func deadline(inSeconds seconds: Double) -> UInt64 {
        nanoseconds() + UInt64(max(0, seconds) * 1e9)
    }
}
