/* The Linux calls KioskPlatform needs that Swift's Glibc module leaves out: eventfd (the wake-up),
 * pipe2 and accept4 (descriptors made close-on-exec at once), the path exec was given (getauxval),
 * naming a thread (prctl, a variadic function Swift cannot call) and watching another process's
 * end (pidfd_open, which glibc 2.36 does not wrap). Declarations and small
 * wrappers only; nothing here links anything beyond the C library. No feature macro (_GNU_SOURCE)
 * is defined: the system headers must read here as they read in Swift's Glibc module, or the two
 * disagree on their types. */
#ifndef KIOSK_SPINNER_CKIOSKSYSTEM_SHIM_H
#define KIOSK_SPINNER_CKIOSKSYSTEM_SHIM_H

#include <fcntl.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 /* the same number on every architecture */
#endif

/* glibc declares these two only with _GNU_SOURCE; they are in every glibc since 2.10. */
int pipe2(int ends[2], int flags);
int accept4(int listener, struct sockaddr *address, socklen_t *length, int flags);

/** pipe2(ends, flags): a pipe made close-on-exec (O_CLOEXEC) at once, with no moment open without. */
static inline int ks_pipe2(int ends[2], int flags) { return pipe2(ends, flags); }

/** accept4(listener, NULL, NULL, flags): a connection made non-blocking and close-on-exec at once. */
static inline int ks_accept4(int listener, int flags) { return accept4(listener, NULL, NULL, flags); }

/** prctl(PR_SET_NAME, name): names the calling thread; the kernel keeps its first 15 bytes. */
static inline int ks_name_this_thread(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

/** getauxval(AT_EXECFN): the path exec was given, there without /proc; NULL if the kernel gave none. */
static inline const char *ks_exec_path(void) { return (const char *)getauxval(AT_EXECFN); }

/** pidfd_open(id, 0): a descriptor that polls readable once process `id` has ended and its parent
 * could reap it (every thread ended); -1 with errno ESRCH when it is gone already, ENOSYS before
 * Linux 5.3. */
static inline int ks_pidfd_open(pid_t id) { return (int)syscall(SYS_pidfd_open, id, 0); }

#endif
