#include "picture_kernels.h"
#include "cloned.h"
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

// Straight-alpha "over" in single precision without branches, for the compiler to vectorise:
// out alpha = a + below (1 - a), out colour = (colour a + pixel below (1 - a)) / out alpha.
static inline void blend_span(uint8_t *restrict pixel, const uint8_t *restrict mask, int count,
                              float r, float g, float b, float scale) {
    for (int x = 0; x < count; x++) {
        float a = (float)mask[x] * scale;
        float under = (float)pixel[4 * x + 3] * (1.0f / 255.0f) * (1.0f - a);
        float total = a + under;
        float weight = total > 0.0f ? 1.0f / total : 0.0f;
        float top = a * weight, bottom = under * weight;
        pixel[4 * x + 0] = (uint8_t)(b * top + (float)pixel[4 * x + 0] * bottom + 0.5f);
        pixel[4 * x + 1] = (uint8_t)(g * top + (float)pixel[4 * x + 1] * bottom + 0.5f);
        pixel[4 * x + 2] = (uint8_t)(r * top + (float)pixel[4 * x + 2] * bottom + 0.5f);
        pixel[4 * x + 3] = (uint8_t)(total * 255.0f + 0.5f);
    }
}

// Pixels handled together; a glyph mask is mostly empty, and empty blocks are skipped whole.
enum { BLOCK = 16 };

VP_CLONED
void vp_blend_coverage(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *coverage, ptrdiff_t coverage_stride,
                       int width, int height, uint32_t rgba) {
    const float r = (float)(rgba >> 24), g = (float)((rgba >> 16) & 0xff), b = (float)((rgba >> 8) & 0xff);
    const float scale = (float)(rgba & 0xff) / (255.0f * 255.0f);
    for (int y = 0; y < height; y++) {
        uint8_t *pixel = destination + y * destination_pitch;
        const uint8_t *mask = coverage + y * coverage_stride;
        int x = 0;
        for (; x + BLOCK <= width; x += BLOCK) {
            uint64_t words[BLOCK / 8];
            memcpy(words, mask + x, sizeof words);
            if ((words[0] | words[1]) == 0) continue;
            blend_span(pixel + 4 * x, mask + x, BLOCK, r, g, b, scale);
        }
        blend_span(pixel + 4 * x, mask + x, width - x, r, g, b, scale);
    }
}

// (x + 128 + ((x + 128) >> 8)) >> 8 is x / 255 rounded, for every x this can be (0...65025);
// every step fits in 16 bits. The window's fourth byte is computed like the others, unused.
static inline void composite_span(uint8_t *restrict pixel, const uint8_t *restrict layer, int count) {
    int x = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255), half = _mm_set1_epi16(128);
    for (; x + 4 <= count; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(layer + 4 * x));
        __m128i d = _mm_loadu_si128((const __m128i *)(pixel + 4 * x));
        __m128i a = _mm_srli_epi32(s, 24);
        a = _mm_or_si128(a, _mm_slli_epi32(a, 16));   // each pixel's alpha in both 16-bit halves
        __m128i halves[2];
        for (int h = 0; h < 2; h++) {
            __m128i alpha = h ? _mm_unpackhi_epi32(a, a) : _mm_unpacklo_epi32(a, a);
            __m128i top = h ? _mm_unpackhi_epi8(s, zero) : _mm_unpacklo_epi8(s, zero);
            __m128i under = h ? _mm_unpackhi_epi8(d, zero) : _mm_unpacklo_epi8(d, zero);
            __m128i sum = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(top, alpha),
                                                      _mm_mullo_epi16(under, _mm_sub_epi16(full, alpha))), half);
            halves[h] = _mm_srli_epi16(_mm_add_epi16(sum, _mm_srli_epi16(sum, 8)), 8);
        }
        _mm_storeu_si128((__m128i *)(pixel + 4 * x), _mm_packus_epi16(halves[0], halves[1]));
    }
#endif
    for (int i = 4 * x; i < 4 * count; i++) {
        uint16_t a = layer[i | 3];
        uint16_t sum = (uint16_t)(layer[i] * a + pixel[i] * (255 - a) + 128);
        pixel[i] = (uint8_t)((uint16_t)(sum + (sum >> 8)) >> 8);
    }
}

VP_CLONED
void vp_composite_bgra(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *layer, ptrdiff_t layer_pitch, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint8_t *pixel = destination + y * destination_pitch;
        const uint8_t *row = layer + y * layer_pitch;
        int x = 0;
        for (; x + BLOCK <= width; x += BLOCK) {
            uint64_t words[BLOCK / 2];
            memcpy(words, row + 4 * x, sizeof words);
            uint64_t any = 0;
            for (int i = 0; i < BLOCK / 2; i++) any |= words[i];
            if ((any & 0xff000000ff000000u) == 0) continue;
            composite_span(pixel + 4 * x, row + 4 * x, BLOCK);
        }
        composite_span(pixel + 4 * x, row + 4 * x, width - x);
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
