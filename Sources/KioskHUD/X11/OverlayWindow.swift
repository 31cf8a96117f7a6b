internal import CSDL
internal import CKioskX11
import KioskCore
import KioskPlatform
import KioskRaster

/// The window the overlay shows in: borderless, covering one display, kept above other windows
/// and never taking keyboard focus; or a plain window for development (`--window WxH`).
///
/// On X11 the window covers its display and is shaped: only the region the frame makes visible
/// is drawn, and only the region it claims for input takes pointer input, so the application
/// beneath keeps the rest. Xwayland does not pass the input shape on to the Wayland compositor,
/// so there the overlay draws the display's picture in memory and the window covers only the
/// part the frame shows or claims for input (the HUD and its shadow; the whole display while
/// blocking), shaped within that. When a compositing manager runs at start, the window has an
/// ARGB visual and the compositor blends its translucent pixels with the screen beneath;
/// otherwise the overlay reads the screen beneath back and blends over it itself (see
/// `ScreenBeneath`). Elsewhere (another SDL video driver, a plain window) SDL presents the
/// window's surface.
final class OverlayWindow {
    private var window: OpaquePointer
    /// The window a replacement took the place of, destroyed once the replacement is painted.
    private var retiring: OpaquePointer?
    /// SDL_CreateWindow's flags, and the ARGB visual asked for (0: the default).
    private let creation: (flags: UInt32, argbVisual: UInt)
    /// Where the frame renderer draws the display's picture.
    let canvas: any PixelCanvas
    /// How the picture reaches the screen.
    private var presentation: Presentation
    /// The display's size in pixels.
    let size: Size
    /// How the overlay's picture (and so its regions) is turned on the display.
    var rotation = Rotation.upright
    /// True for the overlay, whose window takes the frame's shape; a plain window shows all.
    private let followsFrameShape: Bool
    private var shownRegion: ScreenRegion?
    private var inputRegion: ScreenRegion?
    private var isMapped = false
    /// How many of the window's own unmaps the server has still to tell of: an unmap heard
    /// beyond them is another client's.
    private var ownUnmapsToHear = 0
    /// When `raiseAgain` last raised the window (MonotonicClock); 0 before it ever did.
    private var lastRaiseNanoseconds: UInt64 = 0
    /// The X11 display and window behind the SDL window, when SDL runs on X11.
    private var x11: (display: UnsafeMutableRawPointer, window: UInt)?
    /// Where on the X screen the display lies (a fitted window lies at `placed` from it).
    private let origin: (x: Int32, y: Int32)
    /// How the window's translucent pixels meet what is beneath it.
    let blending: Blending
    /// SDL's video, kept alive as long as the window; declared last so that it is released
    /// after the painter, whose graphics context belongs to SDL's X connection.
    private let session: SDLSession

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

    /// How the picture reaches the screen.
    private enum Presentation {
        /// The canvas is the window's SDL surface, presented by SDL (SDL_UpdateWindowSurfaceRects).
        case surface(Surface)
        /// The canvas is a picture in memory of the whole display; the window covers `placed` of
        /// it and shows that part, put by `painter` (on Xwayland).
        case fitted(PixelBuffer, WindowPainter)
    }

    /// The part of the display the window covers (display pixels); the whole display until the
    /// first frame claims less.
    private var placed: PixelRect
    /// True when the window moved, resized or mapped since its pixels were last put: the next
    /// present puts all it covers.
    private var mustPutWhole = true
    /// True on Xwayland (kp_x11_is_xwayland): an X grab there holds X clients only, and the
    /// window is fitted to the frame. A compositor may take an override-redirect window's place
    /// only when it is mapped and not follow its moves (cage 0.1.4 did not, even across an unmap
    /// and map in one flush), so a shown fitted window that must move is replaced by a new one;
    /// a hidden one is moved, and placed when next mapped.
    let isOnXWayland: Bool

    /// How the window is placed.
    enum Placement: Equatable {
        /// Cover display `index` as an overlay.
        case overlay(display: Int)
        /// A plain window of the given size, for development.
        case plain(Size)
    }

    /// Creates the window hidden (SDL_CreateWindow; SDL_GetWindowSurface unless it is an overlay
    /// on Xwayland), keeping `session` (and so SDL) alive as long as the window. An overlay
    /// covers `bounds` (screen pixels) when given, else its display as SDL knows it at start
    /// (SDL_GetDisplayBounds, which does not follow RandR's later changes). Throws when its
    /// pixels are not 32-bit RGB.
    init(placement: Placement, session: SDLSession, bounds: PixelRect? = nil) throws(SDLError) {
        self.session = session
        let flags: UInt32
        let origin: (x: Int32, y: Int32)
        let size: Size
        switch placement {
        case .overlay(let display):
            var known = SDL_Rect()
            if let bounds {
                known = SDL_Rect(x: Int32(bounds.x), y: Int32(bounds.y), w: Int32(bounds.width), h: Int32(bounds.height))
            } else {
                try SDLError.check(SDL_GetDisplayBounds(Int32(display), &known), "SDL_GetDisplayBounds(\(display))")
            }
            origin = (known.x, known.y)
            followsFrameShape = true
            size = Size(width: Int(known.w), height: Int(known.h))
            flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
                | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_TOOLTIP.rawValue | SDL_WINDOW_HIDDEN.rawValue
        case .plain(let requested):
            let position = csdl_windowpos_undefined_on(0)
            origin = (Int32(position), Int32(position))
            size = requested
            followsFrameShape = false
            flags = SDL_WINDOW_HIDDEN.rawValue
        }
        creation = (flags, followsFrameShape ? kp_x11_compositing_visual() : 0)
        window = try Self.createWindow(at: origin, size: size, creation)
        let x11 = Self.x11Handles(of: window)
        if let x11 { kp_x11_survive_connection_loss(x11.display) }
        isOnXWayland = x11.map { kp_x11_is_xwayland($0.display) == 1 } ?? false
        do throws(SDLError) {
            presentation = try Self.presentation(of: window, sized: size, x11: followsFrameShape && isOnXWayland ? x11 : nil)
        } catch {
            SDL_DestroyWindow(window)
            throw error
        }
        self.origin = origin
        self.x11 = x11
        switch presentation {
        case .surface(let surface):
            canvas = surface
            self.size = surface.size
            blending = !followsFrameShape || x11 == nil ? .none
                : creation.argbVisual != 0 && surface.hasAlpha ? .compositor : .readBack
        case .fitted(let picture, let painter):
            canvas = picture
            self.size = size
            blending = creation.argbVisual != 0 && painter.hasAlpha ? .compositor : .readBack
        }
        placed = PixelRect(x: 0, y: 0, width: self.size.width, height: self.size.height)
        if followsFrameShape, let x11 {
            _ = kp_x11_refuse_focus(x11.display, x11.window)
            kp_x11_watch_stacking(x11.display)
        }
    }

    /// Creates a hidden SDL window of `size` at `origin` (screen pixels) as `creation` says.
    private static func createWindow(at origin: (x: Int32, y: Int32), size: Size,
                                     _ creation: (flags: UInt32, argbVisual: UInt)) throws(SDLError) -> OpaquePointer {
        // Per-pixel alpha only where a compositor blends it, asked for before the window exists
        // (an X11 hint: other video drivers ignore it).
        let argbVisual = creation.argbVisual
        if argbVisual != 0 { SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, String(argbVisual)) }
        defer { if argbVisual != 0 { SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, "") } }
        return try SDLError.unwrap(
            SDL_CreateWindow("kiosk-spinner", origin.x, origin.y, Int32(size.width), Int32(size.height), creation.flags),
            "SDL_CreateWindow")
    }

    /// The X11 display and window behind `window`, when SDL runs on X11.
    private static func x11Handles(of window: OpaquePointer) -> (display: UnsafeMutableRawPointer, window: UInt)? {
        var display: UnsafeMutableRawPointer?
        var xWindow: UInt = 0
        guard csdl_x11_handles(window, &display, &xWindow) != 0, let display else { return nil }
        // Another client may destroy it: what is still asked of it then must not end the program.
        kp_x11_own_window(xWindow)
        return (display, xWindow)
    }

    /// How `window` (of `size`) shows its picture: fitted where it is an overlay to fit (`x11`
    /// given) and its visual is true-colour RGB, else through its SDL surface.
    private static func presentation(of window: OpaquePointer, sized size: Size,
                                     x11: (display: UnsafeMutableRawPointer, window: UInt)?) throws(SDLError) -> Presentation {
        if let x11, let painter = WindowPainter(display: x11.display, window: x11.window) {
            return .fitted(PixelBuffer(width: size.width, height: size.height), painter)
        }
        guard let pixels = SDL_GetWindowSurface(window) else { throw SDLError(failed: "SDL_GetWindowSurface") }
        let surface = Surface(borrowing: pixels)
        guard surface.isDirectlyDrawable else {
            throw SDLError(call: "SDL_GetWindowSurface", reason: "the window's pixel format is not 32-bit RGB")
        }
        return .surface(surface)
    }

    /// Where on the X screen the display the window covers lies (screen pixels).
    var place: PixelRect { PixelRect(x: Int(origin.x), y: Int(origin.y), width: size.width, height: size.height) }

    /// SDL's X11 connection (a Display *), when SDL runs on X11.
    var x11Display: UnsafeMutableRawPointer? { x11?.display }

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
        if let retiring { SDL_DestroyWindow(retiring) }
        SDL_DestroyWindow(window)
    }

    /// Makes the window show `visible` and take input in `input`; hides it when nothing is
    /// visible and nothing takes input, and raises it above other windows when shown. Called when
    /// the picture's regions or panel change, not on every step of the wheel. (The keyboard and
    /// the pointer of the whole screen are held by `BlockingGrab` while blocking, not here: a
    /// grab on SDL's connection is released by SDL's own grab bookkeeping.)
    func claim(visible: ScreenRegion, input: ScreenRegion, holding reach: PixelRect? = nil) {
        let wantsMapping = visible != .nothing || input != .nothing
        if wantsMapping { fit(around: [visible, input], holding: reach) }
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
            mustPutWhole = true
            if followsFrameShape, let x11 {
                if !wantsMapping { ownUnmapsToHear += 1 }
                kp_x11_map(x11.display, x11.window, wantsMapping ? 1 : 0)
            } else {
                if wantsMapping { SDL_ShowWindow(window) } else { SDL_HideWindow(window) }
            }
        }
        if wantsMapping, let x11 { kp_x11_raise(x11.display, x11.window) }
    }

    /// True when `event` (an X event SDL passed on) says a window was mapped or restacked (another
    /// put above the others, or this one lowered), and this one, shown, is no longer on top.
    func isCovered(by event: UnsafeRawPointer) -> Bool {
        guard followsFrameShape, isMapped, x11 != nil else { return false }
        return kp_x11_is_restacking(event) != 0 && !isOnTop
    }

    /// True while the window is to be shown: the overlay mapped it (another client may have
    /// unmapped it since).
    var isShown: Bool { isMapped }

    /// True when the window, to be shown, is mapped and no other client's window shows above it
    /// (XQueryTree, a round trip: the server has taken every request made before it); always
    /// true for a plain window, which is not kept on top, or one not to be shown.
    var isOnTop: Bool {
        guard followsFrameShape, isMapped, let x11 else { return true }
        return kp_x11_is_on_top(x11.display, x11.window) != 0
    }

    /// True when `event` (an X event SDL passed on) says another client destroyed this window,
    /// so the overlay must make a new one (what is still asked of this one fails harmlessly:
    /// kp_x11_own_window).
    func wasDestroyed(by event: UnsafeRawPointer) -> Bool {
        guard followsFrameShape, let x11 else { return false }
        return kp_x11_is_destroyed(event, x11.window) != 0
    }

    /// Maps the window again when `event` (an X event SDL passed on) says it was unmapped while
    /// it is to be shown: another client did it (xdotool windowunmap, a window manager's
    /// "minimise"), and a HUD gone while the grab holds the keyboard would leave a free-looking
    /// screen where typing goes nowhere. Its whole picture is put again. True when it did; false
    /// also when the unmap was the first part of its destruction (the server has destroyed it by
    /// the time the unmap is heard, and `wasDestroyed` hears that next).
    func mapAgain(after event: UnsafeRawPointer) -> Bool {
        guard followsFrameShape, let x11, kp_x11_is_unmapped(event, x11.window) != 0 else { return false }
        guard ownUnmapsToHear == 0 else {
            ownUnmapsToHear -= 1
            return false
        }
        guard isMapped, kp_x11_window_exists(x11.display, x11.window) != 0 else { return false }
        mustPutWhole = true
        kp_x11_map(x11.display, x11.window, 1)
        return true
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

    /// Where on a window an event is: at a pixel (SDL's button events) or at a fraction of its
    /// width and height (its finger events).
    enum WindowPlace {
        case pixel(Int, Int)
        case fraction(Double, Double)
    }

    /// The point of the frame (the turned canvas) under `place` on this window, when `windowID`
    /// is this window's (`SDL_GetWindowID`); nil for another window's event.
    func framePoint(ofWindow windowID: UInt32, at place: WindowPlace) -> Point? {
        guard SDL_GetWindowID(window) == windowID else { return nil }
        let pixel: (x: Int, y: Int)
        switch place {
        case .pixel(let x, let y): pixel = (x, y)
        case .fraction(let x, let y): pixel = (Int(x * Double(placed.width)), Int(y * Double(placed.height)))
        }
        return framePoint(display: (placed.x + min(placed.width - 1, max(0, pixel.x)),
                                    placed.y + min(placed.height - 1, max(0, pixel.y))))
    }

    /// The point of the frame at the X screen's pixel (`x`, `y`) (a press the blocking grab
    /// took), or nil when this window's display does not hold it.
    func framePoint(onScreen x: Int, _ y: Int) -> Point? {
        let display = (x: x - Int(origin.x), y: y - Int(origin.y))
        guard display.x >= 0, display.y >= 0, display.x < size.width, display.y < size.height else { return nil }
        return framePoint(display: display)
    }

    /// The point of the frame (the turned canvas) at display pixel `display`, at its middle.
    private func framePoint(display: (x: Int, y: Int)) -> Point {
        let logical = rotation.logicalPoint(x: display.x, y: display.y, logical: rotation.logicalSize(ofDisplay: size))
        return Point(x: Double(logical.x) + 0.5, y: Double(logical.y) + 0.5)
    }


    /// The least time between two raises that answer another window covering this one.
    static let raiseIntervalNanoseconds: UInt64 = 100_000_000

    /// Moves and resizes a fitted window to cover the bounds of `regions` and `reach` (canvas
    /// pixels) on its display; the shapes, set relative to the window, are set again.
    private func fit(around regions: [ScreenRegion], holding reach: PixelRect?) {
        guard case .fitted = presentation, let x11 else { return }
        let display = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let logical = rotation.logicalSize(ofDisplay: size)
        let canvasRects = regions.map { $0.bounds(canvas: logical) } + (reach.map { [$0] } ?? [])
        let wanted = canvasRects.filter { !$0.isEmpty }.map { rotation.displayRect($0, logical: logical) }
            .reduce(PixelRect.empty) { $0.union($1) }.intersection(display)
        guard !wanted.isEmpty, wanted != placed else { return }
        let moves = wanted.x != placed.x || wanted.y != placed.y
        let screenOrigin = (x: origin.x + Int32(wanted.x), y: origin.y + Int32(wanted.y))
        placed = wanted
        mustPutWhole = true
        shownRegion = nil
        inputRegion = nil
        if moves, isMapped, replaceWindow(at: screenOrigin, size: Size(width: wanted.width, height: wanted.height)) {
            return
        }
        kp_x11_move_resize(x11.display, x11.window, screenOrigin.x, screenOrigin.y, Int32(wanted.width), Int32(wanted.height))
    }

    /// Puts a new hidden window of `size` at `screenOrigin` in this one's place, to be mapped by
    /// `claim` and shown by the next present, which destroys this one; false (nothing changed)
    /// when it cannot be made.
    private func replaceWindow(at screenOrigin: (x: Int32, y: Int32), size: Size) -> Bool {
        guard case .fitted(let picture, _) = presentation,
              let replacement = try? Self.createWindow(at: screenOrigin, size: size, creation) else { return false }
        guard let handles = Self.x11Handles(of: replacement),
              let painter = WindowPainter(display: handles.display, window: handles.window) else {
            SDL_DestroyWindow(replacement)
            return false
        }
        _ = kp_x11_refuse_focus(handles.display, handles.window)
        if let retiring { SDL_DestroyWindow(retiring) }
        retiring = window
        window = replacement
        x11 = handles
        presentation = .fitted(picture, painter)
        isMapped = false
        // The old window's unmaps are heard under its own id.
        ownUnmapsToHear = 0
        return true
    }

    /// The display rectangles `region` (laid out on the turned canvas) covers.
    private func displayRects(_ region: ScreenRegion) -> [PixelRect] {
        let logical = rotation.logicalSize(ofDisplay: size)
        return region.rectangles(canvas: logical).map { rotation.displayRect($0, logical: logical) }
    }

    private func setShape(_ region: ScreenRegion, kind: kp_shape_kind) {
        guard let x11 else { return }
        let coordinates = displayRects(region)
            .flatMap { [Int32($0.x - placed.x), Int32($0.y - placed.y), Int32($0.width), Int32($0.height)] }
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


    /// Shows the given display rectangles of the picture on the screen: a fitted window puts
    /// the part of them it covers (all it covers after it moved), else SDL presents them
    /// (SDL_UpdateWindowSurfaceRects).
    func present(_ rects: [PixelRect]) throws(SDLError) {
        guard isMapped else { return }
        switch presentation {
        case .fitted(let picture, let painter):
            let shown = mustPutWhole ? [placed] : rects.map { $0.intersection(placed) }.filter { !$0.isEmpty }
            mustPutWhole = false
            for rect in shown { painter.put(rect, of: picture, at: (rect.x - placed.x, rect.y - placed.y)) }
            if let retiring {
                SDL_DestroyWindow(retiring)
                self.retiring = nil
            }
        case .surface:
            guard !rects.isEmpty else { return }
            var sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
            try SDLError.check(SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count)),
                               "SDL_UpdateWindowSurfaceRects")
        }
    }

    /// Shows all the window covers again, after it was exposed.
    func presentAll() throws(SDLError) {
        try present([PixelRect(x: 0, y: 0, width: size.width, height: size.height)])
    }
}
