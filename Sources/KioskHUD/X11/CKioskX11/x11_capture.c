/* Compositing manager detection and screen read-back (see x11_capture.h). */
#include "x11_capture.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>

unsigned long kp_x11_compositing_visual(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    int screen = DefaultScreen(display);
    char selection[32];
    snprintf(selection, sizeof selection, "_NET_WM_CM_S%d", screen);
    unsigned long visual = 0;
    if (XGetSelectionOwner(display, XInternAtom(display, selection, False)) != None) {
        XVisualInfo wanted = {.screen = screen, .depth = 32, .class = TrueColor};
        int count = 0;
        XVisualInfo *found =
            XGetVisualInfo(display, VisualScreenMask | VisualDepthMask | VisualClassMask, &wanted, &count);
        for (int i = 0; i < count && !visual; i++) {
            if (found[i].red_mask == 0xFF0000 && found[i].green_mask == 0xFF00 && found[i].blue_mask == 0xFF)
                visual = found[i].visualid;
        }
        if (found) XFree(found);
    }
    XCloseDisplay(display);
    return visual;
}

/* How many rows kp_x11_read_screen asks for at once. */
static const int band_rows = 64;

/* The channel of `pixel` that `mask` selects, scaled to 8 bits. */
static uint32_t channel(unsigned long pixel, unsigned long mask) {
    if (!mask) return 0;
    int shift = 0;
    while (!((mask >> shift) & 1)) shift++;
    unsigned long bits = mask >> shift;
    return (uint32_t)(((pixel & mask) >> shift) * 255 / bits);
}

int kp_x11_read_screen(void *display, int x, int y, int width, int height, uint32_t *pixels, int pitch) {
    Display *d = display;
    Window root = DefaultRootWindow(d), parent;
    int root_x, root_y;
    unsigned int root_width, root_height, border, depth;
    if (!XGetGeometry(d, root, &parent, &root_x, &root_y, &root_width, &root_height, &border, &depth)) return 0;
    /* XGetImage fails (BadMatch, which ends the process) for a rectangle past the root window. */
    int left = x > 0 ? x : 0, top = y > 0 ? y : 0;
    int right = x + width < (int)root_width ? x + width : (int)root_width;
    int bottom = y + height < (int)root_height ? y + height : (int)root_height;
    if (right <= left || bottom <= top) return 1;
    int native_order = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? LSBFirst : MSBFirst;
    /* In bands, so a whole screen never needs a second whole-screen buffer at once. */
    for (int band = top; band < bottom; band += band_rows) {
        int rows = bottom - band < band_rows ? bottom - band : band_rows;
        XImage *image = XGetImage(d, root, left, band, (unsigned)(right - left), (unsigned)rows, AllPlanes, ZPixmap);
        if (!image) return 0;
        int native = image->bits_per_pixel == 32 && image->red_mask == 0xFF0000 && image->green_mask == 0xFF00 &&
                     image->blue_mask == 0xFF && image->byte_order == native_order;
        for (int row = 0; row < rows; row++) {
            uint32_t *out = pixels + (size_t)(band + row - y) * (size_t)pitch + (left - x);
            const uint32_t *in = (const uint32_t *)(void *)(image->data + (size_t)row * (size_t)image->bytes_per_line);
            for (int column = 0; column < right - left; column++) {
                if (native) {
                    out[column] = 0xFF000000u | in[column];
                } else {
                    unsigned long pixel = XGetPixel(image, column, row);
                    out[column] = 0xFF000000u | channel(pixel, image->red_mask) << 16 |
                                  channel(pixel, image->green_mask) << 8 | channel(pixel, image->blue_mask);
                }
            }
        }
        XDestroyImage(image);
    }
    return 1;
}
