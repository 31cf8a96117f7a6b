import Glibc
import Synchronization

/// The one way the program ends, whatever ends it (`quit`, end of input, a signal, a lost
/// display, a failed start): every line queued for stdout and stderr before it is written
/// (for a bounded time, so a host that does not read cannot hold the exit up), the files the
/// program created (its FIFO) are removed, and the process exits with the status. The first
/// caller wins; any other thread that calls it afterwards waits for the exit.
public enum ProgramExit {
    /// How long the answers before `quit` or the end of input may take to reach the host.
    public static let answersSeconds = 0.5
    /// How long a signal's or a lost display's finish may take: the whole stop stays well
    /// inside 200 ms.
    public static let promptSeconds = 0.08

    private static let isFinishing = Atomic<Bool>(false)
    private static let createdPaths = Mutex<[String]>([])
    private static let drains = Mutex<[@Sendable (UInt64) -> Void]>([])

    /// True once a finish has begun.
    static var hasBegun: Bool { isFinishing.load(ordering: .sequentiallyConsistent) }

    /// Removes `path` at exit (a FIFO this program created).
    static func removeAtExit(_ path: String) {
        createdPaths.withLock { $0.append(path) }
    }

    /// Also waits for `drain` at exit (a writer to clients), given the deadline
    /// (`MonotonicClock` nanoseconds) by which every queued line must be written.
    static func drainAtExit(_ drain: @escaping @Sendable (UInt64) -> Void) {
        drains.withLock { $0.append(drain) }
    }

    /// No longer removes `path` at exit.
    static func keepAtExit(_ path: String) {
        createdPaths.withLock { $0.removeAll { $0 == path } }
    }

    /// Reports `last` (when given), writes what is queued (at most `seconds`), removes the
    /// program's files, and exits with `status`. Only the first caller's `last` is reported, so
    /// two threads noticing one failure say it once.
    public static func finish(_ status: ExitStatus, within seconds: Double = answersSeconds,
                              reporting last: String? = nil) -> Never {
        guard isFinishing.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            // Another thread is finishing; it exits the process soon.
            while true { pause() }
        }
        if let last { Diagnostics.report(last) }
        let deadline = MonotonicClock.deadline(inSeconds: seconds)
        LineWriter.drainAll(until: deadline)
        for drain in drains.withLock({ $0 }) { drain(deadline) }
        for path in createdPaths.withLock({ $0 }) { unlink(path) }
        _exit(status.rawValue)
    }
}
