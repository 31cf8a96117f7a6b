/* What lies beneath the overlay's window on an X screen: whether a compositing manager blends
 * windows (and which visual gives a window per-pixel alpha), and the screen's pixels, read back
 * when none does. Plain C types only: a Display is passed as `void *`. */
#ifndef KIOSK_X11_CAPTURE_H
#define KIOSK_X11_CAPTURE_H

#include <stdint.h>

/**
 * Asks the X server named by DISPLAY, on a short-lived connection of its own, whether a
 * compositing manager runs on the default screen (the selection _NET_WM_CM_S<screen> has an
 * owner, EWMH) and the screen has an ARGB visual (32-bit TrueColor: 8-bit red, green and blue
 * and 8 bits of alpha, which the Composite extension adds). Returns that visual's id when both
 * hold, else 0 (also when no server answers).
 */
unsigned long kp_x11_compositing_visual(void);

/**
 * Reads what the screen shows in the rectangle at (`x`, `y`), `width` x `height`, in root
 * window coordinates (XGetImage of the root window: windows included) into `pixels`, rows
 * `pitch` pixels apart, as opaque 0xFFRRGGBB words. Pixels outside the root window are left as
 * they are. Returns 1 when read, 0 when the server gave no picture.
 */
int kp_x11_read_screen(void *display, int x, int y, int width, int height, uint32_t *pixels, int pitch);

#endif
