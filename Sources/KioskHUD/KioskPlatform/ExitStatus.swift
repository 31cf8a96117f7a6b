import KioskCore


/// The program's exit statuses, as documented in `--help`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Quit, end of input with `--exit-on-eof`, SIGINT, SIGTERM, or a snapshot written.
    case success = 0
    /// Something failed that is not the options' or the display's fault.
    case failure = 1
    /// A bad command-line option.
    case usage = 2
    /// No display could be opened.
    case noDisplay = 3
    /// The display went away while the overlay was showing (the X server or the compositor
    /// died, the connection broke, the framebuffer device was unplugged).
    case displayLost = 4
    /// zenity's `--timeout` ran out (zenity's own status for it).
    case timedOut = 5
    /// `--display N` names a display the server does not have. Retrying cannot help, so a
    /// service does not restart on it (`RestartPreventExitStatus=` in the unit).
    case noSuchDisplay = 6
}

extension ExitStatus {
    /// The status a loop's exit ends with: success, unless zenity's `--timeout` ran out or the
    /// display went away.
    package init(_ reason: ExitReason) {
        switch reason {
        case .quit, .endOfInput, .stopSignal, .windowClosed, .autoClose, .progressFinished: self = .success
        case .timedOut: self = .timedOut
        case .displayLost: self = .displayLost
        }
    }
}
