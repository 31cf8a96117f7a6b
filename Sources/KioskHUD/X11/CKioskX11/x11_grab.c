/* The overlay's own keyboard and pointer grab, on a connection of its own (see x11_grab.h).
 *
 * Why watching works (measured under Xvfb, bare, with openbox, with xcompmgr, and both): when
 * another client's grab ends, the server sends crossing events (EnterNotify/LeaveNotify) and
 * focus events (FocusIn/FocusOut) with mode NotifyUngrab "as if" the pointer and the focus moved
 * from that client's grab window back to where they are. Which windows get them depends on
 * where the grab window, the focus and the pointer are, so while refused this client selects
 * them on the root window, on every top-level window and on the focus window:
 * - grab window = root: LeaveNotify and FocusOut (detail NotifyInferior) on the root;
 * - grab window = the focused application window: FocusOut/FocusIn (NotifyNonlinear) on it,
 *   EnterNotify (NotifyNonlinear) on the top-level window under the pointer (the overlay);
 * - grab window = a menu (override-redirect top-level) unmapped before it ungrabs: the unmap
 *   itself ends the grab (UnmapNotify on the root's substructure), then the NotifyUngrab events.
 * While this client holds its grab on the root, a revoked grab (an XKB break action such as
 * XF86Ungrab) shows the same way: LeaveNotify and FocusOut with mode NotifyUngrab on the root.
 * Retaking a grab this client still holds is a no-op that generates no events, so any such
 * event simply means "try again". */
#include "kiosk_x11.h"
#include "x11_grab.h"

#include <X11/Xlib.h>
#include <X11/Xlibint.h>
#include <X11/keysym.h>
#include <stdlib.h>

struct kp_grab {
    Display *display;
    Window root;
    /* Whether top-level windows are watched (after a refusal), and which. */
    int watching;
    Window *watched;
    size_t watched_count, watched_capacity;
    /* Escape is down (its press handed on; the server's auto-repeat is not). */
    int escape_down;
};

/* Events that say a grab ended, wanted on the root whenever the grab is wanted. */
static const long root_mask = FocusChangeMask | EnterWindowMask | LeaveWindowMask;
/* The same on other windows while watching. */
static const long watched_mask = FocusChangeMask | EnterWindowMask | LeaveWindowMask;
/* The pointer events the grab takes (and discards). */
/* During the grab every pointer event goes to this connection; motion is not asked for, so the
 * server discards it instead of sending it on every move. */
static const unsigned int pointer_mask = ButtonPressMask | ButtonReleaseMask;

/* Every X error on this connection is expected and harmless (a watched window destroyed before
 * a request about it arrived: BadWindow). The process-wide Xlib error handler would end the
 * process, so errors on this connection are taken here first (an extension's error hook sees
 * every error of its connection) and ignored. */
static int ignore_error(Display *display, xError *error, XExtCodes *codes, int *status) {
    (void)display; (void)error; (void)codes;
    *status = 0;
    return 1;
}

struct kp_grab *kp_grab_open(void) {
    struct kp_grab *grab = calloc(1, sizeof *grab);
    if (!grab) return NULL;
    grab->display = XOpenDisplay(NULL);
    if (!grab->display) { free(grab); return NULL; }
    kp_x11_survive_connection_loss(grab->display);
    XExtCodes *codes = XAddExtension(grab->display);
    if (codes) XESetError(grab->display, codes->extension, ignore_error);
    grab->root = DefaultRootWindow(grab->display);
    return grab;
}

int kp_grab_connection_fd(const struct kp_grab *grab) { return ConnectionNumber(grab->display); }

static int is_watched(const struct kp_grab *grab, Window window) {
    for (size_t i = 0; i < grab->watched_count; i++) if (grab->watched[i] == window) return 1;
    return 0;
}

static void watch_window(struct kp_grab *grab, Window window) {
    if (window == None || window == PointerRoot || window == grab->root || is_watched(grab, window)) return;
    if (grab->watched_count == grab->watched_capacity) {
        size_t capacity = grab->watched_capacity ? 2 * grab->watched_capacity : 32;
        Window *grown = realloc(grab->watched, capacity * sizeof *grown);
        if (!grown) return; /* the root and the backstop retry still cover it */
        grab->watched = grown;
        grab->watched_capacity = capacity;
    }
    grab->watched[grab->watched_count++] = window;
    XSelectInput(grab->display, window, watched_mask);
}

/* Selects the events that say another client's grab ended: on the root (with its substructure,
 * to see menus unmap and new windows map), on every top-level window and on the focus window. */
static void start_watching(struct kp_grab *grab) {
    if (grab->watching) return;
    grab->watching = 1;
    XSelectInput(grab->display, grab->root, root_mask | SubstructureNotifyMask);
    Window root, parent, *children = NULL;
    unsigned int count = 0;
    if (XQueryTree(grab->display, grab->root, &root, &parent, &children, &count)) {
        for (unsigned int i = 0; i < count; i++) watch_window(grab, children[i]);
        if (children) XFree(children);
    }
    Window focus;
    int revert;
    XGetInputFocus(grab->display, &focus, &revert);
    watch_window(grab, focus);
}

static void stop_watching(struct kp_grab *grab, long root_selection) {
    for (size_t i = 0; i < grab->watched_count; i++) XSelectInput(grab->display, grab->watched[i], NoEventMask);
    grab->watched_count = 0;
    grab->watching = 0;
    XSelectInput(grab->display, grab->root, root_selection);
}

static int grab_both(struct kp_grab *grab) {
    int keyboard = XGrabKeyboard(grab->display, grab->root, False, GrabModeAsync, GrabModeAsync, CurrentTime);
    int pointer = XGrabPointer(grab->display, grab->root, False, pointer_mask, GrabModeAsync, GrabModeAsync, None,
                               None, CurrentTime);
    return keyboard == GrabSuccess && pointer == GrabSuccess;
}

int kp_grab_take(struct kp_grab *grab) {
    if (!grab->watching) XSelectInput(grab->display, grab->root, root_mask);
    if (grab_both(grab)) {
        if (grab->watching) stop_watching(grab, root_mask);
        XFlush(grab->display);
        return 1;
    }
    /* Watch first, then try once more: a grab that ended between the refusal and the selection
     * would otherwise go unnoticed until the backstop. */
    start_watching(grab);
    int held = grab_both(grab);
    if (held) stop_watching(grab, root_mask);
    XFlush(grab->display);
    return held;
}

void kp_grab_release(struct kp_grab *grab) {
    XUngrabPointer(grab->display, CurrentTime);
    XUngrabKeyboard(grab->display, CurrentTime);
    stop_watching(grab, NoEventMask);
    XFlush(grab->display);
}

/* 1 when `release` is auto-repeat's: the same key pressed again at the same time, next in the queue. */
static int is_repeat(Display *display, const XEvent *release) {
    if (XPending(display) == 0) return 0;
    XEvent next;
    XPeekEvent(display, &next);
    return next.type == KeyPress && next.xkey.keycode == release->xkey.keycode && next.xkey.time == release->xkey.time;
}

/* Adds one taken input to `taken` when there is room. */
static void hand_on(struct kp_grab_taken *taken, int capacity, int *count, int kind, int x, int y) {
    if (*count >= capacity) return;
    taken[*count] = (struct kp_grab_taken){ kind, x, y };
    *count += 1;
}

int kp_grab_drain(struct kp_grab *grab, struct kp_grab_taken *taken, int capacity, int *count) {
    int news = 0;
    *count = 0;
    while (XPending(grab->display) > 0) {
        XEvent event;
        XNextEvent(grab->display, &event);
        switch (event.type) {
        case ButtonPress:
        case ButtonRelease:
            if (event.xbutton.button == Button1)
                hand_on(taken, capacity, count, event.type == ButtonPress ? KP_GRAB_PRESSED : KP_GRAB_RELEASED,
                        event.xbutton.x_root, event.xbutton.y_root);
            break;
        case KeyPress:
            /* A held key repeats as presses (with releases between, unless the server detects
             * auto-repeat): only the first after a release that is not a repeat's counts. */
            if (XLookupKeysym(&event.xkey, 0) == XK_Escape && !grab->escape_down) {
                grab->escape_down = 1;
                hand_on(taken, capacity, count, KP_GRAB_ESCAPE, 0, 0);
            }
            break;
        case KeyRelease:
            if (XLookupKeysym(&event.xkey, 0) == XK_Escape && !is_repeat(grab->display, &event)) grab->escape_down = 0;
            break;
        case EnterNotify:
        case LeaveNotify:
            if (event.xcrossing.mode == NotifyUngrab) news |= KP_GRAB_ENDED;
            break;
        case FocusIn:
        case FocusOut:
            if (event.xfocus.mode == NotifyUngrab) news |= KP_GRAB_ENDED;
            break;
        case MapNotify:
            if (grab->watching && event.xmap.event == grab->root) watch_window(grab, event.xmap.window);
            break;
        case UnmapNotify:
            if (grab->watching && event.xunmap.event == grab->root) news |= KP_GRAB_ENDED;
            break;
        case DestroyNotify:
            if (grab->watching && event.xdestroywindow.event == grab->root) news |= KP_GRAB_ENDED;
            break;
        default:
            break; /* other keys and buttons, and motion, the grab swallowed */
        }
    }
    XFlush(grab->display);
    return news;
}

void kp_grab_close(struct kp_grab *grab) {
    if (!grab) return;
    kp_grab_release(grab);
    XCloseDisplay(grab->display);
    free(grab->watched);
    free(grab);
}
