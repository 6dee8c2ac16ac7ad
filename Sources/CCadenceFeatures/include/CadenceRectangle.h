// An opaque colour filling an unrounded, borderless rectangle seen through an affine map,
// every row of a layer in one call, in AVX2: the row spans, the coverage of the pixels the
// edges cross and the interior's span fill of `Rasterizer.drawOwn` with
// `RoundedRectSampler`'s lanes. That Swift path is the reference twin; both give the same
// bytes.
#ifndef CADENCE_RECTANGLE_H
#define CADENCE_RECTANGLE_H

#include <stddef.h>
#include <stdint.h>

/// A rectangle centred on the origin of its layer's plane, as `RoundedRectSampler` holds
/// it for one without rounded corners or border, in the precisions its row spans
/// (`double`) and its lanes (`float`) use.
typedef struct cadence_rectangle {
    /// The inverse map, pixel to layer plane (affine, `w = 1`):
    /// `u = r1x·x + r2x·y + r3x`, `v = r1y·x + r2y·y + r3y`.
    double r1x, r1y, r2x, r2y, r3x, r3y;
    /// `1 / r1x` and `1 / r1y` (not read where the step is 0).
    double inverseStepU, inverseStepV;
    /// The row support's bounds on `|u|` and `|v|` (the half extents grown by a little over
    /// half a pixel) and the interior's (shrunk by a little over half a pixel).
    double supportU, supportV, interiorU, interiorV;
    /// The lanes' half extents, pixels per layer unit across the u and v edges, and steps of
    /// `u` and `v` per pixel along a row.
    float halfWidth, halfHeight, pixelsPerU, pixelsPerV, stepU, stepV;
} cadence_rectangle;

/// Whether `cadence_rectangle_draw` may be called: the CPU has AVX2 (checked at run time,
/// once).
int cadence_rectangle_avx2_available(void);

/// Draws the opaque premultiplied pixel `word` (`r | g << 8 | b << 16 | 255 << 24`) over
/// the `rows` rows of `count` pixels at `pixels` (pixel `(x0, y0)` of the canvas; rows
/// `stride` bytes apart), weighted by the coverage of `shape`, exactly as
/// `Rasterizer.drawOwn` draws an opaque background at full weight there. Per row: the
/// support (pixels whose centre lies within `supportU`, `supportV` of the centre on both
/// axes) and the interior (within `interiorU`, `interiorV`: coverage 1), as
/// `RoundedRectSampler.spans` solves them; the interior stored as the paint; the pixels of
/// the support before it and after it sampled in groups of eight lanes from the first pixel
/// of each piece (the per-axis slab coverage `max(0, sat(½ + (h − |u|)·s) + sat(½ + (h +
/// |u|)·s) − 1)`, the product of the two axes, in `float`, each lane's `u` the group's
/// first `u` rounded to `float` plus the lane times the step), quantized to 8 bits and
/// blended as `⌊(S·w + D·(255 − w)) / 255⌉`. No pixel outside the support is read or
/// written. Needs AVX2.
void cadence_rectangle_draw(const cadence_rectangle *shape, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t y0, ptrdiff_t rows);

#endif
