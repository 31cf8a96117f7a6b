/* vmwatch: the guest-side half of bench/vm. Starts a program and tells, by the guest's own
 * clock, when its first frame reached the screen: the moment the pixels at the screen's centre
 * first differ from what they were before the program was started.
 *
 *   vmwatch --drm /dev/dri/cardN -- PROGRAM [ARGUMENT...]
 *   vmwatch --fbdev /dev/fbN -- PROGRAM [ARGUMENT...]
 *   vmwatch --exit -- PROGRAM [ARGUMENT...]     (no screen: only how long it ran)
 *
 * DRM: what the screen shows is the framebuffer on the connected connector's CRTC, whoever made
 * it: each poll asks the CRTC for its framebuffer (DRM_IOCTL_MODE_GETCRTC, no master needed),
 * opens it (DRM_IOCTL_MODE_GETFB gives a handle to root), maps it (MAP_DUMB) and reads the
 * centre. fbdev: the framebuffer's visible screen, mapped. The program's stdin is vmwatch's, its
 * stdout a pipe that vmwatch forwards line by line, noting when a line "ready" came.
 *
 * Prints on stdout, besides the program's lines:
 *   "vmwatch pid PID"              the program's process id, at once;
 *   "vmwatch first-frame MS"       milliseconds from just before exec to the first change;
 *   "vmwatch ready-line MS"        milliseconds from just before exec to a line "ready";
 *   "vmwatch ended MS"             milliseconds from just before exec to the program's end;
 *   "vmwatch exit STATUS"          then; vmwatch exits with the program's status.
 * The screen is polled every 2 ms until the first change (or 30 s: "vmwatch first-frame none"),
 * then no more: vmwatch then sleeps in poll(2) on the program's stdout and costs nothing. */
#define _GNU_SOURCE
#include <drm.h>
#include <drm_mode.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The square at the screen's centre that is compared, in pixels. */
enum { PROBE_SIZE = 16, POLL_MILLISECONDS = 2, GIVE_UP_MILLISECONDS = 30000 };

struct screen {
    int is_drm;
    int fd;
    /* DRM: the CRTC showing the first connected connector. */
    uint32_t crtc_id;
    /* fbdev: the mapping and its geometry. */
    uint8_t *map;
    size_t map_size;
    struct fb_var_screeninfo var;
    uint32_t line_length;
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what) {
    fprintf(stderr, "vmwatch: %s: %s\n", what, strerror(errno));
    exit(125);
}

static uint32_t drm_first_crtc(int fd) {
    struct drm_mode_card_res resources = {0};
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &resources) != 0) die("GETRESOURCES");
    uint32_t connectors[16] = {0}, crtcs[16] = {0}, encoders[16] = {0}, fbs[16] = {0};
    if (resources.count_connectors > 16 || resources.count_crtcs > 16 || resources.count_encoders > 16) {
        fprintf(stderr, "vmwatch: too many DRM objects\n");
        exit(125);
    }
    resources.connector_id_ptr = (uintptr_t)connectors;
    resources.crtc_id_ptr = (uintptr_t)crtcs;
    resources.encoder_id_ptr = (uintptr_t)encoders;
    resources.fb_id_ptr = (uintptr_t)fbs;
    resources.count_fbs = resources.count_fbs > 16 ? 16 : resources.count_fbs;
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &resources) != 0) die("GETRESOURCES");
    for (uint32_t i = 0; i < resources.count_connectors; i++) {
        struct drm_mode_get_connector connector = {.connector_id = connectors[i]};
        if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &connector) != 0) continue;
        if (connector.connection != 1 || !connector.encoder_id) continue;
        struct drm_mode_get_encoder encoder = {.encoder_id = connector.encoder_id};
        if (ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &encoder) == 0 && encoder.crtc_id) return encoder.crtc_id;
    }
    /* No encoder bound yet: the first CRTC (single-head virtual GPUs have one). */
    return resources.count_crtcs ? crtcs[0] : 0;
}

static void open_screen(struct screen *screen, const char *kind, const char *path) {
    memset(screen, 0, sizeof *screen);
    screen->is_drm = strcmp(kind, "--drm") == 0;
    screen->fd = open(path, O_RDWR | O_CLOEXEC);
    if (screen->fd < 0) die(path);
    if (screen->is_drm) {
        /* The first to open a DRM device with no master becomes its master: give that up, or
         * the program watched could not become master. */
        ioctl(screen->fd, DRM_IOCTL_DROP_MASTER, 0);
        screen->crtc_id = drm_first_crtc(screen->fd);
        return;
    }
    struct fb_fix_screeninfo fix;
    if (ioctl(screen->fd, FBIOGET_FSCREENINFO, &fix) != 0) die("FBIOGET_FSCREENINFO");
    if (ioctl(screen->fd, FBIOGET_VSCREENINFO, &screen->var) != 0) die("FBIOGET_VSCREENINFO");
    screen->line_length = fix.line_length;
    screen->map_size = fix.smem_len;
    screen->map = mmap(NULL, screen->map_size, PROT_READ, MAP_SHARED, screen->fd, 0);
    if (screen->map == MAP_FAILED) die("mmap fbdev");
}

/* Copies the centre square of what the screen shows into `out` (PROBE_SIZE rows of up to
 * PROBE_SIZE * 4 bytes); returns 0 when nothing is shown (no framebuffer on the CRTC). */
static int read_centre(struct screen *screen, uint8_t *out) {
    memset(out, 0, PROBE_SIZE * PROBE_SIZE * 4);
    if (!screen->is_drm) {
        int bytes = (int)screen->var.bits_per_pixel / 8;
        size_t x = screen->var.xres / 2 - PROBE_SIZE / 2, y = screen->var.yres / 2 - PROBE_SIZE / 2;
        for (int row = 0; row < PROBE_SIZE; row++) {
            const uint8_t *source = screen->map + (screen->var.yoffset + y + row) * screen->line_length +
                                    (screen->var.xoffset + x) * (size_t)bytes;
            memcpy(out + row * PROBE_SIZE * 4, source, (size_t)PROBE_SIZE * bytes);
        }
        return 1;
    }
    struct drm_mode_crtc crtc = {.crtc_id = screen->crtc_id};
    if (ioctl(screen->fd, DRM_IOCTL_MODE_GETCRTC, &crtc) != 0 || !crtc.fb_id) return 0;
    struct drm_mode_fb_cmd fb = {.fb_id = crtc.fb_id};
    if (ioctl(screen->fd, DRM_IOCTL_MODE_GETFB, &fb) != 0 || !fb.handle) return 0;
    struct drm_mode_map_dumb map = {.handle = fb.handle};
    int shown = 0;
    if (ioctl(screen->fd, DRM_IOCTL_MODE_MAP_DUMB, &map) == 0) {
        size_t size = (size_t)fb.pitch * fb.height;
        uint8_t *memory = mmap(NULL, size, PROT_READ, MAP_SHARED, screen->fd, (off_t)map.offset);
        if (memory != MAP_FAILED) {
            size_t bytes = fb.bpp / 8, x = fb.width / 2 - PROBE_SIZE / 2, y = fb.height / 2 - PROBE_SIZE / 2;
            for (int row = 0; row < PROBE_SIZE; row++) {
                memcpy(out + row * PROBE_SIZE * 4, memory + (y + row) * fb.pitch + x * bytes, PROBE_SIZE * bytes);
            }
            munmap(memory, size);
            shown = 1;
        }
    }
    struct drm_gem_close close_handle = {.handle = fb.handle};
    ioctl(screen->fd, DRM_IOCTL_GEM_CLOSE, &close_handle);
    return shown;
}

int main(int argc, char **argv) {
    int watching = argc >= 5 && (strcmp(argv[1], "--drm") == 0 || strcmp(argv[1], "--fbdev") == 0) &&
                   strcmp(argv[3], "--") == 0;
    if (!watching && !(argc >= 4 && strcmp(argv[1], "--exit") == 0 && strcmp(argv[2], "--") == 0)) {
        fprintf(stderr, "usage: vmwatch --drm /dev/dri/cardN | --fbdev /dev/fbN | --exit -- PROGRAM [ARGUMENT...]\n");
        return 125;
    }
    char **program = argv + (watching ? 4 : 3);
    struct screen screen = {.fd = -1};
    static uint8_t before[PROBE_SIZE * PROBE_SIZE * 4], now[PROBE_SIZE * PROBE_SIZE * 4];
    if (watching) {
        open_screen(&screen, argv[1], argv[2]);
        read_centre(&screen, before);
    }

    int output[2];
    if (pipe2(output, O_CLOEXEC) != 0) die("pipe");
    double started = now_ms();
    pid_t child = fork();
    if (child < 0) die("fork");
    if (child == 0) {
        dup2(output[1], STDOUT_FILENO);
        execvp(program[0], program);
        _exit(127);
    }
    close(output[1]);
    signal(SIGPIPE, SIG_IGN);
    printf("vmwatch pid %d\n", (int)child);
    fflush(stdout);

    int ready_seen = 0;
    char line[4096];
    size_t used = 0;
    for (;;) {
        struct pollfd wait_for = {.fd = output[0], .events = POLLIN};
        int ready = poll(&wait_for, 1, watching ? POLL_MILLISECONDS : -1);
        if (ready < 0 && errno != EINTR) die("poll");
        if (watching) {
            double elapsed = now_ms() - started;
            if (read_centre(&screen, now) && memcmp(before, now, sizeof now) != 0) {
                printf("vmwatch first-frame %.1f\n", elapsed);
                fflush(stdout);
                watching = 0;
            } else if (elapsed > GIVE_UP_MILLISECONDS) {
                printf("vmwatch first-frame none\n");
                fflush(stdout);
                watching = 0;
            }
            if (!watching && screen.map) munmap(screen.map, screen.map_size);
            if (!watching) close(screen.fd);
        }
        if (ready > 0) {
            ssize_t got = read(output[0], line + used, sizeof line - 1 - used);
            if (got <= 0) break;
            double elapsed = now_ms() - started;
            used += (size_t)got;
            char *start = line, *end;
            while ((end = memchr(start, '\n', used - (size_t)(start - line))) != NULL) {
                *end = '\0';
                printf("%s\n", start);
                if (!ready_seen && strcmp(start, "ready") == 0) {
                    printf("vmwatch ready-line %.1f\n", elapsed);
                    ready_seen = 1;
                }
                start = end + 1;
            }
            used -= (size_t)(start - line);
            memmove(line, start, used);
            if (used == sizeof line - 1) used = 0;
            fflush(stdout);
        }
    }
    int status = 0;
    waitpid(child, &status, 0);
    printf("vmwatch ended %.1f\n", now_ms() - started);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("vmwatch exit %d\n", code);
    return code;
}
