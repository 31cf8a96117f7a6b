/* systemd's boot progress over D-Bus, through libsystemd loaded at run time with dlopen (only with
 * --systemd-progress), so that libsystemd is not a dependency of the program. */
#include "kiosk_platform.h"

#include <dlfcn.h>
#include <stdint.h>
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
typedef int (*bus_set_timeout_fn)(void *, uint64_t);

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

struct kp_systemd *kp_systemd_connect(int *lasting, char *error, int capacity) {
    /* Loaded once and kept for the process's life, as fontconfig is. */
    static void *library;
    *lasting = 1;
    if (!library) library = dlopen("libsystemd.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "cannot load libsystemd.so.0: %s", dlerror());
        return NULL;
    }
    struct kp_systemd *systemd = calloc(1, sizeof *systemd);
    if (!systemd) {
        say(error, capacity, "cannot connect to systemd", 12 /* ENOMEM */);
        return NULL;
    }
    bus_open_system_fn open_system = (bus_open_system_fn)dlsym(library, "sd_bus_open_system");
    bus_set_timeout_fn set_timeout = (bus_set_timeout_fn)dlsym(library, "sd_bus_set_method_call_timeout");
    systemd->get_property = (bus_get_property_trivial_fn)dlsym(library, "sd_bus_get_property_trivial");
    systemd->error_free = (bus_error_free_fn)dlsym(library, "sd_bus_error_free");
    systemd->unref = (bus_unref_fn)dlsym(library, "sd_bus_unref");
    if (!open_system || !systemd->get_property || !systemd->error_free || !systemd->unref) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "libsystemd.so.0 lacks sd-bus");
        free(systemd);
        return NULL;
    }
    *lasting = 0;
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
    /* A manager busy for longer than this is asked again at the next reading (sd-bus waits 25 s). */
    if (set_timeout) set_timeout(systemd->bus, 2000000);
    return systemd;
}

/* Reads the manager's property `name` of D-Bus type `type` into `value`; 1, or 0 with the reason. */
static int read_property(struct kp_systemd *systemd, const char *name, char type, void *value, char *error,
                         int capacity) {
    bus_error failure = {NULL, NULL, 0};
    int result = systemd->get_property(systemd->bus, "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
                                       "org.freedesktop.systemd1.Manager", name, &failure, type, value);
    if (result < 0 && capacity > 0) {
        snprintf(error, (size_t)capacity, "cannot read systemd's %s: %s", name,
                 failure.message ? failure.message : strerror(-result));
    }
    systemd->error_free(&failure);
    return result >= 0;
}

int kp_systemd_progress(struct kp_systemd *systemd, double *progress, char *error, int capacity) {
    return read_property(systemd, "Progress", 'd', progress, error, capacity);
}

int kp_systemd_finish_time(struct kp_systemd *systemd, uint64_t *microseconds, char *error, int capacity) {
    return read_property(systemd, "FinishTimestampMonotonic", 't', microseconds, error, capacity);
}

void kp_systemd_close(struct kp_systemd *systemd) {
    systemd->unref(systemd->bus);
    free(systemd);
}
