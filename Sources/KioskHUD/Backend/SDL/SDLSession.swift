import Glibc
internal import CSDL
import KioskCore
import KioskPlatform

/// SDL and SDL_ttf, initialised for as long as this object lives (SDL_Init, TTF_Init; TTF_Quit
/// and SDL_Quit on release). Everything made with SDL must be released before it.
final class SDLSession {
    private let usesVideo: Bool

    /// Starts SDL_ttf, and SDL's video and events when `video` is true. Window surfaces are kept
    /// in plain memory (SDL_FRAMEBUFFER_ACCELERATION=0): SDL would otherwise back them with an
    /// OpenGL texture, which without a GPU means software GL at many times the CPU and memory.
    init(video: Bool) throws(SDLError) {
        usesVideo = video
        if video {
            // A real display or nothing: unasked, SDL would fall back to its offscreen driver and
            // spin invisibly. SIGINT and SIGTERM are handled by `SignalWatcher`.
            if Environment.value("SDL_VIDEODRIVER") == nil {
                let drivers = [Environment.value("DISPLAY") == nil ? nil : "x11",
                               Environment.value("WAYLAND_DISPLAY") == nil ? nil : "wayland", "KMSDRM"]
                SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.compactMap { $0 }.joined(separator: ","))
            }
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
        if TTF_Init() < 0 {
            let error = SDLError(failed: "TTF_Init")
            if video { SDL_Quit() }
            throw error
        }
    }

    deinit {
        TTF_Quit()
        if usesVideo { SDL_Quit() }
    }
}
