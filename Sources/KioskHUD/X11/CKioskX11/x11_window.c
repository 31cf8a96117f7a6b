/* X11 calls SDL does not wrap: the window's shapes, its focus hint, mapping, stacking and place,
 * putting pixels on it, and what happens when the connection breaks. */
#include "kiosk_x11.h"

#include <X11/Xlib.h>
#include <X11/Xproto.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/shape.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int kp_x11_set_shape(void *display, unsigned long window, enum kp_shape_kind kind, const int *xywh, int count) {
    Display *x = display;
    int event_base, error_base;
    if (!XShapeQueryExtension(x, &event_base, &error_base)) return 0;
    XRectangle *rects = calloc((size_t)(count > 0 ? count : 1), sizeof *rects);
    if (!rects) return 0;
    for (int i = 0; i < count; i++) {
        rects[i].x = (short)xywh[4 * i];
        rects[i].y = (short)xywh[4 * i + 1];
        rects[i].width = (unsigned short)xywh[4 * i + 2];
        rects[i].height = (unsigned short)xywh[4 * i + 3];
    }
    XShapeCombineRectangles(x, (Window)window, kind == KP_SHAPE_INPUT ? ShapeInput : ShapeBounding, 0, 0, rects,
                            count, ShapeSet, Unsorted);
    free(rects);
    XFlush(x);
    return 1;
}

int kp_x11_is_xwayland(void *display) {
    Display *x = display;
    int opcode, event_base, error_base;
    if (XQueryExtension(x, "XWAYLAND", &opcode, &event_base, &error_base)) return 1;
    /* Xwayland before 23.1 has no such extension; its RandR outputs are named XWAYLAND0, 1, ... */
    if (!XRRQueryExtension(x, &event_base, &error_base)) return 0;
    XRRScreenResources *resources = XRRGetScreenResourcesCurrent(x, DefaultRootWindow(x));
    if (!resources) return 0;
    int found = 0;
    for (int i = 0; i < resources->noutput && !found; i++) {
        XRROutputInfo *output = XRRGetOutputInfo(x, resources, resources->outputs[i]);
        if (!output) continue;
        found = output->name && strncmp(output->name, "XWAYLAND", 8) == 0;
        XRRFreeOutputInfo(output);
    }
    XRRFreeScreenResources(resources);
    return found;
}

int kp_x11_refuse_focus(void *display, unsigned long window) {
    Display *x = display;
    XWMHints *hints = XAllocWMHints();
    if (!hints) return 0;
    hints->flags = InputHint;
    hints->input = False;
    XSetWMHints(x, (Window)window, hints);
    XFree(hints);
    XFlush(x);
    return 1;
}

void kp_x11_map(void *display, unsigned long window, int mapped) {
    Display *x = display;
    if (mapped) XMapRaised(x, (Window)window); else XUnmapWindow(x, (Window)window);
    XFlush(x);
}

void kp_x11_raise(void *display, unsigned long window) {
    Display *x = display;
    XRaiseWindow(x, (Window)window);
    XFlush(x);
}

void kp_x11_watch_stacking(void *display) {
    Display *x = display;
    XWindowAttributes root;
    Window root_window = DefaultRootWindow(x);
    if (!XGetWindowAttributes(x, root_window, &root)) return;
    XSelectInput(x, root_window, root.your_event_mask | SubstructureNotifyMask);
    XFlush(x);
}

int kp_x11_is_restacking(const void *event) {
    const XEvent *e = event;
    switch (e->type) {
    case MapNotify: return e->xmap.event != e->xmap.window;
    case ConfigureNotify: return e->xconfigure.event != e->xconfigure.window;
    case CirculateNotify: return e->xcirculate.event != e->xcirculate.window;
    default: return 0;
    }
}

int kp_x11_is_destroyed(const void *event, unsigned long window) {
    const XEvent *e = event;
    return e->type == DestroyNotify && e->xdestroywindow.window == (Window)window
        && e->xdestroywindow.event != e->xdestroywindow.window;
}

int kp_x11_is_unmapped(const void *event, unsigned long window) {
    const XEvent *e = event;
    /* Heard once, through the root's substructure (kp_x11_watch_stacking), not again as the
     * window's own structure event SDL selects. */
    return e->type == UnmapNotify && e->xunmap.window == (Window)window && e->xunmap.event != e->xunmap.window;
}

int kp_x11_window_exists(void *display, unsigned long window) {
    XWindowAttributes attributes;
    return XGetWindowAttributes(display, (Window)window, &attributes) != 0;
}

static int is_own_window(unsigned long resource);

/* 1 when `window` (a child of the root) shows: mapped, and viewable (an InputOnly window shows
 * nothing). */
static int shows(Display *x, Window window) {
    XWindowAttributes attributes;
    return XGetWindowAttributes(x, window, &attributes) && attributes.map_state == IsViewable
        && attributes.class == InputOutput;
}

int kp_x11_is_on_top(void *display, unsigned long window) {
    Display *x = display;
    if (!shows(x, (Window)window)) return 0;
    Window root, parent, *children = NULL;
    unsigned int count = 0;
    if (!XQueryTree(x, DefaultRootWindow(x), &root, &parent, &children, &count)) return 1;
    /* Above it, only windows that show nothing, or the overlay's own (one a display). */
    int on_top = 0;
    for (unsigned int i = 0; i < count; i++) {
        if (children[i] == (Window)window) {
            on_top = 1;
        } else if (on_top && !is_own_window(children[i]) && shows(x, children[i])) {
            on_top = 0;
            break;
        }
    }
    if (children) XFree(children);
    return on_top;
}

void kp_x11_move_resize(void *display, unsigned long window, int x, int y, int width, int height) {
    XMoveResizeWindow(display, (Window)window, x, y, (unsigned)(width > 0 ? width : 1), (unsigned)(height > 0 ? height : 1));
}

struct kp_x11_painter {
    Display *display;
    Window window;
    GC context;
    Visual *visual;
    int depth;
};

struct kp_x11_painter *kp_x11_painter_new(void *display, unsigned long window, int *depth) {
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, (Window)window, &attributes)) return NULL;
    Visual *visual = attributes.visual;
    if ((attributes.depth != 24 && attributes.depth != 32) || visual->class != TrueColor || visual->red_mask != 0xFF0000 ||
        visual->green_mask != 0xFF00 || visual->blue_mask != 0xFF)
        return NULL;
    struct kp_x11_painter *painter = malloc(sizeof *painter);
    if (!painter) return NULL;
    *painter = (struct kp_x11_painter){display, (Window)window, XCreateGC(display, (Window)window, 0, NULL), visual,
                                       attributes.depth};
    *depth = attributes.depth;
    return painter;
}

void kp_x11_painter_put(struct kp_x11_painter *painter, const unsigned int *pixels, int pitch, int x, int y, int width,
                        int height, int to_x, int to_y) {
    if (width <= 0 || height <= 0) return;
    /* The image borrows the picture's rows; Xlib converts them if the server's byte order differs. */
    char *first = (char *)(uintptr_t)(pixels + (size_t)y * (size_t)pitch + x);
    XImage *image = XCreateImage(painter->display, painter->visual, (unsigned)painter->depth, ZPixmap, 0, first,
                                 (unsigned)width, (unsigned)height, 32, pitch * 4);
    if (!image) return;
    image->byte_order = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? LSBFirst : MSBFirst;
    XPutImage(painter->display, painter->window, painter->context, image, 0, 0, to_x, to_y, (unsigned)width,
              (unsigned)height);
    image->data = NULL;
    XDestroyImage(image);
    XFlush(painter->display);
}

void kp_x11_painter_free(struct kp_x11_painter *painter) {
    if (!painter) return;
    XFreeGC(painter->display, painter->context);
    free(painter);
}

/* What a broken X connection does: the connections that may outlive it (kp_x11_survive_connection_
 * loss: SDL's and the grab's) are marked dead by Xlib and the loop is woken to see
 * kp_x11_connection_lost; any other ends the process through `end` (ProgramExit's finish, which
 * never calls into the loop). SDL's wake-up of a waiting loop writes on a second connection SDL
 * keeps to itself: when the whole server is gone, that write finds it dead and the process ends
 * through `end`, with the same status and line; a single connection killed (xkill) is the loop's
 * to end. */
static void (*connection_loss_wake)(void);
static void (*connection_loss_end)(void);
static atomic_int connection_lost;

/* The displays whose loss Xlib returns from (at most a few: SDL's and the grab's). */
enum { SURVIVING_CAPACITY = 8 };
static Display *surviving[SURVIVING_CAPACITY];
static pthread_mutex_t surviving_lock = PTHREAD_MUTEX_INITIALIZER;

static int survives(Display *display) {
    pthread_mutex_lock(&surviving_lock);
    int found = 0;
    for (int i = 0; i < SURVIVING_CAPACITY && !found; i++) found = surviving[i] == display;
    pthread_mutex_unlock(&surviving_lock);
    return found;
}

/* Xlib's exit handler for a surviving display: returns, so Xlib returns to its caller with the
 * display marked dead (every later call on it does nothing). */
static void return_from_connection_loss(Display *display, void *data) {
    (void)display;
    (void)data;
}

/* Xlib's I/O error handler: records the loss and wakes the loop, without calling into it. */
static int on_connection_loss(Display *display) {
    atomic_store(&connection_lost, 1);
    if (!survives(display)) connection_loss_end();
    connection_loss_wake();
    return 0;
}

/* Xlib's handler of protocol errors before the loss: its default, which reports and exits. */
static XErrorHandler error_handler_before_loss;

/* The overlay's windows (kp_x11_own_window), the newest replacing the oldest. */
enum { OWN_WINDOWS_CAPACITY = 64 };
static _Atomic unsigned long own_windows[OWN_WINDOWS_CAPACITY];
static atomic_uint own_windows_count;

void kp_x11_own_window(unsigned long window) {
    unsigned slot = atomic_fetch_add(&own_windows_count, 1) % OWN_WINDOWS_CAPACITY;
    atomic_store(&own_windows[slot], window);
}

/* 1 when `resource` is one of the overlay's windows. */
static int is_own_window(unsigned long resource) {
    for (int i = 0; i < OWN_WINDOWS_CAPACITY; i++) {
        if (resource != 0 && atomic_load(&own_windows[i]) == resource) return 1;
    }
    return 0;
}

/* Xlib's protocol error handler: once a connection broke, the connections that outlive it meet
 * errors about what the lost one owned (SDL's wake-up is an XSendEvent to the window the server
 * destroyed with it: BadWindow, which can also come just before the loss is read); the loss
 * already ends the overlay, so these are ignored, as are the errors of requests on a window
 * another client destroyed (the overlay makes a new one). Any other error is what it always was. */
static int on_protocol_error(Display *display, XErrorEvent *error) {
    int wake_up_missed_its_window = error->error_code == BadWindow && error->request_code == X_SendEvent;
    int on_a_destroyed_window = (error->error_code == BadWindow || error->error_code == BadDrawable)
                                && is_own_window(error->resourceid);
    if (atomic_load(&connection_lost) || wake_up_missed_its_window || on_a_destroyed_window) return 0;
    return error_handler_before_loss ? error_handler_before_loss(display, error) : 0;
}

void kp_x11_on_connection_loss(void (*wake)(void), void (*end)(void)) {
    connection_loss_wake = wake;
    connection_loss_end = end;
    XSetIOErrorHandler(on_connection_loss);
    XErrorHandler before = XSetErrorHandler(on_protocol_error);
    if (before != on_protocol_error) error_handler_before_loss = before;
}

void kp_x11_survive_connection_loss(void *display) {
    pthread_mutex_lock(&surviving_lock);
    for (int i = 0; i < SURVIVING_CAPACITY; i++) {
        if (surviving[i] == display) break;
        if (!surviving[i]) {
            surviving[i] = display;
            XSetIOErrorExitHandler(display, return_from_connection_loss, NULL);
            break;
        }
    }
    pthread_mutex_unlock(&surviving_lock);
}

int kp_x11_connection_lost(void) { return atomic_load(&connection_lost); }
