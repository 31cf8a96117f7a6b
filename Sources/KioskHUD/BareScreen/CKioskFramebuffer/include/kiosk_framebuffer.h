/* Bare framebuffers, with no display server: DRM/KMS dumb buffers (libdrm, no GPU, no Mesa) and
 * the fbdev interface (/dev/fbN). Both take the overlay's picture as 32-bit XRGB words (opaque:
 * the caller has composed it over what is beneath) and write only the rectangles that changed,
 * converting to the device's pixel format. Plain C types only, so no libdrm or kernel header
 * leaks into Swift through this module.
 *
 * Every open device is remembered so that kfb_restore_all() (called on every exit path, also
 * from a signal's exit) gives the screen back to the console: the CRTCs as they were (DRM), the
 * console's text mode (KD_TEXT) and the pan offset (fbdev). A process killed outright (SIGKILL)
 * restores nothing: on DRM the kernel gives the console its screen back when it closes the
 * device; on fbdev the console stays in graphics mode, blank, until something sets KD_TEXT.
 *
 * Messages: every function that takes `message` writes one line there (no newline) naming the
 * device, the call that failed and the system's reason. On KFB_OK it is empty, or holds a
 * warning that does not change the result (e.g. the console could not be put into graphics
 * mode, so its text may show through). Pixels are read as host-endian 32-bit words; the device
 * is written in its own byte order, which is the host's on every supported machine. */
#ifndef KIOSK_FRAMEBUFFER_H
#define KIOSK_FRAMEBUFFER_H

#include <stddef.h>
#include <stdint.h>

#include <kiosk_pixels.h>

/** What went wrong, for the exit status; the text goes to the caller's message buffer. */
enum kfb_status {
    KFB_OK = 0,
    /** The device could not be opened (missing, no permission): the message says which. */
    KFB_CANNOT_OPEN = 1,
    /** Another DRM master (a display server, another overlay) holds the device. */
    KFB_BUSY = 2,
    /** The device has no connected output, or not the one asked for. */
    KFB_NO_OUTPUT = 3,
    /** The device cannot do what is needed (no dumb buffers, an unknown pixel format). */
    KFB_UNSUPPORTED = 4,
    /** The device went away (unplugged, driver unbound). */
    KFB_LOST = 5,
    /** Out of memory (buffers, mappings). */
    KFB_NO_MEMORY = 6,
};

/** What a screen is: its size in pixels, physical size (0 when unknown) and a name for messages. */
struct kfb_screen_info {
    int width;
    int height;
    int width_mm;
    int height_mm;
    /**
     * For messages: "card0 Virtual-1 1280x800 (bochs-drm, 2 buffers flipped)" (the driver and how
     * frames reach the screen) or "fb0 VESA VGA 1024x768 16 bpp RGB565".
     */
    char name[96];
};

/* ---- DRM/KMS ---------------------------------------------------------------------------- */

struct kfb_drm;

/**
 * Opens the DRM device at `path` (e.g. "/dev/dri/card0") and becomes its master. Returns
 * KFB_BUSY when another master holds it. Writes a one-line reason to `message` on failure.
 */
enum kfb_status kfb_drm_open(const char *path, struct kfb_drm **device, char *message, size_t message_size);

/** How many connectors are connected and have a mode, in the kernel's connector order. */
int kfb_drm_screen_count(const struct kfb_drm *device);

/**
 * Starts showing on connected connector `index`: the mode the kernel's `video=` option names for
 * it, else its preferred mode, on a CRTC that can drive
 * it (saving the CRTC's state for kfb_restore_all), with two dumb buffers flipped at most once a
 * vblank, or, where the driver wants drmModeDirtyFB (virtio-gpu, simpledrm, udl) or cannot flip,
 * one buffer marked dirty. The buffers start black.
 */
enum kfb_status kfb_drm_start_screen(struct kfb_drm *device, int index, struct kfb_screen_info *info,
                                     char *message, size_t message_size);

/**
 * Shows `frame` on started screen `index`, writing only `rects`. A flip still pending remembers
 * the rectangles and the frame and shows them when it completes (kfb_drm_dispatch); the frame's
 * pixels must stay valid until then.
 */
enum kfb_status kfb_drm_present(struct kfb_drm *device, int index, const struct kp_frame *frame,
                                const struct kp_rect *rects, int count);

/**
 * Whether started screen `index` has a flip queued that has not completed, so what was last
 * presented is not all on the screen yet (kfb_drm_dispatch completes it). 0 for one-buffer
 * screens, whose presents show at once.
 */
int kfb_drm_flip_pending(const struct kfb_drm *device, int index);

/** The device's descriptor, to wait on (readable: a flip completed; an error: the device is gone). */
int kfb_drm_fd(const struct kfb_drm *device);

/**
 * Handles what the descriptor has (flip completions, showing what waited). Never blocks (the
 * descriptor is non-blocking): with nothing to read it returns KFB_OK. KFB_LOST when gone.
 */
enum kfb_status kfb_drm_dispatch(struct kfb_drm *device);

/**
 * Gives the device back (its CRTCs as they were, master dropped, the console's mode when no
 * other device holds it), frees its buffers and closes it. NULL is ignored. Not for signal
 * handlers: use kfb_restore_all there.
 */
void kfb_drm_close(struct kfb_drm *device);

/**
 * Stops showing on `device` while its console is switched away: drops DRM master, so the
 * console (or whoever the switch is for) may set the screens.
 */
void kfb_drm_suspend(struct kfb_drm *device);

/**
 * Shows on `device` again after kfb_drm_suspend: master again, each started screen's CRTC set to
 * the buffer it showed, flips that completed meanwhile handled. The caller then presents the
 * whole frame. KFB_BUSY when another master holds the device now.
 */
enum kfb_status kfb_drm_resume(struct kfb_drm *device, char *message, size_t message_size);

/** The device's node name ("card0"), as its events name it. */
const char *kfb_drm_node(const struct kfb_drm *device);

/** Connected connector `index`'s name ("HDMI-A-1"), or "" when there is none. */
const char *kfb_drm_connector_name(const struct kfb_drm *device, int index);

/** What a started screen became when its connector was probed again (kfb_drm_follow_screen). */
enum kfb_drm_change {
    /** Connected at the same mode: nothing to do. */
    KFB_DRM_SAME = 0,
    /** Disconnected, or without a mode: nothing is shown there until it changes back. */
    KFB_DRM_GONE = 1,
    /** Connected at another mode, or back after it was gone: shown again, at the mode `info` says. */
    KFB_DRM_CHANGED = 2,
};

/**
 * Looks at started screen `index`'s connector again as the kernel last found it
 * (drmModeGetConnectorCurrent; probed, so that its modes are the monitor's, when it was gone and
 * reads connected, or has no modes), after the kernel said an output was plugged, unplugged or
 * changed (kfb_uevent_says_hotplug). A connector gone is drawn
 * nothing (kfb_drm_present and kfb_drm_resume pass it over); one back, or at another mode (the
 * kernel's `video=` mode for it, else its preferred one), gets buffers of the new size, black, set
 * on its CRTC, and `info` says what it is now. `change` says which.
 */
enum kfb_status kfb_drm_follow_screen(struct kfb_drm *device, int index, enum kfb_drm_change *change,
                                      struct kfb_screen_info *info, char *message, size_t message_size);

/**
 * After the kernel said an output was plugged (kfb_uevent_says_hotplug): adds and starts (as
 * kfb_drm_start_screen) a screen for the first connector of the card that has none and is
 * connected now (probed, so its modes are the monitor's), and sets `index` to it and `info` to
 * what it is; `index` -1 when none is new. One that cannot be started is not kept (the status and
 * message say why), so the next event tries it again. Connectors are the card's at open (a
 * DisplayPort MST connector made later is not looked at).
 */
enum kfb_status kfb_drm_add_screen(struct kfb_drm *device, int *index, struct kfb_screen_info *info, char *message,
                                   size_t message_size);

/* ---- hot-plug --------------------------------------------------------------------------- */

/**
 * A socket on the kernel's device events (NETLINK_KOBJECT_UEVENT), non-blocking, to poll beside a
 * DRM device for its outputs' hot-plug; -1 when it cannot be made (the overlay then follows no
 * hot-plug, and says so).
 */
int kfb_uevent_open(void);

/**
 * Attaches to datagram socket `fd` a socket filter that lets through only the messages whose
 * header begins "change@" (the kernel's events begin "ACTION@DEVPATH"), so the many other events
 * of a system (a USB device added, a driver bound) never wake the loop; kfb_uevent_open attaches
 * it. 0 when attached, -1 (errno set) when not.
 */
int kfb_uevent_keep_only_changes(int fd);

/**
 * Reads every event waiting on `fd` (kfb_uevent_open); 1 when one is a "change" of the DRM device
 * node `node` ("card0"), as the kernel's hot-plug event is (HOTPLUG=1; any change is taken for
 * one), or when events were lost (the socket's buffer overflowed), so the outputs must be probed
 * again; else 0.
 */
int kfb_uevent_says_hotplug(int fd, const char *node);

/* ---- fbdev ------------------------------------------------------------------------------ */

struct kfb_fbdev;

/**
 * Opens the framebuffer at `path` (e.g. "/dev/fb0"), maps it, reads its fixed and variable
 * screen info (16 bpp RGB565, 24 and 32 bpp in the channel order its bitfields give, line
 * padding, panning) and puts the console into graphics mode (KD_GRAPHICS), so neither its text
 * nor its cursor draws over the picture. The screen starts black.
 */
enum kfb_status kfb_fbdev_open(const char *path, struct kfb_fbdev **device, struct kfb_screen_info *info,
                               char *message, size_t message_size);

/**
 * Writes `rects` of `frame` to the framebuffer. Reads the
 * variable screen info first (one ioctl): KFB_LOST when the device is gone (unregistered, e.g.
 * a DRM driver took the hardware over from vesafb or efifb); nothing is written when its mode
 * changed under us (kfb_fbdev_follow takes the new one); a pan offset changed by someone else is
 * followed: the whole frame is written at the new one.
 */
enum kfb_status kfb_fbdev_present(struct kfb_fbdev *device, const struct kp_frame *frame,
                                  const struct kp_rect *rects, int count);

/**
 * Reads the framebuffer's mode again (`fbset`, another program's FBIOPUT_VSCREENINFO): when its
 * size or pixel format changed, takes the new one (mapped again, the screen black), sets
 * `changed` and says in `info` what it is now; KFB_UNSUPPORTED when the new mode is one the
 * overlay cannot draw, KFB_LOST when the device is gone.
 */
enum kfb_status kfb_fbdev_follow(struct kfb_fbdev *device, int *changed, struct kfb_screen_info *info,
                                 char *message, size_t message_size);

/**
 * Gives the framebuffer back (pan offset, the console's mode when no other device holds it),
 * unmaps and closes it. NULL is ignored. Not for signal handlers: use kfb_restore_all there.
 */
void kfb_fbdev_close(struct kfb_fbdev *device);

/* ---- both ------------------------------------------------------------------------------- */

/**
 * Follows the switches of the virtual console that is in front (VT_PROCESS on /dev/tty0): a
 * switch away sends `leave_signal` to this process and waits until kfb_console_let_go; the
 * switch back sends `return_signal`, to be answered with kfb_console_take_back. Both signals
 * must be blocked in every thread and taken with sigwait. KFB_OK when followed; KFB_UNSUPPORTED
 * when there is no console, it cannot be changed (not root, no CAP_SYS_TTY_CONFIG) or another
 * program already follows it, with the reason in `message` where one should be said. kfb_restore_all
 * gives the console its switching mode back. A process that dies without that does not keep
 * the console: the kernel switches anyway when the signal finds nobody.
 */
enum kfb_status kfb_console_follow_switches(int leave_signal, int return_signal, char *message, size_t message_size);

/**
 * Lets a switch away that `leave_signal` announced complete (VT_RELDISP 1): call once nothing is
 * drawn any more. 0 when no switch was waiting (a stray signal): keep drawing then.
 */
int kfb_console_let_go(void);

/** Acknowledges the switch back that `return_signal` announced (VT_RELDISP VT_ACKACQ). */
void kfb_console_take_back(void);

/**
 * Takes back what a reset of the console took away (a getty starting on it, a SAK: the kernel's
 * reset puts it in KD_TEXT and VT_AUTO): the following of its switches, and, while it is in front,
 * KD_GRAPHICS where the overlay holds it (fbdev). `in_front` receives whether the overlay's console
 * is the one in front now (1 when that cannot be told): a switch made while the reset had them not
 * followed was not announced. 1 when something had to be taken back (the console may have drawn
 * its text over the picture, which must be shown whole again), else 0.
 */
int kfb_console_reassert(int *in_front);

/**
 * Leaves every screen as it is at exit, for the next program (`quit --retain`): kfb_restore_all
 * then sets no CRTC and no fbdev pan offset back and leaves the console in its mode, not redrawn;
 * it still drops DRM master and stops following the console's switches. Signal-safe.
 */
void kfb_leave_screens(void);

/**
 * Waits up to `timeout_ms` until every flip of `device` has completed, the frames presented while
 * one was pending flipped to in turn: the picture on the screens is then the last presented.
 */
void kfb_drm_finish_flips(struct kfb_drm *device, int timeout_ms);

/**
 * Stops following the console's switches (kfb_console_follow_switches), its switching mode given
 * back at once: for a program that takes the screen over after `deactivate` (a compositor
 * switching to its own console must not wait for this one). Signal-safe.
 */
void kfb_console_unfollow_switches(void);

/**
 * After kfb_drm_suspend (called again here, so it may not have been): waits up to `timeout_ms`
 * until another DRM master has set its own picture (or switched the screen off) on a connected
 * screen of `device` that showed the overlay's, then up to half a second more while others still
 * show it (the next program may light only some). 1 when that happened (or no screen is
 * connected), 0 at the timeout.
 */
int kfb_drm_wait_for_next_master(struct kfb_drm *device, int timeout_ms);

/**
 * Gives every opened device back as it was: the saved CRTCs set again (the console comes back),
 * DRM master dropped, the console in KD_TEXT, fbdev's pan offset restored. Only async-signal-safe
 * calls; safe to call twice.
 */
void kfb_restore_all(void);

#endif
