internal import CKioskWayland
import KioskCore
import KioskRaster

/// One layer surface on the overlay layer of one output, anchored to every edge, with the
/// wl_shm buffers it shows (kw_layer_*). It keeps its connection alive.
final class LayerSurface {
    private let pointer: OpaquePointer
    private let connection: WaylandConnection
    /// The size of its buffers in pixels: the output's size in surface units times `scale`.
    let size: Size
    private let output: Int

    /// Makes the surface on output `output` at `scale` and waits for its first configure.
    init(connection: WaylandConnection, output: Int, scale: Int) throws(WaylandError) {
        guard let layer = kw_layer_create(connection.pointer, Int32(output), Int32(scale)) else {
            throw .surfaceRefused(output: output)
        }
        pointer = layer
        self.connection = connection
        self.output = output
        self.scale = scale
        size = Size(width: Int(kw_layer_width(layer)), height: Int(kw_layer_height(layer)))
    }

    deinit {
        kw_layer_destroy(pointer)
    }

    /// The scale the buffers were made at.
    let scale: Int

    /// The size the buffers would have for what the compositor last configured, at `scale`:
    /// different from `size` once the output's mode, scale or transform changed.
    func configuredSize(at scale: Int) -> Size {
        var width: Int32 = 0, height: Int32 = 0
        kw_layer_configured_size(pointer, &width, &height)
        return Size(width: Int(width) * scale, height: Int(height) * scale)
    }

    /// True when a present would be shown now: configured, the last frame callback done, and a
    /// buffer free.
    var canPresent: Bool { kw_layer_can_present(pointer) == 1 }

    /// True once the compositor closed the surface: its output went away.
    var isClosed: Bool { kw_layer_is_closed(pointer) == 1 }

    /// True while the surface shows a picture.
    var isShown: Bool { kw_layer_is_shown(pointer) == 1 }

    /// Marks rectangles of the picture as changed since the last present.
    func damage(_ rects: [PixelRect]) {
        for rect in rects { kw_layer_damage(pointer, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) }
    }

    /// Takes pointer and touch input in `rects` only, or everywhere; and the keyboard
    /// (exclusive) or not at all. Both apply at the next present.
    func claim(input rects: [PixelRect]?, keyboard exclusive: Bool) {
        let flat = (rects ?? []).flatMap { [Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)] }
        flat.withUnsafeBufferPointer { kw_layer_set_input(pointer, $0.baseAddress, Int32(flat.count / 4), rects == nil ? 1 : 0) }
        kw_layer_set_keyboard(pointer, exclusive ? 1 : 0)
    }

    /// Shows the frame `picture` drew last (the buffers' size), copying only what changed, and
    /// asks for a frame callback. Returns false when no buffer could be made.
    func present(_ picture: IslandPicture) -> Bool {
        withUnsafePointer(to: picture.shown) { kw_layer_present(pointer, $0) == 0 }
    }

    /// Unmaps the surface: nothing shown, no input taken, until the next present.
    func hide() {
        kw_layer_hide(pointer)
    }

    /// True when the shown surface has a keyboard it did not ask for: KWin 5.27 gives a clicked
    /// layer surface the keyboard whatever its interactivity, and leaves it there when the
    /// surface lets go of it after `block`, so the application's keys would go nowhere.
    var holdsUnwantedKeyboard: Bool { kw_layer_holds_unwanted_keyboard(pointer) == 1 }

    /// What a seat did on the surface, for the Cancel.
    enum SeatInput: Equatable {
        /// The pointer's first button or the first finger went down at this buffer pixel.
        case pressed(x: Double, y: Double)
        /// It went up here (at -1, -1: a touch the compositor took over).
        case released(x: Double, y: Double)
        /// Escape, with the keyboard's focus on the surface.
        case escape
    }

    /// The presses, releases and Escapes on this surface since the inputs were last forgotten
    /// (`WaylandConnection.forgetInputs`), each point in buffer pixels.
    func takeInputs() -> [SeatInput] {
        let capacity = Int(KW_INPUT_CAPACITY)
        var kinds = [Int32](repeating: 0, count: capacity), xs = [Double](repeating: 0, count: capacity)
        var ys = [Double](repeating: 0, count: capacity)
        let count = Int(kw_layer_take_inputs(pointer, &kinds, &xs, &ys, Int32(capacity)))
        return (0..<count).compactMap { index in
            switch UInt32(kinds[index]) {
            case KW_INPUT_PRESSED.rawValue: return .pressed(x: xs[index], y: ys[index])
            case KW_INPUT_RELEASED.rawValue: return .released(x: xs[index], y: ys[index])
            case KW_INPUT_ESCAPE.rawValue: return .escape
            default: return nil
            }
        }
    }

    /// Puts a new surface in this one's place, configured and taking the same input; the old
    /// one stays on screen until the next present, and a compositor that focused it gives the
    /// keyboard back to the application when it goes.
    func replace() throws(WaylandError) {
        guard kw_layer_replace(pointer) == 0 else { throw .surfaceRefused(output: output) }
    }
}
