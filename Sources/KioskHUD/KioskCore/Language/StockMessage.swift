/// `--stock-message`: which stock text the message at start is, named for the moment it is shown
/// at (the shutdown unit's instance names among them).
public enum StockMessage: String, Sendable, CaseIterable {
    /// "Please wait...", the default.
    case wait
    /// "Starting up...", for a boot screen.
    case start
    /// "Restarting...", for a reboot screen.
    case reboot
    /// "Restarting...", for a kexec's screen.
    case kexec
    /// "Shutting down...", for a power-off screen.
    case poweroff
    /// "Shutting down...", for a halt's screen.
    case halt

    /// The text shown.
    public var text: StockText {
        switch self {
        case .wait: return .pleaseWait
        case .start: return .starting
        case .reboot, .kexec: return .restarting
        case .poweroff, .halt: return .shuttingDown
        }
    }
}
