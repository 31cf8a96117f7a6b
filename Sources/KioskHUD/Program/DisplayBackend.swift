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
}

extension DisplayBackend {
    /// Nothing to do where the windowing system holds input from the frame alone (a blocking
    /// layer surface) or nothing can hold it (a bare screen).
    func holdInput(_ wanted: Bool) {}
}

/// A backend `--backend` can name and `BackendRegistry` choose: a new one is its own files
/// plus one line in the registry.
protocol RegisteredBackend: DisplayBackend {
    /// The `--backend` choice that names it.
    static var choice: WindowingBackend { get }

    /// Why `--backend auto` does not try it in this environment (its server's variable is not
    /// set, its device does not exist, `options` rule it out), for the line a start that finds
    /// nothing ends with; nil when it is offered.
    static func absence(for options: LaunchOptions) -> String?

    /// Opens the displays `options` ask for, drawing text with `glyphs`.
    static func open(_ options: LaunchOptions, glyphs: FontChain) throws(StartupError) -> Self
}

extension RegisteredBackend {
    var name: String { Self.choice.rawValue }
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

    /// What the grab is before the first `block`: released where the backend grabs, held where
    /// the windowing system does, unsupported where nothing can.
    var initialStatus: BlockingGrabState.Status {
        switch self {
        case .grab: return .released
        case .heldByWindowingSystem: return .held
        case .unsupported: return .unsupported
        }
    }
}
