/* What the DRM and fbdev halves share and Swift never sees: damage regions, the registry of
 * what to give back at exit (kfb_restore_all), the console's mode, and the helpers for system
 * calls and messages. */
#ifndef KIOSK_FRAMEBUFFER_INTERNAL_H
#define KIOSK_FRAMEBUFFER_INTERNAL_H

#include "kiosk_framebuffer.h"

#include <linux/fb.h>
#include <stdint.h>

/* ---- damage ----------------------------------------------------------------------------- */

/** How many rectangles a region keeps apart before it becomes their bounding box. */
#define KFB_REGION_CAPACITY 16

/** A set of rectangles on one screen, possibly overlapping (writing one twice is harmless). */
struct kfb_region {
    int count;
    struct kp_rect rects[KFB_REGION_CAPACITY];
};

/** Clips `rect` to a `width` x `height` screen; returns 0 when nothing is left of it. */
int kfb_rect_clip(struct kp_rect *rect, int width, int height);

/** Empties `region`. */
void kfb_region_clear(struct kfb_region *region);

/** Adds a rectangle (already clipped); empty ones and ones inside a kept one add nothing. */
void kfb_region_add(struct kfb_region *region, struct kp_rect rect);

/** Adds every rectangle of `other` to `region`. */
void kfb_region_add_region(struct kfb_region *region, const struct kfb_region *other);

/* ---- system calls and messages ---------------------------------------------------------- */

/** ioctl(2), again while it fails with EINTR or EAGAIN (as libdrm's drmIoctl). Signal-safe. */
int kfb_ioctl(int fd, unsigned long request, void *argument);

/** open(2) with O_CLOEXEC added, again while it fails with EINTR. */
int kfb_open(const char *path, int flags);

/** Writes a formatted one-line message into `message` (nothing when it is NULL or empty). */
void kfb_say(char *message, size_t message_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/** The last path component ("card0" for "/dev/dri/card0"), for names and messages. */
const char *kfb_basename(const char *path);

/** Whether `error` (an errno) means the device itself is gone (unplugged, unbound). */
int kfb_errno_is_lost(int error);

/* ---- the console ------------------------------------------------------------------------ */

/**
 * Puts the active virtual console into graphics mode (KD_GRAPHICS: the kernel's console then
 * draws neither text nor its cursor) for one more user; the first user does the switch. No VT
 * (no /dev/tty0) is fine. A failure leaves a warning in `message` and is not an error.
 */
void kfb_console_hold(char *message, size_t message_size);

/** Ends one user's hold; the last one puts the console back into the mode it had. */
void kfb_console_release(void);

/* ---- what kfb_restore_all gives back ---------------------------------------------------- */

/** How many of each thing the registry holds; beyond that a device opens but is not restored. */
#define KFB_REGISTRY_CAPACITY 8
/** How many connectors a saved CRTC drives again. */
#define KFB_CRTC_CONNECTOR_CAPACITY 8

/**
 * Remembers a CRTC's state (`saved` is a struct drm_mode_crtc from DRM_IOCTL_MODE_GETCRTC,
 * passed as bytes so this header needs no libdrm) and the connectors it drove, before it is
 * changed. Returns the entry's number, or -1 when the registry is full.
 */
int kfb_registry_save_crtc(int fd, const void *saved, size_t saved_size, const uint32_t *connectors,
                           int connector_count);

/** Sets the CRTC of entry `entry` back as saved, once; later calls and kfb_restore_all skip it. */
void kfb_registry_restore_crtc(int entry);

/** Remembers that `fd` is a DRM master to drop at exit. Returns the entry, or -1 when full. */
int kfb_registry_save_master(int fd);

/** Drops the master of entry `entry`, once. */
void kfb_registry_drop_master(int entry);

/** Remembers an fbdev's variable screen info (its pan offset) before drawing on it. */
int kfb_registry_save_fbdev(int fd, const struct fb_var_screeninfo *var);

/** Pans fbdev entry `entry` back to the saved offset if it moved, once. */
void kfb_registry_restore_fbdev(int entry);

#endif
