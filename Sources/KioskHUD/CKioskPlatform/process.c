/* Process attributes and systemd's notification socket. */
#include "kiosk_platform.h"

#include <stddef.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>

int kp_notify_systemd(const char *path, const char *message) {
    struct sockaddr_un address;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address.sun_path) return 0;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    memcpy(address.sun_path, path, length);
    if (path[0] == '@') address.sun_path[0] = 0;
    int descriptor = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) return 0;
    ssize_t sent = sendto(descriptor, message, strlen(message), MSG_NOSIGNAL, (struct sockaddr *)&address,
                          (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length));
    close(descriptor);
    return sent >= 0;
}

int kp_exit_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0) != 0) return 1;
    return getppid() == parent && parent != 1;
}
