import Glibc

/// Runs a system call that returns -1 and sets `errno` on failure, again while a signal interrupts
/// it (`retryingInterrupted`); returns its result, or throws the `Errno` read right at the failure.
@discardableResult
package func systemCall<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    let result = retryingInterrupted(call)
    guard result == -1 else { return result }
    throw Errno.current
}

/// Runs a call that returns an error number instead of setting `errno` (the pthread functions,
/// posix_spawn): throws it when it is not 0.
package func numberedCall(_ call: () -> Int32) throws(Errno) {
    let code = call()
    guard code == 0 else { throw Errno(code) }
}
