#define _GNU_SOURCE
#include "kiosk_wayland.h"
#include "wlr-layer-shell-client.h"

#include <errno.h>
#include <linux/input-event-codes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

enum {
    /* Outputs beyond this many are ignored. */
    /* Buffers a surface may have at once: one shown, one being filled, one spare while the
     * compositor holds the first two. */
    KW_BUFFERS = 3,
    /* Damaged rectangles kept a present; more become the whole surface. */
    KW_MAX_DAMAGE = 32,
    /* Roundtrips a new layer surface waits for its first configure. */
    KW_CONFIGURE_ROUNDTRIPS = 4,
    /* Seats beyond this many are not watched. */
    KW_MAX_SEATS = 4,
    /* Keys of a keymap that are Escape, at most. */
    KW_MAX_ESCAPES = 8,
};

struct kw_rect {
    int x, y, width, height;
};

struct kw_output {
    struct wl_output *output;
    /* The registry's name of its global, by which its removal is told. */
    uint32_t global;
    /* The compositor took the output away (unplugged, turned off). */
    int removed;
    /* Everything about it was told (wl_output.done; at bind before version 2, which has none). */
    int done;
    int scale;
    int width_pixels, height_pixels;
    int width_mm, height_mm;
    char name[64];
};

/* A seat and, while it has them, its keyboard (to learn which surface has its focus, and its
 * Escape), its pointer and its touch screen (the first button's and the first finger's presses
 * and releases, for the Cancel). */
struct kw_seat {
    kw_connection *connection;
    struct wl_seat *seat;
    struct wl_keyboard *keyboard;
    struct wl_surface *focus;
    /* The keys (evdev codes) whose symbol is Escape in the keyboard's keymap. */
    uint32_t escapes[KW_MAX_ESCAPES];
    int escape_count;
    /* Escape went down on the focused surface (a key event, or held as the focus came). */
    int escape_down;
    struct wl_pointer *pointer;
    struct wl_surface *pointer_focus;
    double pointer_x, pointer_y;
    struct wl_touch *touch;
    /* The finger followed (the first down while none is), -1 for none. */
    int32_t touch_id;
    struct wl_surface *touch_surface;
    double touch_x, touch_y;
};

/* A press, a release or an Escape on a surface, in surface units. */
struct kw_input_entry {
    struct wl_surface *surface;
    int kind;
    double x, y;
};

struct kw_connection {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    uint32_t compositor_version;
    struct wl_shm *shm;
    struct zwlr_layer_shell_v1 *layer_shell;
    /* Every output announced, in order, each allocated on its own (its listener keeps its
     * address); one taken away stays, marked removed, so the indices stay. */
    struct kw_output **outputs;
    int output_count;
    int output_capacity;
    struct kw_seat seats[KW_MAX_SEATS];
    int seat_count;
    struct kw_input_entry inputs[KW_INPUT_CAPACITY];
    int input_count;
    int wake_fd;
};

struct kw_buffer {
    struct wl_buffer *buffer;
    uint32_t *pixels;
    size_t bytes;
    int busy;
    /* What changed in the caller's pixels since this buffer was last filled (a bounding box). */
    struct kw_rect stale;
};

struct kw_layer {
    kw_connection *connection;
    int output_index;
    int scale;
    int width, height;
    /* The size (surface units) the compositor last configured, which a changed output moves
     * away from the buffers' (kw_layer_configured_size). */
    int configured_width, configured_height;
    struct wl_surface *surface;
    struct zwlr_layer_surface_v1 *role;
    struct wl_callback *frame;
    int configured;
    int closed;
    int shown;
    struct kw_buffer buffers[KW_BUFFERS];
    struct kw_rect damage[KW_MAX_DAMAGE];
    int damage_count;
    /* Everything ever damaged: outside it the picture is still transparent, as new buffers are. */
    struct kw_rect drawn;
    int damages_everything;
    int32_t *input_rects;
    int input_count;
    int input_everything;
    int input_changed;
    int keyboard_exclusive;
    /* The keyboard was let go and no commit has said so yet. */
    int keyboard_release_uncommitted;
    /* Answered once the compositor has handled the commit that let the keyboard go. */
    struct wl_callback *keyboard_release_sync;
    /* The surface a replacement took over from, destroyed once the replacement shows. */
    struct wl_surface *retired_surface;
    struct zwlr_layer_surface_v1 *retired_role;
    /* A row's worth of pixels, where a rectangle is put together from a frame's picture and surround. */
    uint32_t *scratch;
};

/* ---- rectangles ---- */

static int rect_is_empty(struct kw_rect r) { return r.width <= 0 || r.height <= 0; }

static struct kw_rect rect_union(struct kw_rect a, struct kw_rect b) {
    if (rect_is_empty(a)) return b;
    if (rect_is_empty(b)) return a;
    int x0 = a.x < b.x ? a.x : b.x, y0 = a.y < b.y ? a.y : b.y;
    int x1 = a.x + a.width > b.x + b.width ? a.x + a.width : b.x + b.width;
    int y1 = a.y + a.height > b.y + b.height ? a.y + a.height : b.y + b.height;
    return (struct kw_rect){x0, y0, x1 - x0, y1 - y0};
}

static struct kw_rect rect_clip(struct kw_rect r, int width, int height) {
    int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
    int x1 = r.x + r.width > width ? width : r.x + r.width;
    int y1 = r.y + r.height > height ? height : r.y + r.height;
    return (struct kw_rect){x0, y0, x1 - x0, y1 - y0};
}

/* ---- outputs ---- */

static void output_geometry(void *data, struct wl_output *output, int32_t x, int32_t y, int32_t width_mm,
                            int32_t height_mm, int32_t subpixel, const char *make, const char *model,
                            int32_t transform) {
    (void)output; (void)x; (void)y; (void)subpixel; (void)make; (void)model; (void)transform;
    struct kw_output *entry = data;
    entry->width_mm = width_mm;
    entry->height_mm = height_mm;
}

static void output_mode(void *data, struct wl_output *output, uint32_t flags, int32_t width, int32_t height,
                        int32_t refresh) {
    (void)output; (void)refresh;
    struct kw_output *entry = data;
    if (flags & WL_OUTPUT_MODE_CURRENT) {
        entry->width_pixels = width;
        entry->height_pixels = height;
    }
}

static void output_done(void *data, struct wl_output *output) {
    (void)output;
    struct kw_output *entry = data;
    entry->done = 1;
}

static void output_scale(void *data, struct wl_output *output, int32_t factor) {
    (void)output;
    struct kw_output *entry = data;
    entry->scale = factor > 0 ? factor : 1;
}

static void output_name(void *data, struct wl_output *output, const char *name) {
    (void)output;
    struct kw_output *entry = data;
    snprintf(entry->name, sizeof entry->name, "%s", name ? name : "");
}

static void output_description(void *data, struct wl_output *output, const char *description) {
    (void)data; (void)output; (void)description;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry,
    .mode = output_mode,
    .done = output_done,
    .scale = output_scale,
    .name = output_name,
    .description = output_description,
};

/* ---- seats: who has the keyboard ---- */

/* The evdev code of the key named `name` (`ESC`) in an XKB keymap's text, from its keycodes
 * section (`<ESC> = 9;`, XKB codes being evdev's plus 8), or -1. */
static long keymap_code(const char *keymap, const char *name, size_t length) {
    for (const char *at = strstr(keymap, "<"); at; at = strstr(at + 1, "<")) {
        if (strncmp(at + 1, name, length) != 0 || at[1 + length] != '>') continue;
        const char *after = at + 2 + length;
        while (*after == ' ' || *after == '\t') after++;
        if (*after != '=') continue;
        long code = strtol(after + 1, NULL, 10);
        return code >= 8 ? code - 8 : -1;
    }
    return -1;
}

/* Keeps the evdev codes of the keys whose first symbol is Escape in an XKB keymap's text, as
 * xkbcommon writes it (`key <ESC> { [ Escape ] };`): a real keyboard's Escape, a key remapped to
 * it (caps:escape), or a virtual keyboard's own. */
static void keymap_read_escapes(struct kw_seat *seat, const char *keymap) {
    seat->escape_count = 0;
    for (const char *at = strstr(keymap, "Escape"); at && seat->escape_count < KW_MAX_ESCAPES; at = strstr(at + 6, "Escape")) {
        const char *before = at;
        while (before > keymap && (before[-1] == ' ' || before[-1] == '\t')) before--;
        char next = at[6];
        if (before == keymap || before[-1] != '[' || !(next == ' ' || next == '\t' || next == ',' || next == ']')) continue;
        const char *key = NULL;
        for (const char *back = before; back > keymap; back--) {
            if (strncmp(back - 1, "key <", 5) == 0) { key = back + 4; break; }
        }
        const char *close = key ? strchr(key, '>') : NULL;
        if (!close || close - key > 32) continue;
        long code = keymap_code(keymap, key, (size_t)(close - key));
        if (code >= 0) seat->escapes[seat->escape_count++] = (uint32_t)code;
    }
}

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard, uint32_t format, int32_t fd, uint32_t size) {
    (void)keyboard;
    struct kw_seat *seat = data;
    if (format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 && size > 0) {
        char *keymap = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (keymap != MAP_FAILED) {
            /* The text ends with a NUL within `size`; a copy makes sure of it. */
            char *text = strndup(keymap, size);
            if (text) keymap_read_escapes(seat, text);
            free(text);
            munmap(keymap, size);
        }
    }
    close(fd);
}

/* 1 when `key` (an evdev code) is one of the keymap's Escapes. */
static int is_escape(const struct kw_seat *seat, uint32_t key) {
    for (int i = 0; i < seat->escape_count; i++) {
        if (seat->escapes[i] == key) return 1;
    }
    return 0;
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface,
                           struct wl_array *keys) {
    (void)keyboard; (void)serial;
    struct kw_seat *seat = data;
    seat->focus = surface;
    /* A keyboard the seat switched to (a virtual one's keymap) comes back in with its key down. */
    seat->escape_down = 0;
    uint32_t *key;
    wl_array_for_each(key, keys) {
        if (is_escape(seat, *key)) seat->escape_down = 1;
    }
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface) {
    (void)keyboard; (void)serial; (void)surface;
    struct kw_seat *seat = data;
    seat->focus = NULL;
    seat->escape_down = 0;
}

/* Keeps one input on `surface` for kw_layer_take_inputs, while there is room. */
static void input_add(kw_connection *connection, struct wl_surface *surface, int kind, double x, double y) {
    if (!surface || connection->input_count >= KW_INPUT_CAPACITY) return;
    connection->inputs[connection->input_count++] = (struct kw_input_entry){surface, kind, x, y};
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    (void)keyboard; (void)serial; (void)time;
    struct kw_seat *seat = data;
    if (!is_escape(seat, key)) return;
    if (state == WL_KEYBOARD_KEY_STATE_PRESSED) {
        seat->escape_down = 1;
    } else if (seat->escape_down) {
        seat->escape_down = 0;
        input_add(seat->connection, seat->focus, KW_INPUT_ESCAPE, 0, 0);
    }
}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {
    (void)data; (void)keyboard; (void)serial; (void)depressed; (void)latched; (void)locked; (void)group;
}

static void keyboard_repeat_info(void *data, struct wl_keyboard *keyboard, int32_t rate, int32_t delay) {
    (void)data; (void)keyboard; (void)rate; (void)delay;
}

static const struct wl_keyboard_listener keyboard_listener = {
    .keymap = keyboard_keymap,
    .enter = keyboard_enter,
    .leave = keyboard_leave,
    .key = keyboard_key,
    .modifiers = keyboard_modifiers,
    .repeat_info = keyboard_repeat_info,
};

/* ---- seats: the pointer's first button and the first finger, for the Cancel ---- */

static void pointer_enter(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface,
                          wl_fixed_t x, wl_fixed_t y) {
    (void)pointer; (void)serial;
    struct kw_seat *seat = data;
    seat->pointer_focus = surface;
    seat->pointer_x = wl_fixed_to_double(x);
    seat->pointer_y = wl_fixed_to_double(y);
}

static void pointer_leave(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface) {
    (void)pointer; (void)serial; (void)surface;
    struct kw_seat *seat = data;
    seat->pointer_focus = NULL;
}

static void pointer_motion(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)pointer; (void)time;
    struct kw_seat *seat = data;
    seat->pointer_x = wl_fixed_to_double(x);
    seat->pointer_y = wl_fixed_to_double(y);
}

static void pointer_button(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    (void)pointer; (void)serial; (void)time;
    struct kw_seat *seat = data;
    if (button != BTN_LEFT) return;
    input_add(seat->connection, seat->pointer_focus,
              state == WL_POINTER_BUTTON_STATE_PRESSED ? KW_INPUT_PRESSED : KW_INPUT_RELEASED, seat->pointer_x, seat->pointer_y);
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)data; (void)pointer; (void)time; (void)axis; (void)value;
}

static void pointer_frame(void *data, struct wl_pointer *pointer) { (void)data; (void)pointer; }

static void pointer_axis_source(void *data, struct wl_pointer *pointer, uint32_t source) {
    (void)data; (void)pointer; (void)source;
}

static void pointer_axis_stop(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis) {
    (void)data; (void)pointer; (void)time; (void)axis;
}

static void pointer_axis_discrete(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t discrete) {
    (void)data; (void)pointer; (void)axis; (void)discrete;
}

/* Every event of wl_pointer version 5 (the seat is bound at 5 at most). */
static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter,
    .leave = pointer_leave,
    .motion = pointer_motion,
    .button = pointer_button,
    .axis = pointer_axis,
    .frame = pointer_frame,
    .axis_source = pointer_axis_source,
    .axis_stop = pointer_axis_stop,
    .axis_discrete = pointer_axis_discrete,
};

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)touch; (void)serial; (void)time;
    struct kw_seat *seat = data;
    if (seat->touch_id >= 0) return;
    seat->touch_id = id;
    seat->touch_surface = surface;
    seat->touch_x = wl_fixed_to_double(x);
    seat->touch_y = wl_fixed_to_double(y);
    input_add(seat->connection, surface, KW_INPUT_PRESSED, seat->touch_x, seat->touch_y);
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id) {
    (void)touch; (void)serial; (void)time;
    struct kw_seat *seat = data;
    if (id != seat->touch_id) return;
    input_add(seat->connection, seat->touch_surface, KW_INPUT_RELEASED, seat->touch_x, seat->touch_y);
    seat->touch_id = -1;
    seat->touch_surface = NULL;
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)touch; (void)time;
    struct kw_seat *seat = data;
    if (id != seat->touch_id) return;
    seat->touch_x = wl_fixed_to_double(x);
    seat->touch_y = wl_fixed_to_double(y);
}

static void touch_frame(void *data, struct wl_touch *touch) { (void)data; (void)touch; }

/* The compositor took the touch over (a gesture): the press is let go off every surface. */
static void touch_cancel(void *data, struct wl_touch *touch) {
    (void)touch;
    struct kw_seat *seat = data;
    if (seat->touch_id >= 0) input_add(seat->connection, seat->touch_surface, KW_INPUT_RELEASED, -1, -1);
    seat->touch_id = -1;
    seat->touch_surface = NULL;
}

/* Every event of wl_touch version 5 (the seat is bound at 5 at most). */
static const struct wl_touch_listener touch_listener = {
    .down = touch_down,
    .up = touch_up,
    .motion = touch_motion,
    .frame = touch_frame,
    .cancel = touch_cancel,
};

/* Lets go of a seat's keyboard, as its version allows. */
static void keyboard_let_go(struct wl_keyboard *keyboard) {
    if (wl_keyboard_get_version(keyboard) >= WL_KEYBOARD_RELEASE_SINCE_VERSION) wl_keyboard_release(keyboard);
    else wl_keyboard_destroy(keyboard);
}

/* Lets go of a seat's pointer, as its version allows. */
static void pointer_let_go(struct wl_pointer *pointer) {
    if (wl_pointer_get_version(pointer) >= WL_POINTER_RELEASE_SINCE_VERSION) wl_pointer_release(pointer);
    else wl_pointer_destroy(pointer);
}

/* Lets go of a seat's touch screen, as its version allows. */
static void touch_let_go(struct wl_touch *touch) {
    if (wl_touch_get_version(touch) >= WL_TOUCH_RELEASE_SINCE_VERSION) wl_touch_release(touch);
    else wl_touch_destroy(touch);
}

static void seat_capabilities(void *data, struct wl_seat *wl_seat, uint32_t capabilities) {
    struct kw_seat *seat = data;
    int has_pointer = (capabilities & WL_SEAT_CAPABILITY_POINTER) != 0;
    if (has_pointer && !seat->pointer) {
        seat->pointer = wl_seat_get_pointer(wl_seat);
        wl_pointer_add_listener(seat->pointer, &pointer_listener, seat);
    } else if (!has_pointer && seat->pointer) {
        pointer_let_go(seat->pointer);
        seat->pointer = NULL;
        seat->pointer_focus = NULL;
    }
    int has_touch = (capabilities & WL_SEAT_CAPABILITY_TOUCH) != 0;
    if (has_touch && !seat->touch) {
        seat->touch = wl_seat_get_touch(wl_seat);
        wl_touch_add_listener(seat->touch, &touch_listener, seat);
    } else if (!has_touch && seat->touch) {
        touch_let_go(seat->touch);
        seat->touch = NULL;
        seat->touch_id = -1;
        seat->touch_surface = NULL;
    }
    int has_keyboard = (capabilities & WL_SEAT_CAPABILITY_KEYBOARD) != 0;
    if (has_keyboard && !seat->keyboard) {
        seat->keyboard = wl_seat_get_keyboard(wl_seat);
        wl_keyboard_add_listener(seat->keyboard, &keyboard_listener, seat);
    } else if (!has_keyboard && seat->keyboard) {
        keyboard_let_go(seat->keyboard);
        seat->keyboard = NULL;
        seat->focus = NULL;
    }
}

static void seat_name(void *data, struct wl_seat *wl_seat, const char *name) { (void)data; (void)wl_seat; (void)name; }

static const struct wl_seat_listener seat_listener = {.capabilities = seat_capabilities, .name = seat_name};

/* 1 when a seat's keyboard focus is on `surface`. */
static int keyboard_is_on(const kw_connection *connection, const struct wl_surface *surface) {
    for (int i = 0; i < connection->seat_count; i++) {
        if (surface && connection->seats[i].focus == surface) return 1;
    }
    return 0;
}

/* Forgets every focus and kept input on `surface`, about to be destroyed (its address may be a
 * new surface's next). */
static void seat_forget(kw_connection *connection, const struct wl_surface *surface) {
    for (int i = 0; i < connection->seat_count; i++) {
        struct kw_seat *seat = &connection->seats[i];
        if (seat->focus == surface) seat->focus = NULL;
        if (seat->pointer_focus == surface) seat->pointer_focus = NULL;
        if (seat->touch_surface == surface) seat->touch_surface = NULL;
    }
    for (int i = 0; i < connection->input_count; i++) {
        if (connection->inputs[i].surface == surface) connection->inputs[i].surface = NULL;
    }
}

/* ---- registry ---- */

/* A new, zeroed output entry at the end of the list; NULL when out of memory. */
static struct kw_output *output_add(kw_connection *connection) {
    if (connection->output_count == connection->output_capacity) {
        int capacity = connection->output_capacity ? 2 * connection->output_capacity : 4;
        struct kw_output **grown = realloc(connection->outputs, (size_t)capacity * sizeof *grown);
        if (!grown) return NULL;
        connection->outputs = grown;
        connection->output_capacity = capacity;
    }
    struct kw_output *entry = calloc(1, sizeof *entry);
    if (!entry) return NULL;
    connection->outputs[connection->output_count++] = entry;
    return entry;
}

/* Output `index`'s entry, NULL when there is none. */
static const struct kw_output *output_at(const kw_connection *connection, int index) {
    return index >= 0 && index < connection->output_count ? connection->outputs[index] : NULL;
}

static uint32_t lower(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    kw_connection *connection = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0 && !connection->compositor) {
        connection->compositor_version = lower(version, 4);
        connection->compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
                                                  connection->compositor_version);
    } else if (strcmp(interface, wl_shm_interface.name) == 0 && !connection->shm) {
        connection->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, zwlr_layer_shell_v1_interface.name) == 0 && !connection->layer_shell) {
        connection->layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface, lower(version, 4));
    } else if (strcmp(interface, wl_output_interface.name) == 0) {
        struct kw_output *entry = output_add(connection);
        if (!entry) return;
        entry->scale = 1;
        entry->global = name;
        entry->done = version < 2;
        entry->output = wl_registry_bind(registry, name, &wl_output_interface, lower(version, 4));
        wl_output_add_listener(entry->output, &output_listener, entry);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && connection->seat_count < KW_MAX_SEATS) {
        struct kw_seat *seat = &connection->seats[connection->seat_count++];
        memset(seat, 0, sizeof *seat);
        seat->connection = connection;
        seat->touch_id = -1;
        /* Until a keymap says otherwise, Escape is where the evdev keymap has it. */
        seat->escapes[0] = KEY_ESC;
        seat->escape_count = 1;
        seat->seat = wl_registry_bind(registry, name, &wl_seat_interface, lower(version, 5));
        wl_seat_add_listener(seat->seat, &seat_listener, seat);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)registry;
    kw_connection *connection = data;
    /* An output taken away: its layer surface may or may not be closed too (sway 1.7 leaves it). */
    for (int i = 0; i < connection->output_count; i++) {
        struct kw_output *entry = connection->outputs[i];
        if (entry->global == name && !entry->removed) {
            entry->removed = 1;
            if (wl_output_get_version(entry->output) >= WL_OUTPUT_RELEASE_SINCE_VERSION) wl_output_release(entry->output);
            else wl_output_destroy(entry->output);
            entry->output = NULL;
        }
    }
}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

kw_connection *kw_connect(void) {
    kw_connection *connection = calloc(1, sizeof *connection);
    if (!connection) return NULL;
    connection->wake_fd = -1;
    connection->display = wl_display_connect(NULL);
    if (!connection->display) goto failed;
    connection->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (connection->wake_fd < 0) goto failed;
    connection->registry = wl_display_get_registry(connection->display);
    wl_registry_add_listener(connection->registry, &registry_listener, connection);
    /* The first roundtrip announces the globals, the second the outputs' scale and name. */
    if (wl_display_roundtrip(connection->display) < 0 || wl_display_roundtrip(connection->display) < 0) goto failed;
    return connection;
failed:
    kw_disconnect(connection);
    return NULL;
}

void kw_disconnect(kw_connection *connection) {
    if (!connection) return;
    if (connection->display) wl_display_disconnect(connection->display);
    if (connection->wake_fd >= 0) close(connection->wake_fd);
    for (int i = 0; i < connection->output_count; i++) free(connection->outputs[i]);
    free(connection->outputs);
    free(connection);
}

const char *kw_missing_global(const kw_connection *connection) {
    if (!connection->compositor) return wl_compositor_interface.name;
    if (!connection->shm) return wl_shm_interface.name;
    if (!connection->layer_shell) return zwlr_layer_shell_v1_interface.name;
    return NULL;
}

int kw_output_count(const kw_connection *connection) { return connection->output_count; }

int kw_output_removed(const kw_connection *connection, int index) {
    const struct kw_output *entry = output_at(connection, index);
    return entry && entry->removed;
}

int kw_output_ready(const kw_connection *connection, int index) {
    const struct kw_output *entry = output_at(connection, index);
    return entry && entry->done;
}

int kw_output_scale(const kw_connection *connection, int index) {
    const struct kw_output *entry = output_at(connection, index);
    return entry ? entry->scale : 1;
}

void kw_output_size(const kw_connection *connection, int index, int *width_pixels, int *height_pixels,
                    int *width_mm, int *height_mm) {
    struct kw_output none = {0};
    const struct kw_output *entry = output_at(connection, index) ? output_at(connection, index) : &none;
    *width_pixels = entry->width_pixels;
    *height_pixels = entry->height_pixels;
    *width_mm = entry->width_mm;
    *height_mm = entry->height_mm;
}

const char *kw_output_name(const kw_connection *connection, int index) {
    const struct kw_output *entry = output_at(connection, index);
    return entry ? entry->name : "";
}

int kw_wake_descriptor(const kw_connection *connection) { return connection->wake_fd; }

int kw_wake(int wake_descriptor) {
    uint64_t one = 1;
    ssize_t written;
    do { written = write(wake_descriptor, &one, sizeof one); } while (written < 0 && errno == EINTR);
    /* A full counter already holds a wake-up. */
    return written == (ssize_t)sizeof one || errno == EAGAIN;
}

int kw_wait(kw_connection *connection, int timeout_ms) {
    struct wl_display *display = connection->display;
    int dispatched = 0;
    while (wl_display_prepare_read(display) != 0) {
        int count = wl_display_dispatch_pending(display);
        if (count < 0) return -1;
        dispatched += count;
    }
    /* Events read elsewhere (a roundtrip) were just handled: return at once, so the caller acts on
     * them (a frame callback that came) instead of sleeping first. */
    if (dispatched > 0) timeout_ms = 0;
    while (wl_display_flush(display) < 0) {
        if (errno != EAGAIN) {
            wl_display_cancel_read(display);
            return -1;
        }
        /* The socket is full: wait until the compositor reads some of it. */
        struct pollfd out = {.fd = wl_display_get_fd(display), .events = POLLOUT};
        if (poll(&out, 1, 1000) <= 0 && errno != EINTR) {
            wl_display_cancel_read(display);
            return -1;
        }
    }
    struct pollfd descriptors[2] = {
        {.fd = wl_display_get_fd(display), .events = POLLIN},
        {.fd = connection->wake_fd, .events = POLLIN},
    };
    int ready = poll(descriptors, 2, timeout_ms);
    if (ready < 0 && errno != EINTR) {
        wl_display_cancel_read(display);
        return -1;
    }
    if (ready > 0 && descriptors[0].revents != 0) {
        if (wl_display_read_events(display) < 0) return -1;
    } else {
        wl_display_cancel_read(display);
    }
    if (ready > 0 && descriptors[1].revents != 0) {
        uint64_t count;
        while (read(connection->wake_fd, &count, sizeof count) > 0) {}
    }
    return wl_display_dispatch_pending(display) < 0 ? -1 : 0;
}

int kw_protocol_error(const kw_connection *connection, char *text, int size) {
    if (wl_display_get_error(connection->display) != EPROTO) return 0;
    const struct wl_interface *interface = NULL;
    uint32_t id = 0;
    uint32_t code = wl_display_get_protocol_error(connection->display, &interface, &id);
    snprintf(text, (size_t)size, "protocol error %u on %s", code, interface ? interface->name : "the display");
    return 1;
}

/* ---- buffers ---- */

static void buffer_release(void *data, struct wl_buffer *buffer) {
    (void)buffer;
    struct kw_buffer *entry = data;
    entry->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = {.release = buffer_release};

/* Makes `entry` a buffer of the layer's size in shared memory of its own; 0 on success. */
static int buffer_make(kw_layer *layer, struct kw_buffer *entry) {
    int stride = layer->width * 4;
    size_t bytes = (size_t)stride * (size_t)layer->height;
    int fd = memfd_create("kiosk-spinner", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)bytes) < 0) {
        close(fd);
        return -1;
    }
    void *pixels = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) {
        close(fd);
        return -1;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(layer->connection->shm, fd, (int32_t)bytes);
    entry->buffer = wl_shm_pool_create_buffer(pool, 0, layer->width, layer->height, stride, WL_SHM_FORMAT_ARGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(entry->buffer, &buffer_listener, entry);
    entry->pixels = pixels;
    entry->bytes = bytes;
    entry->busy = 0;
    /* New shared memory is zeros, transparent: only what was ever drawn is to be copied, and the
     * pages of the rest are never touched (nor counted in the resident set). A surround other
     * than transparent came with damage to the whole output, so it is all in `drawn`. */
    entry->stale = layer->drawn;
    return 0;
}

static void buffer_free(struct kw_buffer *entry) {
    if (!entry->buffer) return;
    wl_buffer_destroy(entry->buffer);
    munmap(entry->pixels, entry->bytes);
    memset(entry, 0, sizeof *entry);
}

/* A buffer the compositor does not hold, made if needed; NULL when none can be had now. */
static struct kw_buffer *buffer_free_one(kw_layer *layer) {
    for (int i = 0; i < KW_BUFFERS; i++) {
        if (layer->buffers[i].buffer && !layer->buffers[i].busy) return &layer->buffers[i];
    }
    for (int i = 0; i < KW_BUFFERS; i++) {
        if (!layer->buffers[i].buffer) return buffer_make(layer, &layer->buffers[i]) == 0 ? &layer->buffers[i] : NULL;
    }
    return NULL;
}

/* ---- layer surfaces ---- */

static void role_configure(void *data, struct zwlr_layer_surface_v1 *role, uint32_t serial, uint32_t width,
                           uint32_t height) {
    kw_layer *layer = data;
    if (!layer) return; /* a retired role, destroyed at the next present */
    zwlr_layer_surface_v1_ack_configure(role, serial);
    if (width > 0 && height > 0) {
        layer->configured_width = (int)width;
        layer->configured_height = (int)height;
    }
    /* The buffers keep the first size: the HUD was laid out for it (a new layer follows a
     * change, kw_layer_configured_size). */
    if (layer->width == 0 && width > 0 && height > 0) {
        layer->width = (int)width * layer->scale;
        layer->height = (int)height * layer->scale;
    }
    layer->configured = 1;
}

static void role_closed(void *data, struct zwlr_layer_surface_v1 *role) {
    (void)role;
    kw_layer *layer = data;
    if (!layer) return;
    layer->closed = 1;
    layer->configured = 0;
}

static const struct zwlr_layer_surface_v1_listener role_listener = {
    .configure = role_configure,
    .closed = role_closed,
};

/* A callback answered: it is gone, and so is the layer's pointer to it (`data`). */
static void callback_done(void *data, struct wl_callback *callback, uint32_t time) {
    (void)time;
    struct wl_callback **slot = data;
    wl_callback_destroy(callback);
    *slot = NULL;
}

static const struct wl_callback_listener callback_listener = {.done = callback_done};

/* Makes the wl_surface and its layer role, and commits it without a buffer, which asks the
 * compositor for the first configure. */
static void layer_make_surface(kw_layer *layer) {
    kw_connection *connection = layer->connection;
    layer->surface = wl_compositor_create_surface(connection->compositor);
    if (connection->compositor_version >= 3) wl_surface_set_buffer_scale(layer->surface, layer->scale);
    const struct kw_output *entry = output_at(connection, layer->output_index);
    struct wl_output *output = entry ? entry->output : NULL;
    layer->role = zwlr_layer_shell_v1_get_layer_surface(connection->layer_shell, layer->surface, output,
                                                        ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "kiosk-spinner");
    zwlr_layer_surface_v1_add_listener(layer->role, &role_listener, layer);
    zwlr_layer_surface_v1_set_anchor(layer->role, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM
                                     | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
    zwlr_layer_surface_v1_set_size(layer->role, 0, 0);
    /* -1: cover panels and bars too, and push nothing aside. */
    zwlr_layer_surface_v1_set_exclusive_zone(layer->role, -1);
    zwlr_layer_surface_v1_set_keyboard_interactivity(layer->role, layer->keyboard_exclusive
        ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE);
    layer->input_changed = 1;
    layer->configured = 0;
    layer->shown = 0;
    wl_surface_commit(layer->surface);
}

static void surface_destroy(kw_layer *layer, struct wl_surface *surface, struct zwlr_layer_surface_v1 *role) {
    if (role) zwlr_layer_surface_v1_destroy(role);
    if (surface) {
        seat_forget(layer->connection, surface);
        wl_surface_destroy(surface);
    }
}

static void layer_drop_retired(kw_layer *layer) {
    surface_destroy(layer, layer->retired_surface, layer->retired_role);
    layer->retired_surface = NULL;
    layer->retired_role = NULL;
}

static void layer_drop_surface(kw_layer *layer) {
    if (layer->frame) wl_callback_destroy(layer->frame);
    layer->frame = NULL;
    surface_destroy(layer, layer->surface, layer->role);
    layer->role = NULL;
    layer->surface = NULL;
    layer_drop_retired(layer);
}

/* Waits (a few roundtrips) for the new surface's first configure; 1 when it came. */
static int layer_wait_configured(kw_layer *layer) {
    for (int i = 0; i < KW_CONFIGURE_ROUNDTRIPS && !layer->configured && !layer->closed; i++) {
        if (wl_display_roundtrip(layer->connection->display) < 0) break;
    }
    return layer->configured;
}

kw_layer *kw_layer_create(kw_connection *connection, int output_index, int scale) {
    if (kw_missing_global(connection)) return NULL;
    kw_layer *layer = calloc(1, sizeof *layer);
    if (!layer) return NULL;
    layer->connection = connection;
    layer->output_index = output_index;
    layer->scale = scale > 0 ? scale : 1;
    layer_make_surface(layer);
    if (!layer_wait_configured(layer) || layer->width == 0) {
        kw_layer_destroy(layer);
        return NULL;
    }
    /* The buffers keep the first configure's size, and so does a row. */
    layer->scratch = malloc((size_t)layer->width * sizeof *layer->scratch);
    if (!layer->scratch) {
        kw_layer_destroy(layer);
        return NULL;
    }
    return layer;
}

void kw_layer_destroy(kw_layer *layer) {
    if (!layer) return;
    layer_drop_surface(layer);
    if (layer->keyboard_release_sync) wl_callback_destroy(layer->keyboard_release_sync);
    for (int i = 0; i < KW_BUFFERS; i++) buffer_free(&layer->buffers[i]);
    free(layer->input_rects);
    free(layer->scratch);
    free(layer);
}

int kw_layer_width(const kw_layer *layer) { return layer->width; }

int kw_layer_is_closed(const kw_layer *layer) { return layer->closed; }

void kw_layer_configured_size(const kw_layer *layer, int *width, int *height) {
    *width = layer->configured_width;
    *height = layer->configured_height;
}
int kw_layer_height(const kw_layer *layer) { return layer->height; }

void kw_layer_damage(kw_layer *layer, int x, int y, int width, int height) {
    struct kw_rect rect = rect_clip((struct kw_rect){x, y, width, height}, layer->width, layer->height);
    if (rect_is_empty(rect)) return;
    layer->drawn = rect_union(layer->drawn, rect);
    for (int i = 0; i < KW_BUFFERS; i++) {
        if (layer->buffers[i].buffer) layer->buffers[i].stale = rect_union(layer->buffers[i].stale, rect);
    }
    if (layer->damage_count < KW_MAX_DAMAGE) {
        layer->damage[layer->damage_count++] = rect;
    } else {
        layer->damages_everything = 1;
    }
}

void kw_layer_set_input(kw_layer *layer, const int32_t *rects, int count, int everything) {
    free(layer->input_rects);
    layer->input_rects = NULL;
    layer->input_count = 0;
    if (count > 0 && rects) {
        layer->input_rects = malloc(sizeof(int32_t) * 4 * (size_t)count);
        if (layer->input_rects) {
            memcpy(layer->input_rects, rects, sizeof(int32_t) * 4 * (size_t)count);
            layer->input_count = count;
        }
    }
    layer->input_everything = everything;
    layer->input_changed = 1;
}

void kw_layer_set_keyboard(kw_layer *layer, int exclusive) {
    if (layer->keyboard_exclusive == !!exclusive) return;
    layer->keyboard_exclusive = !!exclusive;
    layer->keyboard_release_uncommitted = !exclusive;
    if (layer->role) {
        zwlr_layer_surface_v1_set_keyboard_interactivity(layer->role, exclusive
            ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE);
    }
}

int kw_layer_can_present(const kw_layer *layer) {
    if (!layer->configured || layer->closed || layer->frame) return 0;
    for (int i = 0; i < KW_BUFFERS; i++) {
        if (!layer->buffers[i].buffer || !layer->buffers[i].busy) return 1;
    }
    return 0;
}

/* Sets the surface's input region (surface coordinates: buffer pixels over the scale, rounded
 * outwards). */
static void layer_apply_input(kw_layer *layer) {
    if (layer->input_everything) {
        wl_surface_set_input_region(layer->surface, NULL);
    } else {
        struct wl_region *region = wl_compositor_create_region(layer->connection->compositor);
        int s = layer->scale;
        for (int i = 0; i < layer->input_count; i++) {
            const int32_t *r = &layer->input_rects[4 * i];
            int x0 = r[0] / s, y0 = r[1] / s;
            int x1 = (r[0] + r[2] + s - 1) / s, y1 = (r[1] + r[3] + s - 1) / s;
            wl_region_add(region, x0, y0, x1 - x0, y1 - y0);
        }
        wl_surface_set_input_region(layer->surface, region);
        wl_region_destroy(region);
    }
    layer->input_changed = 0;
}

int kw_layer_present(kw_layer *layer, const struct kp_frame *frame) {
    struct kw_buffer *entry = buffer_free_one(layer);
    if (!entry) return -1;
    struct kw_rect stale = rect_clip(entry->stale, layer->width, layer->height);
    for (int y = stale.y; y < stale.y + stale.height; y++) {
        memcpy(entry->pixels + (size_t)y * (size_t)layer->width + (size_t)stale.x,
               kp_frame_span(frame, stale.x, y, stale.width, layer->scratch), (size_t)stale.width * 4);
    }
    entry->stale = (struct kw_rect){0, 0, 0, 0};
    wl_surface_attach(layer->surface, entry->buffer, 0, 0);
    if (!layer->shown || layer->damages_everything || layer->connection->compositor_version < 4) {
        wl_surface_damage(layer->surface, 0, 0, INT32_MAX, INT32_MAX);
    } else {
        for (int i = 0; i < layer->damage_count; i++) {
            struct kw_rect r = layer->damage[i];
            wl_surface_damage_buffer(layer->surface, r.x, r.y, r.width, r.height);
        }
    }
    layer->damage_count = 0;
    layer->damages_everything = 0;
    if (layer->input_changed) layer_apply_input(layer);
    layer->frame = wl_surface_frame(layer->surface);
    wl_callback_add_listener(layer->frame, &callback_listener, &layer->frame);
    wl_surface_commit(layer->surface);
    entry->busy = 1;
    layer->shown = 1;
    /* The replacement shows: the surface it replaced goes, and its buffer comes back. */
    layer_drop_retired(layer);
    if (layer->keyboard_release_uncommitted) {
        layer->keyboard_release_uncommitted = 0;
        if (layer->keyboard_release_sync) wl_callback_destroy(layer->keyboard_release_sync);
        layer->keyboard_release_sync = wl_display_sync(layer->connection->display);
        wl_callback_add_listener(layer->keyboard_release_sync, &callback_listener, &layer->keyboard_release_sync);
    }
    return 0;
}

void kw_layer_hide(kw_layer *layer) {
    layer_drop_retired(layer);
    if (!layer->shown) return;
    /* A new surface: showing again needs a fresh role and configure (an unmapped layer surface
     * returns to its state before the first configure), which a new one gets at once. */
    layer_drop_surface(layer);
    layer_make_surface(layer);
}

int kw_layer_is_shown(const kw_layer *layer) { return layer->shown; }

int kw_layer_holds_unwanted_keyboard(const kw_layer *layer) {
    return layer->shown && !layer->keyboard_exclusive && !layer->keyboard_release_uncommitted
        && !layer->keyboard_release_sync && !layer->retired_surface
        && keyboard_is_on(layer->connection, layer->surface);
}

int kw_layer_replace(kw_layer *layer) {
    layer_drop_retired(layer);
    if (layer->frame) wl_callback_destroy(layer->frame);
    layer->frame = NULL;
    layer->retired_surface = layer->surface;
    layer->retired_role = layer->role;
    wl_proxy_set_user_data((struct wl_proxy *)layer->retired_role, NULL);
    layer->closed = 0;
    layer_make_surface(layer);
    if (layer_wait_configured(layer)) return 0;
    layer_drop_retired(layer);
    return -1;
}

int kw_layer_take_inputs(kw_layer *layer, int *kinds, double *xs, double *ys, int capacity) {
    kw_connection *connection = layer->connection;
    int taken = 0;
    for (int i = 0; i < connection->input_count; i++) {
        struct kw_input_entry *entry = &connection->inputs[i];
        if (!entry->surface || entry->surface != layer->surface || taken >= capacity) continue;
        kinds[taken] = entry->kind;
        xs[taken] = entry->x * layer->scale;
        ys[taken] = entry->y * layer->scale;
        taken++;
        entry->surface = NULL;
    }
    return taken;
}

void kw_forget_inputs(kw_connection *connection) { connection->input_count = 0; }
