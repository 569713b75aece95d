#include "picture_kernels.h"
#include "cloned.h"
#include <math.h>

// See picture_kernels.h. The colour pipeline, per 2x2 block (the chroma's own resolution)
// from the block's mean luma: Y'CbCr -> non-linear R'G'B' (the source matrix), each through
// the `linear` table; HLG's system gamma from the scene luminance; one tone-curve factor for
// all three channels from their largest (so hue and saturation stay); the gamut matrix;
// out-of-gamut colours pulled towards their own luminance (negative components) or scaled
// down (above white); display encoding. Each pixel's luma then differs from the block's as
// a neutral grey of its luma would against a grey of the block's mean (the `neutral` table):
// exact for greys, and it keeps the detail within a coloured block at a quarter of the cost.
//
// Written in stages over runs of blocks. The stages with table look-ups have an AVX2 version
// (eight blocks at a time, the look-ups as gathers), chosen at run time; the compiler does
// not vectorise them itself. 1080p on this kind of machine: see the README.

#define RUN 64
#define LAST ((float)(VP_TONE_MAP_TABLE - 1))

static inline int table_index(float value) {
    float scaled = value * LAST + 0.5f;
    scaled = scaled < 0 ? 0 : scaled > LAST ? LAST : scaled;
    return (int)scaled;
}

// One colour through the whole pipeline: the reference the block kernel follows, and how
// the `neutral` table is made.
static void map_colour(const vp_tone_map *m, float y, float cb, float cr, float out[3]) {
    float rgb[3] = {y + m->cr_to_r * cr, y - m->cb_to_g * cb - m->cr_to_g * cr, y + m->cb_to_b * cb};
    for (int c = 0; c < 3; c++) rgb[c] = m->linear[table_index(rgb[c])];
    if (m->ootf) {
        float scene = m->source_luma[0] * rgb[0] + m->source_luma[1] * rgb[1] + m->source_luma[2] * rgb[2];
        float gain = m->ootf[table_index(sqrtf(fmaxf(scene, 0)))];
        for (int c = 0; c < 3; c++) rgb[c] *= gain;
    }
    float peak = fmaxf(rgb[0], fmaxf(rgb[1], rgb[2]));
    float factor = m->tone[table_index(sqrtf(fmaxf(peak, 0) * m->tone_index_scale))];
    float mapped[3];
    for (int c = 0; c < 3; c++)
        mapped[c] = factor * (m->gamut[3 * c] * rgb[0] + m->gamut[3 * c + 1] * rgb[1] + m->gamut[3 * c + 2] * rgb[2]);
    float low = fminf(mapped[0], fminf(mapped[1], mapped[2]));
    float luma = m->output_luma[0] * mapped[0] + m->output_luma[1] * mapped[1] + m->output_luma[2] * mapped[2];
    float keep = low >= 0 ? 1 : luma > 0 ? luma / (luma - low) : 0;
    for (int c = 0; c < 3; c++) mapped[c] = luma + (mapped[c] - luma) * keep;
    float high = fmaxf(mapped[0], fmaxf(mapped[1], mapped[2]));
    float shrink = high > 1 ? 1 / high : 1;
    for (int c = 0; c < 3; c++) out[c] = m->encode[table_index(sqrtf(fmaxf(mapped[c] * shrink, 0)))];
}

void vp_tone_map_fill_neutral(const vp_tone_map *m, float *neutral) {
    for (int i = 0; i < VP_TONE_MAP_TABLE; i++) {
        float rgb[3];
        map_colour(m, (float)i / LAST, 0, 0, rgb);
        neutral[i] = m->output_luma[0] * rgb[0] + m->output_luma[1] * rgb[1] + m->output_luma[2] * rgb[2];
    }
}

static inline uint8_t to_byte(float value) {
    value = value < 0 ? 0 : value > 255 ? 255 : value;
    return (uint8_t)(value + 0.5f);
}

// The colour pipeline for blocks `from`..<`n`, one at a time, given their mean luma and
// chroma (normalised); writes each block's encoded luma and its Cb, Cr bytes.
static void map_blocks(const vp_tone_map *restrict m, int from, int n, const float *restrict y,
                       const float *restrict cb, const float *restrict cr, float *restrict luma_out,
                       uint8_t *restrict u_out, uint8_t *restrict v_out) {
    const float kr = m->output_luma[0], kg = m->output_luma[1], kb = m->output_luma[2];
    const float cb_scale = 224.0f / (2.0f * (1.0f - kb)), cr_scale = 224.0f / (2.0f * (1.0f - kr));
    for (int i = from; i < n; i++) {
        float rgb[3];
        map_colour(m, y[i], cb[i], cr[i], rgb);
        float luma = kr * rgb[0] + kg * rgb[1] + kb * rgb[2];
        luma_out[i] = luma;
        u_out[i] = to_byte(128.0f + cb_scale * (rgb[2] - luma));
        v_out[i] = to_byte(128.0f + cr_scale * (rgb[0] - luma));
    }
}

static void neutral_of(const vp_tone_map *restrict m, int from, int n, const float *restrict y, float *restrict out) {
    for (int i = from; i < n; i++) out[i] = m->neutral[table_index(y[i])];
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2,fma")))
static inline __m256i table_index8(__m256 value) {
    const __m256 last = _mm256_set1_ps(LAST);
    __m256 scaled = _mm256_fmadd_ps(value, last, _mm256_set1_ps(0.5f));
    scaled = _mm256_min_ps(_mm256_max_ps(scaled, _mm256_setzero_ps()), last);
    return _mm256_cvttps_epi32(scaled);
}

__attribute__((target("avx2,fma")))
static inline __m256 look_up8(const float *table, __m256 value) {
    return _mm256_i32gather_ps(table, table_index8(value), 4);
}

__attribute__((target("avx2,fma")))
static inline __m256 max3(__m256 a, __m256 b, __m256 c) { return _mm256_max_ps(a, _mm256_max_ps(b, c)); }

__attribute__((target("avx2,fma")))
static void map_blocks_avx2(const vp_tone_map *restrict m, int n, const float *restrict y, const float *restrict cb,
                            const float *restrict cr, float *restrict luma_out, uint8_t *restrict u_out,
                            uint8_t *restrict v_out) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 to_r = _mm256_set1_ps(m->cr_to_r), cb_g = _mm256_set1_ps(m->cb_to_g);
    const __m256 cr_g = _mm256_set1_ps(m->cr_to_g), to_b = _mm256_set1_ps(m->cb_to_b);
    const __m256 kr = _mm256_set1_ps(m->output_luma[0]), kg = _mm256_set1_ps(m->output_luma[1]);
    const __m256 kb = _mm256_set1_ps(m->output_luma[2]);
    const __m256 sr = _mm256_set1_ps(m->source_luma[0]), sg = _mm256_set1_ps(m->source_luma[1]);
    const __m256 sb = _mm256_set1_ps(m->source_luma[2]);
    const __m256 tone_scale = _mm256_set1_ps(m->tone_index_scale);
    __m256 k[9];
    for (int j = 0; j < 9; j++) k[j] = _mm256_set1_ps(m->gamut[j]);
    const __m256 cb_scale = _mm256_set1_ps(224.0f / (2.0f * (1.0f - m->output_luma[2])));
    const __m256 cr_scale = _mm256_set1_ps(224.0f / (2.0f * (1.0f - m->output_luma[0])));
    const __m256 mid = _mm256_set1_ps(128.5f), top = _mm256_set1_ps(255.5f);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 vy = _mm256_loadu_ps(y + i), vb = _mm256_loadu_ps(cb + i), vr = _mm256_loadu_ps(cr + i);
        __m256 r = look_up8(m->linear, _mm256_fmadd_ps(to_r, vr, vy));
        __m256 g = look_up8(m->linear, _mm256_fnmadd_ps(cr_g, vr, _mm256_fnmadd_ps(cb_g, vb, vy)));
        __m256 b = look_up8(m->linear, _mm256_fmadd_ps(to_b, vb, vy));
        if (m->ootf) {
            __m256 scene = _mm256_fmadd_ps(sr, r, _mm256_fmadd_ps(sg, g, _mm256_mul_ps(sb, b)));
            __m256 gain = look_up8(m->ootf, _mm256_sqrt_ps(_mm256_max_ps(scene, zero)));
            r = _mm256_mul_ps(r, gain);
            g = _mm256_mul_ps(g, gain);
            b = _mm256_mul_ps(b, gain);
        }
        __m256 peak = _mm256_max_ps(max3(r, g, b), zero);
        __m256 factor = look_up8(m->tone, _mm256_sqrt_ps(_mm256_mul_ps(peak, tone_scale)));
        __m256 mr = _mm256_mul_ps(factor, _mm256_fmadd_ps(k[0], r, _mm256_fmadd_ps(k[1], g, _mm256_mul_ps(k[2], b))));
        __m256 mg = _mm256_mul_ps(factor, _mm256_fmadd_ps(k[3], r, _mm256_fmadd_ps(k[4], g, _mm256_mul_ps(k[5], b))));
        __m256 mb = _mm256_mul_ps(factor, _mm256_fmadd_ps(k[6], r, _mm256_fmadd_ps(k[7], g, _mm256_mul_ps(k[8], b))));
        // Below zero: towards the colour's own luminance; above white: scaled down.
        __m256 low = _mm256_min_ps(mr, _mm256_min_ps(mg, mb));
        __m256 luma = _mm256_fmadd_ps(kr, mr, _mm256_fmadd_ps(kg, mg, _mm256_mul_ps(kb, mb)));
        __m256 pull = _mm256_div_ps(luma, _mm256_max_ps(_mm256_sub_ps(luma, low), _mm256_set1_ps(1e-20f)));
        pull = _mm256_blendv_ps(pull, zero, _mm256_cmp_ps(luma, zero, _CMP_LE_OQ));
        __m256 keep = _mm256_blendv_ps(pull, one, _mm256_cmp_ps(low, zero, _CMP_GE_OQ));
        mr = _mm256_fmadd_ps(_mm256_sub_ps(mr, luma), keep, luma);
        mg = _mm256_fmadd_ps(_mm256_sub_ps(mg, luma), keep, luma);
        mb = _mm256_fmadd_ps(_mm256_sub_ps(mb, luma), keep, luma);
        __m256 shrink = _mm256_div_ps(one, _mm256_max_ps(max3(mr, mg, mb), one));
        __m256 er = look_up8(m->encode, _mm256_sqrt_ps(_mm256_max_ps(_mm256_mul_ps(mr, shrink), zero)));
        __m256 eg = look_up8(m->encode, _mm256_sqrt_ps(_mm256_max_ps(_mm256_mul_ps(mg, shrink), zero)));
        __m256 eb = look_up8(m->encode, _mm256_sqrt_ps(_mm256_max_ps(_mm256_mul_ps(mb, shrink), zero)));
        __m256 out_luma = _mm256_fmadd_ps(kr, er, _mm256_fmadd_ps(kg, eg, _mm256_mul_ps(kb, eb)));
        _mm256_storeu_ps(luma_out + i, out_luma);
        __m256 u = _mm256_min_ps(_mm256_max_ps(_mm256_fmadd_ps(cb_scale, _mm256_sub_ps(eb, out_luma), mid), zero), top);
        __m256 v = _mm256_min_ps(_mm256_max_ps(_mm256_fmadd_ps(cr_scale, _mm256_sub_ps(er, out_luma), mid), zero), top);
        int32_t ui[8], vi[8];
        _mm256_storeu_si256((__m256i *)ui, _mm256_cvttps_epi32(u));
        _mm256_storeu_si256((__m256i *)vi, _mm256_cvttps_epi32(v));
        for (int j = 0; j < 8; j++) {
            u_out[i + j] = (uint8_t)ui[j];
            v_out[i + j] = (uint8_t)vi[j];
        }
    }
    map_blocks(m, i, n, y, cb, cr, luma_out, u_out, v_out);
}

__attribute__((target("avx2,fma")))
static void neutral_of_avx2(const vp_tone_map *restrict m, int n, const float *restrict y, float *restrict out) {
    int i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, look_up8(m->neutral, _mm256_loadu_ps(y + i)));
    neutral_of(m, i, n, y, out);
}

static int has_avx2(void) {
#ifdef VP_SANITIZED
    return 0;
#else
    static int answer = -1;
    if (answer < 0) answer = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return answer;
#endif
}
#else
static int has_avx2(void) { return 0; }
static void map_blocks_avx2(const vp_tone_map *m, int n, const float *y, const float *cb, const float *cr,
                            float *luma_out, uint8_t *u_out, uint8_t *v_out) {
    map_blocks(m, 0, n, y, cb, cr, luma_out, u_out, v_out);
}
static void neutral_of_avx2(const vp_tone_map *m, int n, const float *y, float *out) { neutral_of(m, 0, n, y, out); }
#endif

// One row of pixels' luma: each pixel's own grey (`neutral`), moved by its block's colour
// (the block's luma less a grey of the block's mean luma, `neutral_mean`).
VP_CLONED
static void luma_row(int width, const float *restrict block_luma, const float *restrict neutral,
                     const float *restrict neutral_mean, uint8_t *restrict out) {
    for (int x = 0; x < width; x++) {
        float value = 16.0f + 219.0f * (block_luma[x >> 1] + neutral[x] - neutral_mean[x >> 1]);
        value = value < 0 ? 0 : value > 255 ? 255 : value;
        out[x] = (uint8_t)(value + 0.5f);
    }
}

VP_CLONED
static void normalise(const uint16_t *restrict in, int count, float offset, float scale, float *restrict out) {
    for (int i = 0; i < count; i++) out[i] = ((float)in[i] - offset) * scale;
}

void vp_tone_map_420(const vp_tone_map *m,
                     const uint16_t *y_plane, ptrdiff_t y_pitch,
                     const uint16_t *u_plane, ptrdiff_t u_pitch,
                     const uint16_t *v_plane, ptrdiff_t v_pitch,
                     uint8_t *y_out, ptrdiff_t y_out_pitch,
                     uint8_t *u_out, ptrdiff_t u_out_pitch,
                     uint8_t *v_out, ptrdiff_t v_out_pitch,
                     int width, int height) {
    float rows[2][2 * RUN], neutral[2][2 * RUN], cb[RUN], cr[RUN], mean[RUN], block_luma[RUN], neutral_mean[RUN];
    const int avx2 = has_avx2();
    for (int cy = 0; cy < (height + 1) / 2; cy++) {
        int top = 2 * cy, bottom = 2 * cy + 1 < height ? 2 * cy + 1 : 2 * cy;
        for (int start = 0; start < width; start += 2 * RUN) {
            int pixels = width - start < 2 * RUN ? width - start : 2 * RUN;
            int blocks = (pixels + 1) / 2;
            normalise(y_plane + top * y_pitch + start, pixels, m->luma_offset, m->luma_scale, rows[0]);
            normalise(y_plane + bottom * y_pitch + start, pixels, m->luma_offset, m->luma_scale, rows[1]);
            // An odd width repeats the last column.
            if (pixels & 1) {
                rows[0][pixels] = rows[0][pixels - 1];
                rows[1][pixels] = rows[1][pixels - 1];
            }
            normalise(u_plane + cy * u_pitch + start / 2, blocks, m->chroma_offset, m->chroma_scale, cb);
            normalise(v_plane + cy * v_pitch + start / 2, blocks, m->chroma_offset, m->chroma_scale, cr);
            for (int r = 0; r < 2; r++) {
                if (avx2) neutral_of_avx2(m, 2 * blocks, rows[r], neutral[r]);
                else neutral_of(m, 0, 2 * blocks, rows[r], neutral[r]);
            }
            for (int i = 0; i < blocks; i++) {
                mean[i] = 0.25f * (rows[0][2 * i] + rows[0][2 * i + 1] + rows[1][2 * i] + rows[1][2 * i + 1]);
            }
            // What a grey of each block's mean luma would give: the block's colour shows as
            // the difference, which is zero for greys (exact then, whatever the detail).
            if (avx2) neutral_of_avx2(m, blocks, mean, neutral_mean);
            else neutral_of(m, 0, blocks, mean, neutral_mean);
            uint8_t *u = u_out + cy * u_out_pitch + start / 2, *v = v_out + cy * v_out_pitch + start / 2;
            if (avx2) map_blocks_avx2(m, blocks, mean, cb, cr, block_luma, u, v);
            else map_blocks(m, 0, blocks, mean, cb, cr, block_luma, u, v);
            luma_row(pixels, block_luma, neutral[0], neutral_mean, y_out + top * y_out_pitch + start);
            if (bottom != top) luma_row(pixels, block_luma, neutral[1], neutral_mean, y_out + bottom * y_out_pitch + start);
        }
    }
}
