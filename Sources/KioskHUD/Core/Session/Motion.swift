/// How long the HUD's motions take, in ticks of the clock: the backdrop fading with `block` and
/// `unblock`, the HUD changing size, a ring or bar moving to a new value, an outcome's mark
/// drawing itself. `--fade 0` turns them all off with the fades (reduced motion): every change
/// is then drawn at once.
public struct Motion: Sendable, Equatable {
    /// The backdrop's fade in or out: the HUD's fade.
    public var backdropTicks: Int
    /// A change of the HUD's size (a longer message, a mark in the wheel's place).
    public var resizeTicks: Int
    /// A ring or bar moving to a new value.
    public var progressTicks: Int
    /// An outcome's mark drawing itself.
    public var markTicks: Int

    /// A change of size takes this long, as MBProgressHUD's bezel does.
    public static let resizeSeconds = 0.2
    /// A new progress value is reached in this long.
    public static let progressSeconds = 0.25
    /// A mark draws itself in this long.
    public static let markSeconds = 0.3

    /// The motions for `timing` on `clock`: none when the fades are off.
    public init(timing: Timing, clock: FixedStepClock) {
        let moves = timing.fadeSeconds > 0
        backdropTicks = clock.wholeTicks(inSeconds: timing.fadeSeconds)
        resizeTicks = moves ? clock.wholeTicks(inSeconds: Self.resizeSeconds) : 0
        progressTicks = moves ? clock.wholeTicks(inSeconds: Self.progressSeconds) : 0
        markTicks = moves ? clock.wholeTicks(inSeconds: Self.markSeconds) : 0
    }
}
