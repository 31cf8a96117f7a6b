/* The fbdev interface (/dev/fbN): one mapped buffer, written in place in the device's own pixel
 * format. The format comes from the variable screen info's bitfields (offset and length of each
 * channel), so RGB565, BGR565, RGB888, BGR888, XRGB8888 and XBGR8888 are all one code path; the
 * common XRGB8888 is a row copy. Drawing goes to the visible part of the virtual screen, at the
 * current pan offset, rows `line_length` bytes apart (drivers pad lines). */
#include "framebuffer_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct channel {
    uint32_t offset;
    uint32_t length;
};

struct kfb_fbdev {
    int fd;
    char node[32];
    uint8_t *map;
    size_t map_size;
    /* Where the framebuffer memory starts inside the mapping (smem_start's offset in its page). */
    size_t map_offset;
    size_t memory_size;
    struct fb_var_screeninfo var;
    uint32_t line_length;
    int bytes_per_pixel;
    struct channel red, green, blue;
    /* The transparency bits, all set, so a device that reads them sees opaque pixels. */
    uint32_t opaque;
    /* 32 bpp with red at 16, green at 8, blue at 0: rows are copied as they are. */
    int is_xrgb8888;
    int registry_entry;
    int console_held;
    /* A row's worth of pixels, where a rectangle is put together from a frame's picture and surround. */
    uint32_t *scratch;
};

/* An 8-bit channel value scaled to `length` bits (down by truncation, up by bit replication). */
static inline uint32_t scale(uint32_t value, uint32_t length) {
    if (length <= 8) return value >> (8 - length);
    uint32_t wide = value << (length - 8);
    return wide | (wide >> 8);
}

static inline uint32_t to_device(const struct kfb_fbdev *device, uint32_t xrgb) {
    return (scale((xrgb >> 16) & 0xff, device->red.length) << device->red.offset) |
           (scale((xrgb >> 8) & 0xff, device->green.length) << device->green.offset) |
           (scale(xrgb & 0xff, device->blue.length) << device->blue.offset) | device->opaque;
}

static int channel_fits(const struct fb_bitfield *field, uint32_t bits) {
    return field->length >= 1 && field->length <= 16 && field->offset + field->length <= bits;
}

/* "RGB565", "XRGB8888", "BGR888": channels from the most significant bits down, with X for bits
 * no colour uses, as DRM names its formats. */
static void describe_format(const struct kfb_fbdev *device, char *out, size_t size) {
    struct {
        char letter;
        struct channel channel;
    } channels[3] = {{'R', device->red}, {'G', device->green}, {'B', device->blue}};
    for (int i = 0; i < 3; i++) {
        for (int j = i + 1; j < 3; j++) {
            if (channels[j].channel.offset > channels[i].channel.offset) {
                __typeof__(channels[0]) swap = channels[i];
                channels[i] = channels[j];
                channels[j] = swap;
            }
        }
    }
    uint32_t bits = (uint32_t)device->bytes_per_pixel * 8;
    uint32_t top = channels[0].channel.offset + channels[0].channel.length;
    char letters[8] = {0}, lengths[24] = {0};
    size_t l = 0;
    int n = 0;
    if (top < bits) {
        letters[l++] = 'X';
        n += snprintf(lengths + n, sizeof lengths - (size_t)n, "%u", bits - top);
    }
    for (int i = 0; i < 3; i++) {
        letters[l++] = channels[i].letter;
        n += snprintf(lengths + n, sizeof lengths - (size_t)n, "%u", channels[i].channel.length);
    }
    snprintf(out, size, "%s%s", letters, lengths);
}

/* The visible screen's first byte: the pan offset into the virtual screen. */
static uint8_t *visible_origin(const struct kfb_fbdev *device) {
    return device->map + device->map_offset + (size_t)device->var.yoffset * device->line_length +
           (size_t)device->var.xoffset * (size_t)device->bytes_per_pixel;
}

/* Whether the visible screen at the current pan offset lies inside the mapped memory. */
static int visible_fits(const struct kfb_fbdev *device) {
    size_t end = ((size_t)device->var.yoffset + device->var.yres - 1) * device->line_length +
                 ((size_t)device->var.xoffset + device->var.xres) * (size_t)device->bytes_per_pixel;
    return end <= device->memory_size;
}

static void write_rect(const struct kfb_fbdev *device, const struct kp_frame *frame, const struct kp_rect *rect) {
    uint8_t *origin = visible_origin(device);
    const int bytes = device->bytes_per_pixel;
    for (int y = rect->y; y < rect->y + rect->height; y++) {
        const uint32_t *source = kp_frame_span(frame, rect->x, y, rect->width, device->scratch);
        uint8_t *row = origin + (size_t)y * device->line_length + (size_t)rect->x * (size_t)bytes;
        if (device->is_xrgb8888) {
            if (!device->opaque) {
                memcpy(row, source, (size_t)rect->width * 4);
            } else {
                uint32_t *target = (uint32_t *)(void *)row;
                for (int x = 0; x < rect->width; x++) target[x] = source[x] | device->opaque;
            }
        } else if (bytes == 4) {
            uint32_t *target = (uint32_t *)(void *)row;
            for (int x = 0; x < rect->width; x++) target[x] = to_device(device, source[x]);
        } else if (bytes == 2) {
            uint16_t *target = (uint16_t *)(void *)row;
            for (int x = 0; x < rect->width; x++) target[x] = (uint16_t)to_device(device, source[x]);
        } else {
            /* 24 bpp: three bytes a pixel, least significant first (the host's order). */
            for (int x = 0; x < rect->width; x++) {
                uint32_t value = to_device(device, source[x]);
                row[3 * x] = (uint8_t)value;
                row[3 * x + 1] = (uint8_t)(value >> 8);
                row[3 * x + 2] = (uint8_t)(value >> 16);
            }
        }
    }
}

/* Paints the visible screen black (with the transparency bits set, where there are any). */
static void clear_visible(const struct kfb_fbdev *device) {
    uint8_t *origin = visible_origin(device);
    const uint32_t black = to_device(device, 0);
    const size_t width = device->var.xres;
    for (uint32_t y = 0; y < device->var.yres; y++) {
        uint8_t *row = origin + (size_t)y * device->line_length;
        if (black == 0) {
            memset(row, 0, width * (size_t)device->bytes_per_pixel);
        } else if (device->bytes_per_pixel == 4) {
            for (size_t x = 0; x < width; x++) ((uint32_t *)(void *)row)[x] = black;
        } else if (device->bytes_per_pixel == 2) {
            for (size_t x = 0; x < width; x++) ((uint16_t *)(void *)row)[x] = (uint16_t)black;
        } else {
            for (size_t x = 0; x < width; x++) {
                row[3 * x] = (uint8_t)black;
                row[3 * x + 1] = (uint8_t)(black >> 8);
                row[3 * x + 2] = (uint8_t)(black >> 16);
            }
        }
    }
}

/* Checks the pixel format and fills the device's channels; 0 with a message when unsupported. */
static int read_format(struct kfb_fbdev *device, const struct fb_fix_screeninfo *fix, const char *path, char *message,
                       size_t message_size) {
    const struct fb_var_screeninfo *var = &device->var;
    if (fix->type != FB_TYPE_PACKED_PIXELS || fix->visual != FB_VISUAL_TRUECOLOR) {
        kfb_say(message, message_size, "%s: %s is not packed true colour (type %u, visual %u; %u bpp)", path, fix->id,
                fix->type, fix->visual, var->bits_per_pixel);
        return 0;
    }
    if (var->bits_per_pixel != 16 && var->bits_per_pixel != 24 && var->bits_per_pixel != 32) {
        kfb_say(message, message_size, "%s: %s has %u bits per pixel (16, 24 and 32 are supported)", path, fix->id,
                var->bits_per_pixel);
        return 0;
    }
    if (var->grayscale != 0 || var->nonstd != 0 || !channel_fits(&var->red, var->bits_per_pixel) ||
        !channel_fits(&var->green, var->bits_per_pixel) || !channel_fits(&var->blue, var->bits_per_pixel)) {
        kfb_say(message, message_size,
                "%s: %s has an unknown pixel layout (%u bpp, red %u/%u, green %u/%u, blue %u/%u, nonstd %u)", path,
                fix->id, var->bits_per_pixel, var->red.offset, var->red.length, var->green.offset, var->green.length,
                var->blue.offset, var->blue.length, var->nonstd);
        return 0;
    }
    device->bytes_per_pixel = (int)var->bits_per_pixel / 8;
    device->red = (struct channel){var->red.offset, var->red.length};
    device->green = (struct channel){var->green.offset, var->green.length};
    device->blue = (struct channel){var->blue.offset, var->blue.length};
    device->opaque = 0;
    if (var->transp.length > 0 && var->transp.length < 32 && var->transp.offset + var->transp.length <= var->bits_per_pixel) {
        device->opaque = ((1u << var->transp.length) - 1) << var->transp.offset;
    }
    device->is_xrgb8888 = var->bits_per_pixel == 32 && device->red.offset == 16 && device->red.length == 8 &&
                          device->green.offset == 8 && device->green.length == 8 && device->blue.offset == 0 &&
                          device->blue.length == 8;
    return 1;
}

/* Takes the mode in `device->var` with `fix`: its pixel format, its geometry checked against its
 * memory, the memory mapped and a row of scratch; on a failure says why and leaves the device's
 * memory as it was. */
static enum kfb_status take_mode(struct kfb_fbdev *device, const struct fb_fix_screeninfo *fix, const char *path,
                                 char *message, size_t message_size) {
    if (!read_format(device, fix, path, message, message_size)) return KFB_UNSUPPORTED;
    device->line_length = fix->line_length;
    if (device->line_length == 0) device->line_length = device->var.xres_virtual * (uint32_t)device->bytes_per_pixel;
    device->memory_size = fix->smem_len;
    if (device->memory_size == 0) device->memory_size = (size_t)device->line_length * device->var.yres_virtual;
    if (device->var.xres == 0 || device->var.yres == 0 || device->line_length < device->var.xres * (uint32_t)device->bytes_per_pixel ||
        !visible_fits(device)) {
        kfb_say(message, message_size, "%s: %s's geometry does not fit its memory (%ux%u at %u,%u, %u bytes a line, %zu bytes)",
                path, fix->id, device->var.xres, device->var.yres, device->var.xoffset, device->var.yoffset,
                device->line_length, device->memory_size);
        return KFB_UNSUPPORTED;
    }
    uint32_t *scratch = malloc((size_t)device->var.xres * sizeof *scratch);
    if (!scratch) {
        kfb_say(message, message_size, "%s: no memory for a row of %u pixels", path, device->var.xres);
        return KFB_NO_MEMORY;
    }
    /* fbdev maps from the page that holds smem_start; the memory begins that far into it. */
    long page = sysconf(_SC_PAGESIZE);
    size_t map_offset = page > 0 ? (size_t)(fix->smem_start % (unsigned long)page) : 0;
    size_t map_size = device->memory_size + map_offset;
    void *memory = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_SHARED, device->fd, 0);
    if (memory == MAP_FAILED) {
        int error = errno;
        kfb_say(message, message_size, "%s: mmap of %zu bytes failed: %s", path, map_size, strerror(error));
        free(scratch);
        return error == ENOMEM ? KFB_NO_MEMORY : KFB_UNSUPPORTED;
    }
    if (device->map) munmap(device->map, device->map_size);
    free(device->scratch);
    device->map = memory;
    device->map_offset = map_offset;
    device->map_size = map_size;
    device->scratch = scratch;
    return KFB_OK;
}

/* What the screen is, for the caller. */
static void describe(const struct kfb_fbdev *device, const struct fb_fix_screeninfo *fix, struct kfb_screen_info *info) {
    char format[32];
    describe_format(device, format, sizeof format);
    info->width = (int)device->var.xres;
    info->height = (int)device->var.yres;
    /* The driver's millimetres: 0 and -1 (all bits set) both mean it does not know. */
    info->width_mm = (device->var.width == 0 || device->var.width == UINT32_MAX) ? 0 : (int)device->var.width;
    info->height_mm = (device->var.height == 0 || device->var.height == UINT32_MAX) ? 0 : (int)device->var.height;
    snprintf(info->name, sizeof info->name, "%s %.16s %dx%d %u bpp %s", device->node, fix->id, info->width, info->height,
             device->var.bits_per_pixel, format);
}

enum kfb_status kfb_fbdev_open(const char *path, struct kfb_fbdev **device_out, struct kfb_screen_info *info,
                               char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    *device_out = NULL;
    struct kfb_fbdev *device = calloc(1, sizeof *device);
    if (!device) {
        kfb_say(message, message_size, "%s: out of memory", path);
        return KFB_NO_MEMORY;
    }
    device->registry_entry = -1;
    snprintf(device->node, sizeof device->node, "%s", kfb_basename(path));
    device->fd = kfb_open(path, O_RDWR);
    if (device->fd == -1) {
        int error = errno;
        kfb_say(message, message_size, "%s: open failed: %s", path, strerror(error));
        free(device);
        return error == ENOMEM ? KFB_NO_MEMORY : KFB_CANNOT_OPEN;
    }
    enum kfb_status status = KFB_OK;
    struct fb_fix_screeninfo fix;
    if (kfb_ioctl(device->fd, FBIOGET_FSCREENINFO, &fix) == -1) {
        int error = errno;
        kfb_say(message, message_size, "%s: FBIOGET_FSCREENINFO failed: %s (not a framebuffer?)", path, strerror(error));
        status = kfb_errno_is_lost(error) ? KFB_LOST : KFB_CANNOT_OPEN;
        goto fail;
    }
    if (kfb_ioctl(device->fd, FBIOGET_VSCREENINFO, &device->var) == -1) {
        int error = errno;
        kfb_say(message, message_size, "%s: FBIOGET_VSCREENINFO failed: %s", path, strerror(error));
        status = kfb_errno_is_lost(error) ? KFB_LOST : KFB_CANNOT_OPEN;
        goto fail;
    }
    status = take_mode(device, &fix, path, message, message_size);
    if (status != KFB_OK) goto fail;

    /* Saved before anything changes; then the console stops drawing, then the screen goes black. */
    device->registry_entry = kfb_registry_save_fbdev(device->fd, &device->var);
    kfb_console_hold(message, message_size);
    device->console_held = 1;
    clear_visible(device);
    describe(device, &fix, info);
    *device_out = device;
    return KFB_OK;

fail:
    if (device->map) munmap(device->map, device->map_size);
    close(device->fd);
    free(device->scratch);
    free(device);
    return status;
}

/* Whether two modes have the same size and pixel format (a pan is no change of mode). */
static int same_mode(const struct fb_var_screeninfo *one, const struct fb_var_screeninfo *other) {
    return one->xres == other->xres && one->yres == other->yres && one->xres_virtual == other->xres_virtual
        && one->yres_virtual == other->yres_virtual && one->bits_per_pixel == other->bits_per_pixel
        && one->red.offset == other->red.offset && one->red.length == other->red.length
        && one->green.offset == other->green.offset && one->green.length == other->green.length
        && one->blue.offset == other->blue.offset && one->blue.length == other->blue.length
        && one->transp.offset == other->transp.offset && one->transp.length == other->transp.length
        && one->grayscale == other->grayscale && one->nonstd == other->nonstd;
}

enum kfb_status kfb_fbdev_follow(struct kfb_fbdev *device, int *changed, struct kfb_screen_info *info,
                                 char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    *changed = 0;
    if (!device) return KFB_NO_OUTPUT;
    struct fb_var_screeninfo now;
    if (kfb_ioctl(device->fd, FBIOGET_VSCREENINFO, &now) == -1) {
        int error = errno;
        kfb_say(message, message_size, "/dev/%s: FBIOGET_VSCREENINFO failed: %s", device->node, strerror(error));
        return kfb_errno_is_lost(error) ? KFB_LOST : KFB_UNSUPPORTED;
    }
    if (same_mode(&now, &device->var)) return KFB_OK;
    struct fb_fix_screeninfo fix;
    if (kfb_ioctl(device->fd, FBIOGET_FSCREENINFO, &fix) == -1) {
        int error = errno;
        kfb_say(message, message_size, "/dev/%s: FBIOGET_FSCREENINFO failed: %s", device->node, strerror(error));
        return kfb_errno_is_lost(error) ? KFB_LOST : KFB_UNSUPPORTED;
    }
    char path[48];
    snprintf(path, sizeof path, "/dev/%s", device->node);
    struct kfb_fbdev before = *device;
    device->var = now;
    enum kfb_status status = take_mode(device, &fix, path, message, message_size);
    if (status != KFB_OK) {
        *device = before;
        return status;
    }
    clear_visible(device);
    describe(device, &fix, info);
    *changed = 1;
    return KFB_OK;
}

enum kfb_status kfb_fbdev_present(struct kfb_fbdev *device, const struct kp_frame *frame,
                                  const struct kp_rect *rects, int count) {
    if (!device) return KFB_NO_OUTPUT;
    struct fb_var_screeninfo now;
    if (kfb_ioctl(device->fd, FBIOGET_VSCREENINFO, &now) == -1) {
        return kfb_errno_is_lost(errno) ? KFB_LOST : KFB_UNSUPPORTED;
    }
    /* Another mode: nothing is written until kfb_fbdev_follow takes it. */
    if (!same_mode(&now, &device->var)) return KFB_OK;
    if (now.xoffset != device->var.xoffset || now.yoffset != device->var.yoffset) {
        /* Panned by someone else: the picture is drawn where the screen now shows, whole. */
        struct fb_var_screeninfo before = device->var;
        device->var.xoffset = now.xoffset;
        device->var.yoffset = now.yoffset;
        if (!visible_fits(device)) {
            device->var = before;
            return KFB_LOST;
        }
        struct kp_rect whole = {0, 0, (int)device->var.xres, (int)device->var.yres};
        write_rect(device, frame, &whole);
        return KFB_OK;
    }
    for (int i = 0; i < count; i++) {
        struct kp_rect rect = rects[i];
        if (kfb_rect_clip(&rect, (int)device->var.xres, (int)device->var.yres)) {
            write_rect(device, frame, &rect);
        }
    }
    return KFB_OK;
}

void kfb_fbdev_close(struct kfb_fbdev *device) {
    if (!device) return;
    kfb_registry_restore_fbdev(device->registry_entry);
    if (device->console_held) kfb_console_release();
    munmap(device->map, device->map_size);
    close(device->fd);
    free(device->scratch);
    free(device);
}
