import Glibc

/// The one way the program ends, whatever ends it (`quit`, end of input, a signal, a lost
/// display, a failed start): every line queued for stdout and stderr before it is written
/// (for a bounded time, so a host that does not read cannot hold the exit up), the files the
/// program created (its FIFO) are removed, and the process exits with the status.
///
/// The first caller wins. A later caller (a stop signal's watcher while the loop is already
/// finishing) waits at most until the first one's deadline plus `lateMarginSeconds`, then exits
/// itself with its own status (removing the files too), so no finish can outlast the budget of
/// the most urgent one.
public enum ProgramExit {
    /// How long the answers before `quit` or the end of input may take to reach the host.
    public static let answersSeconds = 0.5
    /// How long a signal's or a lost display's finish may take: the whole stop stays well
    /// inside 200 ms.
    public static let promptSeconds = 0.08
    /// How long a late caller waits past the finishing one's deadline (its files to be removed).
    static let lateMarginSeconds = 0.01

    private struct Finishing {
        var deadline: UInt64
    }

    private static let finishing = LockedValue<Finishing?>(nil)
    private static let createdPaths = LockedValue<[(path: String, identity: FileIdentity?)]>([])
    private static let drains = LockedValue<[@Sendable (UInt64) -> Void]>([])

    /// True once a finish has begun.
    static var hasBegun: Bool { finishing.withLock { $0 != nil } }

    /// Removes `path` at exit (a FIFO this program created or owns). With `identity`, only while
    /// the path is still that file: one that another program put there meanwhile stays.
    static func removeAtExit(_ path: String, ifStill identity: FileIdentity? = nil) {
        createdPaths.withLock { $0.append((path, identity)) }
    }

    /// No longer removes `path` at exit.
    static func keepAtExit(_ path: String) {
        createdPaths.withLock { $0.removeAll { $0.path == path } }
    }

    /// Also waits for `drain` at exit (a writer to clients), given the deadline
    /// (`MonotonicClock` nanoseconds) by which every queued line must be written.
    static func drainAtExit(_ drain: @escaping @Sendable (UInt64) -> Void) {
        drains.withLock { $0.append(drain) }
    }

    /// Reports `last` (when given), writes what is queued (at most `seconds`), removes the
    /// program's files, and exits with `status`. Only the first caller's `last` is reported, so
    /// two threads noticing one failure say it once.
    public static func finish(_ status: ExitStatus, within seconds: Double = answersSeconds,
                              reporting last: String? = nil) -> Never {
        let mine = MonotonicClock.deadline(inSeconds: seconds)
        let earlier: UInt64? = finishing.withLock { current in
            if let current { return current.deadline }
            current = Finishing(deadline: mine)
            return nil
        }
        if let earlier {
            let giveUp = min(earlier, mine) + UInt64(lateMarginSeconds * 1e9)
            while MonotonicClock.nanoseconds() < giveUp { usleep(1000) }
            LineWriter.closeAll()
            removeCreatedFiles()
            _exit(status.rawValue)
        }
        if let last { Diagnostics.report(last) }
        LineWriter.drainAll(until: mine)
        for drain in drains.withLock({ $0 }) { drain(mine) }
        LineWriter.closeAll()
        removeCreatedFiles()
        _exit(status.rawValue)
    }

    /// Removes each file registered, latest first (a file before the folder it is in), while its
    /// path still names the file registered; a folder is removed when empty.
    private static func removeCreatedFiles() {
        for (path, identity) in createdPaths.withLock({ $0 }).reversed() where identity == nil || FileIdentity(atPath: path) == identity {
            if unlink(path) != 0, errno == EISDIR { rmdir(path) }
        }
    }
}
