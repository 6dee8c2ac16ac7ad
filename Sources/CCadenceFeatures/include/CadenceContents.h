// The contents sampler's affine lanes in AVX2, one call a span: the bilinear sample of one
// level under an affine map, blended straight onto the surface (`ContentsSampler.affineLanes`
// in ContentsSampler+Lanes.swift, its reference twin; the same bytes), with the texels
// fetched by hardware gathers instead of 32 scalar loads a group.
#ifndef CADENCE_CONTENTS_H
#define CADENCE_CONTENTS_H

#include <stddef.h>
#include <stdint.h>

/// One level of an image under an affine map, as `ContentsSampler.affineLanes` reads them.
typedef struct cadence_contents_affine {
    /// Texel (0, 0) of the level: premultiplied RGBA8, `stride` bytes a row (the byte
    /// offsets of texels are 32-bit, as in the Swift lanes).
    const uint8_t *texels;
    int32_t stride;
    /// The level's last column and row.
    int32_t maxX, maxY;
    /// Image coordinates to the level's (2⁻ᵏ).
    float scale;
    /// Pixel centre `(px, py)` to image coordinates: `x = ax·px + bx·py + cx`,
    /// `y = ay·px + by·py + cy` (`ContentsSampler.Affine`).
    double ax, bx, cx, ay, by, cy;
    /// The image coordinates' clamps (NaN to the low bound).
    float loX, hiX, loY, hiY;
} cadence_contents_affine;

/// Whether `cadence_contents_affine_blend` may be called: the CPU has AVX2 (checked at run
/// time, once).
int cadence_contents_affine_available(void);

/// Samples the `count` pixels `x0 ..< x0 + count` of pixel row `y` bilinearly in the level
/// of `map` and blends them over the pixels at `dst` (pixel `x0`) with `weights` (one a
/// pixel, 0…1; clamped, NaN as 0), exactly as `ContentsSampler.affineLanes` does: per group
/// of eight pixels from `x0`, the weights quantized (`PixelLanes.quantize`; eight zeros
/// read no texels), the coordinates of the group's first pixel in `double` then lane steps
/// in `float`, clamped, scaled to the level, floored, their fractions as 8-bit weights, the
/// 16-bit bilinear sample rounded once, and `SourceOver.blendSample`. A last group of fewer
/// than eight goes through the stack (the lanes past the span weigh 0 and are not written).
/// Each group also asks for the texels two rows past its bottom ones (above its top ones
/// when the map goes up the image; four prefetches: the rows the next pixel rows read,
/// which may not be in the cache). Needs AVX2
/// (`cadence_contents_affine_available`). Cost per group: four 32-bit gathers of eight
/// texels, four prefetches and about 120 other instructions (the blend's branches included).
void cadence_contents_affine_blend(
    const cadence_contents_affine *map, ptrdiff_t y, ptrdiff_t x0, ptrdiff_t count, const float *weights, uint8_t *dst);

#endif
