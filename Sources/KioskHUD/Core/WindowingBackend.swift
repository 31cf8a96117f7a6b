/// Which windowing system the overlay shows on (`--backend`).
public enum WindowingBackend: String, Sendable, Equatable, CaseIterable {
    /// Wayland when WAYLAND_DISPLAY is set and no `--window` is asked for (XWayland when the
    /// compositor has no layer shell and DISPLAY is set), otherwise `x11`.
    case auto
    /// Through SDL: an X server (XWayland too), or the console (KMSDRM) without one.
    case x11
    /// A layer surface of a Wayland compositor (`zwlr_layer_shell_v1`), nothing else.
    case wayland
}
