/* The Linux calls KioskPlatform needs that Swift's Glibc module leaves out: eventfd (the wake-up),
 * pipe2, accept4 and naming a thread (prctl, a variadic function Swift cannot call). Declarations and small
 * wrappers only; nothing here links anything beyond the C library. */
#ifndef KIOSK_SPINNER_CKIOSKSYSTEM_SHIM_H
#define KIOSK_SPINNER_CKIOSKSYSTEM_SHIM_H

/* No _GNU_SOURCE here: it would change the C library's types (fd_set's fields) from those the
 * Swift Glibc module sees, and a file importing both would not build. The two GNU calls are
 * declared as glibc declares them. */
#include <fcntl.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/prctl.h>

int pipe2(int ends[2], int flags);
int accept4(int listener, struct sockaddr *address, socklen_t *length, int flags);

/** pipe2(ends, flags): a pipe made close-on-exec (O_CLOEXEC) at once, with no moment open without. */
static inline int ks_pipe2(int ends[2], int flags) { return pipe2(ends, flags); }

/** accept4(listener, NULL, NULL, flags): a connection made non-blocking and close-on-exec at once. */
static inline int ks_accept4(int listener, int flags) { return accept4(listener, NULL, NULL, flags); }

/** prctl(PR_SET_NAME, name): names the calling thread; the kernel keeps its first 15 bytes. */
static inline int ks_name_this_thread(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

#endif
