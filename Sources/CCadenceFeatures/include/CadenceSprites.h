// The emitter sprite kernel in AVX2: the compositor's `shade` for groups of eight pixels
// (Rasterizer+Sprites.swift), with hardware gathers for the texels, in float lanes (the same
// bytes as the Swift kernel, its reference twin) or in fixed point (within a stated bound of
// them, below).
#ifndef CADENCE_SPRITES_H
#define CADENCE_SPRITES_H

#include <stddef.h>
#include <stdint.h>

/// One particle as the kernel reads it: its mip level's texels, its 2 × 2 map and
/// anti-aliasing scales, its image's half extent, its tint and its blend. Every field is
/// the value the Swift kernel computes with, in the same type.
typedef struct cadence_sprite {
    /// Texel (0, 0) of the level: premultiplied RGBA8, `stride` bytes a row.
    const uint8_t *texels;
    int32_t stride;
    /// The level's last column and row.
    int32_t maxX, maxY;
    /// Image coordinates to the level's (2⁻ᵏ).
    float scale;
    /// Layer coordinates `u = dx·ux + dy·uy`, `v = dx·vx + dy·vy` from the pixel centre's
    /// offset `(dx, dy)` from the particle's centre.
    float ux, uy, vx, vy;
    /// Pixels per layer unit along u and along v (the slabs' anti-aliasing scales).
    float ppu, ppv;
    /// Half the image's width and height, in layer units.
    float halfWidth, halfHeight;
    /// The particle's centre's x in pixels.
    double centerX;
    /// The tint in 1/256ths (256: none), red, green, blue, alpha.
    uint16_t tint[4];
    /// Nonzero when the tint is not 256 everywhere; when the particles are added, not blended.
    int32_t tinted, additive;
    /// Every weight's factor (the item's opacity).
    float opacity;
    /// The level's bilinear quads (`cadence_sprite_run_draw`'s table: a pixel's four texels
    /// in one 16-byte load), 256 bytes a row whatever the level's width; null: the texels
    /// are gathered.
    const uint8_t *quads;
    /// Nonzero: `quads` is a gray table (the level's texels all gray: one channel, 4 bytes
    /// a quad, 64 a row).
    int32_t gray;
    /// Nonzero: no sample of the particle can be opaque (its level's largest alpha, tinted,
    /// is under 255), so each group is blended by `over` with no test for the opaque or
    /// full-weight shortcuts (`over` gives their bytes: CadenceSprites.c, `blend_over_halves`).
    int32_t translucent;
    /// Nonzero: no sample's colour can exceed its alpha (a gray level whose tint's colour is
    /// at most its alpha), so the colour is not held to the alpha.
    int32_t colourWithinAlpha;
} cadence_sprite;

/// Whether `cadence_sprite_run_draw` may be called: the CPU has AVX2 (checked at run time, once).
int cadence_sprite_draw_available(void);

/// Where one particle is drawn: the canvas, the pixels it may touch, and its two slabs,
/// from which each row's support is solved (`Rasterizer.Slab` and `support` in
/// Rasterizer+Sprites.swift, the same `double` operations in the same order).
typedef struct cadence_sprite_rows {
    /// The canvas: the address of pixel (`originX`, `originY`), `stride` bytes a row, rows
    /// ending at column `rowEnd` (at least eight pixels after `originX`).
    uint8_t *base;
    ptrdiff_t stride, originX, originY, rowEnd;
    /// The pixels the particle may touch: columns `minX ..< maxX`, rows `minY ..< maxY`.
    ptrdiff_t minX, minY, maxX, maxY;
    /// The particle's centre's y in pixels.
    double centerY;
    /// Per slab (u, then v): 1 / its gradient along a row (not finite: none), its gradient
    /// across rows, and its half extent (half the image plus the anti-aliasing reach).
    double reciprocal[2], across[2], limit[2];
    /// Nonzero: every row by the float kernel (the Swift kernel's twin, the same bytes);
    /// zero: rows by the fixed-point kernel where its ranges hold (see the per-particle
    /// drawing below).
    int32_t floatRows;
    /// Nonzero: rows in fixed point drawn whole, no half groups (`cadence_sprite_run`).
    int32_t wholeRows;
} cadence_sprite_rows;

/// How `cadence_sprite_run_draw` draws one particle (`sprite`, `rows`; no longer a call of
/// its own since the run draws them all): for each row of `rows`, its support (the pixels whose centres lie
/// within the slabs' limits; every other pixel has coverage exactly 0) in groups of eight —
/// the Swift kernel's `support` and `wholeGroups` loop with `shade` (rows in fixed point
/// four pixels at a time, two such halves a group: "Half groups" below). Groups that would
/// pass `rowEnd` are moved left; pixels outside the support get weight 0, which leaves them
/// unchanged. Needs AVX2 (`cadence_sprite_draw_available`).
///
/// **Two forms.** With `floatRows` set every row is drawn in float lanes, byte for byte the
/// Swift kernel. Otherwise a row is drawn in fixed point when its support is at most 32
/// pixels, the level at most 256 texels a side, the map's steps at most 16 texels (and
/// pixels of slab distance) a pixel, the slabs' half extents and the row's first values
/// within 2¹⁰, and the opacity within 0…1 (else in float lanes): each pixel's texel
/// coordinates and slab distances are the row's first pixel's (from doubles, rounded to
/// Q16, 2⁻¹⁷) plus at most 39 steps (each rounded to Q16), so within 40·2⁻¹⁷ of exact, and
/// the float lanes' own rounding at these magnitudes is under 2⁻¹²: the two forms'
/// coordinates differ by less than 2⁻¹⁰ of a texel, their slab distances by less than 2⁻¹⁰
/// of a pixel.
///
/// **Bound against the float lanes: at most 5 of 255 per channel**, derived so: the 8-bit
/// bilinear fractions (1/256 steps) then differ by at most one step an axis, which moves
/// the exact bilinear value by at most 255/256 an axis; the sample is that value rounded
/// once (after a truncation under 1/256), so a sample channel differs by at most 2, and so
/// after the tint (`⌊(c·t + 128)/256⌋`, t ≤ 256). A slab's coverage `sat(h − |p|) +
/// sat(h + |p|) − 1` moves by at most the distance's change (the terms move oppositely
/// while neither is clamped), so the coverage product moves by under 2·2⁻¹⁰ plus the Q15
/// roundings, about 0.53 of a weight step: a weight `q` (0…255) differs by at most 1. The blend `s·q/255 + d·(1 − α·q/255²)`, rounded once,
/// moves by at most 2·q/255 (colour) + 2·d·q/255² (alpha) + 1 (weight) ≤ 5; the additive
/// blend by at most 3. Measured over the 48 random frames of `RasterizerSpritesTests` (which
/// hold the bound): at most 2, 389 of 407,580 channels differing at all. Against the Swift
/// reference `shade` the same bound holds, the float lanes being its bytes.
///
/// **Cost**: a group's weights and coordinates in about half the vector operations of the
/// float lanes (integer adds, shifts, clamps and four 32-bit multiplies; no float rounding
/// tricks); the sample and the blend are the same. The supports and the rows' first values
/// are solved four rows at a time, in the lanes of `double` vectors (each lane the one-row
/// operations, so the same values).

/// One mip level of a cell's image as the kernel reads it (`cadence_sprite`'s first fields).
typedef struct cadence_sprite_level {
    const uint8_t *texels;
    int32_t stride, maxX, maxY;
    float scale;
} cadence_sprite_level;

/// A run of particles of one cell, from the packed arrays of `RenderList.Sprites`, and what
/// they share: the cell's levels and half extent, the canvas, the region drawn (the band's
/// rectangle within the clip's), the opacity, the blend.
typedef struct cadence_sprite_run {
    const cadence_sprite_level *levels;
    int32_t levelCount;
    float halfWidth, halfHeight;
    /// Per particle (`count` of each, packed): pixel bounds `minX, minY, maxX, maxY` (4);
    /// centre `x, y` in pixels (2); map `ux, uy, vx, vy, ppu, ppv, ·, ·` (8); tint (4);
    /// `cell << 8 | level` (1).
    const int32_t *bounds;
    const double *centers;
    const float *maps;
    const uint16_t *tints;
    const uint32_t *cellLevels;
    ptrdiff_t count;
    /// The canvas, as in `cadence_sprite_rows`.
    uint8_t *base;
    ptrdiff_t stride, originX, originY, rowEnd;
    /// The region drawn: `minX, minY, maxX, maxY`.
    ptrdiff_t region[4];
    float opacity;
    int32_t additive, floatRows;
    /// Nonzero: every texel gathered, no level read through a quad table (the tables'
    /// twin, the same bytes; for tests).
    int32_t gatherTexels;
    /// Nonzero: rows in fixed point drawn row by row, in groups of eight of one row, never
    /// in half groups (the halves' twin, the same bytes; for tests).
    int32_t wholeRows;
    /// Nonzero: gray levels read through colour quad tables like any other, never through
    /// gray tables (the gray tables' twin, the same bytes; for tests).
    int32_t colourTables;
    /// Nonzero: every particle of the run looked at in turn and culled where it is drawn,
    /// its successor's rows prefetched, never the particles meeting the region picked first
    /// (the picking's twin, the same bytes; for tests).
    int32_t everyParticle;
} cadence_sprite_run;

/// **Quad tables.** A level at most 16 texels a side and at least two wide is read through
/// a table built on the stack once a call: for each texel row `r` (−1 … its last) and
/// column pair `j` (texels j and j + 1), the four texels a bilinear sample reads — row `r`
/// and row `r + 1`, each clamped to the level — in 16 bytes. A group's 32 texels are then
/// eight 16-byte loads and eight in-lane unpacks, where the gathers were four 64-bit
/// gathers of four pairs each (a quarter of `draw_row_fixed`'s samples waited on them). The
/// texels are the same, so the bytes are (`gatherTexels` draws without the tables, for
/// the test that compares them). At most 8.5 KB of stack (a 16 × 16 level and its mips, rows 256 bytes apart).
/// A gray level (every texel's four channels equal: a white image premultiplied, the usual
/// particle) gets a gray table instead: one channel of a quad's four texels in 4 bytes, 64
/// a row, one 32-bit gather a group, and one bilinear sample a pixel for all four channels
/// (the same integers as four: `gray_sample`; `colourTables` reads gray levels through
/// colour tables, for the test that compares them).
///
/// **Half groups.** Rows in fixed point are cut into halves of four pixels, and two halves
/// (of one row or of two rows of the particle) make a group: the same pixels with the same
/// operations a lane in fewer groups, as most rows here are narrow (a group of eight was on
/// average two-thirds full; with halves about 0.82 of the groups run). A half's lanes past
/// the row's support weigh 0, as a row's last group's do, and its pixels are stored as 16
/// bytes; so the bytes are those of the rows drawn whole (`wholeRows`, the twin). A row
/// whose last half would pass `rowEnd` is drawn whole.
///
/// **Picking.** A run is drawn once a band of the frame, and most of its particles lie
/// outside the band: the particles that meet the region are picked first, up to 256 at a
/// time, two a step without a branch a particle, and only those go through the loop below;
/// the next one drawn is the one prefetched (`everyParticle`, the twin, looks at every
/// particle in turn: the same particles in the same order, so the same bytes). The picked
/// particles are set up 32 at a time before any of them is drawn (their slabs' reciprocals
/// and limits, their fixed-point constants: the same `double` operations, made in vector
/// lanes), so that those chains of dependent operations overlap from particle to particle,
/// and the data of the particle drawn two after the current one is asked for.
///
/// Draws particles `start ..< end` of `run` (all of the run's cell) in order: for each, the
/// next particle's canvas rows prefetched (a hint), its bounds cut to the region, its level
/// looked up (out of range: not drawn), then drawn as described above with the values
/// `Rasterizer.drawSprite` would pass (its slabs' reciprocals and limits in the same
/// `double` operations). One call a run in place of one a particle. Needs AVX2.
void cadence_sprite_run_draw(const cadence_sprite_run *run, ptrdiff_t start, ptrdiff_t end);

/// For tests: the fixed-point constants the kernel makes for a particle of `run` at `level`
/// with map `map` (`ux, uy, vx, vy, ppu, ppv`), in vector lanes: returns 0 where the
/// particle cannot be drawn in fixed point, else 1 with `q16` (8: the steps `stepX, stepY,
/// stepU, stepV`, the extents `halfU, halfV, maxXs, maxYs`, each `value · 2¹⁶` rounded to
/// nearest), `*opacity` (255·256·opacity, rounded) and `factors` (12: `along`, `across`,
/// `offset`, four each, times 2¹⁶). Their twin is the one-value arithmetic in the test that
/// calls this. Needs AVX2.
int cadence_sprite_fixed_constants(const cadence_sprite_run *run, const cadence_sprite_level *level, const float *map,
                                   int32_t *q16, int32_t *opacity, double *factors);

#endif
