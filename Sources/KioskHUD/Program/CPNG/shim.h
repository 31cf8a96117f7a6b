/* libpng's simplified API, with which snapshots are written (and read back by the tests) and logos read. */
#ifndef KIOSK_SPINNER_CPNG_SHIM_H
#define KIOSK_SPINNER_CPNG_SHIM_H

#include <png.h>

/** A png_image ready for libpng's simplified API (PNG_IMAGE_VERSION), its pixels 8-bit RGBA
 *  with straight alpha (PNG_FORMAT_RGBA). */
static inline png_image cpng_rgba_image(png_uint_32 width, png_uint_32 height) {
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    return image;
}

/** PNG_FORMAT_RGBA, for a picture being read. */
static inline png_uint_32 cpng_rgba_format(void) { return PNG_FORMAT_RGBA; }

/** PNG_FORMAT_BGRA: 8-bit blue, green, red, alpha bytes, a 0xAARRGGBB word on a little-endian
 *  machine (as a logo is read). */
static inline png_uint_32 cpng_bgra_format(void) { return PNG_FORMAT_BGRA; }

#endif
