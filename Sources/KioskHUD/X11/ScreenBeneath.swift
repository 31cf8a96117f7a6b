import KioskCore
import KioskRaster

/// The screen beneath an overlay window that no compositor blends, read back so the overlay can
/// blend over it itself (`Underlay`): read when the window's visible region reaches past what
/// was read (the HUD shown, moved, or grown with its text; `block` starting, before the backdrop
/// covers the screen), kept while the region shrinks, forgotten when the window hides. Never
/// read while only the wheel turns. What changes beneath while the overlay covers it is not
/// seen until the next read.
struct ScreenBeneath {
    private let window: OverlayWindow
    private let rotation: Rotation
    /// The canvas's size: the window's, turned.
    private let logical: Size

    /// Reads beneath `window`, whose picture is turned by `rotation`.
    init(window: OverlayWindow, rotation: Rotation) {
        self.window = window
        self.rotation = rotation
        logical = rotation.logicalSize(ofDisplay: window.size)
    }

    /// The underlay for the window about to show `visible`, made from `current` (what was read
    /// for the region it shows now, which its window still covers).
    func underlay(showing visible: ScreenRegion, from current: Underlay) -> Underlay {
        current.covering(visible.bounds(canvas: logical)) { read($0) }
    }

    /// The screen in the canvas rectangle `rect`, turned into the canvas's coordinates.
    private func read(_ rect: PixelRect) -> PixelBuffer? {
        let shown = rotation.displayRect(rect, logical: logical)
        guard let screen = window.readScreen(shown) else { return nil }
        guard rotation != .upright else { return screen }
        let picture = PixelBuffer(width: rect.width, height: rect.height)
        picture.withPixels { target in
            screen.withPixels { source in
                for y in 0..<rect.height {
                    let row = target.row(y)
                    for x in 0..<rect.width {
                        let point = rotation.displayPoint(x: rect.x + x, y: rect.y + y, logical: logical)
                        row[x] = source.row(point.y - shown.y)[point.x - shown.x]
                    }
                }
            }
        }
        return picture
    }
}
