/* The physical size an X display reports for the part of the screen the overlay covers. */
#ifndef KIOSK_X11_DENSITY_H
#define KIOSK_X11_DENSITY_H

/* Writes the millimetres (width, height) the X server reports for the monitor showing the
 * rectangle x, y, w, h: the RandR output driving a CRTC of exactly that rectangle, or, when RandR
 * tells nothing (0 mm, no such CRTC) and the rectangle is the whole screen, the screen's own size
 * (DisplayWidthMM). Returns 1 when it found a size, 0 otherwise. The values are as reported:
 * judging them is the caller's job. */
int kp_x11_display_millimetres(void *display, int x, int y, int w, int h, int *mm_width, int *mm_height);

#endif
