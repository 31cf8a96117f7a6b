/* Reading a frame: the picture inside its island, one colour around it. */
#include <stddef.h>

#include "kiosk_pixels.h"

const uint32_t *kp_frame_span(const struct kp_frame *frame, int x, int y, int width, uint32_t *scratch) {
    const struct kp_rect *island = &frame->island;
    const uint32_t *row = frame->pixels + (size_t)y * (size_t)frame->stride_pixels;
    int end = x + width;
    /* [from, to) is the part of the span inside the island; empty when it misses it. */
    int from = end, to = end;
    if (y >= island->y && y < island->y + island->height) {
        from = x > island->x ? x : island->x;
        to = end < island->x + island->width ? end : island->x + island->width;
    }
    if (from == x && to == end) return row + x;
    for (int i = x; i < end; i++) scratch[i - x] = i >= from && i < to ? row[i] : frame->surround;
    return scratch;
}
