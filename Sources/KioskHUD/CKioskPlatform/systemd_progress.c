/* systemd's boot progress over D-Bus, through libsystemd loaded at run time with dlopen (only with
 * --systemd-progress), so that libsystemd is not a dependency of the program. */
#include "kiosk_platform.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sd-bus's error, as <systemd/sd-bus.h> declares it (its layout is part of libsystemd's ABI). */
typedef struct {
    const char *name;
    const char *message;
    int need_free;
} bus_error;

typedef int (*bus_new_fn)(void **);
typedef int (*bus_set_address_fn)(void *, const char *);
typedef int (*bus_start_fn)(void *);
typedef int (*bus_open_system_fn)(void **);
typedef int (*bus_get_property_trivial_fn)(void *, const char *, const char *, const char *, const char *, bus_error *,
                                           char, void *);
typedef void (*bus_error_free_fn)(bus_error *);
typedef void *(*bus_unref_fn)(void *);

struct kp_systemd {
    void *bus;
    bus_get_property_trivial_fn get_property;
    bus_error_free_fn error_free;
    bus_unref_fn unref;
};

static void say(char *error, int capacity, const char *what, int code) {
    if (capacity > 0) snprintf(error, (size_t)capacity, "%s: %s", what, strerror(code < 0 ? -code : code));
}

/* A connection to systemd's private socket, which PID 1 serves to root from its start. */
static int connect_private(void *library, void **bus) {
    bus_new_fn bus_new = (bus_new_fn)dlsym(library, "sd_bus_new");
    bus_set_address_fn set_address = (bus_set_address_fn)dlsym(library, "sd_bus_set_address");
    bus_start_fn start = (bus_start_fn)dlsym(library, "sd_bus_start");
    bus_unref_fn unref = (bus_unref_fn)dlsym(library, "sd_bus_unref");
    if (!bus_new || !set_address || !start || !unref) return -38; /* ENOSYS */
    int result = bus_new(bus);
    if (result < 0) return result;
    if ((result = set_address(*bus, "unix:path=/run/systemd/private")) < 0 || (result = start(*bus)) < 0) {
        *bus = unref(*bus);
    }
    return result;
}

struct kp_systemd *kp_systemd_connect(char *error, int capacity) {
    void *library = dlopen("libsystemd.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "cannot load libsystemd.so.0: %s", dlerror());
        return NULL;
    }
    struct kp_systemd *systemd = calloc(1, sizeof *systemd);
    bus_open_system_fn open_system = (bus_open_system_fn)dlsym(library, "sd_bus_open_system");
    systemd->get_property = (bus_get_property_trivial_fn)dlsym(library, "sd_bus_get_property_trivial");
    systemd->error_free = (bus_error_free_fn)dlsym(library, "sd_bus_error_free");
    systemd->unref = (bus_unref_fn)dlsym(library, "sd_bus_unref");
    if (!open_system || !systemd->get_property || !systemd->error_free || !systemd->unref) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "libsystemd.so.0 lacks sd-bus");
        free(systemd);
        return NULL;
    }
    int private_result = connect_private(library, &systemd->bus);
    if (private_result < 0) {
        int system_result = open_system(&systemd->bus);
        if (system_result < 0) {
            char first[160];
            say(first, sizeof first, "/run/systemd/private", private_result);
            char second[160];
            say(second, sizeof second, "the system bus", system_result);
            if (capacity > 0) snprintf(error, (size_t)capacity, "cannot reach systemd (%s; %s)", first, second);
            free(systemd);
            return NULL;
        }
    }
    return systemd;
}

int kp_systemd_progress(struct kp_systemd *systemd, double *progress, char *error, int capacity) {
    bus_error failure = {NULL, NULL, 0};
    int result = systemd->get_property(systemd->bus, "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
                                       "org.freedesktop.systemd1.Manager", "Progress", &failure, 'd', progress);
    if (result < 0 && capacity > 0) {
        if (failure.message) snprintf(error, (size_t)capacity, "cannot read systemd's Progress: %s", failure.message);
        else say(error, capacity, "cannot read systemd's Progress", result);
    }
    systemd->error_free(&failure);
    return result >= 0;
}

void kp_systemd_close(struct kp_systemd *systemd) {
    systemd->unref(systemd->bus);
    free(systemd);
}
