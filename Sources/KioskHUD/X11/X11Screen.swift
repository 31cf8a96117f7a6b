internal import CKioskX11
import KioskCore

/// What the X server says of where displays lie on its screen (RandR's outputs and CRTCs), and
/// of the screen's changes, through SDL's connection (a Display *).
enum X11Screen {
    /// The longest output name looked up (RandR names are short: "HDMI-1", "XWAYLAND0").
    private static let nameCapacity = 128

    /// Asks to be told of every change of the screen (`kp_x11_watch_screen`).
    static func watch(_ display: UnsafeMutableRawPointer) {
        kp_x11_watch_screen(display)
    }

    /// Whether `event` (an XEvent) says the screen, a CRTC or an output changed.
    static func isChange(_ event: UnsafeRawPointer, on display: UnsafeMutableRawPointer) -> Bool {
        kp_x11_is_screen_change(display, event) != 0
    }

    /// The name of the RandR output showing exactly `rect`; nil where none does (no RandR, or a
    /// screen RandR does not divide).
    static func output(showing rect: PixelRect, on display: UnsafeMutableRawPointer) -> String? {
        var name = [CChar](repeating: 0, count: nameCapacity)
        guard kp_x11_output_showing(display, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), &name,
                                    Int32(nameCapacity)) != 0 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The most outputs a screen is looked at for (`shownOutputs`).
    private static let mostOutputs = 32

    /// Each output a CRTC shows now, by name, and where, in one look at the server; an output
    /// mirroring one listed is left out (it shows the same rectangle). Empty without RandR.
    static func shownOutputs(on display: UnsafeMutableRawPointer) -> [(name: String, bounds: PixelRect)] {
        var rects = [Int32](repeating: 0, count: 4 * mostOutputs)
        var names = [CChar](repeating: 0, count: nameCapacity * mostOutputs)
        let count = Int(kp_x11_shown_outputs(display, &rects, &names, Int32(nameCapacity), Int32(mostOutputs)))
        return (0..<count).map { index in
            let rect = rects[(4 * index)..<(4 * index + 4)].map(Int.init)
            let name = names[(index * nameCapacity)...].prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return (String(decoding: name, as: UTF8.self), PixelRect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        }
    }

    /// Where the output `name` shows now; nil when it is off, unplugged or unknown.
    static func bounds(of name: String, on display: UnsafeMutableRawPointer) -> PixelRect? {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard kp_x11_output_bounds(display, name, &x, &y, &width, &height) != 0 else { return nil }
        return PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }

    /// The whole screen now, asked of the server; nil when it gave no answer.
    static func whole(on display: UnsafeMutableRawPointer) -> PixelRect? {
        var width: Int32 = 0, height: Int32 = 0
        guard kp_x11_screen_size(display, &width, &height) != 0 else { return nil }
        return PixelRect(x: 0, y: 0, width: Int(width), height: Int(height))
    }
}
