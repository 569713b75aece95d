#include "picture_kernels.h"

void vp_blend_coverage(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *coverage, ptrdiff_t coverage_stride,
                       int width, int height, uint32_t rgba) {
    const uint32_t r = rgba >> 24, g = (rgba >> 16) & 0xff, b = (rgba >> 8) & 0xff;
    const uint32_t opacity = rgba & 0xff;
    for (int y = 0; y < height; y++) {
        uint8_t *pixel = destination + y * destination_pitch;
        const uint8_t *mask = coverage + y * coverage_stride;
        for (int x = 0; x < width; x++, pixel += 4) {
            uint32_t a = (mask[x] * opacity + 127) / 255;
            if (a == 0) continue;
            uint32_t below = pixel[3];
            if (below == 0 || a == 255) {
                pixel[0] = (uint8_t)b; pixel[1] = (uint8_t)g; pixel[2] = (uint8_t)r; pixel[3] = (uint8_t)a;
                continue;
            }
            // Straight-alpha "over": weights of the new colour and of what was there.
            uint32_t top = a * 255, under = below * (255 - a), total = top + under;
            pixel[0] = (uint8_t)((b * top + pixel[0] * under + total / 2) / total);
            pixel[1] = (uint8_t)((g * top + pixel[1] * under + total / 2) / total);
            pixel[2] = (uint8_t)((r * top + pixel[2] * under + total / 2) / total);
            pixel[3] = (uint8_t)((total + 127) / 255);
        }
    }
}

void vp_blend_rgba_scaled(uint8_t *destination, ptrdiff_t destination_pitch,
                          int width, int height, int clip_x, int clip_y, int clip_width, int clip_height,
                          const uint8_t *source, ptrdiff_t source_pitch, int source_width, int source_height) {
    if (width <= 0 || height <= 0 || source_width <= 0 || source_height <= 0) return;
    for (int y = 0; y < clip_height; y++) {
        int64_t sy = (int64_t)(clip_y + y) * source_height / height;
        if (sy < 0 || sy >= source_height) continue;
        const uint8_t *row = source + (ptrdiff_t)sy * source_pitch;
        uint8_t *pixel = destination + y * destination_pitch;
        for (int x = 0; x < clip_width; x++, pixel += 4) {
            int64_t sx = (int64_t)(clip_x + x) * source_width / width;
            if (sx < 0 || sx >= source_width) continue;
            const uint8_t *s = row + sx * 4;
            uint32_t a = s[3];
            if (a == 0) continue;
            uint32_t below = pixel[3];
            if (below == 0 || a == 255) {
                pixel[0] = s[2]; pixel[1] = s[1]; pixel[2] = s[0]; pixel[3] = (uint8_t)a;
                continue;
            }
            uint32_t top = a * 255, under = below * (255 - a), total = top + under;
            pixel[0] = (uint8_t)((s[2] * top + pixel[0] * under + total / 2) / total);
            pixel[1] = (uint8_t)((s[1] * top + pixel[1] * under + total / 2) / total);
            pixel[2] = (uint8_t)((s[0] * top + pixel[2] * under + total / 2) / total);
            pixel[3] = (uint8_t)((total + 127) / 255);
        }
    }
}
