import KioskCore
import KioskFonts
import KioskPlatform

/// Why the overlay could not start, each with the exit status it ends with: the one place
/// where failures become statuses.
indirect enum StartupError: Error, CustomStringConvertible {
    /// The FIFO named by `--fifo` or `--psplash` cannot be used.
    case fifo(FIFOReader.Problem)
    /// The control socket named by `--listen` cannot be made.
    case controlSocket(ListeningSocket.Refusal)
    /// No font could be opened.
    case fonts(FontError)
    /// No X11 display could be opened, or its window made.
    case display(SDLError)
    /// `--backend auto` found nothing to show on: no display server named, no display device;
    /// each backend with why it was not tried.
    case noDisplayOffered([PassedOver])
    /// A bare display device (DRM or fbdev) could not be used.
    case framebuffer(FramebufferError)
    /// The Wayland compositor could not show the overlay.
    case wayland(WaylandError)
    /// The last backend `--backend auto` tried could not show the overlay (`cannotShow`); the
    /// others were not tried, each for its reason.
    case notShown(StartupError, notTried: [PassedOver])
    /// `--display index` asks for an output the Wayland compositor does not have; it has `count`.
    case noSuchOutput(index: Int, count: Int)
    /// `--display index` asks for a display the server does not have; it has `count`.
    case noSuchDisplay(index: Int, count: Int)
    /// A thread the overlay needs could not start (the system is out of threads or memory).
    case thread(NativeThread.StartFailure)
    /// The X server refused the blocking grab's own connection (its client limit), so `block`
    /// could not hold keyboard and pointer.
    case blockingGrab

    /// A backend `--backend auto` did not use, and why.
    struct PassedOver: CustomStringConvertible {
        /// The backend.
        var backend: WindowingBackend
        /// Why it was not used (`DISPLAY is not set`).
        var why: String

        /// `x11: DISPLAY is not set`.
        var description: String { "\(backend.rawValue): \(why)" }
    }

    /// The status the program exits with.
    var exitStatus: ExitStatus {
        switch self {
        case .fifo(.refused), .controlSocket: return .usage
        case .fifo(.unavailable), .fonts, .thread, .blockingGrab: return .failure
        case .display, .wayland, .noDisplayOffered: return .noDisplay
        case .framebuffer(let error): return error.kind == .lost ? .displayLost : .noDisplay
        case .noSuchDisplay, .noSuchOutput: return .noSuchDisplay
        case .notShown(let error, _): return error.exitStatus
        }
    }

    /// True for a failure no other backend is tried after: a thread or the X11 grab that could
    /// not start (a `block` that does not block must never run).
    var refusesToStart: Bool {
        switch self {
        case .thread, .blockingGrab: return true
        default: return false
        }
    }

    /// True when waiting could help (`--wait-for-display`): nothing to show on yet, or a display
    /// that could not show the overlay (a device whose driver is still loading, a node udev has
    /// not given its group yet, a server not up yet).
    var mayComeLater: Bool {
        switch self {
        case .noDisplayOffered, .notShown: return true
        default: return cannotShow
        }
    }

    /// True when another program holds the display device (another DRM master: a display server,
    /// an application, the overlay before a reboot): nothing announces when it lets go, so a wait
    /// tries again every half second.
    var isHeldByAnotherProgram: Bool {
        switch self {
        case .framebuffer(let failure): return failure.kind == .busy
        case .notShown(let failure, _): return failure.isHeldByAnotherProgram
        default: return false
        }
    }

    /// True when the display itself could not show the overlay (its server, its device), not
    /// the options asking for what it does not have: a start ending so also says why the other
    /// backends were not tried.
    var cannotShow: Bool {
        switch self {
        case .display, .wayland, .framebuffer: return true
        default: return false
        }
    }

    /// What failed, without the advice that follows it when nothing else is tried: the line a
    /// fall-back to the next backend starts with.
    var reason: String {
        switch self {
        case .wayland(let error): return "\(error)"
        case .framebuffer(let error): return "\(error)"
        default: return description
        }
    }

    var description: String {
        switch self {
        case .notShown(let error, let notTried):
            return "\(error) (not tried: " + notTried.map(\.description).joined(separator: "; ") + ")"
        case .fifo(let problem): return "\(problem)"
        case .controlSocket(let refusal): return "\(refusal)"
        case .fonts(let error): return "cannot load the font: \(error)"
        case .thread(let failure): return "\(failure)"
        case .wayland(let error):
            return "cannot show on Wayland: \(error). Run under a compositor with the wlr layer shell, set DISPLAY to "
                + "show through XWayland, or render a picture with --snapshot FILE.png"
        case .blockingGrab:
            return "cannot open a second connection to the X server for the blocking grab, so `block` could not hold "
                + "keyboard and pointer; refusing to start"
        case .noSuchDisplay(let index, let count):
            let server = Environment.value("DISPLAY").map { "the X server at DISPLAY=\($0)" } ?? "this system"
            let displays = count == 1 ? "1 display (0)" : "\(count) displays (0 to \(count - 1))"
            return "--display \(index): no such display; \(server) has \(displays). "
                + "Use --display with one of those, or --display all"
        case .noSuchOutput(let index, let count):
            let outputs = count == 1 ? "1 output (0)" : "\(count) outputs (0 to \(count - 1))"
            return "--display \(index): no such output; the Wayland compositor at WAYLAND_DISPLAY="
                + "\(Environment.value("WAYLAND_DISPLAY") ?? "wayland-0") has \(outputs). Use --display with one of those, or --display all"
        case .display(let error):
            let display = Environment.value("DISPLAY").map { " at DISPLAY=\($0)" } ?? ""
            return "cannot show on the X server\(display): \(error)"
        case .noDisplayOffered(let passedOver):
            return "nothing to show on: " + passedOver.map(\.description).joined(separator: "; ")
                + ". Set WAYLAND_DISPLAY or DISPLAY to a running server, or render a picture with --snapshot FILE.png"
        case .framebuffer(let error) where error.kind == .busy:
            return "\(error). A display server holds the screen: show on it (set DISPLAY or WAYLAND_DISPLAY), "
                + "or stop it first"
        case .framebuffer(let error) where error.kind == .noPermission:
            return "\(error). Run the overlay in the group that owns the device (usually video), or as root"
        case .framebuffer(let error):
            return "\(error)"
        }
    }
}
