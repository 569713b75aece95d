#ifndef VPLAY_PICTURE_KERNELS_H
#define VPLAY_PICTURE_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/// Shrinks one 8-bit plane to two thirds both ways by area averaging: every 3x3 block of
/// source pixels becomes 2x2, each output pixel the rounded average of the area it covers
/// (weights 4, 2, 2, 1 over 9). The source is 3/2 of `width` x `height`; both are even.
/// `row` is scratch for one source row (3/2 * `width` values), so nothing is allocated.
void vp_shrink_two_thirds(const uint8_t *source, ptrdiff_t source_pitch,
                          uint8_t *destination, ptrdiff_t destination_pitch,
                          int width, int height, uint16_t *row);

/// Shrinks one 8-bit plane by a whole `factor` (2 or 3) both ways: every factor x factor block
/// of source pixels becomes its rounded average. `row` is scratch for one source row
/// (`factor` * `width` values).
void vp_shrink_by(int factor, const uint8_t *source, ptrdiff_t source_pitch,
                  uint8_t *destination, ptrdiff_t destination_pitch,
                  int width, int height, uint16_t *row);

/// Y'CbCr -> R'G'B' for 8-bit samples in 16.16 fixed point (as swscale keeps it), e.g.
/// R' = (table[Y'] - luma_offset) * luma_scale + cr_to_r * (Cr - 128) + cb_to_r * (Cb - 128) + lift,
/// clamped to 0...255 (G' subtracts its two chroma terms). The picture adjustments live here:
/// contrast scales, saturation and hue turn the chroma coefficients, brightness is the lift
/// and gamma the table; at their defaults the cross terms and the lift are 0 and there is no table.
typedef struct vp_yuv_matrix {
    int32_t luma_offset, luma_scale;
    int32_t cr_to_r, cb_to_g, cr_to_g, cb_to_b;
    /// Hue's cross terms (0 unturned).
    int32_t cb_to_r, cr_to_b;
    /// Added to all three components, in 16.16 levels.
    int32_t lift;
    /// NULL, or 256 codes each Y' is replaced with first. `luma_scale` must stay below 2.0 (the
    /// table takes any further gain).
    const uint8_t *luma_table;
} vp_yuv_matrix;

/// How `vp_draw_420` resizes: not at all, or as `vp_shrink_two_thirds` / `vp_shrink_by` do.
typedef enum vp_shrink { VP_SAME_SIZE, VP_TWO_THIRDS, VP_HALF, VP_THIRD } vp_shrink;

/// Bytes of scratch `vp_draw_420` and `vp_yuv420_to_bgra` need for an output `width`.
size_t vp_draw_420_scratch_size(int width);

/// Converts an 8-bit 4:2:0 picture of any size to 32-bit pixels, bytes B, G, R, A (A = 255):
/// each chroma sample serves its 2x2 pixels (at an odd edge, the ones there are). Writes
/// `width` pixels in each of `height` rows, nothing more. `scratch`: see above.
void vp_yuv420_to_bgra(const vp_yuv_matrix *m,
                       const uint8_t *y_plane, ptrdiff_t y_pitch,
                       const uint8_t *u_plane, ptrdiff_t u_pitch,
                       const uint8_t *v_plane, ptrdiff_t v_pitch,
                       uint8_t *destination, ptrdiff_t destination_pitch,
                       int width, int height, void *scratch);

/// `vp_yuv420_to_bgra` of the picture shrunk by `shrink` to `width` x `height` (the sizes the
/// shrink kernels take: both even, multiples of 4 for two thirds), without the shrunk planes
/// ever leaving the cache.
void vp_draw_420(const vp_yuv_matrix *m, vp_shrink shrink,
                 const uint8_t *y_plane, ptrdiff_t y_pitch,
                 const uint8_t *u_plane, ptrdiff_t u_pitch,
                 const uint8_t *v_plane, ptrdiff_t v_pitch,
                 uint8_t *destination, ptrdiff_t destination_pitch,
                 int width, int height, void *scratch);

/// Entries in each of `vp_tone_map`'s tables.
#define VP_TONE_MAP_TABLE 4096

/// How `vp_tone_map_420` turns HDR Y'CbCr into SDR BT.709 Y'CbCr. The tables are made by the
/// caller (VPlayCore's `ToneMapTables`); each has `VP_TONE_MAP_TABLE` entries.
typedef struct vp_tone_map {
    /// Non-linear signal 0...1 (index = signal * (TABLE - 1)) -> linear light, 1 = reference
    /// white (PQ) or scene light 0...1 (HLG).
    const float *linear;
    /// HLG only (else NULL): sqrt(scene luminance) -> the OOTF's gain, to display light with
    /// 1 = reference white.
    const float *ootf;
    /// sqrt(largest component * tone_index_scale) -> tone-mapped / original.
    const float *tone;
    float tone_index_scale;
    /// sqrt(linear 0...1) -> display-encoded 0...1.
    const float *encode;
    /// Normalised source luma of a neutral grey -> its encoded output luma
    /// (`vp_tone_map_fill_neutral` makes it from the others).
    const float *neutral;
    /// Source linear RGB -> BT.709 linear RGB, row by row.
    float gamut[9];
    /// Luminance weights of the source (for HLG's OOTF) and of BT.709 (output).
    float source_luma[3];
    float output_luma[3];
    /// Source codes -> normalised Y' (0...1) and Cb, Cr (-0.5...0.5).
    float luma_offset, luma_scale, chroma_offset, chroma_scale;
    /// The source matrix's Y'CbCr -> R'G'B' coefficients.
    float cr_to_r, cb_to_g, cr_to_g, cb_to_b;
} vp_tone_map;

/// Fills `neutral` (VP_TONE_MAP_TABLE entries) from `m`'s other tables.
void vp_tone_map_fill_neutral(const vp_tone_map *m, float *neutral);

/// Tone-maps a 4:2:0 picture of 16-bit samples (any depth up to 16, as `m` was made for) into
/// 8-bit limited-range BT.709 4:2:0 planes of the same size. Pitches count samples, not bytes.
/// The colour is worked out once per 2x2 block; each pixel's luma follows its own.
void vp_tone_map_420(const vp_tone_map *m,
                     const uint16_t *y_plane, ptrdiff_t y_pitch,
                     const uint16_t *u_plane, ptrdiff_t u_pitch,
                     const uint16_t *v_plane, ptrdiff_t v_pitch,
                     uint8_t *y_out, ptrdiff_t y_out_pitch,
                     uint8_t *u_out, ptrdiff_t u_out_pitch,
                     uint8_t *v_out, ptrdiff_t v_out_pitch,
                     int width, int height);

/// Paints one colour through an 8-bit coverage mask (a libass glyph bitmap) over 32-bit pixels
/// with straight alpha, bytes B, G, R, A: the "over" operator, so that overlapping masks (a
/// border under its text) add up as they would on the picture. `rgba` is 0xRRGGBBAA with AA
/// the colour's opacity.
void vp_blend_coverage(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *coverage, ptrdiff_t coverage_stride,
                       int width, int height, uint32_t rgba);

/// Puts a layer of 32-bit B, G, R, A pixels with straight alpha over opaque 32-bit B, G, R, X
/// pixels (the window's): what the renderer's alpha blending does, for the subtitle layers
/// the software path puts straight into the window.
void vp_composite_bgra(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *layer, ptrdiff_t layer_pitch, int width, int height);

/// Scales an RGBA picture (bytes R, G, B, A) to `width` x `height` by nearest sample and puts
/// the part `clip_x`, `clip_y`, `clip_width` x `clip_height` of the scaled picture over 32-bit
/// B, G, R, A pixels with straight alpha (`destination` is where the clip's corner goes):
/// bitmap subtitles.
void vp_blend_rgba_scaled(uint8_t *destination, ptrdiff_t destination_pitch,
                          int width, int height, int clip_x, int clip_y, int clip_width, int clip_height,
                          const uint8_t *source, ptrdiff_t source_pitch, int source_width, int source_height);

#endif
