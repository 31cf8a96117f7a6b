/// Why the overlay ends.
public enum ExitReason: Sendable, Equatable {
    /// The host sent `quit`.
    case quit
    /// The host sent `quit --retain` on a bare screen: the last picture is left for the next
    /// program instead of the console.
    case quitLeavingScreen
    /// Stdin ended and `--exit-on-eof` asked to exit then.
    case endOfInput
    /// A stop signal arrived (its number).
    case stopSignal(Int32)
    /// The development window was closed.
    case windowClosed
    /// The display went away: nothing is left to show on. The line says which and why.
    case displayLost(String)
    /// zenity's `--auto-close`: a percentage line reached 100, or the input ended.
    case autoClose
    /// zenity input ended: the bar was filled to 100 % and shown for the hold time (zenity
    /// would wait for its OK button, which an overlay does not have).
    case progressFinished
    /// zenity's `--timeout` ran out.
    case timedOut
    /// The host sent no state command for `--stall-timeout`, and `--on-stall quit` ends the
    /// overlay then.
    case hostStalled
    /// The Cancel was pressed and `--on-cancel quit` ends the overlay then.
    case cancelled
    /// zenity's Cancel was pressed: the overlay ends as zenity's dialog does, with status 1
    /// (after SIGHUP to its parent with `--auto-kill`).
    case zenityCancelled
    /// Escape in zenity's dialect: status 1, as zenity's dialog closed by Escape, with no SIGHUP.
    case zenityEscaped

    /// The last line for stderr, said once however many threads notice the same end: why the
    /// display went away, or that the host stalled; nil for the ends the host asked for.
    public var lastWords: String? {
        switch self {
        case .displayLost(let reason): return reason
        case .hostStalled: return "the host sent no command for the stall timeout (--on-stall quit); exiting"
        default: return nil
        }
    }

    /// True when the answers before the exit are worth waiting for (the host asked to end, or
    /// its input did, and it reads them); a signal or a closed window ends promptly instead.
    public var waitsForAnswers: Bool {
        switch self {
        case .quit, .quitLeavingScreen, .endOfInput, .autoClose, .progressFinished, .timedOut, .cancelled, .zenityCancelled, .zenityEscaped: return true
        case .stopSignal, .windowClosed, .displayLost, .hostStalled: return false
        }
    }
}
