/* The process's C beyond libc that no display needs: its arguments, fontconfig lookups, systemd
 * notification and boot progress, and process attributes. The X11 backend's C is CKioskX11, beside its Swift. */
#ifndef KIOSK_PLATFORM_H
#define KIOSK_PLATFORM_H

#include <stdint.h>
#include <sys/types.h>

/**
 * How many arguments exec gave the program (argv[0] included), captured before main by glibc's
 * call of the executable's initialisers, so without /proc; 0 when nothing was captured (the code
 * linked into something that is not started by exec with arguments).
 */
int kp_argument_count(void);

/** Argument `index` (0 is the program's name) as exec gave it, or NULL outside the count. */
const char *kp_argument(int index);

/**
 * Asks the system's fontconfig, when it is installed (loaded with dlopen, so it is not a
 * dependency), for a scalable font that has a glyph for `codepoint`. Writes its path into `path`
 * (at most `capacity` bytes with the NUL) and returns 1; returns 0 when fontconfig is missing or
 * knows no such font. Not thread-safe: call from one thread.
 */
int kp_fontconfig_font_for(unsigned int codepoint, char *path, int capacity);

/**
 * Sends `message` (e.g. "READY=1") to systemd's notification socket at `path` (NOTIFY_SOCKET; a
 * leading '@' names an abstract socket) as one datagram. Returns 1 when sent.
 */
int kp_notify_systemd(const char *path, const char *message);

/** A connection to systemd's service manager (kp_systemd_connect). */
struct kp_systemd;

/**
 * Connects to systemd's manager through libsystemd, loaded with dlopen on the first call (so it is
 * not a dependency): its private socket /run/systemd/private (root, from PID 1's start, before the
 * D-Bus daemon), else the system bus; a question waits at most 2 s for its answer. Returns NULL
 * with the reason in `error` (at most `capacity` bytes with the NUL) when libsystemd is missing
 * (`lasting` set: trying again cannot help) or neither answers (`lasting` 0).
 */
struct kp_systemd *kp_systemd_connect(int *lasting, char *error, int capacity);

/**
 * Reads the manager's Progress (0 at the start of the boot, 1 once it has finished) into
 * `progress`; returns 1, or 0 with the reason in `error`. Blocks until systemd answers.
 */
int kp_systemd_progress(struct kp_systemd *systemd, double *progress, char *error, int capacity);

/**
 * Reads when the manager finished the boot (FinishTimestampMonotonic, CLOCK_MONOTONIC
 * microseconds; 0 while it runs) into `microseconds`; returns 1, or 0 with the reason in `error`.
 */
int kp_systemd_finish_time(struct kp_systemd *systemd, uint64_t *microseconds, char *error, int capacity);

/** Closes the connection and frees it. */
void kp_systemd_close(struct kp_systemd *systemd);

/**
 * Asks the kernel to send SIGTERM when the parent dies (PR_SET_PDEATHSIG), then checks that the
 * parent is still `parent` (it may have died before the request). Returns 0 when it is gone.
 */
int kp_exit_with_parent(pid_t parent);

/**
 * Loads libespeak-ng (dlopen of libespeak-ng.so.1, so it is not a dependency) and starts it
 * playing on the default sound device. Returns 1, or 0 with the reason in `error` (at most
 * `capacity` bytes with the NUL). Call once, before kp_speech_say.
 */
int kp_speech_open(char *error, int capacity);

/**
 * Stops what is being said, then says `text` (UTF-8) in espeak-ng's voice `voice` ("de",
 * "cmn"), returning once it is queued (espeak-ng speaks on a thread of its own). Returns 1, or 0
 * when espeak-ng has no such voice or refused the text. Call from one thread only.
 */
int kp_speech_say(const char *voice, const char *text);

#endif
