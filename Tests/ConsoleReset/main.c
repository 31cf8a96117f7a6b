/* kiosk-spinner-test-console-reset TTY: resets the virtual console TTY as systemd does before it
 * starts a getty there (getty@.service's TTYReset=yes, terminal_reset_ioctl): text mode
 * (KDSETMODE KD_TEXT), switches no longer waited for (VT_SETMODE VT_AUTO), the keyboard in
 * Unicode mode. On a Debian device that is what getty@tty1 does to a boot splash still on tty1;
 * the QEMU tests run it under the overlay (scripts/vm/cases.py). Exits 0, or 1 with one line. */
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: kiosk-spinner-test-console-reset /dev/ttyN\n");
        return 1;
    }
    int fd = open(argv[1], O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd == -1) {
        fprintf(stderr, "kiosk-spinner-test-console-reset: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    struct vt_mode automatic = {.mode = VT_AUTO};
    if (ioctl(fd, KDSETMODE, KD_TEXT) == -1 || ioctl(fd, VT_SETMODE, &automatic) == -1 ||
        ioctl(fd, KDSKBMODE, K_UNICODE) == -1) {
        fprintf(stderr, "kiosk-spinner-test-console-reset: %s: %s\n", argv[1], strerror(errno));
        close(fd);
        return 1;
    }
    close(fd);
    return 0;
}
