import KioskCore

/// The overlay drawn on a canvas laid out for a turned panel, copied turned onto the display's
/// pixels rectangle by rectangle (`--rotate`). Upright, the display's pixels are the canvas and
/// nothing is copied.
package final class TurnedCanvas {
    /// How the picture is turned.
    package let rotation: Rotation
    /// Where the renderer draws: the turned screen's size.
    package let canvas: any PixelCanvas
    /// The display's pixels.
    package let display: any PixelCanvas

    /// Creates the canvas for `display` turned by `rotation`.
    package init(display: any PixelCanvas, rotation: Rotation) {
        self.rotation = rotation
        self.display = display
        let logical = rotation.logicalSize(ofDisplay: display.size)
        canvas = rotation == .upright ? display : PixelBuffer(width: logical.width, height: logical.height)
    }

    /// The turned screen's size.
    package var logicalSize: Size { canvas.size }

    /// Where the canvas's `rect` lies on the display.
    package func displayRect(_ rect: PixelRect) -> PixelRect {
        rotation == .upright ? rect : rotation.displayRect(rect, logical: logicalSize)
    }

    /// Copies the canvas's `rects` onto the display, turned; returns the display rectangles.
    @discardableResult
    package func turn(_ rects: [PixelRect]) -> [PixelRect] {
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
            return displayRect(rect)
        }
    }
}
