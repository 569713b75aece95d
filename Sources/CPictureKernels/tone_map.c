#include "picture_kernels.h"
#include <math.h>

// See picture_kernels.h. Per pixel: Y'CbCr -> non-linear R'G'B' (the source matrix), each
// through the `linear` table; HLG's system gamma from the scene luminance; one tone-curve
// factor for all three channels from their largest (so hue and saturation stay); the gamut
// matrix; out-of-gamut colours pulled towards their own luminance (negative components) or
// scaled down (components above white); display encoding. Chroma comes from the mean of the
// 2x2 block's encoded R'G'B'.

static inline int clamp_index(float value) {
    int index = (int)(value * (float)(VP_TONE_MAP_TABLE - 1) + 0.5f);
    return index < 0 ? 0 : index > VP_TONE_MAP_TABLE - 1 ? VP_TONE_MAP_TABLE - 1 : index;
}

static inline void map_pixel(const vp_tone_map *m, float y, float cb, float cr, float out[3]) {
    float rgb[3] = {
        y + m->cr_to_r * cr,
        y - m->cb_to_g * cb - m->cr_to_g * cr,
        y + m->cb_to_b * cb,
    };
    for (int c = 0; c < 3; c++) rgb[c] = m->linear[clamp_index(rgb[c])];
    if (m->ootf) {
        float scene = m->source_luma[0] * rgb[0] + m->source_luma[1] * rgb[1] + m->source_luma[2] * rgb[2];
        float gain = m->ootf[clamp_index(sqrtf(scene > 0 ? scene : 0))];
        for (int c = 0; c < 3; c++) rgb[c] *= gain;
    }
    float peak = rgb[0] > rgb[1] ? rgb[0] : rgb[1];
    peak = peak > rgb[2] ? peak : rgb[2];
    float factor = peak > 0 ? m->tone[clamp_index(sqrtf(peak * m->tone_index_scale))] : 0;
    float mapped[3];
    for (int c = 0; c < 3; c++) {
        mapped[c] = factor * (m->gamut[3 * c] * rgb[0] + m->gamut[3 * c + 1] * rgb[1] + m->gamut[3 * c + 2] * rgb[2]);
    }
    float low = fminf(mapped[0], fminf(mapped[1], mapped[2]));
    if (low < 0) {
        float luma = m->output_luma[0] * mapped[0] + m->output_luma[1] * mapped[1] + m->output_luma[2] * mapped[2];
        if (luma <= 0) {
            mapped[0] = mapped[1] = mapped[2] = 0;
        } else {
            float keep = luma / (luma - low);
            for (int c = 0; c < 3; c++) mapped[c] = luma + (mapped[c] - luma) * keep;
        }
    }
    float high = fmaxf(mapped[0], fmaxf(mapped[1], mapped[2]));
    if (high > 1) {
        for (int c = 0; c < 3; c++) mapped[c] /= high;
    }
    for (int c = 0; c < 3; c++) out[c] = m->encode[clamp_index(sqrtf(mapped[c] > 0 ? mapped[c] : 0))];
}

static inline uint8_t to_byte(float value) {
    int v = (int)(value + 0.5f);
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

void vp_tone_map_420(const vp_tone_map *m,
                     const uint16_t *y_plane, ptrdiff_t y_pitch,
                     const uint16_t *u_plane, ptrdiff_t u_pitch,
                     const uint16_t *v_plane, ptrdiff_t v_pitch,
                     uint8_t *y_out, ptrdiff_t y_out_pitch,
                     uint8_t *u_out, ptrdiff_t u_out_pitch,
                     uint8_t *v_out, ptrdiff_t v_out_pitch,
                     int width, int height) {
    const float ky = m->output_luma[0], kg = m->output_luma[1], kb = m->output_luma[2];
    const float cb_scale = 224.0f / (2.0f * (1.0f - kb)), cr_scale = 224.0f / (2.0f * (1.0f - ky));
    for (int cy = 0; cy < (height + 1) / 2; cy++) {
        const uint16_t *u_row = u_plane + cy * u_pitch, *v_row = v_plane + cy * v_pitch;
        int rows[2] = {2 * cy, 2 * cy + 1 < height ? 2 * cy + 1 : 2 * cy};
        for (int cx = 0; cx < (width + 1) / 2; cx++) {
            float cb = ((float)u_row[cx] - m->chroma_offset) * m->chroma_scale;
            float cr = ((float)v_row[cx] - m->chroma_offset) * m->chroma_scale;
            int columns[2] = {2 * cx, 2 * cx + 1 < width ? 2 * cx + 1 : 2 * cx};
            float sum[3] = {0, 0, 0};
            for (int r = 0; r < 2; r++) {
                const uint16_t *y_row = y_plane + rows[r] * y_pitch;
                uint8_t *out_row = y_out + rows[r] * y_out_pitch;
                for (int c = 0; c < 2; c++) {
                    float y = ((float)y_row[columns[c]] - m->luma_offset) * m->luma_scale;
                    float rgb[3];
                    map_pixel(m, y, cb, cr, rgb);
                    out_row[columns[c]] = to_byte(16.0f + 219.0f * (ky * rgb[0] + kg * rgb[1] + kb * rgb[2]));
                    sum[0] += rgb[0];
                    sum[1] += rgb[1];
                    sum[2] += rgb[2];
                }
            }
            float r = sum[0] * 0.25f, g = sum[1] * 0.25f, b = sum[2] * 0.25f;
            float luma = ky * r + kg * g + kb * b;
            u_out[cy * u_out_pitch + cx] = to_byte(128.0f + cb_scale * (b - luma));
            v_out[cy * v_out_pitch + cx] = to_byte(128.0f + cr_scale * (r - luma));
        }
    }
}
