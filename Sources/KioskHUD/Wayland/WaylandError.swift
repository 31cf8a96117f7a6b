/// Why the Wayland overlay could not start, or could not draw.
enum WaylandError: Error, CustomStringConvertible {
    /// No compositor answers at WAYLAND_DISPLAY (wl_display_connect).
    case noCompositor(display: String)
    /// The compositor lacks a global the overlay needs (`zwlr_layer_shell_v1` on GNOME and Weston).
    case missingGlobal(String)
    /// The compositor announced no output.
    case noOutput
    /// The compositor closed or never configured the layer surface on output `index`.
    case surfaceRefused(output: Int)
    /// No wl_shm buffer could be made for a layer surface (out of memory).
    case noBuffer

    var description: String {
        switch self {
        case .noCompositor(let display):
            return "no Wayland compositor answers at WAYLAND_DISPLAY=\(display)"
        case .missingGlobal(let name) where name == "zwlr_layer_shell_v1":
            return "the Wayland compositor does not offer \(name), which an overlay needs (wlroots compositors, labwc, "
                + "wayfire, Ubuntu Frame and KDE do; GNOME and Weston do not)"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name), which the overlay needs"
        case .noOutput:
            return "the Wayland compositor has no output to show on"
        case .surfaceRefused(let index):
            return "the Wayland compositor refused a layer surface on output \(index)"
        case .noBuffer:
            return "no shared-memory buffer could be made for the layer surface"
        }
    }
}
