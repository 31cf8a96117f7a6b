/* What every opened device changed, kept so that kfb_restore_all can give it back from any exit
 * path, a signal handler's included. The entries live in static memory and are filled before
 * the device is changed, then published by raising the count; restoring uses only ioctl(2) on
 * descriptors the entries hold, so it is async-signal-safe. Each entry is given back once. */
#include "framebuffer_internal.h"

#include <drm.h>
#include <drm_mode.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

struct saved_crtc {
    int fd;
    struct drm_mode_crtc crtc;
    uint32_t connectors[KFB_CRTC_CONNECTOR_CAPACITY];
    uint32_t connector_count;
    volatile sig_atomic_t done;
};

struct saved_master {
    int fd;
    volatile sig_atomic_t done;
};

struct saved_fbdev {
    int fd;
    struct fb_var_screeninfo var;
    volatile sig_atomic_t done;
};

static struct saved_crtc crtcs[KFB_REGISTRY_CAPACITY];
static volatile sig_atomic_t crtc_count;
static struct saved_master masters[KFB_REGISTRY_CAPACITY];
static volatile sig_atomic_t master_count;
static struct saved_fbdev fbdevs[KFB_REGISTRY_CAPACITY];
static volatile sig_atomic_t fbdev_count;

/* The console: its descriptor, the mode it had, and how many devices hold it in graphics. */
static volatile sig_atomic_t console_fd = -1;
/* The number of the virtual console /dev/tty0 was when opened (the overlay's); 0 unknown. */
static int console_number;
static volatile sig_atomic_t console_mode_before = KD_TEXT;
static volatile sig_atomic_t console_holders;
/* The console's switching mode before kfb_console_follow_switches (given back at exit). */
static struct vt_mode switching_before;
/* The switching mode set while they are followed (VT_PROCESS and the two signals). */
static struct vt_mode switching_followed_mode;
static volatile sig_atomic_t switching_followed;
/* Set by kfb_leave_screens: the screens are left to the next program, not given back. */
static volatile sig_atomic_t leaving;

/* An entry is complete before the count that makes it visible to kfb_restore_all is raised. */
static void publish(volatile sig_atomic_t *count) {
    __atomic_thread_fence(__ATOMIC_RELEASE);
    *count = *count + 1;
}

int kfb_registry_save_crtc(int fd, const void *saved, size_t saved_size, const uint32_t *connectors,
                           int connector_count) {
    if (crtc_count >= KFB_REGISTRY_CAPACITY || saved_size != sizeof(struct drm_mode_crtc)) return -1;
    struct saved_crtc *entry = &crtcs[crtc_count];
    entry->fd = fd;
    memcpy(&entry->crtc, saved, sizeof entry->crtc);
    if (connector_count > KFB_CRTC_CONNECTOR_CAPACITY) connector_count = KFB_CRTC_CONNECTOR_CAPACITY;
    entry->connector_count = connector_count > 0 ? (uint32_t)connector_count : 0;
    for (uint32_t i = 0; i < entry->connector_count; i++) entry->connectors[i] = connectors[i];
    entry->done = 0;
    int number = crtc_count;
    publish(&crtc_count);
    return number;
}

void kfb_registry_restore_crtc(int entry) {
    if (leaving || entry < 0 || entry >= crtc_count) return;
    struct saved_crtc *saved = &crtcs[entry];
    if (saved->done) return;
    saved->done = 1;
    struct drm_mode_crtc request = saved->crtc;
    if (request.mode_valid && request.fb_id != 0 && saved->connector_count > 0) {
        request.set_connectors_ptr = (uint64_t)(uintptr_t)saved->connectors;
        request.count_connectors = saved->connector_count;
    } else {
        /* The CRTC was off (or drove nothing we know of): switch it off again. */
        request.fb_id = 0;
        request.mode_valid = 0;
        request.set_connectors_ptr = 0;
        request.count_connectors = 0;
    }
    kfb_ioctl(saved->fd, DRM_IOCTL_MODE_SETCRTC, &request);
}

int kfb_registry_save_master(int fd) {
    if (master_count >= KFB_REGISTRY_CAPACITY) return -1;
    masters[master_count].fd = fd;
    masters[master_count].done = 0;
    int number = master_count;
    publish(&master_count);
    return number;
}

void kfb_registry_drop_master(int entry) {
    if (entry < 0 || entry >= master_count || masters[entry].done) return;
    masters[entry].done = 1;
    kfb_ioctl(masters[entry].fd, DRM_IOCTL_DROP_MASTER, NULL);
}

int kfb_registry_save_fbdev(int fd, const struct fb_var_screeninfo *var) {
    if (fbdev_count >= KFB_REGISTRY_CAPACITY) return -1;
    fbdevs[fbdev_count].fd = fd;
    fbdevs[fbdev_count].var = *var;
    fbdevs[fbdev_count].done = 0;
    int number = fbdev_count;
    publish(&fbdev_count);
    return number;
}

void kfb_registry_restore_fbdev(int entry) {
    if (leaving || entry < 0 || entry >= fbdev_count || fbdevs[entry].done) return;
    struct saved_fbdev *saved = &fbdevs[entry];
    saved->done = 1;
    struct fb_var_screeninfo now;
    if (kfb_ioctl(saved->fd, FBIOGET_VSCREENINFO, &now) == -1) return;
    if (now.xoffset == saved->var.xoffset && now.yoffset == saved->var.yoffset) return;
    now.xoffset = saved->var.xoffset;
    now.yoffset = saved->var.yoffset;
    kfb_ioctl(saved->fd, FBIOPAN_DISPLAY, &now);
}

/* Opens the console in front (once); 0 when there is none to open, with `consequence` said in
 * `message` when one exists but cannot be opened. */
static int open_console(char *message, size_t message_size, const char *consequence) {
    if (console_fd >= 0) return 1;
    /* /dev/tty0 is whichever virtual console is in front when it is opened. */
    int fd = kfb_open("/dev/tty0", O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd == -1) {
        /* No VT (CONFIG_VT off, no devtmpfs node): no kernel console draws on the screen. */
        if (errno != ENOENT && errno != ENXIO && errno != ENODEV) {
            kfb_say(message, message_size, "/dev/tty0: open failed: %s (%s)", strerror(errno), consequence);
        }
        return 0;
    }
    console_fd = fd;
    struct vt_stat state;
    if (kfb_ioctl(fd, VT_GETSTATE, &state) == 0) console_number = state.v_active;
    return 1;
}

void kfb_console_hold(char *message, size_t message_size) {
    if (console_holders++ > 0) return;
    if (!open_console(message, message_size, "the console's text may show")) return;
    int mode = KD_TEXT;
    if (kfb_ioctl(console_fd, KDGETMODE, &mode) == -1) {
        kfb_say(message, message_size, "/dev/tty0: KDGETMODE failed: %s (the console's text may show)",
                strerror(errno));
        return;
    }
    console_mode_before = mode;
    if (mode == KD_GRAPHICS) return;
    if (kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_GRAPHICS) == -1) {
        kfb_say(message, message_size, "/dev/tty0: KDSETMODE KD_GRAPHICS failed: %s (the console's text may show)",
                strerror(errno));
    }
}

enum kfb_status kfb_console_follow_switches(int leave_signal, int return_signal, char *message, size_t message_size) {
    kfb_say(message, message_size, "%s", "");
    if (switching_followed) return KFB_OK;
    const char *consequence = "a switch to another console will not stop the overlay drawing";
    if (!open_console(message, message_size, consequence)) return KFB_UNSUPPORTED;
    struct vt_mode before;
    if (kfb_ioctl(console_fd, VT_GETMODE, &before) == -1) {
        kfb_say(message, message_size, "/dev/tty0: VT_GETMODE failed: %s (%s)", strerror(errno), consequence);
        return KFB_UNSUPPORTED;
    }
    if (before.mode == VT_PROCESS) {
        /* Another program (a display server) already answers this console's switches. */
        kfb_say(message, message_size, "/dev/tty0: another program already follows this console's switches (%s)",
                consequence);
        return KFB_UNSUPPORTED;
    }
    struct vt_mode followed = {.mode = VT_PROCESS, .relsig = (short)leave_signal, .acqsig = (short)return_signal};
    switching_before = before;
    switching_followed_mode = followed;
    if (kfb_ioctl(console_fd, VT_SETMODE, &followed) == -1) {
        kfb_say(message, message_size, "/dev/tty0: VT_SETMODE VT_PROCESS failed: %s (%s)", strerror(errno),
                consequence);
        return KFB_UNSUPPORTED;
    }
    publish(&switching_followed);
    return KFB_OK;
}

int kfb_console_let_go(void) {
    return switching_followed && kfb_ioctl(console_fd, VT_RELDISP, (void *)(uintptr_t)1) == 0;
}

void kfb_console_take_back(void) {
    if (switching_followed) kfb_ioctl(console_fd, VT_RELDISP, (void *)(uintptr_t)VT_ACKACQ);
}

int kfb_console_reassert(int *in_front) {
    *in_front = 1;
    if (console_fd < 0) return 0;
    struct vt_stat state;
    if (console_number > 0 && kfb_ioctl(console_fd, VT_GETSTATE, &state) == 0) *in_front = state.v_active == console_number;
    int taken = 0;
    struct vt_mode now;
    if (switching_followed && kfb_ioctl(console_fd, VT_GETMODE, &now) == 0 && now.mode != VT_PROCESS) {
        taken = kfb_ioctl(console_fd, VT_SETMODE, &switching_followed_mode) == 0;
    }
    int mode = KD_GRAPHICS;
    if (*in_front && console_holders > 0 && kfb_ioctl(console_fd, KDGETMODE, &mode) == 0 && mode != KD_GRAPHICS) {
        taken = kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_GRAPHICS) == 0 || taken;
    }
    return taken;
}

/* Back to the mode the console had, its text drawn again; signal-safe. A console someone reset
 * to text mode under the overlay is already in KD_TEXT, which the kernel would not redraw (the
 * overlay's last picture would stay beside its text): it goes through KD_GRAPHICS first. */
static void console_give_back(void) {
    if (console_fd < 0) return;
    if (console_mode_before != KD_TEXT) return;
    int mode = KD_GRAPHICS;
    if (kfb_ioctl(console_fd, KDGETMODE, &mode) == 0 && mode == KD_TEXT) {
        kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_GRAPHICS);
    }
    kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_TEXT);
}

/* A console never held (DRM leaves it in text mode, its switches followed) drawn again, if it is
 * in text mode; signal-safe. On a systemd boot a getty's prompt on tty1 stayed black after the
 * splash's exit, and so did all text written after, until a console switch redrew it; taking it
 * through graphics mode and back redraws it. A console someone else put in graphics mode (a
 * splash of theirs, a display server) is left as it is. */
static void console_redraw(void) {
    int mode = KD_GRAPHICS;
    if (console_fd < 0 || kfb_ioctl(console_fd, KDGETMODE, &mode) != 0 || mode != KD_TEXT) return;
    kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_GRAPHICS);
    kfb_ioctl(console_fd, KDSETMODE, (void *)(uintptr_t)KD_TEXT);
}

void kfb_console_release(void) {
    if (console_holders <= 0) return;
    if (--console_holders > 0) return;
    console_give_back();
}

void kfb_leave_screens(void) { leaving = 1; }

void kfb_console_unfollow_switches(void) {
    if (!switching_followed) return;
    switching_followed = 0;
    kfb_ioctl(console_fd, VT_SETMODE, &switching_before);
}

void kfb_restore_all(void) {
    int saved_errno = errno;
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    /* Master again where it was dropped (`deactivate`, another console in front), since only the
     * master sets CRTCs; a program that took the device over keeps it (EBUSY). Then the CRTCs as
     * the console had them. */
    for (int i = 0; !leaving && i < master_count; i++) {
        if (!masters[i].done) kfb_ioctl(masters[i].fd, DRM_IOCTL_SET_MASTER, NULL);
    }
    for (int i = 0; i < crtc_count; i++) kfb_registry_restore_crtc(i);
    for (int i = 0; i < master_count; i++) kfb_registry_drop_master(i);
    for (int i = 0; i < fbdev_count; i++) kfb_registry_restore_fbdev(i);
    /* Switches no longer wait for this process (VT_AUTO, as it was). */
    kfb_console_unfollow_switches();
    /* Last, so that the console redraws its text over what is now the console's again; left in
     * its mode, not redrawn, when the screens are left to the next program. */
    if (leaving) {
        console_holders = 0;
    } else if (console_holders > 0) {
        console_holders = 0;
        console_give_back();
    } else {
        console_redraw();
    }
    errno = saved_errno;
}
