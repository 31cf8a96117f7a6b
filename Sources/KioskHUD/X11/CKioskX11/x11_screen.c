/* Where a display the overlay covers lies on the X screen, followed as RandR changes it. */
#include "x11_screen.h"

#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
#include <string.h>

void kp_x11_watch_screen(void *display) {
    Display *x = display;
    Window root = DefaultRootWindow(x);
    XWindowAttributes attributes;
    if (XGetWindowAttributes(x, root, &attributes)) XSelectInput(x, root, attributes.your_event_mask | StructureNotifyMask);
    int event_base, error_base;
    /* SDL selects output changes itself (for its display list): they stay selected. */
    if (XRRQueryExtension(x, &event_base, &error_base))
        XRRSelectInput(x, root, RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask);
    XFlush(x);
}

int kp_x11_is_screen_change(void *display, const void *event) {
    Display *x = display;
    const XEvent *e = event;
    if (e->type == ConfigureNotify && e->xconfigure.window == DefaultRootWindow(x)) {
        XRRUpdateConfiguration((XEvent *)e);
        return 1;
    }
    int event_base, error_base;
    if (!XRRQueryExtension(x, &event_base, &error_base)) return 0;
    if (e->type == event_base + RRScreenChangeNotify) {
        XRRUpdateConfiguration((XEvent *)e);
        return 1;
    }
    return e->type == event_base + RRNotify;
}

/* Calls `visit` with each CRTC that drives an output, and that output's info, until it returns 1;
 * returns what the last call returned (0 when none was made). */
static int each_shown_output(Display *x, int (*visit)(XRRCrtcInfo *, XRROutputInfo *, void *), void *context) {
    int event_base, error_base;
    if (!XRRQueryExtension(x, &event_base, &error_base)) return 0;
    XRRScreenResources *resources = XRRGetScreenResourcesCurrent(x, DefaultRootWindow(x));
    if (!resources) return 0;
    int done = 0;
    for (int c = 0; c < resources->ncrtc && !done; c++) {
        XRRCrtcInfo *crtc = XRRGetCrtcInfo(x, resources, resources->crtcs[c]);
        if (!crtc) continue;
        for (int o = 0; o < crtc->noutput && !done; o++) {
            XRROutputInfo *output = XRRGetOutputInfo(x, resources, crtc->outputs[o]);
            if (!output) continue;
            done = crtc->mode != None && visit(crtc, output, context);
            XRRFreeOutputInfo(output);
        }
        XRRFreeCrtcInfo(crtc);
    }
    XRRFreeScreenResources(resources);
    return done;
}

/* What kp_x11_output_showing looks for and finds. */
struct showing {
    int x, y, w, h;
    char *name;
    int capacity;
};

static int shows_rectangle(XRRCrtcInfo *crtc, XRROutputInfo *output, void *context) {
    struct showing *wanted = context;
    if (crtc->x != wanted->x || crtc->y != wanted->y || (int)crtc->width != wanted->w || (int)crtc->height != wanted->h)
        return 0;
    if (!output->name || output->nameLen + 1 > wanted->capacity) return 0;
    memcpy(wanted->name, output->name, (size_t)output->nameLen);
    wanted->name[output->nameLen] = 0;
    return 1;
}

int kp_x11_output_showing(void *display, int x, int y, int w, int h, char *name, int capacity) {
    struct showing wanted = {x, y, w, h, name, capacity};
    return each_shown_output(display, shows_rectangle, &wanted);
}

/* What kp_x11_output_bounds looks for and finds. */
struct bounds {
    const char *name;
    int x, y, w, h;
};

static int is_named(XRRCrtcInfo *crtc, XRROutputInfo *output, void *context) {
    struct bounds *wanted = context;
    if (!output->name || strlen(wanted->name) != (size_t)output->nameLen ||
        memcmp(output->name, wanted->name, (size_t)output->nameLen) != 0)
        return 0;
    *wanted = (struct bounds){wanted->name, crtc->x, crtc->y, (int)crtc->width, (int)crtc->height};
    return 1;
}

int kp_x11_output_bounds(void *display, const char *name, int *x, int *y, int *w, int *h) {
    struct bounds wanted = {name, 0, 0, 0, 0};
    if (!each_shown_output(display, is_named, &wanted)) return 0;
    *x = wanted.x;
    *y = wanted.y;
    *w = wanted.w;
    *h = wanted.h;
    return 1;
}

/* What kp_x11_shown_outputs writes into. */
struct shown_outputs {
    int *rects;
    char *names;
    int name_capacity, capacity, count;
};

/* Notes the first output a rectangle shows (a mirror of one noted is passed over); 1 when full. */
static int note_output(XRRCrtcInfo *crtc, XRROutputInfo *output, void *context) {
    struct shown_outputs *found = context;
    for (int i = 0; i < found->count; i++) {
        int *r = found->rects + 4 * i;
        if (r[0] == crtc->x && r[1] == crtc->y && r[2] == (int)crtc->width && r[3] == (int)crtc->height) return 0;
    }
    if (!output->name || output->nameLen + 1 > found->name_capacity) return 0;
    if (found->count == found->capacity) return 1;
    int *r = found->rects + 4 * found->count;
    r[0] = crtc->x;
    r[1] = crtc->y;
    r[2] = (int)crtc->width;
    r[3] = (int)crtc->height;
    char *name = found->names + (size_t)found->count * (size_t)found->name_capacity;
    memcpy(name, output->name, (size_t)output->nameLen);
    name[output->nameLen] = 0;
    found->count++;
    return 0;
}

int kp_x11_shown_outputs(void *display, int *rects, char *names, int name_capacity, int capacity) {
    struct shown_outputs found = {rects, names, name_capacity, capacity, 0};
    each_shown_output(display, note_output, &found);
    return found.count;
}

int kp_x11_screen_size(void *display, int *w, int *h) {
    Display *x = display;
    Window root;
    int at_x, at_y;
    unsigned int width, height, border, depth;
    if (!XGetGeometry(x, DefaultRootWindow(x), &root, &at_x, &at_y, &width, &height, &border, &depth)) return 0;
    *w = (int)width;
    *h = (int)height;
    return 1;
}
