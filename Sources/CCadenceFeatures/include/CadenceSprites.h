// The emitter sprite kernel in AVX2: the compositor's `shade` for groups of eight pixels
// (Rasterizer+Sprites.swift), with hardware gathers for the texels. The Swift kernel is its
// reference twin; both give the same bytes.
#ifndef CADENCE_SPRITES_H
#define CADENCE_SPRITES_H

#include <stddef.h>
#include <stdint.h>

/// One particle as the row kernel reads it: its mip level's texels, its 2 × 2 map and
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

/// Whether `cadence_sprite_row` may be called: the CPU has AVX2 (checked at run time, once).
int cadence_sprite_row_available(void);

/// Draws the support `first ..< end` of one row of a particle (`dy`: the row's pixel
/// centre minus the particle's centre, as `Float`) onto the pixels of that row, `pixels`
/// pointing at column `first`; `rowEnd` is the surface's end column (groups of eight that
/// would pass it are moved left; pixels outside `first ..< end` get weight 0, which leaves
/// them unchanged). Exactly the Swift kernel's `wholeGroups` loop and `shade`. Needs AVX2.
void cadence_sprite_row(
    const cadence_sprite *sprite, uint8_t *pixels, ptrdiff_t first, ptrdiff_t end, ptrdiff_t rowEnd, float dy);

#endif
