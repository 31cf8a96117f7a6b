/// The fields of a `status` answer before the quoted texts
/// (`visible=1 blocked=0 grab=none shown=1 stalled=0 above=held mode=spinner progress=- ...`), read back by a client
/// of the control socket: `kiosk-spinner send --wait` asks it after its commands to learn the
/// state they left, so it never waits for an event that already happened.
public struct StatusLine: Sendable, Equatable {
    /// `visible`: whether the host asked for the HUD.
    public var isVisible: Bool
    /// `blocked`: whether the host asked to block input.
    public var isBlocking: Bool
    /// `grab`: `none`, `pending`, `held`, `partial`, `refused` or `unsupported`.
    public var grab: String
    /// `shown`: whether the HUD is drawn now, from `shown` until `hidden` (fading included).
    public var isShown: Bool
    /// `stalled`: whether the host has sent no state command for `--stall-timeout`.
    public var isStalled: Bool
    /// `above`: `held`, `partial`, `none` or `lost` (`-` in a line without it).
    public var above: String
    /// `backend`: `x11`, `wayland`, `drm` or `fbdev` (`-` where none is named, or in a line
    /// without it).
    public var backend: String
    /// `mode`: `spinner`, `progress`, `success`, `error`, `info` or `stalled`.
    public var mode: String

    /// Creates the fields of a status line.
    public init(isVisible: Bool, isBlocking: Bool, grab: String, isShown: Bool, isStalled: Bool = false, above: String,
                backend: String = "-", mode: String) {
        self.isVisible = isVisible
        self.isBlocking = isBlocking
        self.grab = grab
        self.isShown = isShown
        self.isStalled = isStalled
        self.above = above
        self.backend = backend
        self.mode = mode
    }

    /// Reads the fields from `line`; nil when it is no status line, or lacks one of them.
    public init?(_ line: String) {
        guard line.hasPrefix("visible=") else { return nil }
        var fields: [Substring: Substring] = [:]
        // The words before the quoted texts, which may hold anything.
        for word in line.split(separator: " ").prefix(while: { !$0.hasPrefix("message=") }) {
            guard let equals = word.firstIndex(of: "=") else { continue }
            fields[word[..<equals]] = word[word.index(after: equals)...]
        }
        guard let visible = fields["visible"], let blocked = fields["blocked"], let grab = fields["grab"],
              let shown = fields["shown"], let mode = fields["mode"] else { return nil }
        self.init(isVisible: visible == "1", isBlocking: blocked == "1", grab: String(grab), isShown: shown == "1",
                  isStalled: fields["stalled"] == "1", above: fields["above"].map(String.init) ?? "-",
                  backend: fields["backend"].map(String.init) ?? "-", mode: String(mode))
    }

    /// What the state says of `event` for a client that asked after its commands: true when the
    /// overlay is already in the state the event announces (it will not be said again), false
    /// when the event is still to come, nil when this state cannot tell without asking again
    /// (a grab the windowing system has not answered: its taking is not announced). A stall holds
    /// until the host's next state command: the client's own `status` does not end it.
    public func alreadyHolds(_ event: OverlayEvent) -> Bool? {
        switch event {
        case .shown: return isVisible && isShown
        case .hidden: return !isVisible && !isShown
        case .grabHeld:
            if grab == "held" { return true }
            return grab == "pending" || (isBlocking && grab == "none") ? nil : false
        case .grabLost: return grab == "refused" || grab == "partial"
        case .stalled: return isStalled
        case .aboveLost: return above == "lost"
        case .aboveHeld: return above == "held" || above == "partial"
        case .ready, .pong, .status, .error, .cancelled: return false
        }
    }

    /// Why `event` can never come in this state, or nil when it can: there is no grab where
    /// `grab=unsupported`, an ordinary window (`above=none`) is never kept on top, and only on X11
    /// is the overlay told when it is taken from the top (`WindowingBackend.saysWhenTakenFromTheTop`).
    public func impossibility(of event: OverlayEvent) -> String? {
        if (event == .grabHeld || event == .grabLost) && grab == "unsupported" {
            return "cannot grab input here (grab=\(grab))"
        }
        if (event == .aboveHeld || event == .aboveLost) && above == "none" {
            return "is an ordinary window here (above=\(above))"
        }
        if event == .aboveLost, WindowingBackend(rawValue: backend)?.saysWhenTakenFromTheTop == false {
            return "is never told it was taken from the top here (backend=\(backend))"
        }
        return nil
    }
}
