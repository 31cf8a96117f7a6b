import Glibc

/// Runs a system call again while a signal interrupts it (it fails with EINTR), and returns
/// its last result: the one place the program retries interrupted calls.
@discardableResult
package func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result < 0, errno == EINTR { continue }
        return result
    }
}
