import KioskCore

/// The overlay drawn on a canvas laid out for a turned panel, copied turned onto the display's
/// surface rectangle by rectangle (`--rotate`). Upright, the display's surface is the canvas and
/// nothing is copied.
final class TurnedCanvas {
    /// How the picture is turned.
    let rotation: Rotation
    /// Where the renderer draws: the turned screen's size.
    let canvas: Surface
    /// The display's surface.
    let display: Surface

    /// Creates the canvas for `display` turned by `rotation`.
    init(display: Surface, rotation: Rotation) throws(SDLError) {
        self.rotation = rotation
        self.display = display
        let logical = rotation.logicalSize(ofDisplay: Size(width: display.width, height: display.height))
        canvas = rotation == .upright ? display : try Surface(width: logical.width, height: logical.height)
    }

    /// The turned screen's size.
    var logicalSize: Size { Size(width: canvas.width, height: canvas.height) }

    /// Copies the canvas's `rects` onto the display, turned; returns the display rectangles.
    func turn(_ rects: [PixelRect]) -> [PixelRect] {
        guard rotation != .upright else { return rects }
        let logical = logicalSize
        return rects.map { rect in
            canvas.withPixels { source in
                display.withPixels { target in
                    for y in rect.y..<rect.maxY {
                        let row = source.row(y)
                        for x in rect.x..<rect.maxX {
                            let point = rotation.displayPoint(x: x, y: y, logical: logical)
                            target.row(point.y)[point.x] = row[x]
                        }
                    }
                }
            }
            return rotation.displayRect(rect, logical: logical)
        }
    }
}
