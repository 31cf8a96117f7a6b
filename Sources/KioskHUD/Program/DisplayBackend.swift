import KioskCore
import KioskFonts
import KioskPlatform

/// One way of putting the overlay on screen, as a Plymouth renderer plug-in is: it presents the
/// frames the loop draws for its displays, holds input while blocking as far as it can, and
/// waits for its own events, returning what they mean for the step (a lost display, the grab's
/// news) as ordinary `LoopInput`s. Everything else (the policy, the readers, the answers) is the
/// `Overlay`'s, the same for every backend. `MemoryBackend` in the tests is one too.
protocol DisplayBackend: AnyObject {
    /// What `status` names it by (`backend=x11`).
    var name: String { get }

    /// The displays opened, in the order frames are given to `draw`.
    var displays: [OpenedDisplay] { get }

    /// How `block` holds keyboard and pointer here.
    var blockingInput: BlockingInput { get }

    /// What this backend promises of the HUD's place above other windows (`status`'s `above`).
    var stacking: Stacking { get }

    /// True where presses on the HUD and Escape reach the overlay (`LoopInput.pressed`,
    /// `.released`, `.escapeKey`), so a Cancel can be offered.
    var readsPresses: Bool { get }

    /// Wakes `waitForEvents` from any thread; false when the wake-up could not be sent.
    var wake: @Sendable () -> Bool { get }

    /// Draws each display's frame (nil: unchanged since the last), reporting, not throwing,
    /// a failure.
    func draw(_ frames: [Frame?])

    /// Holds keyboard and pointer (true) or lets them go (false), as the step wants; called
    /// after every step's frames, so it returns at once when nothing changes. What the hold
    /// becomes is told through `waitForEvents` (`.grab`).
    func holdInput(_ wanted: Bool)

    /// Sleeps until `deadline` (`MonotonicClock` nanoseconds; nil: until something happens), a
    /// wake-up or an event of the display, handles those events, and returns what they mean
    /// for the policy (a closed window, a lost display, the grab's status).
    func waitForEvents(until deadline: UInt64?) -> [LoopInput]

    /// Stops drawing and lets go of the screen for good, its last picture staying for the next
    /// program (`deactivate`); only asked where `WindowingBackend.handsOverTheScreen`.
    func deactivate()

    /// At a `quit --retain`, before the exit: leaves the screen as it is instead of giving it
    /// back to the console; only asked where `WindowingBackend.handsOverTheScreen`.
    func leaveScreen()
}

extension DisplayBackend {
    /// No pointer, touch or keys are read: bare screens read no input devices.
    var readsPresses: Bool { false }

    /// Nothing to do where the windowing system holds input from the frame alone (a blocking
    /// layer surface) or nothing can hold it (a bare screen).
    func holdInput(_ wanted: Bool) {}

    /// Nothing to let go where a display server owns the screen (the step refuses `deactivate`).
    func deactivate() {}

    /// Nothing to leave where the overlay's window goes with it (the step quits plainly).
    func leaveScreen() {}
}
