import Glibc
internal import CSDL
import KioskCore
import KioskPlatform

/// SDL's video or SDL_ttf, initialised for as long as this object lives (SDL_Init or TTF_Init;
/// SDL_Quit or TTF_Quit on release). The fonts keep one for SDL_ttf; the X11 backend, the only
/// one with SDL windows, keeps one for the video. Everything made with it must be released
/// before it.
final class SDLSession {
    private let usesVideo: Bool

    /// Starts SDL's video and events when `video` is true, else SDL_ttf. Window surfaces are kept
    /// in plain memory (SDL_FRAMEBUFFER_ACCELERATION=0): SDL would otherwise back them with an
    /// OpenGL texture, which without a GPU means software GL at many times the CPU and memory.
    init(video: Bool) throws(SDLError) {
        usesVideo = video
        if video {
            // An X server, or for a plain window a Wayland compositor; never SDL's offscreen
            // driver (which would spin invisibly) nor its KMSDRM one (the drm backend draws there,
            // without Mesa), whatever SDL_VIDEODRIVER says.
            let driver = Environment.value("DISPLAY") == nil && Environment.value("WAYLAND_DISPLAY") != nil ? "wayland" : "x11"
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE)
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
            // The overlay leaves the screensaver to the host (SDL would inhibit it over D-Bus), and
            // without a session bus SDL would fork dbus-launch at every start.
            SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
            if Environment.value("DBUS_SESSION_BUS_ADDRESS") == nil { setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0) }
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
            SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
            try SDLError.check(SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)), "SDL_Init")
        } else if TTF_Init() < 0 {
            throw SDLError(failed: "TTF_Init")
        }
    }

    deinit {
        if usesVideo { SDL_Quit() } else { TTF_Quit() }
    }
}
