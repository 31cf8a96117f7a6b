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

/** A rectangle of pixels. */
struct kp_rect {
    int x, y, width, height;
};

/**
 * A frame for a screen to show: inside `island`, the pixels of `pixels` (the whole screen's
 * picture, 32-bit words, `stride_pixels` apart; only the island's are read), and `surround`
 * everywhere around it. The overlay keeps in memory only the part of the screen that is not one
 * colour: a dimming backdrop is one colour but on the HUD. An empty island is the surround
 * alone; an island as large as the screen is the picture alone. All of it is shown over `ground`,
 * an opaque colour (a bare screen's --background), or over black where `ground` is 0.
 */
struct kp_frame {
    const uint32_t *pixels;
    int stride_pixels;
    struct kp_rect island;
    uint32_t surround;
    uint32_t ground;
};

/**
 * The `width` pixels of `frame` from (`x`, `y`) on: straight from its picture where they all
 * lie inside its island, else put together in `scratch` (room for `width` words) from the
 * picture and the surround, over the ground when there is one.
 */
const uint32_t *kp_frame_span(const struct kp_frame *frame, int x, int y, int width, uint32_t *scratch);

#endif
