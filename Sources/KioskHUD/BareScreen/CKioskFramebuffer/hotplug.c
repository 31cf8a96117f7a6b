/* The kernel's device events, read for a DRM device's hot-plug: a connector plugged, unplugged or
 * given other modes makes the kernel send "change" for the card with HOTPLUG=1 (what udev passes
 * on to display servers; the overlay reads the kernel's own, udev or not). Any "change" of the
 * card is taken as one: the others (a lease, a property of a connector, `udevadm trigger`) are
 * rare, and cost only a probe of the outputs. */
#include "framebuffer_internal.h"

#include <errno.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The kernel's multicast group of device events (udev's is another). */
enum { KERNEL_EVENTS = 1 };

int kfb_uevent_keep_only_changes(int fd) {
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x6368616e /* "chan" */, 0, 4),
        BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 4),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x6765 /* "ge" */, 0, 2),
        BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 6),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, '@', 1, 0),
        BPF_STMT(BPF_RET | BPF_K, 0),
        BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
    };
    struct sock_fprog program = {.len = sizeof code / sizeof code[0], .filter = code};
    return setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program) == 0 ? 0 : -1;
}

int kfb_uevent_open(void) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
    if (fd == -1) return -1;
    /* Without the filter every event is read, and sorted by kfb_uevent_says_hotplug all the same. */
    (void)kfb_uevent_keep_only_changes(fd);
    struct sockaddr_nl address = {.nl_family = AF_NETLINK, .nl_groups = KERNEL_EVENTS};
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Whether the event's NUL-separated fields hold `field` exactly. */
static int has_field(const char *event, size_t length, const char *field) {
    for (size_t at = 0; at < length; at += strlen(event + at) + 1) {
        if (strcmp(event + at, field) == 0) return 1;
    }
    return 0;
}

int kfb_uevent_says_hotplug(int fd, const char *node) {
    char devname[64];
    snprintf(devname, sizeof devname, "DEVNAME=dri/%s", node);
    int says = 0;
    /* A kernel event is at most a page of fields (UEVENT_BUFFER_SIZE is 2048). */
    char event[8192];
    for (;;) {
        ssize_t length = recv(fd, event, sizeof event - 1, 0);
        if (length < 0) {
            if (errno == EINTR) continue;
            /* The socket's buffer overflowed: what was lost may have been a hot-plug. */
            if (errno == ENOBUFS) says = 1;
            return says;
        }
        event[length] = '\0';
        size_t size = (size_t)length;
        if (has_field(event, size, "ACTION=change") && has_field(event, size, "SUBSYSTEM=drm")
            && has_field(event, size, devname)) {
            says = 1;
        }
    }
}
