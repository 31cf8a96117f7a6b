import Glibc
internal import CKioskSystem

/// Wakes a thread that waits in poll(), from any thread: an eventfd (non-blocking, close-on-exec)
/// that is readable while a wake-up is pending. Wake-ups coalesce: any number of `signal()` before
/// a `clear()` are one. The one wake-up of the program (the control socket's thread, the blocking
/// grab's thread, the command inbox's tests).
package final class WakeUp: Sendable {
    private let counter: FileDescriptor

    /// A new wake-up, nothing pending (eventfd with EFD_NONBLOCK | EFD_CLOEXEC).
    package init() throws(Errno) {
        counter = FileDescriptor(taking: try systemCall { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) })
    }

    /// The descriptor to poll for POLLIN; readable while a wake-up is pending.
    package var descriptor: Int32 { counter.rawValue }

    /// Makes a wake-up pending (adds 1 to the counter). Returns false only when it could not be
    /// sent, which an eventfd cannot refuse short of 2^64 - 2 wake-ups never cleared.
    @discardableResult
    package func signal() -> Bool {
        var one: UInt64 = 1
        return (try? withUnsafeBytes(of: &one) { bytes throws(Errno) in try counter.write(bytes) }) == 8
    }

    /// Takes the pending wake-ups (reads and zeroes the counter); returns true when one was.
    @discardableResult
    package func clear() -> Bool {
        var count: UInt64 = 0
        let read = try? withUnsafeMutableBytes(of: &count) { bytes throws(Errno) in try counter.read(into: bytes) }
        return read == 8 && count > 0
    }

    /// Waits until a wake-up is pending or `milliseconds` pass (-1: no limit), without taking it;
    /// returns true when one is pending.
    package func wait(milliseconds: Int32) -> Bool {
        let events = (try? counter.poll(for: Int16(POLLIN), milliseconds: milliseconds)) ?? 0
        return events & Int16(POLLIN) != 0
    }
}
