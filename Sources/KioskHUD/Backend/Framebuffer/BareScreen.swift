internal import CKioskFramebuffer
import KioskCore
import KioskPlatform
import KioskRaster

/// The picture of one bare display (a DRM connector, a framebuffer), kept in memory by the
/// overlay where it is not one colour: the renderer draws the panel's island into it (turned
/// for `--rotate`) and reports the colour around it, and the changed rectangles go to the
/// device as a `kfb_frame` of both, so a backdrop over the whole screen costs no memory. The
/// picture is mapped whole but its pages are touched only where an island was. Nothing is
/// beneath the overlay there, so its translucent pixels show over black: a premultiplied pixel
/// over black is its own colour channels, which the device reads as XRGB, so the picture goes
/// to the device as it is.
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
        renderer = FrameRenderer(target: turned.canvas, glyphs: glyphs, leavingSurround: true)
        let millimetres = info.width_mm > 0 && info.height_mm > 0
            ? Size(width: Int(info.width_mm), height: Int(info.height_mm)) : nil
        opened = OpenedDisplay(logicalSize: turned.logicalSize,
                               profile: DisplayProfile(pixels: picture.size, reportedMillimetres: millimetres))
    }

    /// Draws `frame` and hands the frame with the display rectangles that changed to `present`
    /// (nothing when nothing changed).
    func draw(_ frame: Frame, present: (kfb_frame, [kfb_rect]) -> Void) throws {
        let changed = try renderer.draw(frame)
        guard !changed.isEmpty else { return }
        let island = renderer.surround.island
        turned.turn(changed.map { $0.intersection(island) }.filter { !$0.isEmpty })
        present(shown, changed.map { kfb_rect(turned.displayRect($0)) })
    }

    /// Hands the whole frame as it is to `present` (the screen was someone else's meanwhile).
    func presentWhole(_ present: (kfb_frame, [kfb_rect]) -> Void) {
        present(shown, [kfb_rect(picture.bounds)])
    }

    /// The frame on the display: the picture inside the island, turned, and the colour around it.
    private var shown: kfb_frame {
        let surround = renderer.surround
        return picture.withPixels { rows in
            kfb_frame(pixels: UnsafePointer(rows.base), stride_pixels: Int32(rows.pitchPixels),
                      island: kfb_rect(turned.displayRect(surround.island)), surround: surround.pixel.word)
        }
    }
}

private extension kfb_rect {
    init(_ rect: PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
    }
}
