import Glibc

/// What the program releases at its finish, in the order it was taken, and the finish's steps
/// short of the exit itself (`ProgramExit` owns the program's one, runs it and exits), so each
/// can be tried in a test: who finishes, what is written by when, what is closed, which files
/// are removed. Whatever takes something that must be given back at the exit (a FIFO or a socket
/// it made, a writer's queue, a console's mode) is handed the procedure and adds it here.
///
/// The first caller of `run` finishes: it reports its last line, waits for every drain (each given
/// the same deadline, so a reader that does not read holds nothing up past it), runs the closings,
/// removes the files registered and returns its status. A later caller (a stop signal's watcher
/// while the loop is already finishing) does not drain: it waits at most until the earlier of
/// the first caller's deadline and its own, plus `lateMarginSeconds`, then runs the closings,
/// removes the files and returns its own status, so no finish outlasts the budget of the most
/// urgent one.
package final class ExitProcedure: Sendable {
    /// How long a late caller waits past the finishing one's deadline (its files to be removed).
    package let lateMarginSeconds: Double
    private let report: @Sendable (String) -> Void
    private let finishingDeadline = LockedValue<UInt64?>(nil)
    private let createdPaths = LockedValue<[(path: String, identity: FileIdentity?)]>([])
    private let drains = LockedValue<[@Sendable (UInt64) -> Void]>([])
    private let closings = LockedValue<[@Sendable () -> Void]>([])

    /// A procedure that reports its last line through `report`.
    package init(lateMarginSeconds: Double, report: @escaping @Sendable (String) -> Void) {
        self.lateMarginSeconds = lateMarginSeconds
        self.report = report
    }

    /// True once a finish has begun.
    package var hasBegun: Bool { finishingDeadline.withLock { $0 != nil } }

    /// Removes `path` at the finish. With `identity`, only while the path is still that file
    /// (device and inode): one that another program put there meanwhile stays.
    package func removeAtExit(_ path: String, ifStill identity: FileIdentity? = nil) {
        createdPaths.withLock { $0.append((path, identity)) }
    }

    /// No longer removes `path` at the finish.
    package func keepAtExit(_ path: String) {
        createdPaths.withLock { $0.removeAll { $0.path == path } }
    }

    /// Also waits for `drain` at the finish, given the deadline (`MonotonicClock` nanoseconds)
    /// by which what it writes must be written; drains run in the order they were added.
    package func drainAtExit(_ drain: @escaping @Sendable (UInt64) -> Void) {
        drains.withLock { $0.append(drain) }
    }

    /// Also runs `closing` at the finish, after the drains (or a late caller's wait).
    package func closeAtExit(_ closing: @escaping @Sendable () -> Void) {
        closings.withLock { $0.append(closing) }
    }

    /// Finishes within `seconds` as described above and returns the status the process is to
    /// exit with: `status`, whoever called first. Only the first caller's `last` is reported.
    package func run<Status>(_ status: Status, within seconds: Double, reporting last: String?) -> Status {
        let mine = MonotonicClock.deadline(inSeconds: seconds)
        let earlier: UInt64? = finishingDeadline.withLock { current in
            if let current { return current }
            current = mine
            return nil
        }
        if let earlier {
            let giveUp = min(earlier, mine) + UInt64(lateMarginSeconds * 1e9)
            var until = timespec(tv_sec: Int(giveUp / 1_000_000_000), tv_nsec: Int(giveUp % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
        } else {
            if let last { report(last) }
            for drain in drains.withLock({ $0 }) { drain(mine) }
        }
        for closing in closings.withLock({ $0 }) { closing() }
        removeCreatedFiles()
        return status
    }

    /// Removes each file registered, latest first (a file before the folder it is in), while its
    /// path still names the file registered; a folder is removed when empty.
    private func removeCreatedFiles() {
        for (path, identity) in createdPaths.withLock({ $0 }).reversed() where identity == nil || FileIdentity(atPath: path) == identity {
            if unlink(path) != 0, errno == EISDIR { rmdir(path) }
        }
    }
}
