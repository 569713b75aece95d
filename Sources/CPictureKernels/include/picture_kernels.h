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

/// Paints one colour through an 8-bit coverage mask (a libass glyph bitmap) over 32-bit pixels
/// with straight alpha, bytes B, G, R, A: the "over" operator, so that overlapping masks (a
/// border under its text) add up as they would on the picture. `rgba` is 0xRRGGBBAA with AA
/// the colour's opacity.
void vp_blend_coverage(uint8_t *destination, ptrdiff_t destination_pitch,
                       const uint8_t *coverage, ptrdiff_t coverage_stride,
                       int width, int height, uint32_t rgba);

/// Scales an RGBA picture (bytes R, G, B, A) to `width` x `height` by nearest sample and puts
/// the part `clip_x`, `clip_y`, `clip_width` x `clip_height` of the scaled picture over 32-bit
/// B, G, R, A pixels with straight alpha (`destination` is where the clip's corner goes):
/// bitmap subtitles.
void vp_blend_rgba_scaled(uint8_t *destination, ptrdiff_t destination_pitch,
                          int width, int height, int clip_x, int clip_y, int clip_width, int clip_height,
                          const uint8_t *source, ptrdiff_t source_pitch, int source_width, int source_height);

#endif
