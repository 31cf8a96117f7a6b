import Glibc

/// A mutex with a condition variable (pthread_mutex_t, pthread_cond_t) on the monotonic clock,
/// for the hand-overs between threads.
package final class Condition: @unchecked Sendable {
    // Allocated once and never moved, as pthread objects require.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex until signalled; call only inside `locked`.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Releases the mutex until signalled or until `deadline` (`MonotonicClock.nanoseconds()`
    /// scale); returns false when the deadline passed. Call only inside `locked`.
    @discardableResult
    package func wait(until deadline: UInt64) -> Bool {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &time) == 0
    }

    /// Wakes every thread waiting.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
