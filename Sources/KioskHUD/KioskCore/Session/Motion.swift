/// How long the HUD's motions take, in ticks of the clock: the backdrop fading with `block` and
/// `unblock`, the HUD changing size, a ring or bar moving to a new value, an outcome's mark
/// drawing itself. `--fade 0` turns them all off with the fades (reduced motion): every change
/// is then drawn at once.
public struct Motion: Sendable, Equatable {
    /// The backdrop's fade in or out: the HUD's fade.
    public var backdropTicks: Int
    /// A change of the HUD's size (a longer message, a mark in the wheel's place).
    public var resizeTicks: Int
    /// A ring or bar moving to a new value a tenth of the gauge or more away
    /// (`progressTicks(movingBy:)`).
    public var progressTicks: Int
    /// An outcome's mark drawing itself.
    public var markTicks: Int

    /// A change of size takes this long, as MBProgressHUD's bezel does.
    public static let resizeSeconds = 0.2
    /// A new progress value a tenth of the gauge or more away is reached in this long.
    public static let progressSeconds = 0.25
    /// The distance (a fraction of the gauge) that takes the whole `progressSeconds`.
    public static let fullProgressDistance = 0.1
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

    /// How long a ring or bar takes to move by `distance` (a fraction of the gauge): all of
    /// `progressTicks` from a tenth of the gauge on, in proportion below that (rounded up). A
    /// one-percent step, as psplash's boot scripts send them, moves a ring by a pixel or two:
    /// two frames show it as well as fifteen, at a seventh of the drawing.
    public func progressTicks(movingBy distance: Double) -> Int {
        let share = min(1, abs(distance) / Self.fullProgressDistance)
        return Int((Double(progressTicks) * share).rounded(.up))
    }
}
