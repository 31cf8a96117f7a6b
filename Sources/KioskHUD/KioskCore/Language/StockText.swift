/// A text the overlay says by itself where the host has given none of its own: in English here,
/// and in the device's language through `Language`, from translators' own translations
/// (`translations`, written by `scripts/translations/harvest`; docs/TRANSLATIONS.md says where
/// each came from).
public enum StockText: String, Sendable, CaseIterable {
    /// The message at start.
    case pleaseWait
    /// The boot screen's message.
    case starting
    /// The reboot screen's message.
    case restarting
    /// The power-off screen's message.
    case shuttingDown
    /// zenity's message at start.
    case running
    /// The message while the host is stalled.
    case notResponding
    /// zenity's time remaining, with `{h}`, `{m}` and `{s}` where its hours, minutes and seconds go.
    case timeRemaining
    /// The Cancel's label (`--cancel`).
    case cancel
    /// What `success` without a text says aloud (`--speak`).
    case done
    /// What `error` without a text says aloud.
    case error
    /// What `info` without a text says aloud.
    case information

    /// The text in English.
    public var english: String {
        switch self {
        case .pleaseWait: return "Please wait..."
        case .starting: return "Starting up..."
        case .restarting: return "Restarting..."
        case .shuttingDown: return "Shutting down..."
        case .running: return "Running..."
        case .notResponding: return "Not responding"
        case .timeRemaining: return "Time remaining: {h}:{m}:{s}"
        case .cancel: return "Cancel"
        case .done: return "Done"
        case .error: return "Error"
        case .information: return "Information"
        }
    }

    /// What a language with no translation of this text says instead: its "Please wait..." for
    /// a message at start (which any language has), nil for the rest (said in English).
    var fallback: StockText? {
        switch self {
        case .starting, .restarting, .shuttingDown, .running: return .pleaseWait
        case .pleaseWait, .notResponding, .timeRemaining, .cancel, .done, .error, .information: return nil
        }
    }
}
