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

#endif
