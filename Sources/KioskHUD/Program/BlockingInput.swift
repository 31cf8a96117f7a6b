import KioskCore
import KioskFonts
import KioskPlatform

/// How a backend keeps keyboard and pointer from what lies beneath while `block` is on; what
/// `status` says of it (`grab=`) follows from this and nothing else.
enum BlockingInput {
    /// The backend holds them itself when asked, through an X11 grab. With `onlyXClients` (the
    /// reason given), the X server is XWayland and its grab cannot keep input from native Wayland
    /// applications, so a held grab is said as `partial`.
    case grab(onlyXClients: String?)
    /// The windowing system gives the overlay all input while it blocks (a Wayland layer
    /// surface with the keyboard exclusively and every pixel as its input region), once that
    /// surface is shown.
    case heldByWindowingSystem
    /// Nothing here can be held (a bare framebuffer: the overlay reads no input devices), so
    /// `status` says `grab=unsupported`.
    case unsupported

    /// What the grab is before the first `block`: released (`pending` once blocking, until the
    /// grab or the surface that holds the input is there), or unsupported where nothing can hold it.
    var initialStatus: BlockingGrabState.Status {
        switch self {
        case .grab, .heldByWindowingSystem: return .released
        case .unsupported: return .unsupported
        }
    }
}
