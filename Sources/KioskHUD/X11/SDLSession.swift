import Glibc
internal import CSDL
import KioskCore
import KioskPlatform

/// SDL's video and events, initialised for as long as this object lives (SDL_Init, SDL_Quit on
/// release), which loads SDL2 (sdl_loader.c). Only the X11 backend, the one with SDL windows,
/// keeps one. Everything made with it must be released before it.
final class SDLSession {
    /// Starts SDL's video and events. Window surfaces are kept in plain memory
    /// (SDL_FRAMEBUFFER_ACCELERATION=0): SDL would otherwise back them with an OpenGL texture,
    /// which without a GPU means software GL at many times the CPU and memory.
    init() throws(SDLError) {
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
    }

    deinit { SDL_Quit() }
}
