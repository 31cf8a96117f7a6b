/* Where a display the overlay covers lies on the X screen, followed as RandR changes it. */
#ifndef KIOSK_X11_SCREEN_H
#define KIOSK_X11_SCREEN_H

/* Asks the X server to tell `display` (a Display *) of every change of the screen: its size (the
 * root window's ConfigureNotify), and RandR's screen, CRTC and output changes where it has
 * RandR. Keeps what the connection already selected. */
void kp_x11_watch_screen(void *display);

/* 1 when `event` (an XEvent *) on `display` says the screen, a CRTC or an output changed, and
 * lets Xlib know the screen's new size; 0 for any other event. */
int kp_x11_is_screen_change(void *display, const void *event);

/* Writes into `name` (at most `capacity` bytes, ending in a zero) the name of the RandR output
 * whose CRTC shows exactly the rectangle x, y, w, h. Returns 1 when one does, 0 otherwise (no
 * RandR, no such CRTC, or a name that does not fit). */
int kp_x11_output_showing(void *display, int x, int y, int w, int h, char *name, int capacity);

/* Writes where the RandR output `name` shows now (its CRTC's rectangle). Returns 1 when it shows,
 * 0 when it is off, unplugged or unknown. */
int kp_x11_output_bounds(void *display, const char *name, int *x, int *y, int *w, int *h);

/* Writes each output a CRTC shows now, once a rectangle (a mirror of one written is passed over):
 * its rectangle into `rects` (x, y, w, h in turn) and its name into `names` (`name_capacity`
 * bytes each, ending in a zero; a name that does not fit is passed over), at most `capacity` of
 * them. Returns how many were written; 0 without RandR. */
int kp_x11_shown_outputs(void *display, int *rects, char *names, int name_capacity, int capacity);

/* Writes the screen's size now (the root window's geometry, asked of the server). Returns 1, or 0
 * when the server gave none. */
int kp_x11_screen_size(void *display, int *w, int *h);

#endif
