/* Damage regions: which rectangles of a screen changed. A fixed number of rectangles is kept
 * apart; one more turns them all into their bounding box, which over-draws but never misses. */
#include "framebuffer_internal.h"

int kfb_rect_clip(struct kp_rect *rect, int width, int height) {
    if (rect->width <= 0 || rect->height <= 0) return 0;
    long left = rect->x, top = rect->y;
    long right = left + rect->width, bottom = top + rect->height;
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    if (right > width) right = width;
    if (bottom > height) bottom = height;
    if (left >= right || top >= bottom) return 0;
    rect->x = (int)left;
    rect->y = (int)top;
    rect->width = (int)(right - left);
    rect->height = (int)(bottom - top);
    return 1;
}

void kfb_region_clear(struct kfb_region *region) {
    region->count = 0;
}

static int contains(const struct kp_rect *outer, const struct kp_rect *inner) {
    return inner->x >= outer->x && inner->y >= outer->y && inner->x + inner->width <= outer->x + outer->width &&
           inner->y + inner->height <= outer->y + outer->height;
}

static struct kp_rect bounding_box(const struct kp_rect *a, const struct kp_rect *b) {
    int left = a->x < b->x ? a->x : b->x;
    int top = a->y < b->y ? a->y : b->y;
    int right = a->x + a->width > b->x + b->width ? a->x + a->width : b->x + b->width;
    int bottom = a->y + a->height > b->y + b->height ? a->y + a->height : b->y + b->height;
    return (struct kp_rect){left, top, right - left, bottom - top};
}

void kfb_region_add(struct kfb_region *region, struct kp_rect rect) {
    if (rect.width <= 0 || rect.height <= 0) return;
    for (int i = 0; i < region->count; i++) {
        if (contains(&region->rects[i], &rect)) return;
    }
    /* Drop kept rectangles the new one covers, so a region repainted whole stays one. */
    int kept = 0;
    for (int i = 0; i < region->count; i++) {
        if (!contains(&rect, &region->rects[i])) region->rects[kept++] = region->rects[i];
    }
    region->count = kept;
    if (region->count < KFB_REGION_CAPACITY) {
        region->rects[region->count++] = rect;
        return;
    }
    struct kp_rect all = rect;
    for (int i = 0; i < region->count; i++) all = bounding_box(&all, &region->rects[i]);
    region->rects[0] = all;
    region->count = 1;
}

void kfb_region_add_region(struct kfb_region *region, const struct kfb_region *other) {
    for (int i = 0; i < other->count; i++) kfb_region_add(region, other->rects[i]);
}
