/* kiosk-spinner-test-next-master CARD RRGGBB: the program that takes a DRM screen over after the
 * boot splash, as a Qt eglfs application or a compositor does: it opens CARD, becomes its master
 * (waiting up to 10 s while another program holds it), and with its first mode set shows its first
 * picture on the first connected connector's current CRTC: RRGGBB with a white band across the
 * middle third. Then it prints "shown" and holds the screen until its stdin closes or a signal
 * ends it. For the hand-over test of the systemd boot (scripts/vm/boot-test builds it with cc and
 * libdrm); not installed.
 * Exits 0, or 1 with one line. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static int fail(const char *what) {
    fprintf(stderr, "kiosk-spinner-test-next-master: %s: %s\n", what, strerror(errno));
    return 1;
}

/* The first connected connector with its CRTC now (the splash's), or 0. */
static uint32_t connected(int fd, const drmModeRes *resources, uint32_t *crtc, drmModeModeInfo *mode) {
    for (int i = 0; i < resources->count_connectors; i++) {
        drmModeConnector *connector = drmModeGetConnector(fd, resources->connectors[i]);
        if (!connector) continue;
        uint32_t id = 0;
        if (connector->connection == DRM_MODE_CONNECTED && connector->count_modes > 0 && connector->encoder_id) {
            drmModeEncoder *encoder = drmModeGetEncoder(fd, connector->encoder_id);
            if (encoder && encoder->crtc_id) {
                drmModeCrtc *current = drmModeGetCrtc(fd, encoder->crtc_id);
                *crtc = encoder->crtc_id;
                *mode = current && current->mode_valid ? current->mode : connector->modes[0];
                id = connector->connector_id;
                drmModeFreeCrtc(current);
            }
            drmModeFreeEncoder(encoder);
        }
        drmModeFreeConnector(connector);
        if (id) return id;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3 || strlen(argv[2]) != 6) {
        fprintf(stderr, "usage: kiosk-spinner-test-next-master /dev/dri/cardN RRGGBB\n");
        return 1;
    }
    uint32_t colour = (uint32_t)strtoul(argv[2], NULL, 16);
    int fd = open(argv[1], O_RDWR | O_CLOEXEC);
    if (fd == -1) return fail(argv[1]);
    for (int tries = 0; drmSetMaster(fd) != 0; tries++) {
        if (tries == 500) return fail("drmSetMaster");
        usleep(20000);
    }
    drmModeRes *resources = drmModeGetResources(fd);
    if (!resources) return fail("drmModeGetResources");
    uint32_t crtc = 0;
    drmModeModeInfo mode;
    uint32_t connector = connected(fd, resources, &crtc, &mode);
    if (!connector) {
        errno = ENODEV;
        return fail("no connected connector with a CRTC");
    }
    struct drm_mode_create_dumb dumb = {.width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32};
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) != 0) return fail("DRM_IOCTL_MODE_CREATE_DUMB");
    uint32_t framebuffer = 0;
    if (drmModeAddFB(fd, dumb.width, dumb.height, 24, 32, dumb.pitch, dumb.handle, &framebuffer) != 0) {
        return fail("drmModeAddFB");
    }
    struct drm_mode_map_dumb map = {.handle = dumb.handle};
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) return fail("DRM_IOCTL_MODE_MAP_DUMB");
    uint8_t *pixels = mmap(NULL, dumb.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)map.offset);
    if (pixels == MAP_FAILED) return fail("mmap");
    for (uint32_t y = 0; y < dumb.height; y++) {
        uint32_t *row = (uint32_t *)(pixels + (size_t)y * dumb.pitch);
        uint32_t value = y >= dumb.height / 3 && y < 2 * dumb.height / 3 ? 0xFFFFFFu : colour;
        for (uint32_t x = 0; x < dumb.width; x++) row[x] = value;
    }
    if (drmModeSetCrtc(fd, crtc, framebuffer, 0, 0, &connector, 1, &mode) != 0) return fail("drmModeSetCrtc");
    printf("shown\n");
    fflush(stdout);
    char byte;
    while (read(STDIN_FILENO, &byte, 1) > 0) {}
    return 0;
}
