/// What a stall (no state command from the host for `--stall-timeout`) does, `--on-stall`: the
/// safety decision of what a device shows and lets through when its host may be dead.
public enum StallAction: String, Sendable, Equatable, CaseIterable {
    /// The HUD says the host is not responding and keeps what it held: a block stays, so the
    /// device cannot be used until the host comes back (or is restarted). For work that must
    /// not be interrupted from the screen.
    case keep
    /// The HUD says the host is not responding and the block is lifted: the application beneath
    /// can be used again.
    case unblock
    /// The HUD is hidden, and the block with it.
    case hide
    /// The overlay ends (`ExitStatus.hostStalled`), giving back the screen and the input, so a
    /// service manager can act on it.
    case quit
}
