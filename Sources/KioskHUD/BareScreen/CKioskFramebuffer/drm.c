/* DRM/KMS with dumb buffers: no GPU, no Mesa, only libdrm and the kernel's mode setting.
 *
 * Two buffers per screen, flipped with drmModePageFlip at most once a vblank, one flip pending at
 * a time. Each buffer keeps the region it lacks of the newest frame (what was drawn into the
 * other one since it was last written), so a flip's back buffer receives this frame's rectangles
 * plus those it missed, and nothing else. A present while a flip is pending is remembered and
 * shown when the flip completes (kfb_drm_dispatch).
 *
 * Drivers that copy a shadow buffer to the device (virtio-gpu, simpledrm, udl) want to be told
 * which rectangles changed: those get one buffer, written in place and marked with
 * drmModeDirtyFB. A driver that refuses a flip falls back to the same at run time.
 *
 * The console is left in text mode: while we are master its text goes to the kernel's own
 * framebuffer, which no CRTC shows, and a process killed outright (SIGKILL, no kfb_restore_all)
 * then gets its console back whole when the kernel closes the device. KD_GRAPHICS would leave
 * that console blank. Tested with bochs-drm and virtio-gpu: no message or cursor shows. */
#include "framebuffer_internal.h"

#include <drm_fourcc.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/** Drivers that show a dumb buffer only when told it changed (a shadow copied to the device). */
static const char *const dirty_drivers[] = {"virtio_gpu", "simpledrm", "udl", "gud"};

struct buffer {
    uint32_t handle;
    uint32_t fb_id;
    uint32_t pitch;
    uint64_t size;
    uint8_t *map;
    /* What this buffer lacks of the newest frame. */
    struct kfb_region stale;
};

struct screen {
    struct kfb_drm *device;
    uint32_t connector_id;
    drmModeModeInfo mode;
    int width_mm, height_mm;
    char connector_name[32];

    int started;
    /* Its connector was found disconnected (kfb_drm_follow_screen): nothing is shown there. */
    int gone;
    uint32_t crtc_id;
    int crtc_index;
    int saved_crtc_entry;
    struct buffer buffers[2];
    int buffer_count;
    /* The buffer on the screen, or going to be once the pending flip completes. */
    int front;
    int flip_pending;
    /* One buffer written in place and marked with drmModeDirtyFB. */
    int one_buffer;
    /* The driver has no dirty callback (ENOSYS): writing in place is all it takes. */
    int dirty_unsupported;
    /* Presented while a flip was pending: shown when it completes. */
    struct kfb_region waiting;
    struct kp_frame waiting_frame;
    /* A row's worth of pixels, where a rectangle is put together from a frame's picture and surround. */
    uint32_t *scratch;
};

struct kfb_drm {
    int fd;
    /* The path for messages ("/dev/dri/card0"), the node for names ("card0"). */
    char path[64];
    char node[32];
    char driver[32];
    int wants_dirty;
    int master_entry;
    uint32_t *crtc_ids;
    int crtc_count;
    uint32_t used_crtcs;
    uint32_t *connector_ids;
    int connector_count;
    struct screen *screens;
    int screen_count;
    /* What a flip completion handler met, for kfb_drm_dispatch to return. */
    enum kfb_status dispatch_status;
};

static enum kfb_status status_for(int error, enum kfb_status otherwise) {
    if (kfb_errno_is_lost(error)) return KFB_LOST;
    if (error == ENOMEM) return KFB_NO_MEMORY;
    return otherwise;
}

static const char *connector_type_name(uint32_t type) {
    switch (type) {
    case DRM_MODE_CONNECTOR_VGA: return "VGA";
    case DRM_MODE_CONNECTOR_DVII: return "DVI-I";
    case DRM_MODE_CONNECTOR_DVID: return "DVI-D";
    case DRM_MODE_CONNECTOR_DVIA: return "DVI-A";
    case DRM_MODE_CONNECTOR_Composite: return "Composite";
    case DRM_MODE_CONNECTOR_SVIDEO: return "SVIDEO";
    case DRM_MODE_CONNECTOR_LVDS: return "LVDS";
    case DRM_MODE_CONNECTOR_Component: return "Component";
    case DRM_MODE_CONNECTOR_9PinDIN: return "DIN";
    case DRM_MODE_CONNECTOR_DisplayPort: return "DP";
    case DRM_MODE_CONNECTOR_HDMIA: return "HDMI-A";
    case DRM_MODE_CONNECTOR_HDMIB: return "HDMI-B";
    case DRM_MODE_CONNECTOR_TV: return "TV";
    case DRM_MODE_CONNECTOR_eDP: return "eDP";
    case DRM_MODE_CONNECTOR_VIRTUAL: return "Virtual";
    case DRM_MODE_CONNECTOR_DSI: return "DSI";
    case DRM_MODE_CONNECTOR_DPI: return "DPI";
    default: return "Unknown";
    }
}

/* The mode the kernel's command line asks for this connector (`video=HDMI-A-1:1280x800`, marked
 * USERDEF, as the console takes it too), else the connector's preferred mode, else its first (the
 * kernel lists the best first). */
static const drmModeModeInfo *preferred_mode(const drmModeConnector *connector) {
    const uint32_t wanted[] = {DRM_MODE_TYPE_USERDEF, DRM_MODE_TYPE_PREFERRED};
    for (size_t w = 0; w < sizeof wanted / sizeof wanted[0]; w++) {
        for (int i = 0; i < connector->count_modes; i++) {
            if (connector->modes[i].type & wanted[w]) return &connector->modes[i];
        }
    }
    return connector->count_modes > 0 ? &connector->modes[0] : NULL;
}

static void free_device(struct kfb_drm *device) {
    free(device->screens);
    free(device->connector_ids);
    free(device->crtc_ids);
    free(device);
}

/* Makes the next screen of `device` the one of `connector`, connected at `mode`. */
static int add_screen(struct kfb_drm *device, const drmModeConnector *connector, const drmModeModeInfo *mode) {
    int index = device->screen_count++;
    struct screen *screen = &device->screens[index];
    screen->device = device;
    screen->connector_id = connector->connector_id;
    screen->mode = *mode;
    screen->width_mm = (int)connector->mmWidth;
    screen->height_mm = (int)connector->mmHeight;
    snprintf(screen->connector_name, sizeof screen->connector_name, "%s-%u",
             connector_type_name(connector->connector_type), connector->connector_type_id);
    screen->saved_crtc_entry = -1;
    screen->crtc_index = -1;
    return index;
}

/* Reads the connectors that are connected and have a mode, and the CRTCs to drive them. */
static enum kfb_status read_outputs(struct kfb_drm *device, const char *path, char *message, size_t message_size) {
    drmModeRes *resources = drmModeGetResources(device->fd);
    if (!resources) {
        int error = errno;
        kfb_say(message, message_size, "%s: drmModeGetResources failed: %s", path, strerror(error));
        return status_for(error, KFB_UNSUPPORTED);
    }
    enum kfb_status status = KFB_OK;
    device->crtc_count = resources->count_crtcs;
    device->connector_count = resources->count_connectors;
    device->crtc_ids = calloc(resources->count_crtcs > 0 ? resources->count_crtcs : 1, sizeof *device->crtc_ids);
    device->connector_ids = calloc(resources->count_connectors > 0 ? resources->count_connectors : 1,
                                   sizeof *device->connector_ids);
    device->screens = calloc(resources->count_connectors > 0 ? resources->count_connectors : 1,
                             sizeof *device->screens);
    if (!device->crtc_ids || !device->connector_ids || !device->screens) {
        kfb_say(message, message_size, "%s: out of memory for %d connectors", path, resources->count_connectors);
        drmModeFreeResources(resources);
        return KFB_NO_MEMORY;
    }
    memcpy(device->crtc_ids, resources->crtcs, (size_t)resources->count_crtcs * sizeof *device->crtc_ids);
    memcpy(device->connector_ids, resources->connectors,
           (size_t)resources->count_connectors * sizeof *device->connector_ids);
    for (int i = 0; i < resources->count_connectors && status == KFB_OK; i++) {
        /* drmModeGetConnector probes the output, which is what a first look should do. */
        drmModeConnector *connector = drmModeGetConnector(device->fd, resources->connectors[i]);
        if (!connector) {
            int error = errno;
            if (kfb_errno_is_lost(error) || error == ENOMEM) {
                kfb_say(message, message_size, "%s: drmModeGetConnector %u failed: %s", path,
                        resources->connectors[i], strerror(error));
                status = status_for(error, KFB_UNSUPPORTED);
            }
            continue;
        }
        const drmModeModeInfo *mode = preferred_mode(connector);
        if (connector->connection == DRM_MODE_CONNECTED && mode) add_screen(device, connector, mode);
        drmModeFreeConnector(connector);
    }
    drmModeFreeResources(resources);
    return status;
}

enum kfb_status kfb_drm_open(const char *path, struct kfb_drm **device_out, char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    *device_out = NULL;
    struct kfb_drm *device = calloc(1, sizeof *device);
    if (!device) {
        kfb_say(message, message_size, "%s: out of memory", path);
        return KFB_NO_MEMORY;
    }
    device->master_entry = -1;
    snprintf(device->path, sizeof device->path, "%s", path);
    snprintf(device->node, sizeof device->node, "%s", kfb_basename(path));
    /* Non-blocking, so kfb_drm_dispatch never waits for an event that is not there. */
    device->fd = kfb_open(path, O_RDWR | O_NONBLOCK);
    if (device->fd == -1) {
        int error = errno;
        kfb_say(message, message_size, "%s: open failed: %s", path, strerror(error));
        free_device(device);
        return error == ENOMEM ? KFB_NO_MEMORY : KFB_CANNOT_OPEN;
    }
    enum kfb_status status = KFB_OK;
    drmVersionPtr version = drmGetVersion(device->fd);
    if (!version) {
        int error = errno;
        kfb_say(message, message_size, "%s: drmGetVersion failed: %s (not a DRM device?)", path, strerror(error));
        status = status_for(error, KFB_CANNOT_OPEN);
        goto fail;
    }
    snprintf(device->driver, sizeof device->driver, "%s", version->name ? version->name : "unknown");
    drmFreeVersion(version);
    for (size_t i = 0; i < sizeof dirty_drivers / sizeof dirty_drivers[0]; i++) {
        if (strcmp(device->driver, dirty_drivers[i]) == 0) device->wants_dirty = 1;
    }

    device->master_entry = kfb_registry_save_master(device->fd);
    if (drmSetMaster(device->fd) != 0) {
        int error = errno;
        if (error == EBUSY || error == EACCES || error == EPERM) {
            kfb_say(message, message_size,
                    "%s: drmSetMaster failed: %s (another DRM master, such as a display server, holds it)", path,
                    strerror(error));
            status = KFB_BUSY;
        } else {
            kfb_say(message, message_size, "%s: drmSetMaster failed: %s", path, strerror(error));
            status = status_for(error, KFB_CANNOT_OPEN);
        }
        goto fail;
    }

    uint64_t has_dumb = 0;
    if (drmGetCap(device->fd, DRM_CAP_DUMB_BUFFER, &has_dumb) != 0 || !has_dumb) {
        kfb_say(message, message_size, "%s: driver %s has no dumb buffers (DRM_CAP_DUMB_BUFFER)", path,
                device->driver);
        status = KFB_UNSUPPORTED;
        goto fail;
    }
    status = read_outputs(device, path, message, message_size);
    if (status != KFB_OK) goto fail;
    if (device->screen_count == 0) {
        kfb_say(message, message_size, "%s: no connected connector with a mode (driver %s)", path, device->driver);
        status = KFB_NO_OUTPUT;
        goto fail;
    }
    *device_out = device;
    return KFB_OK;

fail:
    kfb_registry_drop_master(device->master_entry);
    close(device->fd);
    free_device(device);
    return status;
}

int kfb_drm_screen_count(const struct kfb_drm *device) {
    return device ? device->screen_count : 0;
}

const char *kfb_drm_node(const struct kfb_drm *device) { return device ? device->node : ""; }

const char *kfb_drm_connector_name(const struct kfb_drm *device, int index) {
    if (!device || index < 0 || index >= device->screen_count) return "";
    return device->screens[index].connector_name;
}

int kfb_drm_fd(const struct kfb_drm *device) {
    return device ? device->fd : -1;
}

int kfb_drm_flip_pending(const struct kfb_drm *device, int index) {
    if (!device || index < 0 || index >= device->screen_count) return 0;
    return device->screens[index].flip_pending;
}

static int crtc_index_of(const struct kfb_drm *device, uint32_t crtc_id) {
    for (int i = 0; i < device->crtc_count; i++) {
        if (device->crtc_ids[i] == crtc_id) return i;
    }
    return -1;
}

/* The CRTC for `connector`: the one already driving it (the console's), else the first free
 * one an encoder of the connector can use. -1 when none. */
static int choose_crtc(const struct kfb_drm *device, const drmModeConnector *connector) {
    if (connector->encoder_id) {
        drmModeEncoder *encoder = drmModeGetEncoder(device->fd, connector->encoder_id);
        if (encoder) {
            int index = encoder->crtc_id ? crtc_index_of(device, encoder->crtc_id) : -1;
            drmModeFreeEncoder(encoder);
            if (index >= 0 && index < 32 && !(device->used_crtcs & (1u << index))) return index;
        }
    }
    for (int e = 0; e < connector->count_encoders; e++) {
        drmModeEncoder *encoder = drmModeGetEncoder(device->fd, connector->encoders[e]);
        if (!encoder) continue;
        uint32_t possible = encoder->possible_crtcs;
        drmModeFreeEncoder(encoder);
        for (int index = 0; index < device->crtc_count && index < 32; index++) {
            if ((possible & (1u << index)) && !(device->used_crtcs & (1u << index))) return index;
        }
    }
    return -1;
}

/* The connectors the CRTC drives now (through their current encoders), to drive again. */
static int connectors_on_crtc(const struct kfb_drm *device, uint32_t crtc_id, uint32_t *out, int capacity) {
    int count = 0;
    for (int i = 0; i < device->connector_count && count < capacity; i++) {
        drmModeConnector *connector = drmModeGetConnectorCurrent(device->fd, device->connector_ids[i]);
        if (!connector) continue;
        if (connector->encoder_id) {
            drmModeEncoder *encoder = drmModeGetEncoder(device->fd, connector->encoder_id);
            if (encoder) {
                if (encoder->crtc_id == crtc_id) out[count++] = connector->connector_id;
                drmModeFreeEncoder(encoder);
            }
        }
        drmModeFreeConnector(connector);
    }
    return count;
}

static void destroy_buffer(int fd, struct buffer *buffer) {
    if (buffer->map) munmap(buffer->map, buffer->size);
    if (buffer->fb_id) drmModeRmFB(fd, buffer->fb_id);
    if (buffer->handle) {
        struct drm_mode_destroy_dumb destroy = {.handle = buffer->handle};
        drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
    }
    memset(buffer, 0, sizeof *buffer);
}

static enum kfb_status create_buffer(const struct kfb_drm *device, const struct screen *screen, struct buffer *buffer,
                                     char *message, size_t message_size) {
    const char *path = device->path;
    struct drm_mode_create_dumb create = {.width = screen->mode.hdisplay, .height = screen->mode.vdisplay, .bpp = 32};
    if (drmIoctl(device->fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) {
        int error = errno;
        kfb_say(message, message_size, "%s: DRM_IOCTL_MODE_CREATE_DUMB %ux%u failed: %s", path, create.width,
                create.height, strerror(error));
        return status_for(error, KFB_UNSUPPORTED);
    }
    buffer->handle = create.handle;
    buffer->pitch = create.pitch;
    buffer->size = create.size;

    uint32_t handles[4] = {buffer->handle}, pitches[4] = {buffer->pitch}, offsets[4] = {0};
    if (drmModeAddFB2(device->fd, create.width, create.height, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                      &buffer->fb_id, 0) != 0) {
        /* Older drivers know only the depth/bpp form. */
        if (drmModeAddFB(device->fd, create.width, create.height, 24, 32, buffer->pitch, buffer->handle,
                         &buffer->fb_id) != 0) {
            int error = errno;
            kfb_say(message, message_size, "%s: drmModeAddFB XRGB8888 failed: %s", path, strerror(error));
            buffer->fb_id = 0;
            destroy_buffer(device->fd, buffer);
            return status_for(error, KFB_UNSUPPORTED);
        }
    }
    struct drm_mode_map_dumb map = {.handle = buffer->handle};
    if (drmIoctl(device->fd, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) {
        int error = errno;
        kfb_say(message, message_size, "%s: DRM_IOCTL_MODE_MAP_DUMB failed: %s", path, strerror(error));
        destroy_buffer(device->fd, buffer);
        return status_for(error, KFB_UNSUPPORTED);
    }
    void *memory = mmap(NULL, buffer->size, PROT_READ | PROT_WRITE, MAP_SHARED, device->fd, (off_t)map.offset);
    if (memory == MAP_FAILED) {
        int error = errno;
        kfb_say(message, message_size, "%s: mmap of a %llu-byte dumb buffer failed: %s", path,
                (unsigned long long)buffer->size, strerror(error));
        destroy_buffer(device->fd, buffer);
        return status_for(error, KFB_NO_MEMORY);
    }
    buffer->map = memory;
    /* Dumb buffers in video memory (TTM) are not always cleared by the kernel. */
    memset(buffer->map, 0, buffer->size);
    kfb_region_clear(&buffer->stale);
    return KFB_OK;
}

/* Makes the screen's buffers (buffer_count of them) at its mode, black, and its row of scratch;
 * on a failure leaves none. */
static enum kfb_status make_buffers(struct kfb_drm *device, struct screen *screen, char *message, size_t message_size) {
    for (int i = 0; i < screen->buffer_count; i++) {
        enum kfb_status status = create_buffer(device, screen, &screen->buffers[i], message, message_size);
        if (status != KFB_OK) {
            for (int made = 0; made < i; made++) destroy_buffer(device->fd, &screen->buffers[made]);
            return status;
        }
    }
    screen->scratch = malloc((size_t)screen->mode.hdisplay * sizeof *screen->scratch);
    if (!screen->scratch) {
        kfb_say(message, message_size, "%s: no memory for a row of %s", device->path, screen->connector_name);
        for (int i = 0; i < screen->buffer_count; i++) destroy_buffer(device->fd, &screen->buffers[i]);
        return KFB_NO_MEMORY;
    }
    return KFB_OK;
}

/* Shows the screen's first buffer on its CRTC at its mode (drmModeSetCrtc). */
static enum kfb_status set_crtc(struct kfb_drm *device, struct screen *screen, char *message, size_t message_size) {
    if (drmModeSetCrtc(device->fd, screen->crtc_id, screen->buffers[0].fb_id, 0, 0, &screen->connector_id, 1,
                       &screen->mode) == 0) {
        return KFB_OK;
    }
    int error = errno;
    kfb_say(message, message_size, "%s: drmModeSetCrtc %s %ux%u failed: %s", device->path, screen->connector_name,
            screen->mode.hdisplay, screen->mode.vdisplay, strerror(error));
    return status_for(error, KFB_UNSUPPORTED);
}

/* What the screen is, for the caller. */
static void describe(const struct kfb_drm *device, const struct screen *screen, struct kfb_screen_info *info) {
    info->width = screen->mode.hdisplay;
    info->height = screen->mode.vdisplay;
    info->width_mm = screen->width_mm;
    info->height_mm = screen->height_mm;
    snprintf(info->name, sizeof info->name, "%s %s %dx%d (%s, %s)", device->node, screen->connector_name, info->width,
             info->height, device->driver, screen->one_buffer ? "1 buffer + DirtyFB" : "2 buffers flipped");
}

static void give_back_screen(struct kfb_drm *device, struct screen *screen) {
    if (!screen->started) return;
    kfb_registry_restore_crtc(screen->saved_crtc_entry);
    for (int i = 0; i < screen->buffer_count; i++) destroy_buffer(device->fd, &screen->buffers[i]);
    free(screen->scratch);
    screen->scratch = NULL;
    if (screen->crtc_index >= 0) device->used_crtcs &= ~(1u << screen->crtc_index);
    screen->started = 0;
    screen->flip_pending = 0;
}

enum kfb_status kfb_drm_start_screen(struct kfb_drm *device, int index, struct kfb_screen_info *info,
                                     char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    if (!device || index < 0 || index >= device->screen_count) {
        kfb_say(message, message_size, "%s: no connected screen %d (there are %d)", device ? device->path : "DRM",
                index, device ? device->screen_count : 0);
        return KFB_NO_OUTPUT;
    }
    struct screen *screen = &device->screens[index];
    const char *path = device->path;
    if (!screen->started) {
        drmModeConnector *connector = drmModeGetConnectorCurrent(device->fd, screen->connector_id);
        if (!connector) {
            int error = errno;
            kfb_say(message, message_size, "%s: drmModeGetConnector %s failed: %s", path, screen->connector_name,
                    strerror(error));
            return status_for(error, KFB_NO_OUTPUT);
        }
        int crtc_index = choose_crtc(device, connector);
        drmModeFreeConnector(connector);
        if (crtc_index < 0) {
            kfb_say(message, message_size, "%s: no free CRTC can drive %s", path, screen->connector_name);
            return KFB_NO_OUTPUT;
        }
        uint32_t crtc_id = device->crtc_ids[crtc_index];

        /* Saved before anything changes, so any exit from here on sets it back. */
        drmModeCrtc *saved = drmModeGetCrtc(device->fd, crtc_id);
        if (!saved) {
            int error = errno;
            kfb_say(message, message_size, "%s: drmModeGetCrtc %u failed: %s", path, crtc_id, strerror(error));
            return status_for(error, KFB_UNSUPPORTED);
        }
        struct drm_mode_crtc state = {
            .crtc_id = saved->crtc_id,
            .fb_id = saved->buffer_id,
            .x = saved->x,
            .y = saved->y,
            .mode_valid = (uint32_t)saved->mode_valid,
        };
        _Static_assert(sizeof state.mode == sizeof saved->mode, "drmModeModeInfo is struct drm_mode_modeinfo");
        memcpy(&state.mode, &saved->mode, sizeof state.mode);
        drmModeFreeCrtc(saved);
        uint32_t driven[KFB_CRTC_CONNECTOR_CAPACITY];
        int driven_count = connectors_on_crtc(device, crtc_id, driven, KFB_CRTC_CONNECTOR_CAPACITY);
        screen->saved_crtc_entry = kfb_registry_save_crtc(device->fd, &state, sizeof state, driven, driven_count);

        screen->crtc_id = crtc_id;
        screen->crtc_index = crtc_index;
        screen->one_buffer = device->wants_dirty;
        screen->buffer_count = screen->one_buffer ? 1 : 2;
        screen->front = 0;
        screen->started = 1;
        device->used_crtcs |= 1u << crtc_index;
        enum kfb_status status = make_buffers(device, screen, message, message_size);
        if (status == KFB_OK) {
            /* No pointer on a kiosk's splash: a driver without a cursor plane says ENXIO, which is fine. */
            drmModeSetCursor(device->fd, crtc_id, 0, 0, 0);
            status = set_crtc(device, screen, message, message_size);
        } else {
            screen->buffer_count = 0;
        }
        if (status != KFB_OK) {
            give_back_screen(device, screen);
            return status;
        }
    }
    describe(device, screen, info);
    return KFB_OK;
}

/* Copies `region` of `frame` into `buffer` (both XRGB8888). */
static void copy_region(const struct screen *screen, struct buffer *buffer, const struct kp_frame *frame,
                        const struct kfb_region *region) {
    for (int r = 0; r < region->count; r++) {
        const struct kp_rect *rect = &region->rects[r];
        size_t bytes = (size_t)rect->width * 4;
        for (int y = rect->y; y < rect->y + rect->height; y++) {
            const uint32_t *source = kp_frame_span(frame, rect->x, y, rect->width, screen->scratch);
            memcpy(buffer->map + (size_t)y * buffer->pitch + (size_t)rect->x * 4, source, bytes);
        }
    }
}

/* Writes `damage` into the one buffer on the screen and tells the driver which rectangles. */
static enum kfb_status show_in_place(struct kfb_drm *device, struct screen *screen, const struct kp_frame *frame,
                                     const struct kfb_region *damage) {
    struct buffer *buffer = &screen->buffers[screen->front];
    struct kfb_region region = buffer->stale;
    kfb_region_add_region(&region, damage);
    kfb_region_clear(&buffer->stale);
    if (region.count == 0) return KFB_OK;
    copy_region(screen, buffer, frame, &region);
    if (screen->dirty_unsupported) return KFB_OK;
    drmModeClip clips[KFB_REGION_CAPACITY];
    for (int i = 0; i < region.count; i++) {
        clips[i] = (drmModeClip){
            .x1 = (unsigned short)region.rects[i].x,
            .y1 = (unsigned short)region.rects[i].y,
            .x2 = (unsigned short)(region.rects[i].x + region.rects[i].width),
            .y2 = (unsigned short)(region.rects[i].y + region.rects[i].height),
        };
    }
    if (drmModeDirtyFB(device->fd, buffer->fb_id, clips, (uint32_t)region.count) != 0) {
        int error = errno;
        if (kfb_errno_is_lost(error)) return KFB_LOST;
        /* No dirty callback: the driver scans the buffer out directly. */
        if (error == ENOSYS || error == EOPNOTSUPP || error == EINVAL) screen->dirty_unsupported = 1;
    }
    return KFB_OK;
}

/* Writes `damage` plus what the back buffer missed into it and queues the flip to it. */
static enum kfb_status show_by_flip(struct kfb_drm *device, struct screen *screen, const struct kp_frame *frame,
                                    const struct kfb_region *damage) {
    if (damage->count == 0) return KFB_OK;
    int back = 1 - screen->front;
    struct buffer *target = &screen->buffers[back];
    struct kfb_region region = target->stale;
    kfb_region_add_region(&region, damage);
    copy_region(screen, target, frame, &region);
    kfb_region_clear(&target->stale);
    /* The buffer that leaves the screen now lacks this frame's rectangles. */
    kfb_region_add_region(&screen->buffers[screen->front].stale, damage);

    if (drmModePageFlip(device->fd, screen->crtc_id, target->fb_id, DRM_MODE_PAGE_FLIP_EVENT, screen) == 0) {
        screen->front = back;
        screen->flip_pending = 1;
        return KFB_OK;
    }
    int error = errno;
    if (kfb_errno_is_lost(error)) return KFB_LOST;
    /* The driver cannot flip: show the back buffer with a mode set and keep to it alone. */
    if (drmModeSetCrtc(device->fd, screen->crtc_id, target->fb_id, 0, 0, &screen->connector_id, 1, &screen->mode) !=
        0) {
        return status_for(errno, KFB_UNSUPPORTED);
    }
    screen->front = back;
    screen->one_buffer = 1;
    return KFB_OK;
}

static enum kfb_status show(struct kfb_drm *device, struct screen *screen, const struct kp_frame *frame,
                            const struct kfb_region *damage) {
    if (screen->one_buffer) return show_in_place(device, screen, frame, damage);
    return show_by_flip(device, screen, frame, damage);
}

/* Whether the device is still there: every DRM ioctl fails with ENODEV once it is unplugged
 * (drm_ioctl checks before anything else), and DRM_IOCTL_GET_CAP takes no lock. */
static int device_present(const struct kfb_drm *device) {
    uint64_t value = 0;
    return !(drmGetCap(device->fd, DRM_CAP_DUMB_BUFFER, &value) != 0 && kfb_errno_is_lost(errno));
}

enum kfb_status kfb_drm_present(struct kfb_drm *device, int index, const struct kp_frame *frame,
                                const struct kp_rect *rects, int count) {
    if (!device || index < 0 || index >= device->screen_count || !device->screens[index].started) {
        return KFB_NO_OUTPUT;
    }
    struct screen *screen = &device->screens[index];
    if (screen->gone) return KFB_OK;
    struct kfb_region damage;
    kfb_region_clear(&damage);
    for (int i = 0; i < count; i++) {
        struct kp_rect rect = rects[i];
        if (kfb_rect_clip(&rect, screen->mode.hdisplay, screen->mode.vdisplay)) kfb_region_add(&damage, rect);
    }
    if (screen->flip_pending) {
        /* The only path without an ioctl: a device unplugged with a flip pending never completes
         * it, so ask whether it is still there. */
        if (!device_present(device)) return KFB_LOST;
        kfb_region_add_region(&screen->waiting, &damage);
        screen->waiting_frame = *frame;
        return KFB_OK;
    }
    return show(device, screen, frame, &damage);
}

static void flip_completed(int fd, unsigned int sequence, unsigned int seconds, unsigned int microseconds,
                           void *data) {
    (void)fd; (void)sequence; (void)seconds; (void)microseconds;
    struct screen *screen = data;
    if (!screen || !screen->started) return;
    screen->flip_pending = 0;
    if (screen->waiting.count == 0) return;
    struct kfb_region waiting = screen->waiting;
    kfb_region_clear(&screen->waiting);
    enum kfb_status status = show(screen->device, screen, &screen->waiting_frame, &waiting);
    if (status != KFB_OK && screen->device->dispatch_status == KFB_OK) screen->device->dispatch_status = status;
}

enum kfb_status kfb_drm_dispatch(struct kfb_drm *device) {
    if (!device) return KFB_NO_OUTPUT;
    drmEventContext context = {.version = 2, .page_flip_handler = flip_completed};
    device->dispatch_status = KFB_OK;
    if (drmHandleEvent(device->fd, &context) != 0) {
        int error = errno;
        if (kfb_errno_is_lost(error)) return KFB_LOST;
        /* Woken with nothing to read: an unplugged device may wake its waiters this way. */
        if ((error == EAGAIN || error == EINTR) && !device_present(device)) return KFB_LOST;
    }
    return device->dispatch_status;
}

void kfb_drm_suspend(struct kfb_drm *device) {
    if (!device) return;
    drmDropMaster(device->fd);
    /* A flip completing while away shows nothing more: the whole frame is presented on resume. */
    for (int i = 0; i < device->screen_count; i++) kfb_region_clear(&device->screens[i].waiting);
}

/* How many connected screens of `device` still scan out one of its buffers; `connected` receives
 * how many are connected. A connector found unplugged (as the kernel last knew it: no probe, which
 * needs no master) shows nothing to anyone, and the next program may never set its CRTC. */
static int showing_own_buffer(const struct kfb_drm *device, int *connected) {
    int showing = 0;
    *connected = 0;
    for (int i = 0; i < device->screen_count; i++) {
        const struct screen *screen = &device->screens[i];
        if (!screen->started || screen->gone) continue;
        drmModeConnector *connector = drmModeGetConnectorCurrent(device->fd, screen->connector_id);
        int is_connected = connector && connector->connection == DRM_MODE_CONNECTED;
        drmModeFreeConnector(connector);
        if (!is_connected) continue;
        *connected += 1;
        drmModeCrtc *crtc = drmModeGetCrtc(device->fd, screen->crtc_id);
        if (!crtc) continue;
        uint32_t shown = crtc->buffer_id;
        drmModeFreeCrtc(crtc);
        for (int b = 0; b < screen->buffer_count; b++) {
            if (shown != 0 && shown == screen->buffers[b].fb_id) {
                showing += 1;
                break;
            }
        }
    }
    return showing;
}

/* Whether a flip of `device` is still to complete. */
static int flips_pending(const struct kfb_drm *device) {
    for (int i = 0; i < device->screen_count; i++) {
        if (device->screens[i].flip_pending) return 1;
    }
    return 0;
}

void kfb_drm_finish_flips(struct kfb_drm *device, int timeout_ms) {
    if (!device) return;
    for (int waited = 0; flips_pending(device) && waited < timeout_ms; waited += 20) {
        struct pollfd readable = {.fd = device->fd, .events = POLLIN};
        if (poll(&readable, 1, 20) == 1 && kfb_drm_dispatch(device) == KFB_LOST) return;
    }
}

int kfb_drm_wait_for_next_master(struct kfb_drm *device, int timeout_ms) {
    if (!device) return 1;
    kfb_drm_suspend(device);
    int connected = 0, waited = 0;
    /* Until the next program has put its picture on one screen at least... */
    while (showing_own_buffer(device, &connected) == connected && connected > 0) {
        if (waited >= timeout_ms) return 0;
        usleep(20000);
        waited += 20;
    }
    /* ...and a moment more for the others it lights (one it leaves goes dark as the overlay exits). */
    for (int grace = 0; grace < 500 && showing_own_buffer(device, &connected) > 0; grace += 20) usleep(20000);
    return 1;
}

enum kfb_status kfb_drm_resume(struct kfb_drm *device, char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    if (!device) return KFB_NO_OUTPUT;
    if (drmSetMaster(device->fd) != 0) {
        int error = errno;
        kfb_say(message, message_size, "%s: drmSetMaster failed: %s (another DRM master holds it now)", device->path,
                strerror(error));
        return status_for(error, KFB_BUSY);
    }
    for (int i = 0; i < device->screen_count; i++) {
        struct screen *screen = &device->screens[i];
        if (!screen->started || screen->gone) continue;
        drmModeSetCursor(device->fd, screen->crtc_id, 0, 0, 0);
        /* Synchronous: a flip queued before the switch has completed once this returns. */
        if (drmModeSetCrtc(device->fd, screen->crtc_id, screen->buffers[screen->front].fb_id, 0, 0,
                           &screen->connector_id, 1, &screen->mode) != 0) {
            int error = errno;
            kfb_say(message, message_size, "%s: drmModeSetCrtc %s failed: %s", device->path, screen->connector_name,
                    strerror(error));
            return status_for(error, KFB_UNSUPPORTED);
        }
    }
    /* The completions of those flips, read now so that none is taken for a later flip's; what
     * waited for them is in the whole frame the caller presents next. */
    for (int i = 0; i < device->screen_count; i++) kfb_region_clear(&device->screens[i].waiting);
    enum kfb_status status = kfb_drm_dispatch(device);
    for (int i = 0; i < device->screen_count; i++) device->screens[i].flip_pending = 0;
    return status;
}

/* Whether two modes show the same picture: size, timings and flags. */
static int same_mode(const drmModeModeInfo *one, const drmModeModeInfo *other) {
    return one->hdisplay == other->hdisplay && one->vdisplay == other->vdisplay && one->clock == other->clock
        && one->htotal == other->htotal && one->vtotal == other->vtotal && one->flags == other->flags;
}

/* Connector `id` as the kernel last found it after a hot-plug event (drmModeGetConnectorCurrent:
 * no probe, so no EDID is read on the loop's thread), except one that has just come
 * (`was_connected` 0) and reads connected: a real plug only makes the kernel detect the
 * connection, so its modes are read from the monitor now, by a probe, once a plug. NULL when
 * the kernel answers nothing. */
static drmModeConnector *connector_after_event(const struct kfb_drm *device, uint32_t id, int was_connected) {
    drmModeConnector *connector = drmModeGetConnectorCurrent(device->fd, id);
    if (!connector || connector->connection != DRM_MODE_CONNECTED || (was_connected && connector->count_modes > 0))
        return connector;
    drmModeFreeConnector(connector);
    return drmModeGetConnector(device->fd, id);
}

enum kfb_status kfb_drm_add_screen(struct kfb_drm *device, int *index, struct kfb_screen_info *info, char *message,
                                   size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    *index = -1;
    if (!device) return KFB_NO_OUTPUT;
    for (int i = 0; i < device->connector_count && device->screen_count < device->connector_count; i++) {
        int known = 0;
        for (int s = 0; s < device->screen_count && !known; s++) known = device->screens[s].connector_id == device->connector_ids[i];
        if (known) continue;
        drmModeConnector *connector = connector_after_event(device, device->connector_ids[i], 0);
        if (!connector) continue;
        const drmModeModeInfo *mode = preferred_mode(connector);
        int added = connector->connection == DRM_MODE_CONNECTED && mode ? add_screen(device, connector, mode) : -1;
        drmModeFreeConnector(connector);
        if (added < 0) continue;
        enum kfb_status status = kfb_drm_start_screen(device, added, info, message, message_size);
        if (status != KFB_OK) {
            /* Not kept: the next event looks at the connector again. */
            device->screen_count--;
            return status;
        }
        *index = added;
        return KFB_OK;
    }
    return KFB_OK;
}

enum kfb_status kfb_drm_follow_screen(struct kfb_drm *device, int index, enum kfb_drm_change *change,
                                      struct kfb_screen_info *info, char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    *change = KFB_DRM_SAME;
    if (!device || index < 0 || index >= device->screen_count || !device->screens[index].started) return KFB_NO_OUTPUT;
    struct screen *screen = &device->screens[index];
    drmModeConnector *connector = connector_after_event(device, screen->connector_id, !screen->gone);
    if (!connector) {
        int error = errno;
        kfb_say(message, message_size, "%s: drmModeGetConnector %s failed: %s", device->path, screen->connector_name,
                strerror(error));
        return status_for(error, KFB_UNSUPPORTED);
    }
    const drmModeModeInfo *found = preferred_mode(connector);
    int connected = connector->connection == DRM_MODE_CONNECTED && found;
    drmModeModeInfo mode = connected ? *found : screen->mode;
    int width_mm = (int)connector->mmWidth, height_mm = (int)connector->mmHeight;
    drmModeFreeConnector(connector);
    if (!connected) {
        if (!screen->gone) *change = KFB_DRM_GONE;
        screen->gone = 1;
        return KFB_OK;
    }
    if (!screen->gone && same_mode(&mode, &screen->mode)) return KFB_OK;

    /* New buffers at the new size; the old ones go once the CRTC shows a new one. */
    struct screen before = *screen;
    screen->mode = mode;
    screen->width_mm = width_mm;
    screen->height_mm = height_mm;
    memset(screen->buffers, 0, sizeof screen->buffers);
    screen->scratch = NULL;
    enum kfb_status status = make_buffers(device, screen, message, message_size);
    if (status == KFB_OK) status = set_crtc(device, screen, message, message_size);
    if (status != KFB_OK) {
        if (screen->scratch) {
            for (int i = 0; i < screen->buffer_count; i++) destroy_buffer(device->fd, &screen->buffers[i]);
            free(screen->scratch);
        }
        *screen = before;
        return status;
    }
    /* The mode set is synchronous: a flip queued on the old buffers has completed; its event is
     * read now, with nothing waiting for it, so that it is not taken for a later flip's. */
    kfb_region_clear(&screen->waiting);
    screen->front = 0;
    status = kfb_drm_dispatch(device);
    screen->flip_pending = 0;
    for (int i = 0; i < before.buffer_count; i++) destroy_buffer(device->fd, &before.buffers[i]);
    free(before.scratch);
    screen->gone = 0;
    *change = KFB_DRM_CHANGED;
    describe(device, screen, info);
    /* The screen is changed either way; only a device gone is worth saying (another screen's
     * failed flip is its own present's to say). */
    return status == KFB_LOST ? KFB_LOST : KFB_OK;
}

void kfb_drm_close(struct kfb_drm *device) {
    if (!device) return;
    for (int i = 0; i < device->screen_count; i++) give_back_screen(device, &device->screens[i]);
    kfb_registry_drop_master(device->master_entry);
    close(device->fd);
    free_device(device);
}
