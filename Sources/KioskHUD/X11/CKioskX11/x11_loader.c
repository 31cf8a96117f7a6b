/* libX11, libXext and libXrandr, loaded the first time the X11 code calls into them (dlopen),
 * not when the program starts: a bare screen (DRM, fbdev) or Wayland then loads none of them
 * nor what they link (xcb, Xau, Xdmcp, Xrender, bsd, md), which saves their start-up and
 * their memory where no X server is. Each Xlib function this program uses is defined here under
 * its own name, hidden so that it is seen only by this program's code (libX11's own calls,
 * SDL's included, keep going to libX11), and forwards to the library's. When the libraries
 * cannot be loaded, XOpenDisplay returns NULL (no X server can be used then) and every other
 * call does nothing and returns zero. The definitions are checked against Xlib's own
 * declarations, which this file includes. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <X11/Xlib.h>
#include <X11/Xlibint.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/shape.h>

/* What XESetError takes and returns: an extension's error handler. */
typedef int (*ExtensionErrorHandler)(Display *, xError *, XExtCodes *, int *);

/* Every function used: F(return type, name, parameters, arguments), V for those returning
 * nothing; each in the library that defines it. */
#define X11_FUNCTIONS(F, V) \
    F(Display *, XOpenDisplay, (const char *name), (name)) \
    F(int, XCloseDisplay, (Display *display), (display)) \
    F(int, XFlush, (Display *display), (display)) \
    F(int, XFree, (void *data), (data)) \
    F(int, XPending, (Display *display), (display)) \
    F(int, XNextEvent, (Display *display, XEvent *event), (display, event)) \
    F(int, XSelectInput, (Display *display, Window window, long mask), (display, window, mask)) \
    F(Status, XQueryTree, (Display *display, Window window, Window *root, Window *parent, Window **children, \
                           unsigned int *count), (display, window, root, parent, children, count)) \
    F(Bool, XQueryExtension, (Display *display, const char *name, int *opcode, int *event, int *error), \
      (display, name, opcode, event, error)) \
    F(int, XMapRaised, (Display *display, Window window), (display, window)) \
    F(int, XRaiseWindow, (Display *display, Window window), (display, window)) \
    F(int, XMoveResizeWindow, (Display *display, Window window, int x, int y, unsigned int width, unsigned int height), \
      (display, window, x, y, width, height)) \
    F(GC, XCreateGC, (Display *display, Drawable drawable, unsigned long mask, XGCValues *values), \
      (display, drawable, mask, values)) \
    F(int, XFreeGC, (Display *display, GC context), (display, context)) \
    F(XImage *, XCreateImage, (Display *display, Visual *visual, unsigned int depth, int format, int offset, char *data, \
                               unsigned int width, unsigned int height, int pad, int bytes_per_line), \
      (display, visual, depth, format, offset, data, width, height, pad, bytes_per_line)) \
    F(int, XPutImage, (Display *display, Drawable drawable, GC context, XImage *image, int from_x, int from_y, int to_x, \
                       int to_y, unsigned int width, unsigned int height), \
      (display, drawable, context, image, from_x, from_y, to_x, to_y, width, height)) \
    F(int, XUnmapWindow, (Display *display, Window window), (display, window)) \
    F(Atom, XInternAtom, (Display *display, const char *name, Bool only_if_exists), (display, name, only_if_exists)) \
    F(int, XGrabKeyboard, (Display *display, Window window, Bool owner_events, int pointer_mode, int keyboard_mode, \
                           Time time), (display, window, owner_events, pointer_mode, keyboard_mode, time)) \
    F(int, XGrabPointer, (Display *display, Window window, Bool owner_events, unsigned int mask, int pointer_mode, \
                          int keyboard_mode, Window confine_to, Cursor cursor, Time time), \
      (display, window, owner_events, mask, pointer_mode, keyboard_mode, confine_to, cursor, time)) \
    F(int, XUngrabKeyboard, (Display *display, Time time), (display, time)) \
    F(int, XUngrabPointer, (Display *display, Time time), (display, time)) \
    F(int, XGetInputFocus, (Display *display, Window *focus, int *revert_to), (display, focus, revert_to)) \
    F(KeySym, XLookupKeysym, (XKeyEvent *event, int index), (event, index)) \
    F(int, XPeekEvent, (Display *display, XEvent *event), (display, event)) \
    F(Window, XGetSelectionOwner, (Display *display, Atom selection), (display, selection)) \
    F(Status, XGetWindowAttributes, (Display *display, Window window, XWindowAttributes *attributes), \
      (display, window, attributes)) \
    F(Status, XGetGeometry, (Display *display, Drawable drawable, Window *root, int *x, int *y, unsigned int *width, \
                             unsigned int *height, unsigned int *border, unsigned int *depth), \
      (display, drawable, root, x, y, width, height, border, depth)) \
    F(XImage *, XGetImage, (Display *display, Drawable drawable, int x, int y, unsigned int width, \
                            unsigned int height, unsigned long planes, int format), \
      (display, drawable, x, y, width, height, planes, format)) \
    F(XVisualInfo *, XGetVisualInfo, (Display *display, long mask, XVisualInfo *wanted, int *count), \
      (display, mask, wanted, count)) \
    F(XWMHints *, XAllocWMHints, (void), ()) \
    F(int, XSetWMHints, (Display *display, Window window, XWMHints *hints), (display, window, hints)) \
    F(XIOErrorHandler, XSetIOErrorHandler, (XIOErrorHandler handler), (handler)) \
    F(XErrorHandler, XSetErrorHandler, (XErrorHandler handler), (handler)) \
    V(XSetIOErrorExitHandler, (Display *display, XIOErrorExitHandler handler, void *data), (display, handler, data)) \
    F(XExtCodes *, XAddExtension, (Display *display), (display)) \
    F(ExtensionErrorHandler, XESetError, (Display *display, int extension, ExtensionErrorHandler handler), \
      (display, extension, handler)) \
    F(Bool, XShapeQueryExtension, (Display *display, int *event, int *error), (display, event, error)) \
    V(XShapeCombineRectangles, (Display *display, Window window, int kind, int x, int y, XRectangle *rectangles, \
                                int count, int operation, int ordering), \
      (display, window, kind, x, y, rectangles, count, operation, ordering)) \
    F(Bool, XRRQueryExtension, (Display *display, int *event, int *error), (display, event, error)) \
    F(XRRScreenResources *, XRRGetScreenResourcesCurrent, (Display *display, Window window), (display, window)) \
    V(XRRFreeScreenResources, (XRRScreenResources *resources), (resources)) \
    F(XRROutputInfo *, XRRGetOutputInfo, (Display *display, XRRScreenResources *resources, RROutput output), \
      (display, resources, output)) \
    V(XRRFreeOutputInfo, (XRROutputInfo *info), (info)) \
    F(XRRCrtcInfo *, XRRGetCrtcInfo, (Display *display, XRRScreenResources *resources, RRCrtc crtc), \
      (display, resources, crtc)) \
    V(XRRFreeCrtcInfo, (XRRCrtcInfo *info), (info)) \
    V(XRRSelectInput, (Display *display, Window window, int mask), (display, window, mask)) \
    F(int, XRRUpdateConfiguration, (XEvent *event), (event))

#define X11_POINTER(type, name, parameters, arguments) type (*name) parameters;
#define X11_VOID_POINTER(name, parameters, arguments) void (*name) parameters;
static struct {
    X11_FUNCTIONS(X11_POINTER, X11_VOID_POINTER)
} x11;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static int loaded;

/* Loads the three libraries and finds every function; on any failure, none is used. */
static void x11_load(void) {
    static const char *const libraries[] = {"libX11.so.6", "libXext.so.6", "libXrandr.so.2"};
    void *handles[3] = {NULL};
    for (int i = 0; i < 3; i++) {
        handles[i] = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            fprintf(stderr, "kiosk-spinner: cannot load %s: %s\n", libraries[i], dlerror());
            return;
        }
    }
#define X11_FIND(name) \
    for (int i = 0; i < 3 && !x11.name; i++) *(void **)&x11.name = dlsym(handles[i], #name); \
    if (!x11.name) { \
        fprintf(stderr, "kiosk-spinner: cannot load the X11 libraries: none has %s\n", #name); \
        return; \
    }
#define X11_FIND_FUNCTION(type, name, parameters, arguments) X11_FIND(name)
#define X11_FIND_VOID(name, parameters, arguments) X11_FIND(name)
    X11_FUNCTIONS(X11_FIND_FUNCTION, X11_FIND_VOID)
    loaded = 1;
}

#define X11_DEFINE(type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        pthread_once(&loading, x11_load); \
        return loaded ? x11.name arguments : (type)0; \
    }
#define X11_DEFINE_VOID(name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        pthread_once(&loading, x11_load); \
        if (loaded) x11.name arguments; \
    }
X11_FUNCTIONS(X11_DEFINE, X11_DEFINE_VOID)
