/* Reading a frame: the picture inside its island, one colour around it, over its ground. */
#include <stddef.h>

#include "kiosk_pixels.h"

/* `pixel` (premultiplied) over the opaque `ground`: each channel plus the ground's share left. */
static uint32_t over_ground(uint32_t pixel, uint32_t ground) {
    uint32_t keep = 255 - (pixel >> 24);
    if (keep == 0) return pixel;
    uint32_t result = 0xFF000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        uint32_t channel = ((pixel >> shift) & 0xFF) + (((ground >> shift) & 0xFF) * keep + 127) / 255;
        result |= (channel > 255 ? 255 : channel) << shift;
    }
    return result;
}

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
    if (frame->ground == 0) {
        if (from == x && to == end) return row + x;
        for (int i = x; i < end; i++) scratch[i - x] = i >= from && i < to ? row[i] : frame->surround;
        return scratch;
    }
    uint32_t surround = over_ground(frame->surround, frame->ground);
    for (int i = x; i < end; i++) scratch[i - x] = i >= from && i < to ? over_ground(row[i], frame->ground) : surround;
    return scratch;
}
