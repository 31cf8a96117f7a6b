internal import CSDL
internal import CKioskPlatform
import KioskCore
import KioskFonts
import KioskPlatform

/// SDL windows on an X server (XWayland too), one a display, or one plain development window
/// (`--window WxH`), and SDL's event queue the loop waits in; a wake-up is an SDL user event.
/// `block` holds keyboard and pointer through an X11 grab.
final class X11Backend: DisplayBackend {
    static let choice = WindowingBackend.x11
    let displays: [OpenedDisplay]
    let blockingInput: BlockingInput
    let stacking: Stacking
    let wake: @Sendable () -> Bool
    private let outputs: [OverlayOutput]
    /// SDL's video, alive as long as the windows.
    private let session: SDLSession

    /// Offered where an X server is named, or for a plain window (which SDL can also show on
    /// a Wayland compositor).
    static func isOffered(for options: LaunchOptions) -> Bool {
        options.windowSize != nil || Environment.value("DISPLAY") != nil
    }

    /// Starts SDL's video, refuses a `--display` the server does not have, and makes the windows.
    static func open(_ options: LaunchOptions, glyphs: FontChain) throws(StartupError) -> X11Backend {
        kp_x11_on_connection_loss { RenderLoop.loseDisplay("lost the connection to the X server; exiting") }
        let session: SDLSession
        do { session = try SDLSession() } catch { throw .display(error) }
        try checkDisplayExists(options)
        var outputs: [OverlayOutput] = []
        var displays: [OpenedDisplay] = []
        var windows: [OverlayWindow] = []
        do throws(SDLError) {
            for placement in placements(options) {
                let window = try OverlayWindow(placement: placement, session: session)
                windows.append(window)
                let output = OverlayOutput(window: window, rotation: options.rotation, glyphs: glyphs)
                outputs.append(output)
                displays.append(OpenedDisplay(logicalSize: output.logicalSize,
                                              profile: DisplayProfile(pixels: window.size,
                                                                      reportedMillimetres: reportedMillimetres(placement, window: window))))
            }
        } catch {
            throw .display(error)
        }
        // The X events of the root's substructure (`kp_x11_watch_stacking`), to stay on top.
        if options.windowSize == nil { _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }
        let grabs = options.windowSize == nil && SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
        let xClientsOnly = xClientsOnlyReason(windows)
        return X11Backend(session: session, outputs: outputs, displays: displays,
                          blockingInput: grabs ? .grab(onlyXClients: xClientsOnly) : .unsupported,
                          stacking: stacking(overlaying: grabs, xClientsOnly: xClientsOnly))
    }

    /// Creates the backend for `outputs`, registering the user event that wakes the loop
    /// (SDL_RegisterEvents).
    private init(session: SDLSession, outputs: [OverlayOutput], displays: [OpenedDisplay], blockingInput: BlockingInput,
                 stacking: Stacking) {
        self.session = session
        self.outputs = outputs
        self.displays = displays
        self.blockingInput = blockingInput
        self.stacking = stacking
        // Any user event wakes the loop; a registered type keeps it apart from SDL's own.
        let registered = SDL_RegisterEvents(1)
        let wakeType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
        wake = {
            var event = SDL_Event()
            event.type = wakeType
            return SDL_PushEvent(&event) == 1
        }
    }

    /// Why an X client holds input and stays on top only among X clients here, said once at
    /// start, or nil where it is alone with them: on Xwayland (or with a Wayland compositor named
    /// beside the X server) native Wayland applications get keys and clicks whatever an X client
    /// grabs, and the compositor may stack their windows above the HUD without X knowing.
    private static func xClientsOnlyReason(_ windows: [OverlayWindow]) -> String? {
        let compositor = Environment.value("WAYLAND_DISPLAY")
        guard compositor != nil || windows.contains(where: \.isOnXWayland) else { return nil }
        let server = compositor.map { "a Wayland compositor runs (WAYLAND_DISPLAY=\($0))" } ?? "the X server is Xwayland"
        return "block holds keyboard and pointer for X clients only: \(server), and an X grab does not reach its "
            + "native Wayland applications; status says grab=partial while blocking, and above=partial: "
            + "the compositor may put a native window over the HUD unseen"
    }

    /// What the overlay's windows promise of their place on top: an overlay on an X server
    /// stays above every X window (it raises itself again), which is everything unless native
    /// Wayland windows share the screen; a plain window, or one SDL shows on something other than
    /// X11, is an ordinary window.
    private static func stacking(overlaying: Bool, xClientsOnly: String?) -> Stacking {
        guard overlaying else { return .ordinaryWindow }
        return xClientsOnly == nil ? .held : .partial
    }

    /// Where the overlay shows: a plain window (`--window`), every display (`--display all`), or
    /// one display.
    private static func placements(_ options: LaunchOptions) -> [OverlayWindow.Placement] {
        if let size = options.windowSize { return [.plain(size)] }
        guard options.mirrorsOnAllDisplays else { return [.overlay(display: options.display)] }
        return (0..<max(1, Int(SDL_GetNumVideoDisplays()))).map { .overlay(display: $0) }
    }

    /// Refuses `--display N` when the display server has no display N (SDL_GetNumVideoDisplays),
    /// so it is named as such instead of as a display that cannot be opened.
    private static func checkDisplayExists(_ options: LaunchOptions) throws(StartupError) {
        guard options.windowSize == nil, !options.mirrorsOnAllDisplays else { return }
        let count = Int(SDL_GetNumVideoDisplays())
        guard count > 0, options.display >= count else { return }
        throw .noSuchDisplay(index: options.display, count: count)
    }

    /// The physical size the display `placement` covers reports: through RandR on X11, else
    /// the size behind SDL_GetDisplayDPI; nil for a plain window or none reported.
    private static func reportedMillimetres(_ placement: OverlayWindow.Placement, window: OverlayWindow) -> Size? {
        guard case .overlay(let display) = placement else { return nil }
        if let millimetres = window.reportedMillimetres() { return millimetres }
        var across: Float = 0, down: Float = 0
        guard SDL_GetDisplayDPI(Int32(display), nil, &across, &down) == 0, across > 0, down > 0 else { return nil }
        return Size(width: Int((Double(window.size.width) * 25.4 / Double(across)).rounded()),
                    height: Int((Double(window.size.height) * 25.4 / Double(down)).rounded()))
    }

    func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            guard let frame else { continue }
            do {
                try output.draw(frame)
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    /// Waits in SDL_WaitEventTimeout, then handles every pending event: an exposed window is
    /// presented again; SDL_QUIT (a plain window's close button) becomes `.windowClosed`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        var event = SDL_Event()
        var got: Int32
        if let deadline {
            let milliseconds = MonotonicClock.milliseconds(until: deadline)
            got = milliseconds == 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, milliseconds)
        } else {
            got = SDL_WaitEvent(&event)
        }
        var closed = false
        while got != 0 {
            if event.type == SDL_QUIT.rawValue { closed = true }
            if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                outputs.forEach { $0.presentAll() }
            }
            if let xEvent = csdl_x11_event(&event) { outputs.forEach { $0.keepOnTop(after: xEvent) } }
            got = SDL_PollEvent(&event)
        }
        return closed ? [.windowClosed] : []
    }
}
