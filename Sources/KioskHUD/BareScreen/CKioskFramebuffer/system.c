/* System calls the way the rest of the target wants them: restarted after EINTR, and one-line
 * messages for the caller's buffer. */
#include "framebuffer_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

int kfb_ioctl(int fd, unsigned long request, void *argument) {
    int result;
    do {
        result = ioctl(fd, request, argument);
    } while (result == -1 && (errno == EINTR || errno == EAGAIN));
    return result;
}

int kfb_open(const char *path, int flags) {
    int fd;
    do {
        fd = open(path, flags | O_CLOEXEC);
    } while (fd == -1 && errno == EINTR);
    return fd;
}

void kfb_say(char *message, size_t message_size, const char *format, ...) {
    if (!message || message_size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, message_size, format, arguments);
    va_end(arguments);
    /* One line: a reason from the system never carries a newline, but a path might. */
    for (char *c = message; *c; c++) {
        if (*c == '\n' || *c == '\r') *c = ' ';
    }
}

const char *kfb_basename(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int kfb_errno_is_lost(int error) {
    return error == ENODEV || error == ENXIO;
}
