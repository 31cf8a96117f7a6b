#ifndef KIOSK_WAYLAND_H
#define KIOSK_WAYLAND_H

#include <stdint.h>

#include <kiosk_pixels.h>

/* The overlay's Wayland side, on libwayland-client: one connection to the compositor with the
 * globals it needs (wl_compositor, wl_shm, zwlr_layer_shell_v1, the outputs; the seats' keyboards
 * only to learn where their focus is), and one layer
 * surface an output on the overlay layer, anchored to every edge, with no exclusive zone.
 *
 * A layer surface keeps its picture in wl_shm buffers (premultiplied ARGB8888) that it fills from
 * the caller's pixels, copying only what changed since each buffer was last filled, and damages
 * only the changed rectangles. It presents at most once per frame callback. All of it runs on one
 * thread, except kw_wake. Sizes and rectangles are in buffer pixels (surface size times scale). */

typedef struct kw_connection kw_connection;
typedef struct kw_layer kw_layer;

/* Connects to the compositor named by WAYLAND_DISPLAY (wl_display_connect(NULL)) and learns its
 * globals and outputs (two roundtrips). NULL when no compositor answers. */
kw_connection *kw_connect(void);
/* Destroys every layer surface made on the connection first. */
void kw_disconnect(kw_connection *connection);

/* The name of a global the overlay needs and the compositor does not offer ("wl_compositor",
 * "wl_shm", "zwlr_layer_shell_v1"), or NULL when it has them all. */
const char *kw_missing_global(const kw_connection *connection);
/* How many outputs the compositor announced, in the order it announced them. */
int kw_output_count(const kw_connection *connection);
/* Output `index`'s integer scale (wl_output.scale; 1 until told otherwise). */
int kw_output_scale(const kw_connection *connection, int index);
/* Output `index`'s current mode in pixels and the size of its picture in millimetres
 * (wl_output.mode, wl_output.geometry; zeros when not told). */
void kw_output_size(const kw_connection *connection, int index, int *width_pixels, int *height_pixels,
                    int *width_mm, int *height_mm);
/* Output `index`'s name (wl_output.name, e.g. "HEADLESS-1"), or "" when not told. */
const char *kw_output_name(const kw_connection *connection, int index);
/* 1 once the compositor took output `index` away (its global removed: unplugged, turned off). */
int kw_output_removed(const kw_connection *connection, int index);
/* 1 once the compositor told all about output `index` (wl_output.done): its mode, scale, name. */
int kw_output_ready(const kw_connection *connection, int index);

/* A descriptor that wakes kw_wait when kw_wake writes to it. */
int kw_wake_descriptor(const kw_connection *connection);
/* Wakes kw_wait from any thread (writes to the wake descriptor). Returns 1, or 0 on failure. */
int kw_wake(int wake_descriptor);
/* Sends what is queued, then waits up to `timeout_ms` (-1: forever) for the compositor or a
 * wake-up, and dispatches what the compositor sent. Returns 0, or -1 when the connection is lost. */
int kw_wait(kw_connection *connection, int timeout_ms);

/* After kw_wait failed: writes to `text` the protocol error the compositor raised (interface and
 * code) and returns 1; returns 0 when the connection simply broke (the compositor went away). */
int kw_protocol_error(const kw_connection *connection, char *text, int size);

/* Makes a layer surface on output `index` at `scale`, with its first configure received.
 * NULL when the compositor refused it or the connection broke. */
kw_layer *kw_layer_create(kw_connection *connection, int output_index, int scale);
void kw_layer_destroy(kw_layer *layer);
/* The size of its buffers, in pixels: the first configured size times the scale. */
int kw_layer_width(const kw_layer *layer);
int kw_layer_height(const kw_layer *layer);
/* 1 once the compositor closed the layer (its output went away: unplugged, turned off). */
int kw_layer_is_closed(const kw_layer *layer);
/* The size, in surface units, the compositor last configured the layer to: the output's size
 * now, which a mode, scale or transform change moves away from the buffers' size (whose scale
 * the layer was made with). */
void kw_layer_configured_size(const kw_layer *layer, int *width, int *height);

/* Marks a rectangle of the caller's pixels as changed since the last present. */
void kw_layer_damage(kw_layer *layer, int x, int y, int width, int height);
/* Sets where the surface takes pointer and touch input: `count` rectangles (x, y, width, height
 * quadruples), or everything when `everything` is nonzero. Applied at the next present. */
void kw_layer_set_input(kw_layer *layer, const int32_t *rects, int count, int everything);
/* Asks for the keyboard (exclusive) or leaves it to the application (none). Applied at the next
 * present. */
void kw_layer_set_keyboard(kw_layer *layer, int exclusive);
/* 1 when a present would show now: configured, no frame callback outstanding, a free buffer. */
int kw_layer_can_present(const kw_layer *layer);
/* Fills a free buffer from `frame` (the buffers' size), attaches it, damages what changed, asks
 * for a frame callback and commits. Returns 0, or -1 when no buffer could be made. */
int kw_layer_present(kw_layer *layer, const struct kp_frame *frame);
/* Unmaps the surface (nothing shown, no input taken) and makes it ready to be shown again. */
void kw_layer_hide(kw_layer *layer);
/* 1 while the surface shows a buffer. */
int kw_layer_is_shown(const kw_layer *layer);
/* 1 when a seat's keyboard is on the shown surface although it asked for none and the
 * compositor has handled that (KWin 5.27 gives a clicked layer surface the keyboard whatever it
 * asked, and keeps it there when the surface lets go). */
int kw_layer_holds_unwanted_keyboard(const kw_layer *layer);
/* Makes a new surface with the same input and keyboard settings and waits for its first
 * configure; the old one stays on screen until the next present shows the new one, then goes
 * (and a compositor that focused it gives the keyboard back). Returns 0, or -1 when the
 * compositor did not configure the new surface (the old one is then gone too). */
int kw_layer_replace(kw_layer *layer);

/* The most inputs kept between two takings (kw_layer_take_inputs); more are dropped. */
enum { KW_INPUT_CAPACITY = 64 };

/* What a seat did on a surface, for the Cancel. */
enum kw_input_kind {
    /* The pointer's first button or the first finger went down. */
    KW_INPUT_PRESSED = 1,
    /* It went up (a touch the compositor took over goes up at -1, -1). */
    KW_INPUT_RELEASED = 2,
    /* Escape, on the surface with the keyboard's focus. */
    KW_INPUT_ESCAPE = 3,
};
/* Hands on the inputs on the layer's surface since the last kw_forget_inputs, at most
 * `capacity`, each as its kw_input_kind and its point in buffer pixels (surface units times the
 * buffer scale); returns how many. */
int kw_layer_take_inputs(kw_layer *layer, int *kinds, double *xs, double *ys, int capacity);
/* Drops the inputs no layer took (on a surface gone, or before every layer looked). */
void kw_forget_inputs(kw_connection *connection);

#endif
