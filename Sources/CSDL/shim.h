/* The C surface of kiosk-spinner: SDL2, SDL2_ttf, SDL2_image, and the few X11 calls SDL does not
 * wrap (window shape, input region, focus hints). Macros and variadic functions Swift cannot
 * import get small static inline helpers here, so no SDL value is hard-coded in Swift. */
#ifndef KIOSK_SPINNER_CSDL_SHIM_H
#define KIOSK_SPINNER_CSDL_SHIM_H

#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/shape.h>
#include <unistd.h>
#include <dlfcn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <string.h>
#include <stddef.h>

/** SDL_WINDOWPOS_UNDEFINED_DISPLAY(display). */
static inline int csdl_windowpos_undefined_on(int display) {
    return (int)SDL_WINDOWPOS_UNDEFINED_DISPLAY(display);
}

/** Names the calling thread (prctl PR_SET_NAME; at most 15 bytes are kept), for ps and gdb. */
static inline void csdl_name_this_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

/**
 * Sends `message` (e.g. "READY=1") to systemd's notification socket at `path` (NOTIFY_SOCKET; a
 * leading '@' names an abstract socket) as one datagram. Returns 1 when sent.
 */
static inline int csdl_notify_systemd(const char *path, const char *message) {
    struct sockaddr_un address;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address.sun_path) return 0;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    memcpy(address.sun_path, path, length);
    if (path[0] == '@') address.sun_path[0] = 0;
    int descriptor = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) return 0;
    ssize_t sent = sendto(descriptor, message, strlen(message), MSG_NOSIGNAL, (struct sockaddr *)&address,
                          (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length));
    close(descriptor);
    return sent >= 0;
}

/**
 * Asks the kernel to send SIGTERM when the parent dies (PR_SET_PDEATHSIG), then checks that the
 * parent is still `parent` (it may have died before the request). Returns 0 when it is already gone.
 */
static inline int csdl_exit_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0) != 0) return 1;
    return getppid() == parent && parent != 1;
}

/** SDL_MUSTLOCK(surface). */
static inline int csdl_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

/** The X11 display and window behind an SDL window, or 0 when SDL is not on X11. */
static inline int csdl_x11_handles(SDL_Window *window, Display **display, Window *xwindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xwindow = info.info.x11.window;
    return 1;
}

/** Which of an X11 window's shapes to set: what is drawn, or what takes input. */
enum csdl_shape_kind { CSDL_SHAPE_VISIBLE = 0, CSDL_SHAPE_INPUT = 1 };

/**
 * Sets the visible (ShapeBounding) or input (ShapeInput) region of an SDL window on X11 to the
 * union of `count` rectangles given as x, y, w, h quadruples. Returns 0 when SDL is not on X11 or
 * the server has no SHAPE extension, 1 when set.
 */
static inline int csdl_x11_set_shape(SDL_Window *window, int kind, const int *xywh, int count) {
    Display *display; Window xwindow;
    if (!csdl_x11_handles(window, &display, &xwindow)) return 0;
    int event_base, error_base;
    if (!XShapeQueryExtension(display, &event_base, &error_base)) return 0;
    XRectangle *rects = (XRectangle *)SDL_malloc(sizeof(XRectangle) * (size_t)(count > 0 ? count : 1));
    if (!rects) return 0;
    for (int i = 0; i < count; i++) {
        rects[i].x = (short)xywh[4 * i];
        rects[i].y = (short)xywh[4 * i + 1];
        rects[i].width = (unsigned short)xywh[4 * i + 2];
        rects[i].height = (unsigned short)xywh[4 * i + 3];
    }
    XShapeCombineRectangles(display, xwindow, kind == CSDL_SHAPE_INPUT ? ShapeInput : ShapeBounding,
                            0, 0, rects, count, ShapeSet, Unsorted);
    SDL_free(rects);
    XFlush(display);
    return 1;
}

/**
 * Tells the window manager never to give this window keyboard focus (WM_HINTS input = False),
 * so the application beneath keeps its keyboard. Returns 0 when SDL is not on X11.
 */
static inline int csdl_x11_refuse_focus(SDL_Window *window) {
    Display *display; Window xwindow;
    if (!csdl_x11_handles(window, &display, &xwindow)) return 0;
    XWMHints *hints = XAllocWMHints();
    if (!hints) return 0;
    hints->flags = InputHint;
    hints->input = False;
    XSetWMHints(display, xwindow, hints);
    XFree(hints);
    XFlush(display);
    return 1;
}

/**
 * Takes (grab != 0) or releases the whole keyboard for this window, so keys typed while the
 * overlay blocks reach it (and are discarded) instead of the application. Returns 1 on success.
 */
static inline int csdl_x11_grab_keyboard(SDL_Window *window, int grab) {
    Display *display; Window xwindow;
    if (!csdl_x11_handles(window, &display, &xwindow)) return 0;
    int ok = 1;
    if (grab) ok = XGrabKeyboard(display, xwindow, True, GrabModeAsync, GrabModeAsync, CurrentTime) == GrabSuccess;
    else XUngrabKeyboard(display, CurrentTime);
    XFlush(display);
    return ok;
}

/** What csdl_x11_exit_on_connection_loss exits with. */
static int csdl_x11_connection_loss_status = 1;

static inline int csdl_x11_on_connection_loss(Display *display) {
    (void)display;
    static const char message[] = "kiosk-spinner: lost the connection to the X server; exiting\n";
    if (write(2, message, sizeof message - 1) < 0) { /* nothing more can be said */ }
    _exit(csdl_x11_connection_loss_status);
    return 0;
}

/**
 * Makes a broken X connection (server gone, socket closed) end the process at once with `status`
 * and one line on stderr, instead of Xlib's default multi-line report and exit(1).
 */
static inline void csdl_x11_exit_on_connection_loss(int status) {
    csdl_x11_connection_loss_status = status;
    XSetIOErrorHandler(csdl_x11_on_connection_loss);
}

/**
 * Maps (and raises) or unmaps the window with Xlib directly. SDL_ShowWindow, seeing no window
 * manager, gives the window the keyboard focus (XSetInputFocus), taking it from the application
 * beneath; mapping an override-redirect window ourselves leaves the focus where it is. Returns 0
 * when SDL is not on X11.
 */
static inline int csdl_x11_map(SDL_Window *window, int mapped) {
    Display *display; Window xwindow;
    if (!csdl_x11_handles(window, &display, &xwindow)) return 0;
    if (mapped) XMapRaised(display, xwindow); else XUnmapWindow(display, xwindow);
    XFlush(display);
    return 1;
}

/** Raises the window above its siblings (XRaiseWindow) without asking for focus. */
static inline int csdl_x11_raise(SDL_Window *window) {
    Display *display; Window xwindow;
    if (!csdl_x11_handles(window, &display, &xwindow)) return 0;
    XRaiseWindow(display, xwindow);
    XFlush(display);
    return 1;
}

/**
 * Asks the system's fontconfig, when it is installed (loaded with dlopen, so it is not a
 * dependency), for a scalable font that has a glyph for `codepoint`. Writes its path into `path`
 * (at most `capacity` bytes with the NUL) and returns 1; returns 0 when fontconfig is missing or
 * knows no such font. Main thread only.
 */
static inline int csdl_fontconfig_font_for(unsigned int codepoint, char *path, int capacity) {
    typedef void *(*create_fn)(void);
    typedef int (*charset_add_fn)(void *, unsigned int);
    typedef int (*pattern_add_charset_fn)(void *, const char *, void *);
    typedef int (*pattern_add_bool_fn)(void *, const char *, int);
    typedef int (*substitute_fn)(void *, void *, int);
    typedef void (*default_substitute_fn)(void *);
    typedef void *(*match_fn)(void *, void *, int *);
    typedef int (*get_string_fn)(void *, const char *, int, unsigned char **);
    typedef int (*get_charset_fn)(void *, const char *, int, void **);
    typedef int (*has_char_fn)(void *, unsigned int);
    typedef void (*destroy_fn)(void *);
    static void *library;
    static int tried;
    if (!tried) { tried = 1; library = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL); }
    if (!library || capacity <= 0) return 0;
    create_fn pattern_create = (create_fn)dlsym(library, "FcPatternCreate");
    create_fn charset_create = (create_fn)dlsym(library, "FcCharSetCreate");
    charset_add_fn charset_add = (charset_add_fn)dlsym(library, "FcCharSetAddChar");
    pattern_add_charset_fn add_charset = (pattern_add_charset_fn)dlsym(library, "FcPatternAddCharSet");
    pattern_add_bool_fn add_bool = (pattern_add_bool_fn)dlsym(library, "FcPatternAddBool");
    substitute_fn substitute = (substitute_fn)dlsym(library, "FcConfigSubstitute");
    default_substitute_fn default_substitute = (default_substitute_fn)dlsym(library, "FcDefaultSubstitute");
    match_fn font_match = (match_fn)dlsym(library, "FcFontMatch");
    get_string_fn get_string = (get_string_fn)dlsym(library, "FcPatternGetString");
    get_charset_fn get_charset = (get_charset_fn)dlsym(library, "FcPatternGetCharSet");
    has_char_fn has_char = (has_char_fn)dlsym(library, "FcCharSetHasChar");
    destroy_fn pattern_destroy = (destroy_fn)dlsym(library, "FcPatternDestroy");
    destroy_fn charset_destroy = (destroy_fn)dlsym(library, "FcCharSetDestroy");
    if (!pattern_create || !charset_create || !charset_add || !add_charset || !add_bool || !substitute
        || !default_substitute || !font_match || !get_string || !get_charset || !has_char || !pattern_destroy
        || !charset_destroy) return 0;
    void *pattern = pattern_create();
    void *wanted = charset_create();
    if (!pattern || !wanted) { if (pattern) pattern_destroy(pattern); if (wanted) charset_destroy(wanted); return 0; }
    charset_add(wanted, codepoint);
    add_charset(pattern, "charset", wanted);
    add_bool(pattern, "scalable", 1);
    substitute(NULL, pattern, 0 /* FcMatchPattern */);
    default_substitute(pattern);
    int result = 0, found = 0;
    void *match = font_match(NULL, pattern, &result);
    if (match) {
        unsigned char *file = NULL;
        void *covered = NULL;
        if (get_string(match, "file", 0, &file) == 0 && file && get_charset(match, "charset", 0, &covered) == 0
            && covered && has_char(covered, codepoint) && strlen((const char *)file) < (size_t)capacity) {
            strcpy(path, (const char *)file);
            found = 1;
        }
        pattern_destroy(match);
    }
    pattern_destroy(pattern);
    charset_destroy(wanted);
    return found;
}

#endif

