/// The overlay's timing rules in seconds, as the options give them; the scene turns them into
/// ticks of its clock.
public struct Timing: Sendable, Equatable {
    /// A `show` waits this long before drawing; a `hide` within it means nothing is ever drawn.
    public var graceSeconds = 0.0
    /// Once drawn, the HUD stays at least this long.
    public var minimumShowSeconds = 0.0
    /// Fade in on show and out on hide over this long; 0 switches at once.
    public var fadeSeconds = 0.2
    /// An outcome (`success`, `error`, `info`) hides by itself after this long; 0 keeps it;
    /// nil: long enough to read it (`readingSeconds`).
    public var dismissAfterSeconds: Double?
    /// With no command for this long while shown, the overlay says it is stalled; nil never.
    public var stallTimeoutSeconds: Double?
    /// The message shown while stalled; nil: "Not responding" in the session's language.
    public var stallMessage: String?
    /// What a stall does to the HUD and its block.
    public var onStall = StallAction.keep

    /// The default timing.
    public init() {}

    /// The least a success stays on screen, unasked.
    public static let successMinimumSeconds = 2.0
    /// The least an error or a notice stays on screen, unasked.
    public static let noticeMinimumSeconds = 5.0
    /// Reading time: this much for any outcome...
    public static let readingBaseSeconds = 0.5
    /// ...and this much more a character of its text (about 1,000 characters a minute).
    public static let readingSecondsPerCharacter = 0.06

    /// How long an outcome of `kind` showing `text` stays before it hides itself, or nil when it
    /// stays: `--dismiss-after` when given (0: it stays), else long enough to read it,
    /// max(minimum, 0.5 s + 60 ms a character), the minimum 2 s for a success and 5 s for an error
    /// or a notice (SVProgressHUD's rule, with longer minimums for what must not be missed).
    public func dismissalSeconds(of kind: Outcome, showing text: String) -> Double? {
        if let dismissAfterSeconds { return dismissAfterSeconds > 0 ? dismissAfterSeconds : nil }
        let minimum = kind == .success ? Self.successMinimumSeconds : Self.noticeMinimumSeconds
        return max(minimum, Self.readingBaseSeconds + Self.readingSecondsPerCharacter * Double(text.count))
    }
}
