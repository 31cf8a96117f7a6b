import Glibc

/// Runs a system call again while a signal interrupts it (it fails with EINTR), and returns
/// its last result, leaving a failure's number in `errno`: the one retry of the Swift code
/// (`systemCall` throws through it), for code that reads `errno` itself (the control client, the
/// blocking grab's poll).
@discardableResult
package func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result < 0, errno == EINTR { continue }
        return result
    }
}
