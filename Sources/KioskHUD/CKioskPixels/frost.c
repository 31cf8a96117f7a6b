#include "kiosk_pixels.h"

#include <stdlib.h>

/* Four channels of one cell, blue first (the pixel word's lowest byte). */
struct cell {
    float lane[4];
};

static int clamp_index(int value, int count) {
    return value < 0 ? 0 : value >= count ? count - 1 : value;
}

/* One 1-2-1 pass over the cells, along columns when `across`, else along rows. */
static void smooth(const struct cell *source, struct cell *target, int columns, int rows, int across) {
    for (int row = 0; row < rows; row++) {
        for (int column = 0; column < columns; column++) {
            const struct cell *before, *middle = &source[row * columns + column], *after;
            if (across) {
                before = &source[row * columns + clamp_index(column - 1, columns)];
                after = &source[row * columns + clamp_index(column + 1, columns)];
            } else {
                before = &source[clamp_index(row - 1, rows) * columns + column];
                after = &source[clamp_index(row + 1, rows) * columns + column];
            }
            for (int lane = 0; lane < 4; lane++)
                target[row * columns + column].lane[lane] = (before->lane[lane] + 2 * middle->lane[lane] + after->lane[lane]) / 4;
        }
    }
}

/* The two cells a pixel at `position` lies between, by their centres, and how far it is from
 * the first to the second (0...1). */
static void neighbours(int position, int cell, int count, int *first, int *second, float *fraction) {
    float centre = ((float)position + 0.5f) / (float)cell - 0.5f;
    int index = centre < 0 ? 0 : (int)centre;
    if (index > count - 1) index = count - 1;
    *first = index;
    *second = index + 1 < count ? index + 1 : count - 1;
    float rest = centre - (float)index;
    *fraction = rest < 0 ? 0 : rest > 1 ? 1 : rest;
}

static uint32_t channel(float value) {
    return value <= 0 ? 0 : value >= 255 ? 255 : (uint32_t)(value + 0.5f);
}

int kp_frost(const uint32_t *source, uint32_t *target, int width, int height, int radius, int drained) {
    int cell = radius < 1 ? 1 : radius;
    int columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell;
    size_t count = (size_t)columns * (size_t)rows;
    struct cell *cells = calloc(count, sizeof *cells), *spare = calloc(count, sizeof *spare);
    int *counts = calloc(count, sizeof *counts);
    /* Per column: the two cells it lies between and how far from the first. */
    int *left = malloc((size_t)width * sizeof *left), *right = malloc((size_t)width * sizeof *right);
    float *across = malloc((size_t)width * sizeof *across);
    int status = cells && spare && counts && left && right && across ? 0 : -1;
    if (status == 0) {
        for (int y = 0; y < height; y++) {
            const uint32_t *line = source + (size_t)y * (size_t)width;
            int base = (y / cell) * columns;
            for (int x = 0; x < width; x++) {
                struct cell *sum = &cells[base + x / cell];
                uint32_t word = line[x];
                for (int lane = 0; lane < 4; lane++) sum->lane[lane] += (float)((word >> (8 * lane)) & 0xFF);
                counts[base + x / cell]++;
            }
        }
        for (size_t index = 0; index < count; index++)
            for (int lane = 0; lane < 4; lane++) cells[index].lane[lane] /= (float)(counts[index] ? counts[index] : 1);
        smooth(cells, spare, columns, rows, 1);
        smooth(spare, cells, columns, rows, 0);
        for (int x = 0; x < width; x++) neighbours(x, cell, columns, &left[x], &right[x], &across[x]);
        for (int y = 0; y < height; y++) {
            int top, bottom;
            float down;
            neighbours(y, cell, rows, &top, &bottom, &down);
            uint32_t *line = target + (size_t)y * (size_t)width;
            for (int x = 0; x < width; x++) {
                const struct cell *a = &cells[top * columns + left[x]], *b = &cells[top * columns + right[x]];
                const struct cell *c = &cells[bottom * columns + left[x]], *d = &cells[bottom * columns + right[x]];
                float lane[4];
                for (int i = 0; i < 4; i++) {
                    float upper = a->lane[i] + (b->lane[i] - a->lane[i]) * across[x];
                    float lower = c->lane[i] + (d->lane[i] - c->lane[i]) * across[x];
                    lane[i] = upper + (lower - upper) * down;
                }
                if (drained) {
                    /* Premultiplied grey stays premultiplied. */
                    float grey = 0.0722f * lane[0] + 0.7152f * lane[1] + 0.2126f * lane[2];
                    lane[0] = lane[1] = lane[2] = grey;
                }
                line[x] = channel(lane[0]) | channel(lane[1]) << 8 | channel(lane[2]) << 16 | channel(lane[3]) << 24;
            }
        }
    }
    free(left);
    free(right);
    free(across);
    free(cells);
    free(spare);
    free(counts);
    return status;
}
