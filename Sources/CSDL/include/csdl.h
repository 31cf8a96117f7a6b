/* The C surface of kiosk-spinner's X11 backend: SDL2 and the X11 handles behind an SDL window.
 * Only declarations and small wrappers for what Swift cannot import (macros) live here; C that is
 * real code is in the CKioskPlatform target. SDL2 itself is loaded only when the X11 backend
 * starts it (sdl_loader.c), so the Wayland and bare-screen paths never load SDL2 and everything it
 * links (X11 and Wayland clients, PulseAudio, ALSA, D-Bus, libdecor). */
#ifndef KIOSK_SPINNER_CSDL_H
#define KIOSK_SPINNER_CSDL_H

#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

/** SDL_WINDOWPOS_UNDEFINED_DISPLAY(display). */
static inline int csdl_windowpos_undefined_on(int display) {
    return (int)SDL_WINDOWPOS_UNDEFINED_DISPLAY(display);
}

/** SDL_MUSTLOCK(surface). */
static inline int csdl_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

/**
 * The X11 display (a `Display *`) and window behind an SDL window (SDL_GetWindowWMInfo, which
 * needs the SDL_VERSION macro filled in), or 0 when SDL is not on X11.
 */
static inline int csdl_x11_handles(SDL_Window *window, void **display, unsigned long *xwindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xwindow = info.info.x11.window;
    return 1;
}

/** The X event (an `XEvent *`) an SDL_SYSWMEVENT carries, or NULL for any other event. */
static inline const void *csdl_x11_event(const SDL_Event *event) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return NULL;
    return &event->syswm.msg->msg.x11.event;
}

/** 1 when a mouse button event is SDL's copy of a touch (SDL_TOUCH_MOUSEID), which comes as a finger event too. */
static inline int csdl_is_touch_mouse(const SDL_Event *event) { return event->button.which == SDL_TOUCH_MOUSEID ? 1 : 0; }

#endif
