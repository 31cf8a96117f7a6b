import Glibc
import KioskCore

/// The one way the program ends, whatever ends it (`quit`, end of input, a signal, a lost
/// display, a failed start): every line queued for stdout, stderr and the control socket's
/// clients before it is written (for a bounded time, so a reader that does not read cannot hold
/// the exit up), the files the program created (its FIFO, its socket) are removed while they are
/// still the files it made, and the process exits with the status.
///
/// The first caller wins. A later caller (a stop signal's watcher while the loop is already
/// finishing) waits at most until the first one's deadline plus `lateMarginSeconds`, then exits
/// itself with its own status (removing the files too), so no finish can outlast the budget of
/// the most urgent one. The steps are `ExitProcedure`'s; this runs the program's one and exits.
public enum ProgramExit {
    /// How long the answers before `quit` or the end of input may take to reach the host.
    public static let answersSeconds = 0.5
    /// How long a signal's or a lost display's finish may take: the whole stop stays well
    /// inside 200 ms.
    public static let promptSeconds = 0.08
    /// How long a late caller waits past the finishing one's deadline (its files to be removed).
    static let lateMarginSeconds = 0.01

    /// The program's finish: stdout's and stderr's writers are drained first and closed last.
    private static let procedure: ExitProcedure = {
        let procedure = ExitProcedure(lateMarginSeconds: lateMarginSeconds, report: Diagnostics.report)
        procedure.drainAtExit { deadline in LineWriter.drainAll(until: deadline) }
        procedure.closeAtExit { LineWriter.closeAll() }
        return procedure
    }()

    /// True once a finish has begun.
    static var hasBegun: Bool { procedure.hasBegun }

    /// Removes `path` at exit (a FIFO or socket this program created or owns). With `identity`,
    /// only while the path is still that file: one that another program put there meanwhile stays.
    static func removeAtExit(_ path: String, ifStill identity: FileIdentity? = nil) {
        procedure.removeAtExit(path, ifStill: identity)
    }

    /// No longer removes `path` at exit.
    static func keepAtExit(_ path: String) {
        procedure.keepAtExit(path)
    }

    /// Also waits for `drain` at exit (a writer to clients), given the deadline
    /// (`MonotonicClock` nanoseconds) by which every queued line must be written.
    static func drainAtExit(_ drain: @escaping @Sendable (UInt64) -> Void) {
        procedure.drainAtExit(drain)
    }

    /// Also runs `closing` at exit, after the drains (or a late caller's wait): what gives a
    /// device back (the console's picture and mode after a bare framebuffer).
    package static func closeAtExit(_ closing: @escaping @Sendable () -> Void) {
        procedure.closeAtExit(closing)
    }

    /// Reports `last` (when given), writes what is queued (at most `seconds`), removes the
    /// program's files, and exits with `status`. Only the first caller's `last` is reported, so
    /// two threads noticing one failure say it once.
    public static func finish(_ status: ExitStatus, within seconds: Double = answersSeconds,
                              reporting last: String? = nil) -> Never {
        _exit(procedure.run(status, within: seconds, reporting: last).rawValue)
    }

    /// How long the loop has, once asked to end by another thread, to begin the finish itself.
    static let loopGraceSeconds = 0.1

    /// Ends the program from a thread that is not the loop's (a stop signal's watcher): `ask` tells the loop (on a thread of its own, so nothing the
    /// telling waits on can hold up the deadline), the loop's step then decides the exit; when
    /// no finish has begun after `loopGraceSeconds` (the loop waits on an X server that does
    /// not answer, or has not started yet), this finishes the program with `status` itself.
    package static func finish(_ status: ExitStatus, afterAsking ask: @escaping @Sendable () -> Void,
                               reporting last: String? = nil) -> Never {
        let deadline = MonotonicClock.deadline(inSeconds: loopGraceSeconds)
        try? NativeThread.start(name: "stop request", ask)
        while MonotonicClock.nanoseconds() < deadline, !hasBegun { usleep(2000) }
        finish(status, within: promptSeconds, reporting: last)
    }
}
