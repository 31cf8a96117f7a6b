/* The physical size of the monitor the overlay covers, as RandR or the core protocol report it. */
#include "x11_density.h"

#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>

/* The millimetres of the RandR output whose CRTC shows exactly x, y, w, h; 0 when none. */
static int randr_millimetres(Display *x11, int x, int y, int w, int h, int *mm_width, int *mm_height) {
    int event_base, error_base;
    if (!XRRQueryExtension(x11, &event_base, &error_base)) return 0;
    XRRScreenResources *resources = XRRGetScreenResourcesCurrent(x11, DefaultRootWindow(x11));
    if (!resources) return 0;
    int found = 0;
    for (int c = 0; c < resources->ncrtc && !found; c++) {
        XRRCrtcInfo *crtc = XRRGetCrtcInfo(x11, resources, resources->crtcs[c]);
        if (!crtc) continue;
        if (crtc->x == x && crtc->y == y && (int)crtc->width == w && (int)crtc->height == h && crtc->noutput > 0) {
            XRROutputInfo *output = XRRGetOutputInfo(x11, resources, crtc->outputs[0]);
            if (output && output->mm_width > 0 && output->mm_height > 0) {
                /* A CRTC turned a quarter reports the panel's own (unturned) millimetres. */
                int turned = crtc->rotation & (RR_Rotate_90 | RR_Rotate_270);
                *mm_width = (int)(turned ? output->mm_height : output->mm_width);
                *mm_height = (int)(turned ? output->mm_width : output->mm_height);
                found = 1;
            }
            if (output) XRRFreeOutputInfo(output);
        }
        XRRFreeCrtcInfo(crtc);
    }
    XRRFreeScreenResources(resources);
    return found;
}

int kp_x11_display_millimetres(void *display, int x, int y, int w, int h, int *mm_width, int *mm_height) {
    Display *x11 = display;
    if (randr_millimetres(x11, x, y, w, h, mm_width, mm_height)) return 1;
    int screen = DefaultScreen(x11);
    if (x != 0 || y != 0 || DisplayWidth(x11, screen) != w || DisplayHeight(x11, screen) != h) return 0;
    *mm_width = DisplayWidthMM(x11, screen);
    *mm_height = DisplayHeightMM(x11, screen);
    return *mm_width > 0 && *mm_height > 0;
}
