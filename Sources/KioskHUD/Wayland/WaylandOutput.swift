import KioskCore
import KioskPlatform
import KioskRaster

/// One output the Wayland overlay shows on: its layer surface, the picture drawn for it (turned
/// for `--rotate`), and the latest frame, drawn when the compositor is ready for one (its last
/// frame callback came): frames in between are skipped, so nothing is drawn that is not shown.
final class WaylandOutput {
    private let layer: LayerSurface
    /// The output's picture, kept where it is not one colour (`IslandPicture`): a backdrop
    /// costs no memory beyond the buffers the compositor reads.
    private let picture: IslandPicture
    private let rotation: Rotation
    private var waiting: Frame?
    private var claimedInput: ScreenRegion?
    /// A replaced surface waits for the picture, whether or not a frame is waiting.
    private var isReplaced = false
    /// KWin 5.27 needs one replacement a click on the HUD; a compositor that focused every new
    /// surface would need one a frame.
    private var replacements = RepeatLimit(count: 8, withinSeconds: 4)
    private var saidTooMany = false

    /// Creates the output for `layer`, turned by `rotation`, drawing text with `glyphs`.
    init(layer: LayerSurface, rotation: Rotation, glyphs: any GlyphSource) {
        self.layer = layer
        self.rotation = rotation
        picture = IslandPicture(size: layer.size, rotation: rotation, glyphs: glyphs)
    }

    /// The screen the overlay is laid out for: the output's size in buffer pixels, turned.
    var logicalSize: Size { picture.logicalSize }

    /// Whether the shown surface takes every key and click (the keyboard exclusively, every pixel
    /// as input region): what blocking asks, in effect.
    var holdsInput: Bool { layer.isShown && claimedInput == .everything }

    /// Whether the compositor closed the surface: its output went away.
    var isClosed: Bool { layer.isClosed }

    /// Whether the output changed under the surface (its mode, transform or `scale` now):
    /// its buffers no longer have the size the compositor asks for.
    func isOutdated(atScale scale: Int) -> Bool {
        let configured = layer.configuredSize(at: scale)
        return configured.width > 0 && (configured != layer.size || scale != layer.scale)
    }

    /// Makes `frame` the next to draw, replacing one not drawn yet.
    func show(_ frame: Frame) {
        waiting = frame
    }

    /// Replaces the surface when it holds a keyboard it did not ask for (`LayerSurface`), so
    /// the application gets its keys back; the picture goes on the new surface when it can. At
    /// most `replacements` allows; beyond, the keyboard stays until it does (said once).
    func giveBackUnwantedKeyboard() throws {
        guard layer.holdsUnwantedKeyboard else { return }
        guard replacements.allows(at: MonotonicClock.nanoseconds()) else {
            if !saidTooMany {
                saidTooMany = true
                Diagnostics.report("the compositor keeps giving the overlay the keyboard; keys typed meanwhile may not reach "
                                   + "the application")
            }
            return
        }
        try layer.replace()
        isReplaced = true
    }

    /// Draws the waiting frame if the compositor is ready for it. A frame that shows nothing
    /// and takes no input unmaps the surface at once.
    func drawWhenReady() throws {
        if isReplaced, waiting == nil, layer.canPresent {
            isReplaced = false
            guard layer.present(picture) else { throw WaylandError.noBuffer }
        }
        guard let frame = waiting else { return }
        let hides = frame.visible == .nothing && frame.input == .nothing
        guard hides || layer.canPresent else { return }
        waiting = nil
        layer.damage(try picture.draw(frame))
        if hides {
            layer.hide()
            claimedInput = nil
            return
        }
        if frame.input != claimedInput || !layer.isShown {
            claimedInput = frame.input
            layer.claim(input: inputRects(frame.input), keyboard: frame.input == .everything)
        }
        guard layer.present(picture) else { throw WaylandError.noBuffer }
        isReplaced = false
    }

    /// What the seats did on this output's surface since the last look, for the Cancel: presses
    /// and releases at the frame's points (turned back for `--rotate`), and Escape.
    func takeInputs(display index: Int) -> [LoopInput] {
        layer.takeInputs().map { input in
            switch input {
            case .pressed(let x, let y): return .pressed(index, at: framePoint(x, y))
            case .released(let x, let y): return .released(index, at: framePoint(x, y))
            case .escape: return .escapeKey
            }
        }
    }

    /// The frame's point at buffer pixel (`x`, `y`); a point off the surface (a touch the
    /// compositor took over) stays off the frame, so it is off the Cancel too.
    private func framePoint(_ x: Double, _ y: Double) -> Point {
        let display = (x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
        guard display.x >= 0, display.y >= 0, display.x < layer.size.width, display.y < layer.size.height else {
            return Point(x: -1, y: -1)
        }
        let logical = rotation.logicalPoint(x: display.x, y: display.y, logical: picture.logicalSize)
        return Point(x: Double(logical.x) + 0.5, y: Double(logical.y) + 0.5)
    }

    /// `region` as rectangles on the output (nil: everything).
    private func inputRects(_ region: ScreenRegion) -> [PixelRect]? {
        guard region != .everything else { return nil }
        return region.rectangles(canvas: picture.logicalSize).map(picture.displayRect)
    }
}
