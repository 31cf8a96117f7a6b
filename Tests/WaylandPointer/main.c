/* A virtual pointer for the Wayland tests: joins the compositor's seat as a pointer device
 * (zwlr_virtual_pointer_v1) and stays until killed or the compositor goes, so the seat has a
 * pointer for the whole test and sway's `seat - cursor` commands move and click it. Prints
 * "ready" once the compositor has the device. Exits 1 when the compositor lacks the protocol.
 *
 * The protocol's interfaces are written here from its specification (wlr-virtual-pointer-
 * unstable-v1): requests in their wire order, since their place is their opcode. This program
 * sends only create_virtual_pointer. */
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

static const struct wl_interface virtual_pointer_interface;

static const struct wl_interface *no_types[] = {NULL, NULL, NULL, NULL, NULL};
static const struct wl_interface *create_types[] = {&wl_seat_interface, &virtual_pointer_interface};
static const struct wl_interface *create_with_output_types[] = {
    &wl_seat_interface, &wl_output_interface, &virtual_pointer_interface};

static const struct wl_message virtual_pointer_requests[] = {
    {"motion", "uff", no_types},
    {"motion_absolute", "uuuuu", no_types},
    {"button", "uuu", no_types},
    {"axis", "uuf", no_types},
    {"frame", "", no_types},
    {"axis_source", "u", no_types},
    {"axis_stop", "uu", no_types},
    {"axis_discrete", "uufi", no_types},
    {"destroy", "", no_types},
};

static const struct wl_interface virtual_pointer_interface = {
    "zwlr_virtual_pointer_v1", 2, 9, virtual_pointer_requests, 0, NULL,
};

static const struct wl_message manager_requests[] = {
    {"create_virtual_pointer", "?on", create_types},
    {"destroy", "", no_types},
    {"create_virtual_pointer_with_output", "2?o?on", create_with_output_types},
};

static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 2, 3, manager_requests, 0, NULL,
};

struct globals {
    struct wl_seat *seat;
    struct wl_proxy *manager;
};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)version;
    struct globals *found = data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !found->seat) {
        found->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, manager_interface.name) == 0 && !found->manager) {
        found->manager = wl_registry_bind(registry, name, &manager_interface, 1);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "no Wayland compositor answers\n");
        return 1;
    }
    struct globals found = {0};
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, &found);
    wl_display_roundtrip(display);
    if (!found.seat || !found.manager) {
        fprintf(stderr, "the compositor offers no seat or no zwlr_virtual_pointer_manager_v1\n");
        return 1;
    }
    struct wl_proxy *pointer = wl_proxy_marshal_flags(found.manager, 0, &virtual_pointer_interface, 1, 0, found.seat, NULL);
    if (!pointer || wl_display_roundtrip(display) < 0) return 1;
    printf("ready\n");
    fflush(stdout);
    while (wl_display_dispatch(display) >= 0) {}
    return 0;
}
