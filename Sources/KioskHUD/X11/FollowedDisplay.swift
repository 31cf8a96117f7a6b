internal import CSDL
import KioskCore
import KioskFonts

/// One display the X11 backend shows on, followed through the screen's changes: it is found
/// again by the RandR output that showed it at start (by name, so a connector re-plugged or
/// given another mode is still it), or is the whole screen where RandR names none; when it lies
/// elsewhere or has another size, or comes back after it was gone, its window and output are
/// made anew there.
final class FollowedDisplay {
    /// What the display became after the screen changed.
    enum Change: Equatable {
        /// It lies elsewhere, has another size, or is back: what it is now.
        case moved(OpenedDisplay)
        /// Its output is off or unplugged.
        case gone
    }

    private let placement: OverlayWindow.Placement
    /// SDL's index of the display, asked for its density where RandR reports none; nil for a
    /// plain window and an output plugged in after the start (SDL's list may not have it yet).
    private let sdlDisplay: Int?
    private let session: SDLSession
    private let rotation: Rotation
    private let glyphs: FontChain
    /// The RandR output showing the display, by name; nil for the whole screen, or a plain
    /// window (which follows nothing).
    let outputName: String?
    /// Whether its output was off or unplugged when last followed.
    private(set) var isGone = false
    /// The window covering the display.
    private(set) var window: OverlayWindow
    /// What takes the frames to the window.
    private(set) var output: X11Output
    /// What the layout is for.
    private(set) var opened: OpenedDisplay

    /// Makes the window for `placement` (hidden), covering `bounds` where given (an output
    /// plugged in after the start, which SDL may not know yet), and its output turned by
    /// `rotation`, drawing text with `glyphs`.
    init(placement: OverlayWindow.Placement, bounds: PixelRect? = nil, session: SDLSession, rotation: Rotation,
         glyphs: FontChain) throws(SDLError) {
        self.placement = placement
        if case .overlay(let display) = placement, bounds == nil { sdlDisplay = display } else { sdlDisplay = nil }
        self.session = session
        self.rotation = rotation
        self.glyphs = glyphs
        window = try OverlayWindow(placement: placement, session: session, bounds: bounds)
        output = X11Output(window: window, rotation: rotation, glyphs: glyphs)
        opened = Self.opened(window, output, sdlDisplay: sdlDisplay)
        if case .overlay = placement, let x11 = window.x11Display {
            outputName = X11Screen.output(showing: window.place, on: x11)
        } else {
            outputName = nil
        }
    }

    /// After the screen changed: when the display now lies elsewhere or has another size, or
    /// is back, makes its window and output anew there and says what it is now; when only the
    /// size it reports in millimetres changed (the server may tell the new size before it), says
    /// what it is now for the layout; says when its output went (the window stays where it was,
    /// drawn nothing); nil when nothing changed.
    func follow() throws(SDLError) -> Change? {
        guard case .overlay = placement, let x11 = window.x11Display else { return nil }
        let now = outputName.map { X11Screen.bounds(of: $0, on: x11) } ?? X11Screen.whole(on: x11)
        guard let now else {
            if isGone { return nil }
            isGone = true
            // Nothing of the old picture stays where another output may come to show.
            output.hide()
            return .gone
        }
        guard now != window.place || isGone else {
            let relaid = Self.opened(window, output, sdlDisplay: sdlDisplay)
            guard relaid != opened else { return nil }
            opened = relaid
            return .moved(opened)
        }
        try makeWindow(bounds: now)
        isGone = false
        return .moved(opened)
    }

    /// Makes the window, its output and what the layout is for anew, covering `bounds`.
    private func makeWindow(bounds: PixelRect) throws(SDLError) {
        let made = try OverlayWindow(placement: placement, session: session, bounds: bounds)
        window = made
        output = X11Output(window: made, rotation: rotation, glyphs: glyphs)
        opened = Self.opened(made, output, sdlDisplay: sdlDisplay)
    }

    /// Makes the window and output anew in the old one's place, after another client destroyed
    /// it; says what the display is now, or nil while its output is gone (the new window waits,
    /// unmapped, for it to come back).
    func remake() throws(SDLError) -> OpenedDisplay? {
        try makeWindow(bounds: window.place)
        return isGone ? nil : opened
    }

    /// What the layout of `window`'s display is for: its turned size, its pixels and what it
    /// reports of its size.
    private static func opened(_ window: OverlayWindow, _ output: X11Output, sdlDisplay: Int?) -> OpenedDisplay {
        OpenedDisplay(logicalSize: output.logicalSize,
                      profile: DisplayProfile(pixels: window.size, reportedMillimetres: reportedMillimetres(window, sdlDisplay: sdlDisplay)))
    }

    /// The physical size `window`'s display reports: through RandR on X11, else the size behind
    /// SDL_GetDisplayDPI of SDL's display `sdlDisplay`; nil for a plain window or none reported.
    private static func reportedMillimetres(_ window: OverlayWindow, sdlDisplay: Int?) -> Size? {
        if let millimetres = window.reportedMillimetres() { return millimetres }
        guard let display = sdlDisplay else { return nil }
        var across: Float = 0, down: Float = 0
        guard SDL_GetDisplayDPI(Int32(display), nil, &across, &down) == 0, across > 0, down > 0 else { return nil }
        return Size(width: Int((Double(window.size.width) * 25.4 / Double(across)).rounded()),
                    height: Int((Double(window.size.height) * 25.4 / Double(down)).rounded()))
    }
}
