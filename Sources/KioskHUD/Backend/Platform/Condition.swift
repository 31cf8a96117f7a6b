import Glibc

/// A mutex with a condition variable (pthread_mutex_t, pthread_cond_t), for the one hand-over
/// between the stdin reader and the render loop.
final class Condition: @unchecked Sendable {
    // Allocated once and never moved, as pthread objects require.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex until signalled; call only inside `locked`.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting.
    func broadcast() { pthread_cond_broadcast(condition) }
}
