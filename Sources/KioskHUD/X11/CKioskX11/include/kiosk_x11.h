/* The X11 backend's C, beside its Swift: window shape, focus and mapping, painting, the X
 * connection's loss. The declarations use plain C types only (an X11 Display is passed as
 * `void *`, a Window as `unsigned long`), so no X11 or SDL header leaks into Swift through this
 * module. The blocking grab is in x11_grab.h, compositor detection and screen read-back in
 * x11_capture.h, the display's density in x11_density.h, the screen's changes and where each
 * display lies in x11_screen.h; libX11, libXext and libXrandr are
 * loaded at run time by x11_loader.c. */
#ifndef KIOSK_X11_H
#define KIOSK_X11_H

/** Which of an X11 window's shapes to set: what is drawn, or what takes input. */
enum kp_shape_kind { KP_SHAPE_VISIBLE = 0, KP_SHAPE_INPUT = 1 };

/**
 * Sets the visible (ShapeBounding) or input (ShapeInput) region of `window` to the union of
 * `count` rectangles given as x, y, w, h quadruples. Returns 0 when the server has no SHAPE
 * extension, 1 when set.
 */
int kp_x11_set_shape(void *display, unsigned long window, enum kp_shape_kind kind, const int *xywh, int count);

/**
 * 1 when the X server is Xwayland (it offers the XWAYLAND extension, or, before Xwayland 23.1,
 * its RandR outputs are named XWAYLAND0, XWAYLAND1, ...), else 0.
 */
int kp_x11_is_xwayland(void *display);

/** Tells the window manager never to give `window` keyboard focus (WM_HINTS input = False). */
int kp_x11_refuse_focus(void *display, unsigned long window);

/**
 * Maps (and raises) or unmaps `window` with Xlib directly: mapping an override-redirect window
 * ourselves leaves the keyboard focus where it is, where SDL_ShowWindow would take it.
 */
void kp_x11_map(void *display, unsigned long window, int mapped);

/** Raises `window` above its siblings (XRaiseWindow) without asking for focus. */
void kp_x11_raise(void *display, unsigned long window);

/**
 * Asks for the root window's substructure events on `display` (keeping what the connection
 * already selected there), so that another top-level window mapped or restacked is heard of.
 */
void kp_x11_watch_stacking(void *display);

/**
 * 1 when `event` (an XEvent) says a top-level window was mapped or restacked, heard through the
 * root's substructure (kp_x11_watch_stacking): another window put above the others, or this one
 * lowered, so the overlay's may no longer be on top; else 0.
 */
int kp_x11_is_restacking(const void *event);

/**
 * 1 when `event` (an XEvent) says `window` was unmapped (by anyone: its own unmap too), heard
 * through the root's substructure (kp_x11_watch_stacking); else 0.
 */
int kp_x11_is_unmapped(const void *event, unsigned long window);

/** 1 when `window` exists (XGetWindowAttributes answers for it), else 0. */
int kp_x11_window_exists(void *display, unsigned long window);

/**
 * 1 when `window` is viewable (mapped) and no window above it among the root's children
 * (XQueryTree) shows anything but the overlay's own (kp_x11_own_window: with `--display all`,
 * one a display), else 0.
 */
int kp_x11_is_on_top(void *display, unsigned long window);

/**
 * 1 when `event` (an XEvent) says `window` was destroyed, heard through the root's substructure
 * (kp_x11_watch_stacking): another client destroyed it (the overlay never destroys a window it
 * still shows); else 0.
 */
int kp_x11_is_destroyed(const void *event, unsigned long window);

/**
 * Records `window` as one of the overlay's, whose errors are never fatal: such a window only
 * fails to exist when another client destroyed it, and then the requests SDL and the overlay
 * make on it until they hear so (drawing, shaping, asking its state, SDL_DestroyWindow) fail with
 * BadWindow or BadDrawable; those are ignored instead of ending the process through Xlib's default
 * handler. The most recent 64 are kept.
 */
void kp_x11_own_window(unsigned long window);

/** Moves and resizes `window` (XMoveResizeWindow) to `width` x `height` at `x`, `y` of its parent. */
void kp_x11_move_resize(void *display, unsigned long window, int x, int y, int width, int height);

/** What puts pixels on one window: its graphics context and, from its visual, its depth. */
struct kp_x11_painter;

/**
 * The painter of `window`, whose visual must be TrueColor with 8-bit red, green and blue at
 * 0xFF0000, 0xFF00 and 0xFF (24-bit, or 32-bit with alpha on top); NULL for any other visual. `depth`
 * receives the visual's depth (32 when the window has alpha).
 */
struct kp_x11_painter *kp_x11_painter_new(void *display, unsigned long window, int *depth);

/**
 * Puts the `width` x `height` pixels at `x`, `y` of `pixels` (0xAARRGGBB words, `pitch` words a
 * row) on the window at `to_x`, `to_y` (XPutImage), without waiting for the server.
 */
void kp_x11_painter_put(struct kp_x11_painter *painter, const unsigned int *pixels, int pitch, int x, int y, int width,
                        int height, int to_x, int to_y);

/** Frees the painter's graphics context and the painter. */
void kp_x11_painter_free(struct kp_x11_painter *painter);

/**
 * Sets what a broken X connection (server gone, socket closed) does, on any connection of the
 * process, instead of Xlib's multi-line report and exit(1): the loss is recorded
 * (kp_x11_connection_lost) and `wake` is called, on the thread whose call found it. On a
 * connection given to kp_x11_survive_connection_loss Xlib then returns to its caller with the
 * connection dead; on any other, `end` is called first and must end the process. Protocol errors
 * after a loss (the surviving connections' requests about what the lost one owned), and SDL's
 * wake-up sent to a window already gone, are ignored; any other goes to Xlib's handler as before.
 * Call it before SDL sets up its video.
 */
void kp_x11_on_connection_loss(void (*wake)(void), void (*end)(void));

/** Lets `display` (a Display *) outlive its connection's loss, as kp_x11_on_connection_loss says. */
void kp_x11_survive_connection_loss(void *display);

/** 1 once any X connection of the process broke. Thread-safe. */
int kp_x11_connection_lost(void);

#endif
