/// The overlay's timing rules in seconds, as the options give them; the scene turns them into
/// ticks of its clock.
public struct Timing: Sendable, Equatable {
    /// A `show` waits this long before drawing; a `hide` within it means nothing is ever drawn.
    public var graceSeconds = 0.0
    /// Once drawn, the HUD stays at least this long.
    public var minimumShowSeconds = 0.0
    /// Fade in on show and out on hide over this long; 0 switches at once.
    public var fadeSeconds = 0.2
    /// An outcome (`success`, `error`, `info`) hides by itself after this long; 0 keeps it.
    public var dismissAfterSeconds = 1.5
    /// With no command for this long while shown, the overlay says it is stalled; nil never.
    public var stallTimeoutSeconds: Double?
    /// The message shown while stalled.
    public var stallMessage = "Not responding"

    /// The default timing.
    public init() {}
}
