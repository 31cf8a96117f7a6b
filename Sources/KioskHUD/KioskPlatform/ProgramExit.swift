import Glibc
import KioskCore

/// The one way the program ends, whatever ends it (`quit`, end of input, a signal, a lost
/// display, a failed start): every line queued for stdout, stderr and the control socket's
/// clients before it is written (for a bounded time, so a reader that does not read cannot hold
/// the exit up), the files the program created (its FIFO, its socket) are removed while they are
/// still the files it made, the devices it took are given back, and the process exits with the
/// status.
///
/// The program makes one (`main`) and hands its `releases` to whatever takes something that
/// must be given back: nothing registers itself anywhere else. The first caller of a finish
/// wins. A later caller (a stop signal's watcher while the loop is already finishing) waits at
/// most until the first one's deadline plus `lateMarginSeconds`, then exits itself with its own
/// status (removing the files too), so no finish can outlast the budget of the most urgent one.
public final class ProgramExit: Sendable {
    /// How long the answers before `quit` or the end of input may take to reach the host.
    public static let answersSeconds = 0.5
    /// How long a signal's or a lost display's finish may take: the whole stop stays well
    /// inside 200 ms.
    public static let promptSeconds = 0.08
    /// How long a late caller waits past the finishing one's deadline (its files to be removed).
    static let lateMarginSeconds = 0.01
    /// How long the loop has, once asked to end by another thread, to begin the finish itself.
    static let loopGraceSeconds = 0.1

    /// What the program releases at its finish, in the order it was taken: stderr's writer is
    /// drained first; what the program's parts add follows.
    package let releases: ExitProcedure

    /// The program's finish, with nothing taken yet but stderr's writer.
    public init() {
        releases = ExitProcedure(lateMarginSeconds: Self.lateMarginSeconds, report: Diagnostics.report)
        releases.drainAtExit(Diagnostics.drain)
        releases.closeAtExit(Diagnostics.close)
    }

    /// Reports `last` (when given), writes what is queued (at most `seconds`), removes the
    /// program's files, gives back its devices, and exits with `status`. Only the first caller's
    /// `last` is reported, so two threads noticing one failure say it once.
    public func finish(_ status: ExitStatus, within seconds: Double = answersSeconds,
                       reporting last: String? = nil) -> Never {
        _exit(releases.run(status, within: seconds, reporting: last).rawValue)
    }

    /// Ends the program from a thread that is not the loop's (a stop signal's watcher): `ask`
    /// tells the loop (on a thread of its own, so nothing the telling waits on can hold up the
    /// deadline), the loop's step then decides the exit; when no finish has begun after
    /// `loopGraceSeconds` (the loop waits on an X server that does not answer, or has not
    /// started yet), this finishes the program with `status` itself.
    package func finish(_ status: ExitStatus, afterAsking ask: @escaping @Sendable () -> Void,
                        reporting last: String? = nil) -> Never {
        let deadline = MonotonicClock.deadline(inSeconds: Self.loopGraceSeconds)
        try? NativeThread.start(name: "stop request", ask)
        while MonotonicClock.nanoseconds() < deadline, !releases.hasBegun { usleep(2000) }
        finish(status, within: Self.promptSeconds, reporting: last)
    }
}
