/* kiosk-spinner-test-fbset DEVICE WIDTH HEIGHT: sets the framebuffer DEVICE to WIDTH x HEIGHT
 * (virtual size the same, no pan, the depth and pixel format kept), as fbset or another program
 * does on a device while the overlay shows; busybox has no fbset. The QEMU tests run it under the
 * overlay on vfb (scripts/vm/cases.py). Exits 0, or 1 with one line. */
#include <errno.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: kiosk-spinner-test-fbset /dev/fbN WIDTH HEIGHT\n");
        return 1;
    }
    int fd = open(argv[1], O_RDWR | O_CLOEXEC);
    struct fb_var_screeninfo var;
    if (fd == -1 || ioctl(fd, FBIOGET_VSCREENINFO, &var) == -1) {
        fprintf(stderr, "kiosk-spinner-test-fbset: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    var.xres = var.xres_virtual = (unsigned)atoi(argv[2]);
    var.yres = var.yres_virtual = (unsigned)atoi(argv[3]);
    var.xoffset = var.yoffset = 0;
    var.activate = FB_ACTIVATE_NOW;
    if (ioctl(fd, FBIOPUT_VSCREENINFO, &var) == -1) {
        fprintf(stderr, "kiosk-spinner-test-fbset: %s %sx%s: %s\n", argv[1], argv[2], argv[3], strerror(errno));
        close(fd);
        return 1;
    }
    close(fd);
    return 0;
}
