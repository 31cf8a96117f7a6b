import KioskCore

/// One output the Wayland overlay shows on: its layer surface, the picture drawn for it (turned
/// for `--rotate`), and the latest frame, drawn when the compositor is ready for one (its last
/// frame callback came): frames in between are skipped, so nothing is drawn that is not shown.
final class WaylandOutput {
    private let layer: LayerSurface
    private let picture: PictureMemory
    private let turned: TurnedCanvas
    private let renderer: FrameRenderer
    private var waiting: Frame?
    private var claimedInput: ScreenRegion?

    /// Creates the output for `layer`, turned by `rotation`, drawing with `font`.
    init(layer: LayerSurface, rotation: Rotation, font: FontChain) throws(SDLError) {
        self.layer = layer
        picture = try PictureMemory(size: layer.size)
        turned = try TurnedCanvas(display: picture.surface, rotation: rotation)
        renderer = FrameRenderer(target: turned.canvas, font: font)
    }

    /// The screen the overlay is laid out for: the output's size in buffer pixels, turned.
    var logicalSize: Size { turned.logicalSize }

    /// Makes `frame` the next to draw, replacing one not drawn yet.
    func show(_ frame: Frame) {
        waiting = frame
    }

    /// Draws the waiting frame if the compositor is ready for it. A frame that shows nothing
    /// and takes no input unmaps the surface at once.
    func drawWhenReady() throws(SDLError) {
        guard let frame = waiting else { return }
        let hides = frame.visible == .nothing && frame.input == .nothing
        guard hides || layer.canPresent else { return }
        waiting = nil
        layer.damage(turned.turn(try renderer.draw(frame)))
        if hides {
            layer.hide()
            claimedInput = nil
            return
        }
        if frame.input != claimedInput || !layer.isShown {
            claimedInput = frame.input
            layer.claim(input: inputRects(frame.input), keyboard: frame.input == .everything)
        }
        guard layer.present(picture.surface) else {
            throw SDLError(call: "wl_shm buffer", reason: "no shared-memory buffer could be made for the layer surface")
        }
    }

    /// `region` as rectangles on the output (nil: everything).
    private func inputRects(_ region: ScreenRegion) -> [PixelRect]? {
        guard region != .everything else { return nil }
        let logical = turned.logicalSize
        return region.rectangles(canvas: logical).map { turned.rotation.displayRect($0, logical: logical) }
    }
}
