import Foundation

/// The moment a child process ended, taken by a thread of its own that waits for it in
/// `waitid`, so a test that times how soon the program exits measures the program, not how soon
/// a busy test process got round to looking (the tests' tasks share a few threads, and a loaded
/// machine can hold them up for a second).
///
/// It leaves the ended process to be reaped (WNOWAIT), so `ChildProcess` still learns how it
/// ended. Start the watch before what the test times, and ask the `ChildProcess` nothing that
/// reaps (`isRunning`, `ending`, `signal`) until `endedAt` is set: a process reaped before the
/// watch saw it is given the moment the watch found out.
final class ExitWatch: @unchecked Sendable {
    // Guards `ended`, set by the watch thread.
    private let lock = NSLock()
    private var ended: ContinuousClock.Instant?

    /// Starts watching `program`.
    init(_ program: ChildProcess) {
        let processID = id_t(program.processID)
        let thread = Thread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, processID, &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            let now = ContinuousClock.now
            lock.withLock { ended = now }
        }
        thread.name = "EndToEndTests exit watch"
        thread.start()
    }

    /// When the program ended; nil while it runs.
    var endedAt: ContinuousClock.Instant? { lock.withLock { ended } }
}
