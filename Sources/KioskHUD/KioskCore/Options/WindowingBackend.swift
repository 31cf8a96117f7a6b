/// Which windowing system, or which bare display device, the overlay shows on (`--backend`).
public enum WindowingBackend: String, Sendable, Equatable, CaseIterable {
    /// Wayland when WAYLAND_DISPLAY is set and no `--window` is asked for (XWayland when the
    /// compositor has no layer shell and DISPLAY is set), else X11 when DISPLAY is set, else a
    /// DRM device with a connected output, else a framebuffer device.
    case auto
    /// Through SDL: an X server (XWayland too), or a plain development window.
    case x11
    /// A layer surface of a Wayland compositor (`zwlr_layer_shell_v1`), nothing else.
    case wayland
    /// DRM/KMS dumb buffers on /dev/dri/cardN, with no display server, GPU or Mesa.
    case drm
    /// The Linux framebuffer device /dev/fbN, with no display server.
    case fbdev

    /// Whether the overlay watches its window's place on top here and says when another client
    /// takes it (`above-lost`): on an X server only. A layer surface on the overlay layer can be
    /// covered only by another overlay-layer surface mapped later, which no compositor tells of;
    /// nothing covers a bare screen.
    public var saysWhenTakenFromTheTop: Bool { self == .x11 }

    /// Whether the overlay owns the screen here and can leave its last picture to the next
    /// program (`deactivate`, `quit --retain`): on a bare screen. A display server owns its
    /// screen, and the overlay's window goes with the overlay.
    public var handsOverTheScreen: Bool { self == .drm || self == .fbdev }

    /// How long `quit --retain` waits on DRM for the next program to put its picture on the
    /// screens (the kernel switches off a screen still showing the picture of a program that exits).
    public static let handOverWaitSeconds = 10
}
