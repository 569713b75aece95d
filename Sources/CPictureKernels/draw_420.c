#include "picture_kernels.h"
#include "cloned.h"

// The software path's whole picture step: an 8-bit 4:2:0 frame, shrunk or not, to 32-bit
// pixels in the window. The shrink runs strip by strip into scratch that stays in the cache,
// and each strip is converted from there at once: the shrunk planes never go out to memory
// and back (at 1080p in a 720p window they are 1.4 MB a frame).

// Output rows per strip: a multiple of 4, so that a two-thirds strip covers whole 3x3 blocks
// of chroma too.
#define STRIP 16

size_t vp_draw_420_scratch_size(int width) {
    size_t w = (size_t)(width > 0 ? width : 0) + 2;
    return STRIP * w                          // strip of luma
         + 2 * (STRIP / 2) * w                // strips of Cb and Cr
         + 3 * w * sizeof(uint16_t)           // one source row for the shrink (at most 3x)
         + 3 * w * sizeof(int16_t)            // the chroma terms of a row pair, per pixel
         + w                                  // a row of luma through the table
         + 256;                               // alignment
}

// Sums are kept in 16-bit lanes with 5 fraction bits (1/32 of a level): twice the pixels per
// instruction of 32-bit arithmetic, and every sum fits (at most 255 * 1.164 * 32 + 2.112 *
// 32 * 127 in magnitude, under 2^15).
#define FRACTION 5

// Results are rounded down, as swscale's conversion does (a level that is 253.84 exactly shows
// as 253), after a nudge of 1/8 of a level that keeps exact levels (white, 255.0) whole
// through the fixed-point error.
#define NUDGE (1 << 13)

// A chroma term kept to half the 16-bit range: with a luma term below 2^14 the sum never
// wraps, whatever the adjustments (at their defaults no term comes near).
static inline int16_t term(int32_t x) {
    x = x < -16384 ? -16384 : x > 16383 ? 16383 : x;
    return (int16_t)x;
}

// Each chroma sample's contribution to R', G' and B' (luma offset, lift and the nudge folded
// in), written twice: once for each pixel of the pair it covers.
static inline void chroma_terms(const vp_yuv_matrix *m, const uint8_t *restrict u, const uint8_t *restrict v,
                                int16_t *restrict r, int16_t *restrict g, int16_t *restrict b, int count) {
    const int32_t shift = 16 - FRACTION, half = 1 << (shift - 1);
    const int64_t base = (int64_t)NUDGE + m->lift - (int64_t)m->luma_offset * m->luma_scale;
    for (int i = 0; i < count; i++) {
        int32_t cb = u[i] - 128, cr = v[i] - 128;
        int16_t tr = term((int32_t)((base + (int64_t)m->cr_to_r * cr + (int64_t)m->cb_to_r * cb + half) >> shift));
        int16_t tg = term((int32_t)((base - (int64_t)m->cb_to_g * cb - (int64_t)m->cr_to_g * cr + half) >> shift));
        int16_t tb = term((int32_t)((base + (int64_t)m->cb_to_b * cb + (int64_t)m->cr_to_b * cr + half) >> shift));
        r[2 * i] = tr, r[2 * i + 1] = tr;
        g[2 * i] = tg, g[2 * i + 1] = tg;
        b[2 * i] = tb, b[2 * i + 1] = tb;
    }
}

static inline uint8_t clamp_byte(int16_t x) {
    x = (int16_t)(x >> FRACTION);
    return (uint8_t)(x < 0 ? 0 : x > 255 ? 255 : x);
}

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef uint16_t u16x32 __attribute__((vector_size(64)));

// A macro, not a function: a function taking 32-byte vectors has an ABI that depends on the
// instruction set, which differs between the clones.
#define CLAMP_BYTES(v) \
    __builtin_elementwise_min(__builtin_elementwise_max((v) >> FRACTION, (i16x16){0}), (i16x16){0} + 255)

// Y' * luma_scale with the scale in 9.7 fixed point: the product fits 16 bits (the scale is
// below 2) and is one 16-bit multiply; the scale's rounding costs under a tenth of a level.
// Sixteen pixels at a time as explicit vectors: written as a plain loop, the compiler spent
// twice the shuffles on interleaving the output.
static inline void luma_row(const vp_yuv_matrix *m, const uint8_t *restrict y, const int16_t *restrict r,
                            const int16_t *restrict g, const int16_t *restrict b, uint8_t *restrict out, int width) {
    const uint16_t scale = (uint16_t)((m->luma_scale + 256) >> 9);
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        u8x16 yv;
        i16x16 rv, gv, bv;
        __builtin_memcpy(&yv, y + x, sizeof yv);
        __builtin_memcpy(&rv, r + x, sizeof rv);
        __builtin_memcpy(&gv, g + x, sizeof gv);
        __builtin_memcpy(&bv, b + x, sizeof bv);
        i16x16 l = (i16x16)((__builtin_convertvector(yv, u16x16) * scale) >> (7 - FRACTION));
        u16x16 bg = (u16x16)CLAMP_BYTES(l + bv) | (u16x16)CLAMP_BYTES(l + gv) << 8;
        u16x16 ra = (u16x16)CLAMP_BYTES(l + rv) | 0xFF00;
        u16x32 pixels = __builtin_shufflevector(bg, ra, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23,
                                                8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
        __builtin_memcpy(out + 4 * x, &pixels, sizeof pixels);
    }
    for (; x < width; x++) {
        int16_t l = (int16_t)((uint16_t)(y[x] * scale) >> (7 - FRACTION));
        out[4 * x] = clamp_byte((int16_t)(l + b[x]));
        out[4 * x + 1] = clamp_byte((int16_t)(l + g[x]));
        out[4 * x + 2] = clamp_byte((int16_t)(l + r[x]));
        out[4 * x + 3] = 255;
    }
}

// A row of luma through the table. With AVX-512 VBMI the whole table sits in four registers
// and 64 codes are looked up by two permutes and a blend: next to nothing. Elsewhere one byte
// at a time; the restrict pointers keep the table's address in a register (through a plain
// `uint8_t *` any store could have changed it).
typedef void (*luma_mapper)(const uint8_t *restrict, const uint8_t *restrict, uint8_t *restrict, int);

static void map_luma_bytes(const uint8_t *restrict table, const uint8_t *restrict y, uint8_t *restrict out,
                           int width) {
    for (int x = 0; x < width; x++) out[x] = table[y[x]];
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static void map_luma_permuting(const uint8_t *restrict table, const uint8_t *restrict y, uint8_t *restrict out,
                               int width) {
    const __m512i t0 = _mm512_loadu_si512(table), t1 = _mm512_loadu_si512(table + 64);
    const __m512i t2 = _mm512_loadu_si512(table + 128), t3 = _mm512_loadu_si512(table + 192);
    for (int x = 0; x < width; x += 64) {
        // The last run: only the codes there are read and written.
        const __mmask64 lanes = width - x >= 64 ? ~(__mmask64)0 : ~(__mmask64)0 >> (64 - (width - x));
        const __m512i codes = _mm512_maskz_loadu_epi8(lanes, y + x);
        // Each permute picks from 128 entries by a code's low 7 bits; its top bit picks the half.
        const __m512i low = _mm512_permutex2var_epi8(t0, codes, t1), high = _mm512_permutex2var_epi8(t2, codes, t3);
        _mm512_mask_storeu_epi8(out + x, lanes, _mm512_mask_blend_epi8(_mm512_movepi8_mask(codes), low, high));
    }
}

static luma_mapper choose_luma_mapper(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vbmi") ? map_luma_permuting : map_luma_bytes;
}
#else
static luma_mapper choose_luma_mapper(void) { return map_luma_bytes; }
#endif

VP_CLONED
void vp_yuv420_to_bgra(const vp_yuv_matrix *m,
                       const uint8_t *y_plane, ptrdiff_t y_pitch,
                       const uint8_t *u_plane, ptrdiff_t u_pitch,
                       const uint8_t *v_plane, ptrdiff_t v_pitch,
                       uint8_t *destination, ptrdiff_t destination_pitch,
                       int width, int height, void *scratch) {
    const int chroma_width = (width + 1) / 2;
    int16_t *r = (int16_t *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    int16_t *g = r + 2 * chroma_width, *b = g + 2 * chroma_width;
    uint8_t *mapped = (uint8_t *)(b + 2 * chroma_width);
    const luma_mapper map_luma = m->luma_table ? choose_luma_mapper() : NULL;
    for (int row = 0; row < height; row += 2) {
        chroma_terms(m, u_plane + (ptrdiff_t)(row / 2) * u_pitch, v_plane + (ptrdiff_t)(row / 2) * v_pitch,
                     r, g, b, chroma_width);
        const int rows = row + 1 < height ? 2 : 1;
        for (int k = 0; k < rows; k++) {
            const uint8_t *y = y_plane + (ptrdiff_t)(row + k) * y_pitch;
            if (map_luma) {
                map_luma(m->luma_table, y, mapped, width);
                y = mapped;
            }
            luma_row(m, y, r, g, b, destination + (ptrdiff_t)(row + k) * destination_pitch, width);
        }
    }
}

void vp_draw_420(const vp_yuv_matrix *m, vp_shrink shrink,
                 const uint8_t *y_plane, ptrdiff_t y_pitch,
                 const uint8_t *u_plane, ptrdiff_t u_pitch,
                 const uint8_t *v_plane, ptrdiff_t v_pitch,
                 uint8_t *destination, ptrdiff_t destination_pitch,
                 int width, int height, void *scratch) {
    if (shrink == VP_SAME_SIZE) {
        vp_yuv420_to_bgra(m, y_plane, y_pitch, u_plane, u_pitch, v_plane, v_pitch,
                          destination, destination_pitch, width, height, scratch);
        return;
    }
    const ptrdiff_t pitch = width + 2, chroma_pitch = width / 2 + 1;
    uint8_t *y_strip = (uint8_t *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    uint8_t *u_strip = y_strip + STRIP * pitch, *v_strip = u_strip + (STRIP / 2) * chroma_pitch;
    uint16_t *row = (uint16_t *)(v_strip + (STRIP / 2) * chroma_pitch + 1);
    row = (uint16_t *)(((uintptr_t)row + 1) & ~(uintptr_t)1);
    void *terms = row + 3 * (size_t)(width + 2);
    // Source rows per output row, as a fraction: 3/2, 2/1 or 3/1.
    const int num = shrink == VP_TWO_THIRDS ? 3 : shrink == VP_HALF ? 2 : 3;
    const int den = shrink == VP_TWO_THIRDS ? 2 : 1;
    for (int top = 0; top < height; top += STRIP) {
        const int rows = height - top < STRIP ? height - top : STRIP;
        const ptrdiff_t source_row = (ptrdiff_t)top * num / den, source_chroma_row = (ptrdiff_t)(top / 2) * num / den;
        const uint8_t *planes[3] = {y_plane + source_row * y_pitch, u_plane + source_chroma_row * u_pitch,
                                    v_plane + source_chroma_row * v_pitch};
        const ptrdiff_t pitches[3] = {y_pitch, u_pitch, v_pitch}, strip_pitches[3] = {pitch, chroma_pitch, chroma_pitch};
        uint8_t *strips[3] = {y_strip, u_strip, v_strip};
        for (int p = 0; p < 3; p++) {
            const int w = p ? width / 2 : width, h = p ? rows / 2 : rows;
            if (shrink == VP_TWO_THIRDS) vp_shrink_two_thirds(planes[p], pitches[p], strips[p], strip_pitches[p], w, h, row);
            else vp_shrink_by(num, planes[p], pitches[p], strips[p], strip_pitches[p], w, h, row);
        }
        vp_yuv420_to_bgra(m, y_strip, pitch, u_strip, chroma_pitch, v_strip, chroma_pitch,
                          destination + (ptrdiff_t)top * destination_pitch, destination_pitch, width, rows, terms);
    }
}
