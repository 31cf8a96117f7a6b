internal import CKioskFramebuffer
import KioskCore
import KioskPlatform
import KioskRaster

/// The picture of one bare display (a DRM connector, a framebuffer), kept in memory by the
/// overlay: the renderer draws into it (turned for `--rotate`), and the changed rectangles are
/// handed to the device. Nothing is beneath the overlay there, so its translucent pixels show
/// over black: a premultiplied pixel over black is its own colour channels, which the device
/// reads as XRGB, so the picture goes to the device as it is.
final class BareScreen {
    private let picture: PixelBuffer
    private let turned: TurnedCanvas
    private let renderer: FrameRenderer
    /// What the layout is for: the display's size turned, its density and scale.
    let opened: OpenedDisplay

    /// Creates the picture of a display `info` describes, turned by `rotation`, drawing text with
    /// `glyphs`.
    init(_ info: kfb_screen_info, rotation: Rotation, glyphs: any GlyphSource) {
        picture = PixelBuffer(width: Int(info.width), height: Int(info.height))
        turned = TurnedCanvas(display: picture, rotation: rotation)
        renderer = FrameRenderer(target: turned.canvas, glyphs: glyphs)
        let millimetres = info.width_mm > 0 && info.height_mm > 0
            ? Size(width: Int(info.width_mm), height: Int(info.height_mm)) : nil
        opened = OpenedDisplay(logicalSize: turned.logicalSize,
                               profile: DisplayProfile(pixels: picture.size, reportedMillimetres: millimetres))
    }

    /// Draws `frame` and hands the display rectangles that changed, with the whole picture, to
    /// `present` (nothing when nothing changed).
    func draw(_ frame: Frame, present: (UnsafePointer<UInt32>, Int32, [kfb_rect]) -> Void) throws {
        let changed = turned.turn(try renderer.draw(frame))
        guard !changed.isEmpty else { return }
        let rects = changed.map { kfb_rect(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height)) }
        picture.withPixels { present(UnsafePointer($0.base), Int32($0.pitchPixels), rects) }
    }

    /// Hands the whole picture as it is to `present` (the screen was someone else's meanwhile).
    func presentWhole(_ present: (UnsafePointer<UInt32>, Int32, [kfb_rect]) -> Void) {
        let whole = kfb_rect(x: 0, y: 0, width: Int32(picture.size.width), height: Int32(picture.size.height))
        picture.withPixels { present(UnsafePointer($0.base), Int32($0.pitchPixels), [whole]) }
    }
}
