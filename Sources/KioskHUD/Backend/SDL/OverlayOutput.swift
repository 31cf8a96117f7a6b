import KioskCore

/// One display the overlay shows on: its window, the canvas turned for it, the renderer, and the
/// scene laid out for its size. With `--display all` there is one a display, each following the
/// same commands.
final class OverlayOutput {
    private let window: OverlayWindow
    private let turned: TurnedCanvas
    private let renderer: FrameRenderer
    /// The scene laid out for this display.
    var scene: OverlayScene
    private var lastFrame: Frame?

    /// Creates the output for `window`, turned by `rotation`, drawing `scene` with `font`.
    init(window: OverlayWindow, rotation: Rotation, font: FontChain, scene: OverlayScene) throws(SDLError) {
        guard window.surface.isDirectlyDrawable else {
            throw SDLError(call: "SDL_GetWindowSurface", reason: "the window's pixel format is not 32-bit RGB")
        }
        self.window = window
        self.scene = scene
        turned = try TurnedCanvas(display: window.surface, rotation: rotation)
        window.rotation = rotation
        renderer = FrameRenderer(target: turned.canvas, font: font)
    }

    /// Draws the scene at `tick` if its frame changed, claims the window's regions when the panel
    /// changed, and presents the changed rectangles.
    func show(atTick tick: Int, font: FontChain) throws(SDLError) {
        let frame = scene.frame(atTick: tick, measurer: font)
        guard frame != lastFrame else { return }
        let dirty = try renderer.draw(frame)
        if frame.panel != lastFrame?.panel || frame.input != lastFrame?.input {
            window.claim(visible: frame.visible, input: frame.input)
        }
        try window.present(turned.turn(dirty))
        lastFrame = frame
    }

    /// True while the overlay blocks but could not yet take the keyboard.
    var isWaitingForKeyboard: Bool { window.isWaitingForKeyboard }

    /// Tries again to take the keyboard while blocking.
    func retryKeyboardGrab() { window.retryKeyboardGrab() }

    /// Copies the whole picture to the screen again, after the window was exposed.
    func presentAll() {
        try? window.presentAll()
    }
}
