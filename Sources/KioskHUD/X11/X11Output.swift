import KioskCore
import KioskRaster

/// One display the overlay shows on: its window, the canvas turned for it and the renderer.
/// With `--display all` there is one a display, each drawing the frame its composer laid out.
final class X11Output {
    private let window: OverlayWindow
    private let turned: TurnedCanvas
    private let renderer: FrameRenderer
    /// Where no compositor blends the window: the screen beneath, read back.
    private let beneath: ScreenBeneath?
    private var lastFrame: Frame?

    /// Creates the output for `window`, turned by `rotation`, drawing text with `glyphs`.
    init(window: OverlayWindow, rotation: Rotation, glyphs: any GlyphSource) {
        self.window = window
        turned = TurnedCanvas(display: window.canvas, rotation: rotation)
        window.rotation = rotation
        renderer = FrameRenderer(target: turned.canvas, glyphs: glyphs)
        beneath = window.blending == .readBack ? ScreenBeneath(window: window, rotation: rotation) : nil
    }

    /// The screen the overlay is laid out for: the display's size, turned.
    var logicalSize: Size { turned.logicalSize }

    /// Draws `frame` (over the screen beneath, read first when the visible region grew and no
    /// compositor blends the window), claims the window's regions when the panel or input
    /// changed, and presents the changed rectangles.
    func draw(_ frame: Frame) throws {
        if let beneath, frame.visible != lastFrame?.visible ?? .nothing {
            renderer.underlay = beneath.underlay(showing: frame.visible, from: renderer.underlay)
        }
        let dirty = try renderer.draw(frame)
        if frame.panel != lastFrame?.panel || frame.input != lastFrame?.input || frame.resizeReach != lastFrame?.resizeReach {
            window.claim(visible: frame.visible, input: frame.input, holding: frame.resizeReach)
        }
        try window.present(turned.turn(dirty))
        lastFrame = frame
    }

    /// What another client did to the window, as `keepShown` heard it.
    enum Interference: Equatable {
        /// It unmapped the window, which is mapped again.
        case unmapped
        /// It put another window above this one, or lowered this one, which is raised again.
        case covered
        /// It destroyed the window: the overlay must make a new one.
        case destroyed
    }

    /// Keeps the window shown and on top after `event` (an X event): mapped again when another
    /// client unmapped it, raised again when another window now covers it; says what another
    /// client did, or nil when nothing took the window from the top.
    func keepShown(after event: UnsafeRawPointer) -> Interference? {
        if window.wasDestroyed(by: event) { return .destroyed }
        if window.mapAgain(after: event) {
            try? window.presentAll()
            return .unmapped
        }
        guard window.isCovered(by: event) else { return nil }
        window.raiseAgain()
        return .covered
    }

    /// True when the window, to be shown, is mapped and no other client's window shows above it.
    var isOnTop: Bool { window.isOnTop }

    /// True while the window is to be shown (mapped by the overlay).
    var isShown: Bool { window.isShown }

    /// Raises the window again when it is shown but covered (at most every
    /// `OverlayWindow.raiseIntervalNanoseconds`).
    func raiseAgain() {
        window.raiseAgain()
    }

    /// Unmaps the window, showing nothing and taking no input, until the next frame drawn.
    func hide() {
        window.claim(visible: .nothing, input: .nothing)
        lastFrame = nil
    }

    /// The frame's point under a press at `place` on the window whose SDL id is `windowID`, or
    /// nil when that is not this display's window.
    func framePoint(ofWindow windowID: UInt32, at place: OverlayWindow.WindowPlace) -> Point? {
        window.framePoint(ofWindow: windowID, at: place)
    }

    /// The frame's point at the X screen's pixel (`x`, `y`), or nil when this display does not
    /// hold it.
    func framePoint(onScreen x: Int, _ y: Int) -> Point? {
        window.framePoint(onScreen: x, y)
    }

    /// Copies the whole picture to the screen again, after the window was exposed.
    func presentAll() {
        try? window.presentAll()
    }
}
