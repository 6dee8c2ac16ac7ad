// The emitter sprite kernel in AVX2: the compositor's `shade` for groups of eight pixels
// (Rasterizer+Sprites.swift), with hardware gathers for the texels. The Swift kernel is its
// reference twin; both give the same bytes.
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
} cadence_sprite;

/// Whether `cadence_sprite_draw` may be called: the CPU has AVX2 (checked at run time, once).
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
} cadence_sprite_rows;

/// Draws one particle: for each row of `rows`, its support (the pixels whose centres lie
/// within the slabs' limits; every other pixel has coverage exactly 0) in groups of eight —
/// exactly the Swift kernel's `support` and `wholeGroups` loop with `shade`. Groups that would
/// pass `rowEnd` are moved left; pixels outside the support get weight 0, which leaves them
/// unchanged. Needs AVX2 (`cadence_sprite_draw_available`).
void cadence_sprite_draw(const cadence_sprite *sprite, const cadence_sprite_rows *rows);

#endif
