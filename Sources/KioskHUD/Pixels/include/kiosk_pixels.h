#ifndef KIOSK_PIXELS_H
#define KIOSK_PIXELS_H

#include <stdint.h>

/**
 * Writes into `target` a frosted copy of `source` (both `width` x `height` premultiplied
 * 0xAARRGGBB pixels, rows packed): blurred by about `radius` pixels and, when `drained` is not 0,
 * drained of colour to grey (Rec. 709 luma). The picture is averaged down to cells `radius`
 * pixels wide, the cells are smoothed with their neighbours (1-2-1 across and down, edges
 * repeated), and drawn back up with bilinear interpolation: two passes over the pixels whatever
 * the radius. Returns 0, or -1 when its working memory could not be had (`target` untouched).
 *
 * In C so that a whole screen frosts in milliseconds in every build of the program, the
 * unoptimised one the tests run included.
 */
int kp_frost(const uint32_t *source, uint32_t *target, int width, int height, int radius, int drained);

#endif
