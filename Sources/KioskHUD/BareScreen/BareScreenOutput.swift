internal import CKioskFramebuffer
import KioskCore
import KioskPlatform
import KioskRaster

/// The picture of one bare display (a DRM connector, a framebuffer), kept by the overlay where it
/// is not one colour (`IslandPicture`); the changed rectangles go to the device with the frame.
/// Nothing is beneath the overlay there, so its translucent pixels show over black: a
/// premultiplied pixel over black is its own colour channels, which the device reads as XRGB, so
/// the picture goes to the device as it is; or over the `--background` colour, blended as each
/// span goes to the device.
final class BareScreenOutput {
    private let picture: IslandPicture
    /// What the layout is for: the display's size turned, its density and scale.
    let opened: OpenedDisplay
    /// Whether the next frame must go whole: over a background, until the first is shown.
    private var owesWholePicture: Bool

    /// How every picture of a bare display is made: turned for `--rotate`, over `--background`.
    struct Look {
        /// How the picture is turned on the panel.
        let rotation: Rotation
        /// The opaque colour beneath the overlay; transparent: black.
        let ground: PremultipliedPixel

        /// A picture turned by `rotation` over `ground`.
        init(rotation: Rotation, ground: PremultipliedPixel = .transparent) {
            self.rotation = rotation
            self.ground = ground
        }

        /// The look `options` ask for.
        init(_ options: LaunchOptions) {
            self.init(rotation: options.rotation, ground: options.backgroundColor.map { PremultipliedPixel($0) } ?? .transparent)
        }
    }

    /// Creates the picture of a display `info` describes, made as `look` says, drawing text with
    /// `glyphs`.
    init(_ info: kfb_screen_info, look: Look, glyphs: any GlyphSource) {
        let size = Size(width: Int(info.width), height: Int(info.height))
        picture = IslandPicture(size: size, rotation: look.rotation, glyphs: glyphs, ground: look.ground)
        owesWholePicture = look.ground != .transparent
        let millimetres = info.width_mm > 0 && info.height_mm > 0
            ? Size(width: Int(info.width_mm), height: Int(info.height_mm)) : nil
        opened = OpenedDisplay(logicalSize: picture.logicalSize,
                               profile: DisplayProfile(pixels: size, reportedMillimetres: millimetres))
    }

    /// Draws `frame` and hands the frame with the display rectangles that changed to `present`
    /// (nothing when nothing changed). Over a background the first frame goes whole: the screen
    /// was started black, and the surround, transparent until a backdrop, never changes.
    func draw(_ frame: Frame, present: (kp_frame, [kp_rect]) -> Void) throws {
        let changed = try picture.draw(frame)
        guard !changed.isEmpty else { return }
        if owesWholePicture {
            owesWholePicture = false
            presentWhole(present)
            return
        }
        present(picture.shown, changed.map(kp_rect.init))
    }

    /// Hands the whole frame as it is to `present` (the screen was someone else's meanwhile).
    func presentWhole(_ present: (kp_frame, [kp_rect]) -> Void) {
        present(picture.shown, [kp_rect(picture.bounds)])
    }
}
