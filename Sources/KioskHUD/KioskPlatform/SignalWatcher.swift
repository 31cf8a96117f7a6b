import Glibc
import KioskCore

/// How the program answers signals, from its first instruction: SIGINT, SIGTERM and SIGHUP
/// stop it (exit 0, FIFO removed, answers written); SIGUSR1, SIGUSR2 and SIGALRM are ignored,
/// so a stray `kill -USR1` cannot end an overlay a device relies on; SIGPIPE is ignored (a
/// closed stdout is noticed by the writer).
///
/// The stop signals are blocked in every thread and taken by one thread of their own with
/// `sigwait`. It asks the loop to stop (`onStop`), and finishes the program itself when the
/// loop cannot begin to in time (it waits on an X server that does not answer, or it has not
/// started yet: a file open blocks): the program's `ProgramExit.finish(_:afterAsking:)`. A parent
/// that ignored the signals (a shell's background job ignores SIGINT) cannot make the overlay
/// unstoppable: their handling is reset first.
///
/// The same thread takes the two real-time signals the kernel sends when the virtual console a
/// bare screen's picture is on is switched away from and back to (`ConsoleSwitches`), and
/// hands them on.
public enum SignalWatcher {
    /// The signals that stop the program.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]
    /// The signals ignored.
    static let ignoredSignals = [SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]
    /// The signal the kernel sends before it switches away from the overlay's virtual console.
    package static let consoleLeaveSignal = __libc_current_sigrtmin() + 4
    /// The signal the kernel sends once it has switched back to the overlay's virtual console.
    package static let consoleReturnSignal = __libc_current_sigrtmin() + 5
    private static let onStop = LockedValue<(@Sendable (Int32) -> Void)?>(nil)
    private static let onConsoleSwitch = LockedValue<(@Sendable (Int32) -> Void)?>(nil)

    /// Starts watching, a stop signal ending the program through `exit`. Call first thing,
    /// before any other thread starts, so every thread inherits the mask. Throws when the
    /// watcher's thread cannot start.
    public static func start(finishingThrough exit: ProgramExit) throws {
        let watched = stopSignals + [consoleLeaveSignal, consoleReturnSignal]
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in watched { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        for number in watched { signal(number, SIG_DFL) }
        for number in ignoredSignals { signal(number, SIG_IGN) }
        let blocked = signals
        try NativeThread.start(name: "signals") {
            var set = blocked
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                let arrived = number
                if stopSignals.contains(arrived) {
                    let handler = onStop.withLock { $0 }
                    exit.finish(.success, afterAsking: { handler?(arrived) })
                }
                onConsoleSwitch.withLock { $0 }?(arrived)
            }
        }
    }

    /// Tells `handler` (from the watcher's thread) each `consoleLeaveSignal` and
    /// `consoleReturnSignal` that arrives.
    package static func whenConsoleSwitches(_ handler: @escaping @Sendable (Int32) -> Void) {
        onConsoleSwitch.withLock { $0 = handler }
    }

    /// Tells `handler` (once, from the watcher's thread) when a stop signal arrives: the loop
    /// then ends through the program's finish.
    package static func whenStopping(_ handler: @escaping @Sendable (Int32) -> Void) {
        onStop.withLock { $0 = handler }
    }
}
