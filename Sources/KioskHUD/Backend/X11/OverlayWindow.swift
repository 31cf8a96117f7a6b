internal import CSDL
internal import CKioskPlatform
import KioskCore
import KioskPlatform
import KioskRaster

/// The window the overlay shows in: borderless, covering one display, kept above other windows
/// and never taking keyboard focus; or a plain window for development (`--window WxH`).
///
/// On X11 the window is shaped: only the region the frame makes visible is drawn, and only the
/// region it claims for input takes pointer input, so the application beneath keeps the rest.
/// When a compositing manager runs at start, the window has an ARGB visual and the compositor
/// blends its translucent pixels with the screen beneath; otherwise the overlay reads the screen
/// beneath back and blends over it itself (see `ScreenBeneath`).
final class OverlayWindow {
    private let window: OpaquePointer
    private let session: SDLSession
    /// The window's pixels (SDL_GetWindowSurface), drawn into by the frame renderer.
    let surface: Surface
    /// The window's size in pixels.
    let size: Size
    /// How the overlay's picture (and so its regions) is turned on the display.
    var rotation = Rotation.upright
    /// True for the overlay, whose window takes the frame's shape; a plain window shows all.
    private let followsFrameShape: Bool
    private var shownRegion: ScreenRegion?
    private var inputRegion: ScreenRegion?
    private var isMapped = false
    /// When `raiseAgain` last raised the window (MonotonicClock); 0 before it ever did.
    private var lastRaiseNanoseconds: UInt64 = 0
    /// The X11 display and window behind the SDL window, when SDL runs on X11.
    private let x11: (display: UnsafeMutableRawPointer, window: UInt)?
    /// Where on the X screen the window lies.
    private let origin: (x: Int32, y: Int32)
    /// How the window's translucent pixels meet what is beneath it.
    let blending: Blending

    /// How the window's translucent pixels (the HUD's fill and soft edges, the backdrop) meet
    /// what is beneath the window.
    enum Blending: Equatable {
        /// A compositing manager blends them with the screen: the window has an ARGB visual.
        case compositor
        /// Nothing blends them: the overlay reads the screen beneath back and draws over it.
        case readBack
        /// They show over black: not on X11, or a plain development window.
        case none
    }

    /// How the window is placed.
    enum Placement: Equatable {
        /// Cover display `index` as an overlay.
        case overlay(display: Int)
        /// A plain window of the given size, for development.
        case plain(Size)
    }

    /// Creates the window hidden (SDL_CreateWindow, SDL_GetWindowSurface), keeping `session`
    /// (and so SDL) alive as long as the window.
    init(placement: Placement, session: SDLSession) throws(SDLError) {
        self.session = session
        let flags: UInt32
        let origin: (x: Int32, y: Int32)
        let size: Size
        switch placement {
        case .overlay(let display):
            var bounds = SDL_Rect()
            try SDLError.check(SDL_GetDisplayBounds(Int32(display), &bounds), "SDL_GetDisplayBounds(\(display))")
            origin = (bounds.x, bounds.y)
            followsFrameShape = true
            size = Size(width: Int(bounds.w), height: Int(bounds.h))
            flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
                | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_TOOLTIP.rawValue | SDL_WINDOW_HIDDEN.rawValue
        case .plain(let requested):
            let position = csdl_windowpos_undefined_on(0)
            origin = (Int32(position), Int32(position))
            size = requested
            followsFrameShape = false
            flags = SDL_WINDOW_HIDDEN.rawValue
        }
        // Per-pixel alpha only where a compositor blends it, asked for before the window exists
        // (an X11 hint: other video drivers ignore it).
        let argbVisual = followsFrameShape ? kp_x11_compositing_visual() : 0
        if argbVisual != 0 { SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, String(argbVisual)) }
        defer { if argbVisual != 0 { SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, "") } }
        window = try SDLError.unwrap(
            SDL_CreateWindow("kiosk-spinner", origin.x, origin.y, Int32(size.width), Int32(size.height), flags),
            "SDL_CreateWindow")
        guard let pixels = SDL_GetWindowSurface(window) else {
            let error = SDLError(failed: "SDL_GetWindowSurface")
            SDL_DestroyWindow(window)
            throw error
        }
        self.origin = origin
        surface = Surface(borrowing: pixels)
        self.size = Size(width: surface.width, height: surface.height)
        var display: UnsafeMutableRawPointer?
        var xWindow: UInt = 0
        if csdl_x11_handles(window, &display, &xWindow) != 0, let display {
            x11 = (display, xWindow)
        } else {
            x11 = nil
        }
        if followsFrameShape, let x11 {
            _ = kp_x11_refuse_focus(x11.display, x11.window)
            kp_x11_watch_stacking(x11.display)
        }
        blending = !followsFrameShape || x11 == nil ? .none : argbVisual != 0 && surface.hasAlpha ? .compositor : .readBack
    }

    /// What the screen shows in `rect` (in the window's pixels), windows included, as opaque
    /// pixels; nil when not on X11 or the server gave no picture (kp_x11_read_screen).
    func readScreen(_ rect: PixelRect) -> PixelBuffer? {
        guard let x11 else { return nil }
        let picture = PixelBuffer(width: rect.width, height: rect.height)
        let read = picture.withPixels { rows in
            kp_x11_read_screen(x11.display, origin.x + Int32(rect.x), origin.y + Int32(rect.y), Int32(rows.width),
                               Int32(rows.height), rows.base, Int32(rows.pitchPixels))
        }
        return read == 1 ? picture : nil
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    /// Makes the window show `visible` and take input in `input`; hides it when nothing is
    /// visible and nothing takes input, and raises it above other windows when shown. Called when
    /// the picture's regions or panel change, not on every step of the wheel. (The keyboard and
    /// the pointer of the whole screen are held by `BlockingGrab` while blocking, not here: a
    /// grab on SDL's connection is released by SDL's own grab bookkeeping.)
    func claim(visible: ScreenRegion, input: ScreenRegion) {
        let wantsMapping = visible != .nothing || input != .nothing
        if followsFrameShape, visible != shownRegion {
            shownRegion = visible
            setShape(visible, kind: KP_SHAPE_VISIBLE)
        }
        if followsFrameShape, input != inputRegion {
            inputRegion = input
            setShape(input, kind: KP_SHAPE_INPUT)
        }
        if wantsMapping != isMapped {
            isMapped = wantsMapping
            if followsFrameShape, let x11 {
                kp_x11_map(x11.display, x11.window, wantsMapping ? 1 : 0)
            } else {
                if wantsMapping { SDL_ShowWindow(window) } else { SDL_HideWindow(window) }
            }
        }
        if wantsMapping, let x11 { kp_x11_raise(x11.display, x11.window) }
    }

    /// True when `event` (an X event SDL passed on) says another window was mapped or restacked,
    /// so this one, shown, may no longer be on top.
    func isCovered(by event: UnsafeRawPointer) -> Bool {
        guard followsFrameShape, isMapped, let x11 else { return false }
        return kp_x11_is_restacking(event, x11.window) != 0 && kp_x11_is_topmost(x11.display, x11.window) == 0
    }

    /// Raises the window back above the others when it is shown: without a window manager, a
    /// window mapped or raised later would otherwise cover the HUD and, while blocking, show
    /// undimmed above the backdrop.
    func raiseAgain() {
        guard isMapped, let x11 else { return }
        // Another client raising its own window whenever it is covered would make a raise for
        // a raise, as fast as the server answers: a tenth of a second between raises bounds it.
        let now = MonotonicClock.nanoseconds()
        guard now - lastRaiseNanoseconds >= Self.raiseIntervalNanoseconds else { return }
        lastRaiseNanoseconds = now
        kp_x11_raise(x11.display, x11.window)
    }

    /// The least time between two raises that answer another window covering this one.
    static let raiseIntervalNanoseconds: UInt64 = 100_000_000

    private func setShape(_ region: ScreenRegion, kind: kp_shape_kind) {
        guard let x11 else { return }
        let logical = rotation.logicalSize(ofDisplay: size)
        let coordinates = region.rectangles(canvas: logical).map { rotation.displayRect($0, logical: logical) }
            .flatMap { [Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)] }
        _ = coordinates.withUnsafeBufferPointer {
            kp_x11_set_shape(x11.display, x11.window, kind, $0.baseAddress, Int32(coordinates.count / 4))
        }
    }

    /// The physical size (width, height in millimetres) the X server reports for the monitor the
    /// window covers; nil off X11, for a plain window, or when the server tells none.
    func reportedMillimetres() -> Size? {
        guard followsFrameShape, let x11 else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard kp_x11_display_millimetres(x11.display, origin.x, origin.y, Int32(size.width), Int32(size.height),
                                         &width, &height) != 0 else { return nil }
        return Size(width: Int(width), height: Int(height))
    }

    /// True when the window is on Xwayland (kp_x11_is_xwayland): an X grab there holds X
    /// clients only.
    var isOnXWayland: Bool { x11.map { kp_x11_is_xwayland($0.display) == 1 } ?? false }

    /// Copies the given rectangles of the surface to the screen (SDL_UpdateWindowSurfaceRects).
    func present(_ rects: [PixelRect]) throws(SDLError) {
        guard isMapped, !rects.isEmpty else { return }
        var sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        try SDLError.check(SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count)), "SDL_UpdateWindowSurfaceRects")
    }

    /// Copies the whole surface to the screen, after the window was exposed (SDL_UpdateWindowSurface).
    func presentAll() throws(SDLError) {
        guard isMapped else { return }
        try SDLError.check(SDL_UpdateWindowSurface(window), "SDL_UpdateWindowSurface")
    }
}
