/* The program's arguments as exec gave them, captured before main without /proc.
 *
 * Swift's runtime reads CommandLine.arguments from /proc/self/cmdline on Linux, so a program
 * started where /proc is not mounted (an early initramfs script, a chroot, a minimal container)
 * would see none of its options. glibc calls each function in the executable's .init_array with
 * argc, argv and envp before main; this one keeps the first two. */
#include "kiosk_platform.h"

#include <features.h>

/* musl calls .init_array functions with no arguments: this would read garbage there. */
#ifndef __GLIBC__
#error "arguments.c needs glibc, which passes argc and argv to the executable's initialisers"
#endif

static int captured_count;
static char **captured_arguments;

static void capture_arguments(int count, char **arguments, char **environment) {
    (void)environment;
    captured_count = count;
    captured_arguments = arguments;
}

__attribute__((section(".init_array"), used))
static void (*const capture_arguments_entry)(int, char **, char **) = capture_arguments;

int kp_argument_count(void) { return captured_arguments ? captured_count : 0; }

const char *kp_argument(int index) {
    return index >= 0 && index < kp_argument_count() ? captured_arguments[index] : 0;
}
