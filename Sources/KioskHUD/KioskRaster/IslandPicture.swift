package import CKioskPixels
import KioskCore

/// The picture of a screen the overlay alone draws on (a bare display, a Wayland layer surface),
/// kept in memory only where it is not one colour: the renderer, leaving the surround, draws the
/// panel's island (turned for `--rotate`) into a picture mapped whole, whose pages become
/// resident only where an island was, and the screen takes each frame as a `kp_frame`, the
/// picture inside the island and one colour around it. A backdrop over the whole screen so costs
/// no memory at any size. Nothing may be beneath the overlay's pixels (no underlay) but one
/// opaque colour, the ground the screen shows them over (a bare screen's `--background`).
package final class IslandPicture {
    private let picture: PixelBuffer
    private let turned: TurnedCanvas
    private let renderer: FrameRenderer
    private let ground: PremultipliedPixel

    /// Creates the picture of a `size` screen turned by `rotation`, drawing text with `glyphs`,
    /// shown over `ground` (opaque; transparent: over nothing, black on a bare screen).
    package init(size: Size, rotation: Rotation, glyphs: any GlyphSource, ground: PremultipliedPixel = .transparent) {
        self.ground = ground
        picture = PixelBuffer(width: size.width, height: size.height)
        turned = TurnedCanvas(display: picture, rotation: rotation)
        renderer = FrameRenderer(target: turned.canvas, glyphs: glyphs, leavingSurround: true)
    }

    /// The screen the overlay is laid out for: the screen's size, turned.
    package var logicalSize: Size { turned.logicalSize }

    /// Where `rect` of the laid-out (turned) screen lies on the screen.
    package func displayRect(_ rect: PixelRect) -> PixelRect { turned.displayRect(rect) }

    /// The whole screen, in its own pixels.
    package var bounds: PixelRect { picture.bounds }

    /// Draws `frame`; returns the screen's rectangles that changed (empty when nothing did).
    package func draw(_ frame: Frame) throws(GlyphFailure) -> [PixelRect] {
        let changed = try renderer.draw(frame)
        let island = renderer.surround.island
        turned.turn(changed.map { $0.intersection(island) }.filter { !$0.isEmpty })
        return changed.map(turned.displayRect)
    }

    /// The frame drawn last, for the screen to take: valid while this picture lives.
    package var shown: kp_frame {
        let surround = renderer.surround, island = turned.displayRect(surround.island)
        return picture.withPixels { rows in
            kp_frame(pixels: UnsafePointer(rows.base), stride_pixels: Int32(rows.pitchPixels),
                     island: kp_rect(island),
                     surround: surround.pixel.word, ground: ground.word)
        }
    }
}

extension kp_rect {
    /// `rect` as the C side takes it.
    package init(_ rect: PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
    }
}
