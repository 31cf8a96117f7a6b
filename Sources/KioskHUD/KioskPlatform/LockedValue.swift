/// A value shared between threads, guarded by a pthread mutex (`Condition`). Used instead of the
/// standard library's `Mutex`, whose lock ThreadSanitizer cannot see, so every access through it
/// was reported as a race.
package final class LockedValue<Value>: @unchecked Sendable {
    private let condition = Condition()
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try condition.locked { try body(&value) }
    }
}
