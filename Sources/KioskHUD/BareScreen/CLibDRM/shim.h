/* libdrm, for the C of CKioskFramebuffer only: this module exists so that SwiftPM passes
 * pkg-config's flags for libdrm (its headers live in /usr/include/libdrm) and links -ldrm.
 * Swift never imports it. */
#include <xf86drm.h>
#include <xf86drmMode.h>
