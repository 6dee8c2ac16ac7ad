// An opaque colour filling an unrounded, borderless rectangle seen through an affine map,
// every row of a layer in one call, in AVX2: the row spans, the coverage of the pixels the
// edges cross and the interior's span fill of `Rasterizer.drawOwn` with
// `RoundedRectSampler`'s lanes; and a rounded layer's row pieces (circular corners, border
// ring, translucent paints, opacity), one call a row, or one call for a run of steady rows
// (`cadence_rounded_steady_rows`). That Swift path is the reference twin;
// both give the same bytes.
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
/// blended as `⌊(S·w + D·(255 − w)) / 255⌉`. No pixel outside the support changes: a
/// group of eight (a piece's, or the interior's last when it is shorter than eight) that
/// lies within the row's first `reach` pixels (`reach` ≥ `count`: pixels the caller may read
/// and rewrite unchanged, no other thread writing them meanwhile) is read and stored whole,
/// its other lanes as read; one past it is a masked load and store that touch no other
/// pixel. Needs AVX2.
void cadence_rectangle_draw(const cadence_rectangle *shape, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t reach, ptrdiff_t y0, ptrdiff_t rows);

/// A rounded rectangle's shape as `RoundedRectSampler.Shape` holds it: half extents, corner
/// radius and the corner's reach (equal for a circular corner; radius 0: none), in layer units.
typedef struct cadence_rounded_shape {
    float halfWidth, halfHeight, radius, extent;
} cadence_rounded_shape;

/// A layer's rounded bounds with four circular corners (or none) and optional border ring
/// under an affine map, and its paints, as `Rasterizer.drawOwn` draws them without a clip.
typedef struct cadence_rounded_rect {
    /// The inverse map, pixel to layer plane, as in `cadence_rectangle`.
    double r1x, r1y, r2x, r2y, r3x, r3y;
    /// The map's linear part in `float`: `ux, uy, vx, vy` (`PlaneMap.floatGradients`).
    float gradients[4];
    float pixelsPerU, pixelsPerV;
    /// The outer shape and, when `hasInner`, the border's inner edge.
    cadence_rounded_shape outer, inner;
    int hasInner;
    /// Bit 0: the background `fill` is drawn; bit 1: the border `stroke` (premultiplied
    /// pixel words, `r | g << 8 | b << 16 | a << 24`).
    int paints;
    uint32_t fill, stroke;
    /// The layer's opacity (0…1) and the border's alpha byte over 255.
    float opacity, strokeAlpha;
} cadence_rounded_rect;

/// Draws the two pieces of one row of `shape`'s layer that lie outside the run drawn at
/// one weight: pixels `a ..< runStart` and `runEnd ..< b` of the row whose pixel 0 is `row`
/// (canvas pixel `(x0, y)`), each sampled in groups of eight lanes from its first pixel
/// exactly as `RoundedRectSampler.sampleSpan` samples the coverage and border ring
/// (`float`, the group's first `u`, `v` from `double`), weighted by the opacity as
/// `Rasterizer.scale` and `combine` weight them, quantized and blended with the one- or
/// two-paint kernel's rule (`SourceOver.blend`): the same bytes as the Swift rows. With
/// `keep` 1 the coverage (and ring) is also written to `keptOuter` (`keptRing`) at the
/// pixels' indices; with `keep` 2 it is read from there instead of sampled (a steady row).
/// `reach` (at least `b`): the row's pixels `0 ..< reach` are this call's to read and to write
/// back unchanged; a group of eight that lies within them is read and stored whole, its
/// pixels outside the pieces stored as they were read (the same bytes), and a group past
/// `reach` through masked loads and stores that touch no other pixel. The caller must not
/// let another thread write those pixels during the call (a band's rows are its own).
/// Changes no pixel outside the pieces. Needs AVX2.
void cadence_rounded_row(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                         ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t reach, float *keptOuter,
                         float *keptRing, int keep);

/// `cadence_rounded_row` for a layer under a clip mask (no analytic clip): `mask` is the
/// mask row's byte for pixel 0 of `row`, and a pixel's weight is its byte times `maskScale`
/// (the opacity over 255) in `float`, as `Rasterizer.clipWeights` makes it, in place of the
/// opacity. The run `runStart ..< runEnd` lies in the row's interior `interiorStart ..<
/// interiorEnd` (inside the shape by more than half a pixel; empty: none) or is empty at `b`,
/// and each piece is cut there as `RoundedRectSampler.sample(row:from:pixels:interior:…)`
/// cuts it: lanes from the piece's first pixel up to the interior, the interior's pixels at
/// coverage 1 (border ring 1 without an inner edge, else 0), lanes from the interior's end —
/// the same bytes as the Swift pieces under the mask. The mask is read only at the pieces'
/// pixels. `keep` as in `cadence_rounded_row` (the kept rows hold the lanes' spans). Needs AVX2.
void cadence_rounded_row_masked(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                                ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t interiorStart,
                                ptrdiff_t interiorEnd, const uint8_t *mask, float maskScale, ptrdiff_t reach,
                                float *keptOuter, float *keptRing, int keep);

/// `cadence_rounded_row` (`keep` 2) over `rows` steady rows, the first at `row` (canvas
/// row `y`), the next `stride` bytes apart: rows of the same spans whose coverage is kept
/// in `keptOuter` (`keptRing`). Before each row's pieces, as `Rasterizer.drawOwn` does
/// row by row: the next row's lines under the support `a ..< b` asked for (after the last
/// row only with `prefetchAfter`), and with `fillRun` the run `runStart ..< runEnd` filled
/// with the opaque pixel word `word` (the interior at full weight). The same bytes as
/// those rows drawn one call a row, without the Swift loop's work a row. Needs AVX2.
void cadence_rounded_steady_rows(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t stride, ptrdiff_t rows,
                                 ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a, ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b,
                                 ptrdiff_t reach, float *keptOuter, float *keptRing, int fillRun, uint32_t word,
                                 int prefetchAfter);

#endif
