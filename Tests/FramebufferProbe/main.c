/* kiosk-spinner-test-framebuffer: draws a known test picture through CKioskFramebuffer, so the
 * DRM and fbdev code can be proven on a real kernel (scripts/vm) without the overlay.
 *
 *   kiosk-spinner-test-framebuffer --drm /dev/dri/card0 [--screen N]
 *   kiosk-spinner-test-framebuffer --fbdev /dev/fb0
 *
 * The picture, for a W x H screen with unit B = min(W, H) / 8 (scripts/vm/probe.py checks it):
 * - background grey 404040;
 * - four B x B blocks on the row y = B, at x = B, 3B, 5B, 7B: FF0000, 00FF00, 0000FF, C08040;
 * - 8 x 8 corner marks: top left FFFFFF, top right FFFF00, bottom left 00FFFF, bottom right FF00FF;
 * - a B/2 square FF8000 on the row y = 3B at x = B + k * B/2 after k steps (wrapping to k = 0
 *   where it would pass W - B).
 *
 * Reads lines from stdin: "step" moves the square (only its old and new places are presented),
 * "restore" calls kfb_restore_all and stays (drawing no more: it shows that the screen comes back
 * while the device is still open, not only when the kernel closes it), "quit" gives the screen
 * back and exits 0; so does SIGTERM or SIGINT. Prints one line per event: "ready WxH NAME",
 * "drawn N" (frame N is on the screen: for DRM, its flip has completed), "restored",
 * "warning TEXT", "error TEXT" (exit 1), "lost" (the device went away: exit 4), "bye". */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kiosk_framebuffer.h"

enum { BACKGROUND = 0x404040, SQUARE = 0xFF8000, CORNER_SIZE = 8 };
static const uint32_t block_colours[4] = {0xFF0000, 0x00FF00, 0x0000FF, 0xC08040};

struct picture {
    int width, height, unit;
    uint32_t *pixels;
    int step;
};

static void fill(struct picture *picture, struct kp_rect rect, uint32_t colour) {
    for (int y = rect.y; y < rect.y + rect.height && y < picture->height; y++) {
        for (int x = rect.x; x < rect.x + rect.width && x < picture->width; x++) {
            if (x >= 0 && y >= 0) picture->pixels[(size_t)y * (size_t)picture->width + (size_t)x] = colour;
        }
    }
}

static struct kp_rect square_at(const struct picture *picture, int step) {
    int size = picture->unit / 2;
    int places = (picture->width - 2 * picture->unit) / size;
    if (places < 1) places = 1;
    return (struct kp_rect){picture->unit + (step % places) * size, 3 * picture->unit, size, size};
}

static void draw_all(struct picture *picture) {
    int w = picture->width, h = picture->height, b = picture->unit;
    fill(picture, (struct kp_rect){0, 0, w, h}, BACKGROUND);
    for (int i = 0; i < 4; i++) fill(picture, (struct kp_rect){(2 * i + 1) * b, b, b, b}, block_colours[i]);
    fill(picture, (struct kp_rect){0, 0, CORNER_SIZE, CORNER_SIZE}, 0xFFFFFF);
    fill(picture, (struct kp_rect){w - CORNER_SIZE, 0, CORNER_SIZE, CORNER_SIZE}, 0xFFFF00);
    fill(picture, (struct kp_rect){0, h - CORNER_SIZE, CORNER_SIZE, CORNER_SIZE}, 0x00FFFF);
    fill(picture, (struct kp_rect){w - CORNER_SIZE, h - CORNER_SIZE, CORNER_SIZE, CORNER_SIZE}, 0xFF00FF);
    fill(picture, square_at(picture, picture->step), SQUARE);
}

static void say(const char *format, const char *text) {
    printf(format, text);
    fflush(stdout);
}

static void on_signal(int signal_number) {
    (void)signal_number;
    kfb_restore_all();
    static const char bye[] = "bye\n";
    ssize_t written = write(STDOUT_FILENO, bye, sizeof bye - 1);
    (void)written;
    _exit(0);
}

static int usage(void) {
    fputs("usage: kiosk-spinner-test-framebuffer --drm PATH [--screen N] | --fbdev PATH\n", stderr);
    return 2;
}

struct target {
    struct kfb_drm *drm;
    struct kfb_fbdev *fbdev;
    int screen;
};

/* Presents `rects` and, for DRM, waits until the flip that shows them has completed. */
static enum kfb_status present(struct target *target, const struct picture *picture, const struct kp_rect *rects,
                               int count) {
    struct kp_frame frame = {
        .pixels = picture->pixels,
        .stride_pixels = picture->width,
        .island = {0, 0, picture->width, picture->height},
    };
    if (target->fbdev) return kfb_fbdev_present(target->fbdev, &frame, rects, count);
    enum kfb_status status = kfb_drm_present(target->drm, target->screen, &frame, rects, count);
    while (status == KFB_OK && kfb_drm_flip_pending(target->drm, target->screen)) {
        struct pollfd wait = {.fd = kfb_drm_fd(target->drm), .events = POLLIN};
        int ready = poll(&wait, 1, 5000);
        if (ready == -1 && errno == EINTR) continue;
        if (ready == 0) {
            say("warning %s\n", "no flip completion within 5 s");
            break;
        }
        status = kfb_drm_dispatch(target->drm);
    }
    return status;
}

static int finish(int status) {
    kfb_restore_all();
    say("%s\n", "bye");
    return status;
}

int main(int argc, char **argv) {
    const char *drm_path = NULL, *fbdev_path = NULL;
    struct target target = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--drm") == 0 && i + 1 < argc) {
            drm_path = argv[++i];
        } else if (strcmp(argv[i], "--fbdev") == 0 && i + 1 < argc) {
            fbdev_path = argv[++i];
        } else if (strcmp(argv[i], "--screen") == 0 && i + 1 < argc) {
            target.screen = atoi(argv[++i]);
        } else {
            return usage();
        }
    }
    if (!drm_path == !fbdev_path) return usage();

    struct sigaction action = {.sa_handler = on_signal};
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

    char message[256];
    struct kfb_screen_info info = {0};
    enum kfb_status status;
    if (drm_path) {
        status = kfb_drm_open(drm_path, &target.drm, message, sizeof message);
        if (status == KFB_OK) status = kfb_drm_start_screen(target.drm, target.screen, &info, message, sizeof message);
    } else {
        status = kfb_fbdev_open(fbdev_path, &target.fbdev, &info, message, sizeof message);
    }
    if (status != KFB_OK) {
        printf("error %s (status %d)\n", message, (int)status);
        fflush(stdout);
        kfb_restore_all();
        return 1;
    }
    if (message[0]) say("warning %s\n", message);

    struct picture picture = {.width = info.width, .height = info.height};
    picture.unit = (info.width < info.height ? info.width : info.height) / 8;
    picture.pixels = calloc((size_t)info.width * (size_t)info.height, sizeof *picture.pixels);
    if (!picture.pixels) {
        say("error %s\n", "out of memory for the picture");
        return finish(1);
    }
    printf("ready %dx%d %s (%dx%d mm)\n", info.width, info.height, info.name, info.width_mm, info.height_mm);
    fflush(stdout);

    draw_all(&picture);
    struct kp_rect whole = {0, 0, info.width, info.height};
    int frame = 0;
    status = present(&target, &picture, &whole, 1);
    if (status == KFB_LOST) {
        say("%s\n", "lost");
        return finish(4);
    }
    if (status != KFB_OK) {
        printf("error present failed (status %d)\n", (int)status);
        return finish(1);
    }
    printf("drawn %d\n", frame);
    fflush(stdout);

    char line[256];
    size_t length = 0;
    int restored = 0;
    for (;;) {
        struct pollfd waits[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = -1, .events = POLLIN}};
        if (target.drm) waits[1].fd = kfb_drm_fd(target.drm);
        if (poll(waits, 2, -1) == -1) {
            if (errno == EINTR) continue;
            say("error poll: %s\n", strerror(errno));
            return finish(1);
        }
        if (waits[1].revents) {
            status = kfb_drm_dispatch(target.drm);
            if (status == KFB_LOST) {
                say("%s\n", "lost");
                return finish(4);
            }
        }
        if (!waits[0].revents) continue;
        ssize_t got = read(STDIN_FILENO, line + length, sizeof line - 1 - length);
        if (got == -1 && errno == EINTR) continue;
        if (got <= 0) return finish(0);
        length += (size_t)got;
        char *newline;
        while ((newline = memchr(line, '\n', length))) {
            *newline = '\0';
            if (strcmp(line, "quit") == 0) return finish(0);
            if (strcmp(line, "restore") == 0) {
                kfb_restore_all();
                restored = 1;
                say("%s\n", "restored");
            } else if (strcmp(line, "step") == 0 && restored) {
                say("warning %s\n", "no drawing after restore");
            } else if (strcmp(line, "step") == 0) {
                struct kp_rect rects[2] = {square_at(&picture, picture.step), square_at(&picture, picture.step + 1)};
                fill(&picture, rects[0], BACKGROUND);
                picture.step++;
                fill(&picture, rects[1], SQUARE);
                status = present(&target, &picture, rects, 2);
                if (status == KFB_LOST) {
                    say("%s\n", "lost");
                    return finish(4);
                }
                if (status != KFB_OK) {
                    printf("error present failed (status %d)\n", (int)status);
                    return finish(1);
                }
                printf("drawn %d\n", ++frame);
                fflush(stdout);
            } else if (line[0]) {
                say("warning unknown line: %s\n", line);
            }
            size_t used = (size_t)(newline - line) + 1;
            memmove(line, newline + 1, length - used);
            length -= used;
        }
        if (length == sizeof line - 1) length = 0;
    }
}
