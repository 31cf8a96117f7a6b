import KioskCore

/// What the render loop shows its frames on and waits in: SDL windows (`SDLScreens`: X11,
/// KMSDRM, a plain window) or Wayland layer surfaces (`WaylandScreens`). Everything else of the
/// loop (the policy, the readers, the answers) is the same for both.
protocol OverlayScreens: AnyObject {
    /// Wakes `waitForEvents` from any thread; false when the wake-up could not be sent.
    var wake: @Sendable () -> Bool { get }

    /// True when the windowing system itself gives the overlay all input while it blocks (a
    /// Wayland layer surface taking the keyboard exclusively, its input region everything), so
    /// the grab is held without a `BlockingGrab`.
    var blockingHoldsInput: Bool { get }

    /// Draws each display's frame (nil: unchanged since the last), reporting, not throwing,
    /// a failure.
    func draw(_ frames: [Frame?])

    /// Sleeps until `deadline` (`MonotonicClock` nanoseconds; nil: until something happens), a
    /// wake-up or an event of the windowing system, handles those events, and returns what they
    /// mean for the policy (a closed window).
    func waitForEvents(until deadline: UInt64?) -> [LoopInput]
}
