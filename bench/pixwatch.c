/* pixwatch: benchmark helper (measuring tool, not product code). Watches one rectangle of the
 * root window of an X display, driven by lines on stdin, answering on stdout:
 *   arm TIMEOUT_S  -> "ARMED <t> <hash>", then polls every POLL_US microseconds until the
 *                     rectangle's hash differs from that baseline, then
 *                     "CHANGED <t> <tprev> <hash>" (t: CLOCK_MONOTONIC seconds at the start of
 *                     the poll that saw the change, tprev: start of the poll before it), or
 *                     "TIMEOUT <t>"
 *   count SECONDS  -> polls for SECONDS, prints "COUNT <changes> <polls> <seconds>"
 *   hash           -> "HASH <t> <hash>"
 *   quit, or end of input -> exits
 * usage: pixwatch DISPLAY X Y W H [POLL_US=1000]
 * build: gcc -O2 -o pixwatch pixwatch.c -lX11   (bench/run does this itself) */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static Display *dpy;
static Window root;
static int rx, ry, rw, rh;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* FNV-1a over the rectangle's pixel values; returns 0 when the image could not be read. */
static int region_hash(uint64_t *out) {
    XImage *im = XGetImage(dpy, root, rx, ry, (unsigned)rw, (unsigned)rh, AllPlanes, ZPixmap);
    if (!im) return 0;
    uint64_t h = 1469598103934665603ULL;
    if (im->bits_per_pixel == 32) {
        uint32_t mask = im->depth >= 32 ? 0xffffffffu : ((1u << im->depth) - 1u);
        for (int j = 0; j < rh; j++) {
            const uint32_t *row = (const uint32_t *)(im->data + (size_t)j * (size_t)im->bytes_per_line);
            for (int i = 0; i < rw; i++) { h ^= row[i] & mask; h *= 1099511628211ULL; }
        }
    } else {
        for (int j = 0; j < rh; j++)
            for (int i = 0; i < rw; i++) { h ^= XGetPixel(im, i, j); h *= 1099511628211ULL; }
    }
    XDestroyImage(im);
    *out = h;
    return 1;
}

static void sleep_us(long us) {
    struct timespec sl = { us / 1000000L, (us % 1000000L) * 1000L };
    nanosleep(&sl, NULL);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: pixwatch DISPLAY X Y W H [POLL_US=1000]\n");
        return 2;
    }
    dpy = XOpenDisplay(argv[1]);
    if (!dpy) { fprintf(stderr, "pixwatch: cannot open display %s\n", argv[1]); return 2; }
    root = DefaultRootWindow(dpy);
    rx = atoi(argv[2]); ry = atoi(argv[3]); rw = atoi(argv[4]); rh = atoi(argv[5]);
    long poll_us = argc > 6 ? atol(argv[6]) : 1000;
    if (rw <= 0 || rh <= 0 || poll_us < 0) { fprintf(stderr, "pixwatch: bad rectangle or interval\n"); return 2; }

    char line[256];
    printf("READY %.6f\n", now());
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        uint64_t base = 0, h = 0;
        if (strncmp(line, "arm", 3) == 0) {
            double timeout = atof(line + 3);
            if (timeout <= 0) timeout = 1.0;
            if (!region_hash(&base)) { printf("ERROR getimage\n"); fflush(stdout); continue; }
            double t0 = now(), tprev = t0;
            printf("ARMED %.6f %016llx\n", t0, (unsigned long long)base);
            fflush(stdout);
            int done = 0;
            while (!done) {
                double t = now();
                if (t - t0 > timeout) { printf("TIMEOUT %.6f\n", t); done = 1; break; }
                if (region_hash(&h) && h != base) {
                    printf("CHANGED %.6f %.6f %016llx\n", t, tprev, (unsigned long long)h);
                    done = 1;
                    break;
                }
                tprev = t;
                if (poll_us > 0) sleep_us(poll_us);
            }
            fflush(stdout);
        } else if (strncmp(line, "count", 5) == 0) {
            double seconds = atof(line + 5);
            long changes = 0, polls = 0;
            if (!region_hash(&base)) { printf("ERROR getimage\n"); fflush(stdout); continue; }
            double t0 = now(), t = t0;
            while ((t = now()) - t0 < seconds) {
                if (region_hash(&h)) {
                    polls++;
                    if (h != base) { changes++; base = h; }
                }
                if (poll_us > 0) sleep_us(poll_us);
            }
            printf("COUNT %ld %ld %.6f\n", changes, polls, t - t0);
            fflush(stdout);
        } else if (strncmp(line, "hash", 4) == 0) {
            double t = now();
            if (region_hash(&h)) printf("HASH %.6f %016llx\n", t, (unsigned long long)h);
            else printf("ERROR getimage\n");
            fflush(stdout);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        }
    }
    XCloseDisplay(dpy);
    return 0;
}
