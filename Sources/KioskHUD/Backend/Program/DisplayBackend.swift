import KioskCore
import KioskFonts
import KioskPlatform

/// One way of putting the overlay on screen, as a Plymouth renderer plug-in is: it opens its
/// displays, presents the frames the loop draws for them, waits for its own events, holds input
/// while blocking as far as it can, and reports a lost display as an input to the loop's step.
/// Everything else (the policy, the readers, the answers) is the same for every backend.
///
/// A new backend is its own files plus one line in `BackendRegistry`.
protocol DisplayBackend: AnyObject {
    /// The `--backend` choice that names it.
    static var choice: WindowingBackend { get }

    /// True when `--backend auto` should try it in this environment (its server's variable is
    /// set, its device exists); false when `options` rule it out.
    static func isOffered(for options: LaunchOptions) -> Bool

    /// Opens the displays `options` ask for, drawing text with `glyphs`.
    static func open(_ options: LaunchOptions, glyphs: FontChain) throws(StartupError) -> Self

    /// The displays opened, in the order frames are given to `draw`.
    var displays: [OpenedDisplay] { get }

    /// How `block` holds keyboard and pointer here.
    var blockingInput: BlockingInput { get }

    /// What this backend promises of the HUD's place above other windows (`status`'s `above`).
    var stacking: Stacking { get }

    /// Wakes `waitForEvents` from any thread; false when the wake-up could not be sent.
    var wake: @Sendable () -> Bool { get }

    /// Draws each display's frame (nil: unchanged since the last), reporting, not throwing,
    /// a failure.
    func draw(_ frames: [Frame?])

    /// Sleeps until `deadline` (`MonotonicClock` nanoseconds; nil: until something happens), a
    /// wake-up or an event of the display, handles those events, and returns what they mean
    /// for the policy (a closed window, a lost display).
    func waitForEvents(until deadline: UInt64?) -> [LoopInput]
}

/// A display a backend opened: what the layout is for.
struct OpenedDisplay {
    /// The screen the overlay is laid out for: the display's size, turned by `--rotate`.
    var logicalSize: Size
    /// What the display tells of its density and scale.
    var profile: DisplayProfile
}

/// How a backend keeps keyboard and pointer from what lies beneath while `block` is on; what
/// `status` says of it (`grab=`) follows from this and nothing else.
enum BlockingInput {
    /// The backend holds them itself when asked, through an X11 grab. With `onlyXClients` (the
    /// reason given), the X server is XWayland and its grab cannot keep input from native Wayland
    /// applications, so a held grab is said as `partial`.
    case grab(onlyXClients: String?)
    /// The windowing system gives the overlay all input while it blocks (a Wayland layer
    /// surface with the keyboard exclusively and every pixel as its input region).
    case heldByWindowingSystem
    /// Nothing here can be held (a bare framebuffer: the overlay reads no input devices), so
    /// `status` says `grab=unsupported`.
    case unsupported
}
