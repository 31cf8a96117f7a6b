/// Something the overlay tells the host, one line on stdout each.
public enum OverlayEvent: Sendable, Equatable, CustomStringConvertible {
    /// The first frame is on screen (or the overlay started hidden).
    case ready
    /// The HUD started being drawn (after the grace time).
    case shown
    /// The HUD stopped being drawn (after the fade).
    case hidden
    /// No command came for the stall timeout while shown.
    case stalled
    /// Blocking, but the keyboard and pointer are not held: another client holds them, or took
    /// them away. Keys may reach the application until `grabHeld`.
    case grabLost
    /// Blocking holds the keyboard and pointer again, after `grabLost`.
    case grabHeld
    /// Another client took the overlay's window from the top (unmapped, lowered or destroyed
    /// it): the HUD may not be seen until `aboveHeld`.
    case aboveLost
    /// The overlay's window is on top again, after `aboveLost`.
    case aboveHeld
    /// The Cancel was pressed (`--cancel`): a press and release on it, or Escape.
    case cancelled
    /// The answer to `ping`.
    case pong
    /// The answer to `status`.
    case status(String)
    /// A rejected line, with `--errors-to-stdout`.
    case error(line: Int, CommandError)

    /// The line written to stdout, without its newline.
    public var description: String {
        switch self {
        case .ready: return "ready"
        case .shown: return "shown"
        case .hidden: return "hidden"
        case .stalled: return "stalled"
        case .grabLost: return "grab-lost"
        case .grabHeld: return "grab-held"
        case .aboveLost: return "above-lost"
        case .aboveHeld: return "above-held"
        case .cancelled: return "cancelled"
        case .pong: return "pong"
        case .status(let line): return line
        case .error(let line, let error): return "error line \(line): \(error)"
        }
    }
}
