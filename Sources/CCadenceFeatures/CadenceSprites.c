// The emitter sprite kernel in AVX2 (CadenceSprites.h), in two forms.
//
// Float lanes (`draw_row`, `shade`): each step is the Swift kernel's
// (`Rasterizer.drawSprite`'s `support` and `shade`, `SourceOver.blendSample`/`addSample`,
// `PixelLanes`, `ContentsSampler`'s lane helpers), operation for operation in the same
// types, so the bytes are the same: floats are never contracted into fused multiply-adds
// (the pragma), every min/max is written with the operand order whose NaN and tie rule is
// the Swift select's, and the integer steps are the same 16- and 32-bit wrapping lanes. What
// differs is how: the texels of a group come from hardware gathers (two 64-bit gathers of
// texel pairs a texel row) instead of scalar loads and their shuffles or, for levels up to
// 16 texels a side, from the run's quad tables (a pixel's four texels in one 16-byte load).
//
// Fixed point (`draw_row_fixed`, `shade_fixed`), what `sprite_draw` uses where its
// ranges hold: the pixels' texel coordinates and slab distances in Q16 integer lanes, each
// the row's first pixel's value plus whole steps, and the coverage in Q15 — no float and no
// floor in a group — then the same sample and blend. Its bound against the float lanes is
// derived in CadenceSprites.h (the per-particle drawing of `cadence_sprite_run_draw`). Its
// rows are cut into halves of four pixels, two a group (`fixed_span`, `draw_halves`), the
// same bytes as rows drawn whole (`draw_row_fixed`, the twin).
//
// Plain particles: the usual particle is a white image (a gray level), tinted, fading, blended
// and at least a pixel across; `draw_halves` draws such a particle's groups by a copy of the
// loop compiled for it (`plain`), without the tests its groups would otherwise make each time
// (the level's kind, the blend's shortcuts, the clamp of the colour to the alpha, the slabs'
// narrow case, whether to tint — a plain particle is always tinted, a tint of 256 changing no
// byte — and the texel row's lower clamp, rows being ≥ −1 by `fixed_setup`'s bounds), each of
// which gives the same bytes there. The Swift kernel and the colour
// tables are its twins (`RasterizerSpritesTests`).
//
// Pipelined groups: `draw_halves` samples a group, then blends the one sampled before it, so
// that one group's blend runs beside the next group's sample instead of waiting on its own;
// a plain particle's last group is carried to the next plain particle's call
// (`halves_carry`) and blended after that call's first sample, or by `carry_flush` before
// anything else touches the canvas (a non-plain call, a whole row, the run's end). The
// groups' pixels reach the canvas in the order they had without the pipeline, so the bytes
// are the same.
#include "CadenceSprites.h"
#include "CadenceCPU.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#pragma clang fp contract(off)

#define CADENCE_AVX2 __attribute__((target("avx2")))
#include "CadencePixelLanes.h"
#include "CadenceBilinear.h"

int cadence_sprite_draw_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2); }

/// A group's eight pixels: pixels 0–3 at `low` and 4–7 at `high`, 16 bytes each (`high` is
/// `low + 16` for eight pixels of a row; see `fixed_span` for the other cases).
CADENCE_AVX2_INLINE __m256i load_group(const uint8_t *low, const uint8_t *high) {
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)low)), _mm_loadu_si128((const __m128i *)high), 1);
}

/// Stores `pixels` as `load_group` reads them: the high half first, so that where `high` is
/// `low` (a lone half, its high lanes the pixels as read) the low half's pixels are the ones kept.
CADENCE_AVX2_INLINE void store_group(__m256i pixels, uint8_t *low, uint8_t *high) {
    _mm_storeu_si128((__m128i *)high, _mm256_extracti128_si256(pixels, 1));
    _mm_storeu_si128((__m128i *)low, _mm256_castsi256_si128(pixels));
}

/// `SourceOver.blendSample` into a group's two halves (`load_group`); `blend_sample`
/// (CadenceBilinear.h) is the same for eight pixels in a row.
CADENCE_AVX2_INLINE void blend_sample_halves(__m256i sl, __m256i sh, __m256i q, uint8_t *low, uint8_t *high) {
    const blend_source b = sample_source(sl, sh, q);
    if (b.full && b.opaque) {
        store_group(pack_pixels(b.s0, b.s1), low, high);
        return;
    }
    store_group(blended(b.s0, b.s1, b.alpha, spread(q), b.opaque, b.full, load_group(low, high)), low, high);
}

/// `blend_sample_halves` for a particle none of whose samples is opaque (`translucent`):
/// `over` alone, with no test of the weights or the alphas. Its bytes are `blended`'s in
/// each case it no longer tests for: at full weight `over` is `overFullWeight`, for an opaque
/// source `lerp`, and for both the source itself (every colour at most its alpha, every
/// alpha, weight and destination byte checked: 25,133,056 cases, none differs). `clamped`:
/// the colour lanes are already at most the alpha (`colourWithinAlpha`), so not held to it.
CADENCE_AVX2_INLINE void blend_over_halves(__m256i sl, __m256i sh, __m256i q, int clamped, uint8_t *low, uint8_t *high) {
    const __m256i alpha = spread(_mm256_srli_epi32(sh, 16));
    const __m256i s0 = clamped ? sl : _mm256_min_epu16(sl, alpha), s1 = clamped ? sh : _mm256_min_epu16(sh, alpha);
    const __m256i w = spread_shifted(q, 0), a = _mm256_mullo_epi16(alpha, w);
    const __m256i raw = load_group(low, high);
    store_group(pack_pixels(over(_mm256_mullo_epi16(s0, w), a, low_bytes(raw)),
                            over(_mm256_mullo_epi16(s1, w), a, _mm256_srli_epi16(raw, 8))),
                low, high);
}

/// `SourceOver.addSample`.
CADENCE_AVX2_INLINE void add_sample(__m256i sl, __m256i sh, __m256i q, uint8_t *low, uint8_t *high) {
    const __m256i alpha = spread(_mm256_srli_epi32(sh, 16));
    const __m256i w = spread(q);
    const __m256i s0 = _mm256_min_epu16(sl, alpha), s1 = _mm256_min_epu16(sh, alpha);
    const __m256i raw = load_group(low, high);
    const __m256i dl = low_bytes(raw), dh = _mm256_srli_epi16(raw, 8);
    const __m256i lo = _mm256_add_epi16(dl, divide_round(_mm256_mullo_epi16(s0, w)));
    const __m256i hi = _mm256_add_epi16(dh, divide_round(_mm256_mullo_epi16(s1, w)));
    const __m256i c255 = _mm256_set1_epi16(255);
    store_group(pack_pixels(_mm256_min_epu16(lo, c255), _mm256_min_epu16(hi, c255)), low, high);
}

/// A quad table's rows are 2⁸ = 256 bytes apart (16 quads of 16 bytes: a level at most 16
/// texels a side has at most 15 pairs a row), so a group finds its row by a shift, not a
/// 32-bit multiply by the level's width.
enum { quad_row_shift = 8 };

/// A gray table's rows are 2⁶ = 64 bytes apart (16 quads of 4 bytes).
enum { gray_row_shift = 6 };

/// The bilinear sample of a gray level (every texel's four channels equal: a white image
/// premultiplied, the usual particle) at eight pixels, one channel a pixel (0…255), spread
/// over both 16-bit halves of its 32-bit lane (`spread`), from `quads`, each pixel's four
/// texels' one channel as the bytes top left, bottom left, top right, bottom right of its
/// lane (the gray table: CadenceSprites.h);
/// `phi` the right texels' weight (`pair_columns`), `fy` the bottom's spread over both
/// 16-bit lanes. It is `bilinear_mix`'s value of every channel, by the same integers: the
/// two columns' vertical steps side by side in a pixel's 16-bit lanes, then the horizontal
/// step's two partial sums (high bytes, low bytes) each one `madd` of the two columns
/// (every product at most 255 · 256, so the signed multiply is exact), and its one
/// rounding, `(high + ⌊low / 256⌋ + 128) / 256` (at most 65,408 before the division, as in
/// the 16-bit lanes, so no wrap there either). Below 2¹⁶, that sum's quotient by 256 is its
/// byte 1, which one byte shuffle both takes and spreads (`spread_shifted`).
CADENCE_AVX2_INLINE __m256i gray_sample(__m256i quads, __m256i phi, __m256i fy) {
    const __m256i bytes = _mm256_set1_epi16(0xFF);
    const __m256i v = vertical(_mm256_and_si256(quads, bytes), _mm256_srli_epi16(quads, 8), fy);
    const __m256i weights = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(256), phi), _mm256_slli_epi32(phi, 16));
    const __m256i high = _mm256_madd_epi16(_mm256_srli_epi16(v, 8), weights);
    const __m256i low = _mm256_madd_epi16(_mm256_and_si256(v, bytes), weights);
    return spread_shifted(_mm256_add_epi32(_mm256_add_epi32(high, _mm256_srli_epi32(low, 8)), _mm256_set1_epi32(128)), 1);
}

/// The four texels of each of eight pixels from a level's quad table (CadenceSprites.h), at
/// byte `offsets`: eight 16-byte loads (pixels i and i + 4 in the two halves of one vector),
/// then a 4 × 4 transpose in each half, so that each result holds one corner of the
/// pixels in order.
CADENCE_AVX2_INLINE void load_quads(
    const uint8_t *quads, __m256i offsets, __m256i *topLeft, __m256i *topRight, __m256i *bottomLeft,
    __m256i *bottomRight) {
    const __m128i low = _mm256_castsi256_si128(offsets), high = _mm256_extracti128_si256(offsets, 1);
#define CADENCE_QUAD(half, i) _mm_loadu_si128((const __m128i *)(quads + (uint32_t)_mm_extract_epi32(half, i)))
#define CADENCE_QUADS(i) _mm256_inserti128_si256(_mm256_castsi128_si256(CADENCE_QUAD(low, i)), CADENCE_QUAD(high, i), 1)
    const __m256i a = CADENCE_QUADS(0), b = CADENCE_QUADS(1), c = CADENCE_QUADS(2), d = CADENCE_QUADS(3);
#undef CADENCE_QUADS
#undef CADENCE_QUAD
    const __m256i abTop = _mm256_unpacklo_epi32(a, b), abBottom = _mm256_unpackhi_epi32(a, b);
    const __m256i cdTop = _mm256_unpacklo_epi32(c, d), cdBottom = _mm256_unpackhi_epi32(c, d);
    *topLeft = _mm256_unpacklo_epi64(abTop, cdTop), *topRight = _mm256_unpackhi_epi64(abTop, cdTop);
    *bottomLeft = _mm256_unpacklo_epi64(abBottom, cdBottom), *bottomRight = _mm256_unpackhi_epi64(abBottom, cdBottom);
}

/// A group's sample once its weights are known: the bilinear sample at texel column `xi` +
/// φx/256 and row `yi` + φy/256 (φ in 0…256; `fy` is φy spread to both 16-bit lanes), then
/// the tint, as byte lanes in `*loOut` and `*hiOut`; `blend_texels` blends it. Both kernels
/// sample here. `plain` (a constant of the caller's): the particle is known plain
/// (`draw_halves`), so its tests are left out.
CADENCE_AVX2_INLINE void sample_texels(
    const cadence_sprite *s, __m256i xi, __m256i yi, __m256i fx0, __m256i fy, int plain, __m256i *loOut, __m256i *hiOut) {
    __m256i lo, hi;
    if (plain || (s->quads && s->gray)) {
        // A gray level (`gray_sample`): one channel, its value in all four. Quad row r + 1
        // holds texel rows r and r + 1 (r from −1). `plain`: `yi` is at least −1 already
        // (`sample_fixed`'s clamp), so only the upper clamp is made, and the + 1 is in the
        // table's address, one row on: the same bytes are read.
        __m256i j, phi;
        pair_columns(xi, fx0, s->maxX, &j, &phi);
        const __m256i maxY = _mm256_set1_epi32(s->maxY);
        const __m256i r = plain ? _mm256_min_epi32(yi, maxY) : clampi(yi, _mm256_set1_epi32(-1), maxY);
        const int *table = (const int *)(s->quads + ((size_t)1 << gray_row_shift));
        const __m256i at = _mm256_add_epi32(_mm256_slli_epi32(r, gray_row_shift), j);
        lo = hi = gray_sample(_mm256_i32gather_epi32(table, at, 1), phi, fy);
    } else if (s->quads) {
        // A level with a quad table is at least two texels wide: the texel pairs of
        // `bilinear_gathered`, four of a pixel in one load. Rows above −1 or past the last
        // read what those rows read: both clamped rows.
        __m256i j, phi, topLeft, topRight, bottomLeft, bottomRight;
        pair_columns(xi, fx0, s->maxX, &j, &phi);
        const __m256i r = _mm256_add_epi32(clampi(yi, _mm256_set1_epi32(-1), _mm256_set1_epi32(s->maxY)), _mm256_set1_epi32(1));
        const __m256i at = _mm256_add_epi32(_mm256_slli_epi32(r, quad_row_shift), _mm256_slli_epi32(j, 2));
        load_quads(s->quads, at, &topLeft, &topRight, &bottomLeft, &bottomRight);
        bilinear_mix(topLeft, topRight, bottomLeft, bottomRight, spread(phi), fy, &lo, &hi);
    } else {
        bilinear_gathered(s->texels, s->stride, s->maxX, s->maxY, xi, yi, fx0, fy, 1, 0, 0, &lo, &hi);
    }
    // `plain`: tinted whether or not `tinted` (a tint of 256 leaves a byte as it is: ⌊(256·c +
    // 128)/256⌋ = c), so that its groups have no branch here.
    if (plain || s->tinted) {
        const __m256i tintLo = _mm256_set1_epi32((int)((uint32_t)s->tint[0] | (uint32_t)s->tint[2] << 16));
        const __m256i tintHi = _mm256_set1_epi32((int)((uint32_t)s->tint[1] | (uint32_t)s->tint[3] << 16));
        const __m256i c128 = _mm256_set1_epi16(128);
        lo = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(lo, tintLo), c128), 8);
        hi = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(hi, tintHi), c128), 8);
    }
    *loOut = lo, *hiOut = hi;
}

/// The blend of a group's tinted sample `lo`, `hi` (`sample_texels`) at weights `q` into the
/// pixels at `low` and `high` (`load_group`); `plain` as in `sample_texels`.
CADENCE_AVX2_INLINE void blend_texels(
    const cadence_sprite *s, __m256i lo, __m256i hi, __m256i q, uint8_t *low, uint8_t *high, int plain) {
    if (plain) {
        blend_over_halves(lo, hi, q, 1, low, high);
    } else if (s->additive) {
        add_sample(lo, hi, q, low, high);
    } else if (s->translucent) {
        blend_over_halves(lo, hi, q, s->colourWithinAlpha, low, high);
    } else {
        blend_sample_halves(lo, hi, q, low, high);
    }
}

/// Eight pixels at `px` (column `x`), each weighted by its coverage times `factor`.
CADENCE_AVX2_INLINE void shade(const cadence_sprite *s, uint8_t *px, ptrdiff_t x, float dy, __m256 factor) {
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 dx = _mm256_add_ps(_mm256_set1_ps((float)((double)x + 0.5 - s->centerX)), lanes);
    const __m256 u = _mm256_add_ps(_mm256_mul_ps(dx, _mm256_set1_ps(s->ux)), _mm256_set1_ps(dy * s->uy));
    const __m256 v = _mm256_add_ps(_mm256_mul_ps(dx, _mm256_set1_ps(s->vx)), _mm256_set1_ps(dy * s->vy));
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    const __m256 au = _mm256_and_ps(u, magnitude), av = _mm256_and_ps(v, magnitude);
    const __m256 hw = _mm256_set1_ps(s->halfWidth), hh = _mm256_set1_ps(s->halfHeight);
    const __m256 ppu = _mm256_set1_ps(s->ppu), ppv = _mm256_set1_ps(s->ppv);
    const __m256 half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1), zero = _mm256_setzero_ps();
    const __m256 nu = _mm256_sub_ps(
        _mm256_add_ps(saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_sub_ps(hw, au), ppu))),
                      saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_add_ps(hw, au), ppu)))),
        one);
    const __m256 nv = _mm256_sub_ps(
        _mm256_add_ps(saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_sub_ps(hh, av), ppv))),
                      saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_add_ps(hh, av), ppv)))),
        one);
    // `n < 0 ? 0 : n` is `max(0, n)` with 0 first (NaN kept, as the Swift select keeps it).
    const __m256 coverage = _mm256_mul_ps(_mm256_max_ps(zero, nu), _mm256_max_ps(zero, nv));
    const __m256i q = quantize(_mm256_mul_ps(coverage, factor));
    if (_mm256_testz_si256(q, q)) return;

    const __m256 ix = clampf(_mm256_add_ps(u, hw), zero, _mm256_set1_ps(2 * s->halfWidth));
    const __m256 iy = clampf(_mm256_add_ps(v, hh), zero, _mm256_set1_ps(2 * s->halfHeight));
    const __m256 scale = _mm256_set1_ps(s->scale);
    const __m256 xs = _mm256_sub_ps(_mm256_mul_ps(ix, scale), half);
    const __m256 ys = _mm256_sub_ps(_mm256_mul_ps(iy, scale), half);
    __m256 xf, yf;
    const __m256i xi = floorf8(xs, &xf), yi = floorf8(ys, &yf);
    __m256i lo, hi;
    sample_texels(s, xi, yi, fraction(_mm256_sub_ps(xs, xf)), spread(fraction(_mm256_sub_ps(ys, yf))), 0, &lo, &hi);
    blend_texels(s, lo, hi, q, px, px + 16, 0);
}

/// The lanes of the group at column `x` that are still to draw, `next ..< end`, as all-ones:
/// lane i is inside when 0 ≤ o < end − next, o = x + i − next (the Swift kernel's borrow
/// masks).
CADENCE_AVX2_INLINE __m256i inside(ptrdiff_t x, ptrdiff_t next, ptrdiff_t end) {
    const __m256i offset = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                            _mm256_set1_epi32((int)(uint32_t)(x - next)));
    const __m256i below = _mm256_sub_epi32(offset, _mm256_set1_epi32((int)(uint32_t)(end - next)));
    return _mm256_srai_epi32(_mm256_andnot_si256(offset, below), 31);
}

/// Draws `first ..< end` of one row (`pixels` at column `first`, `dy` the row's pixel centre
/// minus the particle's centre): the Swift kernel's `wholeGroups` loop. Kept out of line, so
/// that the group loop is the code the per-row kernel had: inlined into the loop over rows,
/// the frame measured slower (median of six alternating runs 1.05× the per-row kernel's
/// against 0.96× out of line; no spills in either disassembly, the cause not found).
static __attribute__((noinline, target("avx2"))) void draw_row(
    const cadence_sprite *sprite, uint8_t *pixels, ptrdiff_t first, ptrdiff_t end, ptrdiff_t rowEnd, float dy) {
    const __m256i opacity = _mm256_set1_epi32((int)__builtin_bit_cast(uint32_t, sprite->opacity));
    ptrdiff_t next = first;
    while (next < end) {
        const ptrdiff_t x = next < rowEnd - 8 ? next : rowEnd - 8;
        const __m256 factor = _mm256_castsi256_ps(_mm256_and_si256(opacity, inside(x, next, end)));
        shade(sprite, pixels + 4 * (x - first), x, dy, factor);
        next = x + 8;
    }
}

/// The fixed-point kernel's per-particle constants: every quantity in Q16 (1/65536 of a
/// texel or a pixel), a step being one pixel along a row.
typedef struct fixed_sprite {
    /// Texel column and row steps (`ux·scale`, `vx·scale`) and slab-distance steps in
    /// pixels (`ux·ppu`, `vx·ppv`).
    int32_t stepX, stepY, stepU, stepV;
    /// The slabs' `hw·ppu + ½` and `hh·ppv + ½`: a pixel's coverage along u is
    /// `sat(halfU − |U|) + sat(halfU + |U|) − 1` at slab distance `U`.
    int32_t halfU, halfV;
    /// The texel coordinates' clamps (`ix` in 0…2·hw is `X` in −½…2·hw·scale − ½).
    int32_t maxXs, maxYs;
    /// 255·256·opacity, rounded: a Q15 coverage times it, shifted by 23, is the weight.
    int32_t opacity;
    /// A row's first values (texel column, texel row, slab distances along u and v, times
    /// 2¹⁶) are `dx·along[k] + dy·across[k] + offset[k]` for its first pixel's centre's
    /// offset `(dx, dy)` from the particle's centre, each for four rows at once.
    double along[4], across[4], offset[4];
} fixed_sprite;

/// The fixed-point row kernel's values at the row's first pixel (Q16, as `fixed_sprite`).
typedef struct fixed_row {
    int32_t x, y, u, v;
} fixed_row;

/// `value` rounded to nearest (`cvtsd2si`, inline where `lrint` is a library call); `value`
/// must be within ±2³¹ (checked by the caller).
static inline int32_t nearest(double value) { return _mm_cvtsd_si32(_mm_set_sd(value)); }

/// Q16 values at a group's pixels `at` steps after the row's first: `first + at·step`.
CADENCE_AVX2_INLINE __m256i stepped(int32_t first, int32_t step, __m256i at) {
    return _mm256_add_epi32(_mm256_set1_epi32(first), _mm256_mullo_epi32(at, _mm256_set1_epi32(step)));
}

/// One slab's Q16 coverage at Q16 slab distance `p` (pixels), `h` its half extent plus ½:
/// `sat(h − |p|) + (sat(h + |p|) − 1)`, the second term `min(h + |p| − 1, 0)` as h + |p| ≥ 0,
/// then `max(0, ·)`. `wide` (a constant of the caller's): h is at least 1, so the second
/// term is 0 and the sum at least 0: the coverage is `sat(h − |p|)` alone.
CADENCE_AVX2_INLINE __m256i slab_fixed(int32_t h, __m256i p, int wide) {
    const __m256i izero = _mm256_setzero_si256(), one = _mm256_set1_epi32(65536), hh = _mm256_set1_epi32(h);
    const __m256i a = _mm256_abs_epi32(p);
    if (wide) return clampi(_mm256_sub_epi32(hh, a), izero, one);
    return _mm256_max_epi32(izero, _mm256_add_epi32(clampi(_mm256_sub_epi32(hh, a), izero, one),
                                                     _mm256_min_epi32(_mm256_sub_epi32(_mm256_add_epi32(hh, a), one), izero)));
}

/// Eight pixels in fixed point, from their texel columns `x`, texel rows `y` and slab
/// distances `u`, `v` (Q16 lanes): the coverage `nu·nv` in Q15 and the weights
/// `⌊(c·opacity + 2²²) / 2²³⌋` in `*qOut`, lanes outside `lanesIn` weighing 0; then the float
/// kernel's sample (`sample_texels`, `plain` as there) in `*lo`, `*hi`. Returns 0, with
/// nothing sampled, when every weight is 0.
CADENCE_AVX2_INLINE int sample_fixed(
    const cadence_sprite *s, const fixed_sprite *f, __m256i x, __m256i y, __m256i u, __m256i v, __m256i lanesIn,
    int plain, __m256i *qOut, __m256i *lo, __m256i *hi) {
    const __m256i nu = slab_fixed(f->halfU, u, plain), nv = slab_fixed(f->halfV, v, plain);
    const __m256i c30 = _mm256_mullo_epi32(_mm256_srli_epi32(nu, 1), _mm256_srli_epi32(nv, 1));
    const __m256i c15 = _mm256_srli_epi32(_mm256_add_epi32(c30, _mm256_set1_epi32(1 << 14)), 15);
    __m256i q = _mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi32(c15, _mm256_set1_epi32(f->opacity)), _mm256_set1_epi32(1 << 22)), 23);
    q = _mm256_and_si256(q, lanesIn);
    if (_mm256_testz_si256(q, q)) return 0;
    *qOut = q;

    const __m256i mask = _mm256_set1_epi32(0xFFFF), round = _mm256_set1_epi32(128);
    const __m256i lowest = _mm256_set1_epi32(-32768);
    const __m256i xs = clampi(x, lowest, _mm256_set1_epi32(f->maxXs));
    const __m256i ys = clampi(y, lowest, _mm256_set1_epi32(f->maxYs));
    const __m256i fx = _mm256_srli_epi32(_mm256_add_epi32(_mm256_and_si256(xs, mask), round), 8);
    // φy spread: the sum is below 2¹⁷, so `spread_shifted` of it is `spread` of its quotient by 256.
    const __m256i fy = spread_shifted(_mm256_add_epi32(_mm256_and_si256(ys, mask), round), 1);
    sample_texels(s, _mm256_srai_epi32(xs, 16), _mm256_srai_epi32(ys, 16), fx, fy, plain, lo, hi);
    return 1;
}

/// `sample_fixed`, then (unless every weight is 0) `blend_texels` into `low` and `high`.
CADENCE_AVX2_INLINE void shade_fixed(
    const cadence_sprite *s, const fixed_sprite *f, __m256i x, __m256i y, __m256i u, __m256i v, __m256i lanesIn,
    uint8_t *low, uint8_t *high, int plain) {
    __m256i q, lo, hi;
    if (sample_fixed(s, f, x, y, u, v, lanesIn, plain, &q, &lo, &hi)) blend_texels(s, lo, hi, q, low, high, plain);
}

/// `draw_row` in fixed point: each group's pixels `k + i` steps after the row's first
/// (`stepped`; `r` holds the first pixel's values), then `shade_fixed`.
static __attribute__((noinline, target("avx2"))) void draw_row_fixed(
    const cadence_sprite *sprite, const fixed_sprite *f, const fixed_row *r, uint8_t *pixels, ptrdiff_t first,
    ptrdiff_t end, ptrdiff_t rowEnd) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    ptrdiff_t next = first;
    while (next < end) {
        const ptrdiff_t x = next < rowEnd - 8 ? next : rowEnd - 8;
        const __m256i at = _mm256_add_epi32(lanes, _mm256_set1_epi32((int32_t)(x - first)));
        uint8_t *px = pixels + 4 * (x - first);
        shade_fixed(sprite, f, stepped(r->x, f->stepX, at), stepped(r->y, f->stepY, at), stepped(r->u, f->stepU, at),
                    stepped(r->v, f->stepV, at), inside(x, next, end), px, px + 16, 0);
        next = x + 8;
    }
}

/// **Half groups.** Rows of a particle are mostly narrow here (1 to 17 pixels, a group of
/// eight half empty on a third of them), so rows drawn in fixed point are cut into halves
/// of four pixels and two halves (of one row or two) make a group: the same pixels with the
/// same per-lane operations in fewer groups (a row of 9 pixels: one and a half groups, not
/// two). A half is the row's first pixel's values plus whole steps, like a group of a row;
/// its pixels are 16 bytes, those past the row's support weighing 0 (left as they were). A
/// lone last half is paired with itself at count 0: `store_group` writes its high copy first.
///
/// `draw_halves` reads a row in fixed point as one record and cuts it into halves itself,
/// one half after another in registers, so no record a half is written and read back.
typedef struct fixed_span {
    /// Texel column, texel row and slab distances at the row's first pixel (Q16).
    __m128i at;
    /// The row's first pixel in the canvas.
    uint8_t *pixels;
    /// The pixels of the row's support (1 or more).
    int32_t count;
} fixed_span;

/// A group of two halves sampled, not yet blended (`sample_half_pair`, `blend_half_pair`).
typedef struct half_pair {
    __m256i q, lo, hi;
    uint8_t *low, *high;
} half_pair;

/// Samples one group of two halves into `*p` (0: every weight 0, nothing to blend): `a`
/// (low lanes) and `b` (high lanes), their first values, pixels and counts of pixels still
/// in the support from their first (lanes at or past it weigh 0; 4 or more: all four in).
/// `lanes` is 0 … 3 in both halves; `step*` are each quantity's steps at those lanes;
/// `plain` as in `sample_texels`.
CADENCE_AVX2_INLINE int sample_half_pair(
    const cadence_sprite *sprite, const fixed_sprite *f, __m128i atA, uint8_t *pixelsA, int32_t countA, __m128i atB,
    uint8_t *pixelsB, int32_t countB, __m256i lanes, __m256i stepX, __m256i stepY, __m256i stepU, __m256i stepV,
    int plain, half_pair *p) {
    const __m256i at = _mm256_inserti128_si256(_mm256_castsi128_si256(atA), atB, 1);
    const __m256i counts = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi32(countA)), _mm_set1_epi32(countB), 1);
    p->low = pixelsA, p->high = pixelsB;
    return sample_fixed(sprite, f, _mm256_add_epi32(_mm256_shuffle_epi32(at, 0x00), stepX),
                        _mm256_add_epi32(_mm256_shuffle_epi32(at, 0x55), stepY),
                        _mm256_add_epi32(_mm256_shuffle_epi32(at, 0xAA), stepU),
                        _mm256_add_epi32(_mm256_shuffle_epi32(at, 0xFF), stepV), _mm256_cmpgt_epi32(counts, lanes), plain,
                        &p->q, &p->lo, &p->hi);
}

/// Blends a group sampled by `sample_half_pair` into its pixels.
CADENCE_AVX2_INLINE void blend_half_pair(const cadence_sprite *sprite, const half_pair *p, int plain) {
    blend_texels(sprite, p->lo, p->hi, p->q, p->low, p->high, plain);
}

/// A plain particle's last group, sampled by its `draw_halves` and not yet blended: the
/// next particle's call blends it after sampling its own first group (or `carry_flush`
/// does, before anything else touches the canvas), so a particle's first and last groups
/// overlap with work as the others do. Its blend is the plain one (`blend_texels` at
/// `plain`), which reads nothing of its particle's.
typedef struct halves_carry {
    half_pair pair;
    int waiting;
} halves_carry;

/// Blends the group `carry` holds, if any.
CADENCE_AVX2_INLINE void carry_flush(halves_carry *carry) {
    if (carry->waiting) blend_half_pair(NULL, &carry->pair, 1); // the plain blend reads no sprite
    carry->waiting = 0;
}

/// The end of a `draw_halves_as` call whose last sampled group is `last` (`waiting` 0: none):
/// a plain call leaves it in `carry` for the next particle's call, another blends it now.
CADENCE_AVX2_INLINE void halves_end(
    const cadence_sprite *sprite, const half_pair *last, int waiting, int plain, halves_carry *carry) {
    if (plain) {
        carry->pair = *last, carry->waiting = waiting;
    } else if (waiting) {
        blend_half_pair(sprite, last, plain);
    }
}

/// Draws the `n` rows at `rows` (n ≥ 1) of one particle in halves, two a group, the halves
/// in order (each row's from its first pixel, four steps apart: wrapping, as `first +
/// k·step` wraps), a lone last half paired with itself at count 0, each group blended after
/// the next one is sampled; `plain` (a constant) as in `sample_texels`. The group `carry`
/// holds (a plain particle's before) is blended after this call's first group is sampled;
/// a plain call leaves its last group there, others blend it.
CADENCE_AVX2_INLINE void draw_halves_as(
    const cadence_sprite *spriteIn, const fixed_sprite *fIn, const fixed_span *rows, ptrdiff_t n, int plain,
    halves_carry *carry) {
    if (!plain) carry_flush(carry);
    // Local copies, which the stores to the canvas (through `__m128i *`, which may alias
    // anything) cannot change: their fields are then read once, not again each group.
    const cadence_sprite spriteCopy = *spriteIn, *sprite = &spriteCopy;
    const fixed_sprite fCopy = *fIn, *f = &fCopy;
    // Each quantity's steps at the lanes of a half (0 … 3 steps in both halves).
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3);
    const __m256i stepX = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(f->stepX));
    const __m256i stepY = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(f->stepY));
    const __m256i stepU = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(f->stepU));
    const __m256i stepV = _mm256_mullo_epi32(lanes, _mm256_set1_epi32(f->stepV));
    const __m128i step = _mm_slli_epi32(_mm_setr_epi32(f->stepX, f->stepY, f->stepU, f->stepV), 2);
    const fixed_span *row = rows, *const last = rows + n - 1;
    // The next half: its first values, pixels and pixels left in its row from its first.
    __m128i at = row->at;
    uint8_t *pixels = row->pixels;
    int32_t left = row->count;
    // A group is sampled, then the one before it blended: the blend's chain (its loads, its
    // products, its stores) does not wait on the sample's (the coordinates, the gather, the
    // tint) of the same group, and the two overlap. Only the blends touch the canvas, in
    // the groups' order, so the bytes are the ones of a group drawn whole at a time.
    half_pair pending, next;
    int waiting = 0;
    if (plain) pending = carry->pair, waiting = carry->waiting;
    for (;;) {
        const __m128i atA = at;
        uint8_t *const pixelsA = pixels;
        const int32_t leftA = left;
        at = _mm_add_epi32(at, step), pixels += 16, left -= 4;
        if (left <= 0) {
            if (row == last) {
                const int drawn = sample_half_pair(sprite, f, atA, pixelsA, leftA, atA, pixelsA, 0, lanes, stepX, stepY,
                                                   stepU, stepV, plain, &next);
                if (waiting) blend_half_pair(sprite, &pending, plain);
                halves_end(sprite, &next, drawn, plain, carry);
                return;
            }
            row++, at = row->at, pixels = row->pixels, left = row->count;
        }
        const __m128i atB = at;
        uint8_t *const pixelsB = pixels;
        const int32_t leftB = left;
        at = _mm_add_epi32(at, step), pixels += 16, left -= 4;
        const int done = left <= 0 && row == last;
        if (left <= 0 && !done) row++, at = row->at, pixels = row->pixels, left = row->count;
        const int drawn = sample_half_pair(sprite, f, atA, pixelsA, leftA, atB, pixelsB, leftB, lanes, stepX, stepY, stepU,
                                           stepV, plain, &next);
        if (waiting) blend_half_pair(sprite, &pending, plain);
        pending = next, waiting = drawn;
        if (done) {
            halves_end(sprite, &pending, waiting, plain, carry);
            return;
        }
    }
}

/// `draw_halves_as`, out of line (as `draw_row_fixed`), compiled twice: for a **plain**
/// particle — a gray level (`gray_sample`), blended, not added, `translucent` and
/// `colourWithinAlpha`, at least a pixel across (both slabs' `h` at least 1: `slab_fixed`'s
/// `wide`): the usual particle, a white image tinted and fading — with those tests (and the
/// tint test and the row's lower clamp, see the file's header) left out of its groups, and
/// for any other with them.
static __attribute__((noinline, target("avx2"))) void draw_halves(
    const cadence_sprite *sprite, const fixed_sprite *f, const fixed_span *rows, ptrdiff_t n, halves_carry *carry) {
    if (sprite->quads && sprite->gray && !sprite->additive && sprite->translucent && sprite->colourWithinAlpha &&
        f->halfU >= 65536 && f->halfV >= 65536) {
        draw_halves_as(sprite, f, rows, n, 1, carry);
    } else {
        draw_halves_as(sprite, f, rows, n, 0, carry);
    }
}

/// `Rasterizer.Slab.interval` for four rows at once: the `dx` with `|g·dx + c·dy| ≤ limit`
/// as `*low ... *high` (`low > high`: none), lane by lane the same `double` operations as
/// the Swift `interval`, and its min and max (`y < x ? y : x`, `y >= x ? y : x`) as compares
/// and blends, so each lane is that row's bytes.
CADENCE_AVX2_INLINE void slab_intervals(
    const cadence_sprite_rows *r, int i, __m256d dy, __m256d *low, __m256d *high) {
    const __m256d a = _mm256_mul_pd(_mm256_set1_pd(r->across[i]), dy);
    if (!__builtin_isfinite(r->reciprocal[i])) {
        const __m256d magnitude = _mm256_andnot_pd(_mm256_set1_pd(-0.0), a);
        const __m256d within = _mm256_cmp_pd(magnitude, _mm256_set1_pd(r->limit[i]), _CMP_LE_OQ);
        *low = _mm256_blendv_pd(_mm256_set1_pd(1), _mm256_set1_pd(-__builtin_inf()), within);
        *high = _mm256_blendv_pd(_mm256_setzero_pd(), _mm256_set1_pd(__builtin_inf()), within);
        return;
    }
    const __m256d reciprocal = _mm256_set1_pd(r->reciprocal[i]);
    const __m256d p = _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(-r->limit[i]), a), reciprocal);
    const __m256d q = _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(r->limit[i]), a), reciprocal);
    *low = _mm256_blendv_pd(p, q, _mm256_cmp_pd(q, p, _CMP_LT_OQ));
    *high = _mm256_blendv_pd(p, q, _mm256_cmp_pd(q, p, _CMP_GE_OQ));
}

/// The fixed-point kernel's ranges, which its error bound assumes (CadenceSprites.h): the
/// largest row start value, slab half extent and texel clamp (texels or pixels, 2¹⁰), step
/// a pixel (16), support length (32 pixels: a group reaches at most 39 steps from the row's
/// first pixel) and level side (256 texels). Its Q16 lanes stay below 2²⁷: no overflow.
enum { fixed_reach = 1 << 10, fixed_step = 16, fixed_row_pixels = 32, fixed_max_texel = 255 };

/// Whether a particle of `run` at `level` with map `map` (`ux, uy, vx, vy, ppu, ppv`) can be
/// drawn in fixed point, and its constants in `f` if so. The four steps, the four extents
/// (`halfU`, `halfV`, `maxXs`, `maxYs`) and the first values' factors are each made in the
/// four lanes of a `double` vector, each lane the one-value operations (the same products
/// and sums in the same order: `2·hw·scale − ½` as `(2·hw)·scale + (−½)`), checked in lanes,
/// and rounded to Q16 by `vcvtpd2dq` (`nearest`'s rounding).
static inline __attribute__((target("avx2"))) int fixed_setup(
    const cadence_sprite_run *run, const cadence_sprite_level *level, const float *map, fixed_sprite *f) {
    if (run->floatRows) return 0;
    const double scale = level->scale, hw = run->halfWidth, hh = run->halfHeight;
    const __m256d uv = _mm256_cvtps_pd(_mm_loadu_ps(map));  // ux, uy, vx, vy
    const __m128d pp = _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(map + 4))));  // ppu, ppv
    const __m256d factors = _mm256_insertf128_pd(_mm256_set1_pd(scale), pp, 1);  // scale, scale, ppu, ppv
    // ux·scale, vx·scale, ux·ppu, vx·ppv, and the same of uy and vy.
    const __m256d steps = _mm256_mul_pd(_mm256_permute4x64_pd(uv, _MM_SHUFFLE(2, 0, 2, 0)), factors);
    const __m256d across = _mm256_mul_pd(_mm256_permute4x64_pd(uv, _MM_SHUFFLE(3, 1, 3, 1)), factors);
    // hw·ppu + ½, hh·ppv + ½, 2·hw·scale − ½, 2·hh·scale − ½.
    const __m256d extents = _mm256_add_pd(
        _mm256_mul_pd(_mm256_setr_pd(hw, hh, 2 * hw, 2 * hh), _mm256_permute4x64_pd(factors, _MM_SHUFFLE(1, 0, 3, 2))),
        _mm256_setr_pd(0.5, 0.5, -0.5, -0.5));
    // |step| ≤ `fixed_step`; ½ ≤ halfU, halfV ≤ `fixed_reach`; −½ ≤ maxXs, maxYs ≤ `fixed_reach` (NaN:
    // none holds). maxYs ≥ −½ (Q16 ≥ −32768) makes `sample_fixed`'s clamp give rows ≥ −1, which
    // the plain loop's gray table relies on (it leaves out the lower clamp).
    const __m256d sign = _mm256_set1_pd(-0.0);
    const __m256d within = _mm256_and_pd(
        _mm256_and_pd(_mm256_cmp_pd(_mm256_andnot_pd(sign, steps), _mm256_set1_pd(fixed_step), _CMP_LE_OQ),
                      _mm256_cmp_pd(_mm256_andnot_pd(sign, extents), _mm256_set1_pd(fixed_reach), _CMP_LE_OQ)),
        _mm256_cmp_pd(extents, _mm256_setr_pd(0.5, 0.5, -0.5, -0.5), _CMP_GE_OQ));
    if (!(_mm256_movemask_pd(within) == 0xF && run->opacity >= 0 && run->opacity <= 1 &&
          level->maxX <= fixed_max_texel && level->maxY <= fixed_max_texel))
        return 0;
    const __m256d q = _mm256_set1_pd(65536.0), along = _mm256_mul_pd(steps, q);
    // stepX, stepY, stepU, stepV, halfU, halfV, maxXs, maxYs: eight neighbouring fields, each
    // `value · 2¹⁶` rounded to nearest (its Q16), stored as 32 bytes of the struct's object
    // representation from `stepX`'s offset (a pointer into the whole struct, not one field's).
    _Static_assert(__builtin_offsetof(fixed_sprite, maxYs) == __builtin_offsetof(fixed_sprite, stepX) + 28,
                   "fixed_sprite's eight Q16 constants are neighbours");
    _mm256_storeu_si256((__m256i *)((char *)f + __builtin_offsetof(fixed_sprite, stepX)),
                        _mm256_set_m128i(_mm256_cvtpd_epi32(_mm256_mul_pd(extents, q)), _mm256_cvtpd_epi32(along)));
    f->opacity = nearest(255.0 * 256.0 * run->opacity);
    // The offsets hw·scale − ½, hh·scale − ½, 0, 0.
    const __m128d offset = _mm_sub_pd(_mm_mul_pd(_mm_setr_pd(hw, hh), _mm_set1_pd(scale)), _mm_set1_pd(0.5));
    _mm256_storeu_pd(f->along, along);
    _mm256_storeu_pd(f->across, _mm256_mul_pd(across, q));
    _mm256_storeu_pd(f->offset, _mm256_mul_pd(_mm256_zextpd128_pd256(offset), q));
    return 1;
}

/// A 32-bit bound of the region (the particles' bounds are 32-bit) or of a row's end (the
/// rows' columns are solved in 32 bits), held within 32 bits.
static inline int32_t bound32(ptrdiff_t value) {
    return value < INT32_MIN ? INT32_MIN : value > INT32_MAX ? INT32_MAX : (int32_t)value;
}

/// Four rows' supports and first values, solved together (`rows_solve`): the rows to draw
/// as a lane mask, each row's columns `begin ..< end`, its `dy`, and, where `inReach` has
/// its lane, its first pixel's fixed-point values (texel column, texel row, slab distances);
/// `halves`, the rows of `solid` drawn in half groups (`sprite_draw`'s test, made for the
/// four rows in vector lanes).
typedef struct row_quad {
    int solid, inReach, halves;
    int32_t begin[4], end[4];
    double dy[4];
    fixed_row start[4];
} row_quad;

/// Rows `y ..< y + 4` (those below `rows->maxY`) of the particle: the Swift kernel's
/// `support(y)`, operation for operation, in the four lanes of `double` vectors, and (when
/// `f` is given) the fixed-point kernel's first values `dx·along + dy·across + offset`,
/// rounded to Q16 by `vcvtpd2dq`. Each lane is the value the one-row form computed, bit for
/// bit; solving four rows together takes the supports' chain of dependent roundings, which
/// each row waited on, off the path to the row's draw.
CADENCE_AVX2_INLINE void rows_solve(
    const cadence_sprite *sprite, const cadence_sprite_rows *rows, const fixed_sprite *f, ptrdiff_t y, row_quad *quad) {
    const __m256d ys = _mm256_setr_pd((double)y, (double)(y + 1), (double)(y + 2), (double)(y + 3));
    const __m256d half = _mm256_set1_pd(0.5), centerX = _mm256_set1_pd(sprite->centerX);
    const __m256d dy = _mm256_sub_pd(_mm256_add_pd(ys, half), _mm256_set1_pd(rows->centerY));
    __m256d a0, a1, b0, b1;
    slab_intervals(rows, 0, dy, &a0, &a1);
    slab_intervals(rows, 1, dy, &b0, &b1);
    const __m256d lo = _mm256_sub_pd(_mm256_add_pd(_mm256_blendv_pd(a0, b0, _mm256_cmp_pd(b0, a0, _CMP_GE_OQ)), centerX), half);
    const __m256d hi = _mm256_sub_pd(_mm256_add_pd(_mm256_blendv_pd(a1, b1, _mm256_cmp_pd(b1, a1, _CMP_LT_OQ)), centerX), half);
    const __m256d up = _mm256_round_pd(lo, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256d down = _mm256_round_pd(hi, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m256d minX = _mm256_set1_pd((double)rows->minX), lastX = _mm256_set1_pd((double)(rows->maxX - 1));
    const __m256d first = _mm256_blendv_pd(minX, up, _mm256_cmp_pd(up, minX, _CMP_GE_OQ));
    const __m256d last = _mm256_blendv_pd(lastX, down, _mm256_cmp_pd(down, lastX, _CMP_LT_OQ));
    const __m256d solid = _mm256_and_pd(_mm256_cmp_pd(lo, hi, _CMP_LE_OQ), _mm256_cmp_pd(first, last, _CMP_LE_OQ));
    const ptrdiff_t left = rows->maxY - y;
    quad->solid = _mm256_movemask_pd(solid) & (left >= 4 ? 0xF : (1 << left) - 1);
    quad->inReach = quad->halves = 0;
    if (!quad->solid) return;
    // Lanes out of the support may hold anything (NaN, ±∞); they are never read for drawing.
    const __m128i begin = _mm256_cvttpd_epi32(first), end = _mm_add_epi32(_mm256_cvttpd_epi32(last), _mm_set1_epi32(1));
    _mm_storeu_si128((__m128i *)quad->begin, begin);
    _mm_storeu_si128((__m128i *)quad->end, end);
    _mm256_storeu_pd(quad->dy, dy);
    if (!f) return;
    const __m256d dx = _mm256_sub_pd(_mm256_add_pd(first, half), centerX);
    const __m256d reach = _mm256_set1_pd(fixed_reach * 65536.0), sign = _mm256_set1_pd(-0.0);
    int inReach = 0xF;
    __m128i values[4];
    for (int k = 0; k < 4; k++) {
        const __m256d at = _mm256_add_pd(
            _mm256_add_pd(_mm256_mul_pd(dx, _mm256_set1_pd(f->along[k])), _mm256_mul_pd(dy, _mm256_set1_pd(f->across[k]))),
            _mm256_set1_pd(f->offset[k]));
        inReach &= _mm256_movemask_pd(_mm256_cmp_pd(_mm256_andnot_pd(sign, at), reach, _CMP_LE_OQ));
        values[k] = _mm256_cvtpd_epi32(at);
    }
    quad->inReach = inReach;
    // The rows drawn in half groups: in reach, at most `fixed_row_pixels`, and their last
    // half (`begin` plus the width rounded up to four) not past `rowEnd` (solid lanes' columns
    // are the canvas's, so none of these 32-bit sums wraps).
    if (!rows->wholeRows) {
        const __m128i width = _mm_sub_epi32(end, begin);
        const __m128i narrow = _mm_cmpgt_epi32(_mm_set1_epi32(fixed_row_pixels + 1), width);
        const __m128i stop = _mm_add_epi32(begin, _mm_and_si128(_mm_add_epi32(width, _mm_set1_epi32(3)), _mm_set1_epi32(~3)));
        const __m128i past = _mm_cmpgt_epi32(stop, _mm_set1_epi32(bound32(rows->rowEnd)));
        quad->halves = quad->solid & inReach & _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(past, narrow)));
    }
    // Rows in lanes to a row's four values together (a 4 × 4 transpose).
    const __m128i xy01 = _mm_unpacklo_epi32(values[0], values[1]), xy23 = _mm_unpackhi_epi32(values[0], values[1]);
    const __m128i uv01 = _mm_unpacklo_epi32(values[2], values[3]), uv23 = _mm_unpackhi_epi32(values[2], values[3]);
    _mm_storeu_si128((__m128i *)&quad->start[0], _mm_unpacklo_epi64(xy01, uv01));
    _mm_storeu_si128((__m128i *)&quad->start[1], _mm_unpackhi_epi64(xy01, uv01));
    _mm_storeu_si128((__m128i *)&quad->start[2], _mm_unpacklo_epi64(xy23, uv23));
    _mm_storeu_si128((__m128i *)&quad->start[3], _mm_unpackhi_epi64(xy23, uv23));
}

/// Rows in fixed point a particle collects before they are drawn (`draw_halves`).
enum { span_capacity = 32 };

/// One particle's drawing (CadenceSprites.h), inlined into `cadence_sprite_run_draw`. Rows
/// in fixed point are collected (`fixed_span`, one record a row) and drawn in halves, two a
/// group; a row whose last half would pass `rowEnd` is drawn as a row (its last group moved
/// left), and rows in float lanes as before, each as soon as its four rows are solved. Rows
/// are disjoint, so the order they are drawn in within one particle leaves the same bytes.
/// The records of four rows are written without a branch a row (`row_quad`'s `halves`):
/// with a test, a load of its columns and a record a row, that loop was about 38
/// instructions a row, a quarter of the run's own.
///
/// `f`: the particle's fixed-point constants (`sprite_setup`), null where its rows are all in
/// float lanes. `carry`: the group the particle before left (`halves_carry`), blended before
/// a row of this one is drawn whole.
static inline __attribute__((always_inline, target("avx2"))) void sprite_draw(
    const cadence_sprite *sprite, const cadence_sprite_rows *rows, const fixed_sprite *f, halves_carry *carry) {
    fixed_span spans[span_capacity];
    ptrdiff_t n = 0;
    for (ptrdiff_t y = rows->minY; y < rows->maxY; y += 4) {
        row_quad quad;
        rows_solve(sprite, rows, f, y, &quad);
        // The solid rows not drawn in halves (rare), lowest first, drawn now: rows are disjoint.
        const unsigned wholeRows = (unsigned)(quad.solid & ~quad.halves);
        if (wholeRows) carry_flush(carry);
        for (unsigned whole = wholeRows; whole; whole &= whole - 1) {
            const int i = __builtin_ctz(whole);
            const ptrdiff_t begin = quad.begin[i], end = quad.end[i];
            uint8_t *pixels = rows->base + (y + i - rows->originY) * rows->stride + (begin - rows->originX) * 4;
            if (!(quad.inReach >> i & 1 && end - begin <= fixed_row_pixels)) {
                draw_row(sprite, pixels, begin, end, rows->rowEnd, (float)quad.dy[i]);
            } else {
                draw_row_fixed(sprite, f, &quad.start[i], pixels, begin, end, rows->rowEnd);
            }
        }
        if (!quad.halves) continue;
        if (n > span_capacity - 4) {
            draw_halves(sprite, f, spans, n, carry);
            n = 0;
        }
        // The rows in halves, lowest first: a record written for each of the four lanes and
        // kept (`n` moved past it) where the lane is one, so no branch a row. Addresses as
        // integers: a lane not kept may hold any column.
        uintptr_t row = (uintptr_t)rows->base + (uintptr_t)((y - rows->originY) * rows->stride - rows->originX * 4);
        for (int i = 0; i < 4; i++, row += (uintptr_t)rows->stride) {
            // The row's first pixel's values, as exactly as doubles go, rounded to Q16.
            spans[n].at = _mm_loadu_si128((const __m128i *)&quad.start[i]);
            spans[n].pixels = (uint8_t *)(row + (uintptr_t)((ptrdiff_t)quad.begin[i] * 4));
            spans[n].count = (int32_t)((uint32_t)quad.end[i] - (uint32_t)quad.begin[i]);
            n += quad.halves >> i & 1;
        }
    }
    if (n) draw_halves(sprite, f, spans, n, carry);
}

/// `Rasterizer.prefetchRows`, cheaper: a write hint for the canvas rows a particle with pixel
/// bounds `b` can write within the run's region (its groups of eight may reach seven pixels
/// past its bounds): per row its first pixel, its middle one and its last, three hints and
/// no loop over the row's cache lines (a trip count of one to three lines that changes from
/// particle to particle: about 11 % of the run's samples). A row of at most 33 pixels (its
/// first and last 128 bytes apart, so hints at most 64 apart) has every line hinted; a
/// longer one its ends and middle.
static inline void prefetch_rows(const cadence_sprite_run *run, const int32_t *b) {
    const ptrdiff_t minX = b[0] > run->region[0] ? b[0] : run->region[0];
    const ptrdiff_t maxX = (ptrdiff_t)b[2] + 7 < run->region[2] ? (ptrdiff_t)b[2] + 7 : run->region[2];
    const ptrdiff_t minY = b[1] > run->region[1] ? b[1] : run->region[1];
    const ptrdiff_t maxY = b[3] < run->region[3] ? b[3] : run->region[3];
    if (minX >= maxX || minY >= maxY) return;
    const ptrdiff_t last = (maxX - 1 - minX) * 4, middle = last / 2;
    const uint8_t *row = run->base + (minY - run->originY) * run->stride + (minX - run->originX) * 4;
    for (ptrdiff_t y = minY; y < maxY; y++, row += run->stride) {
        __builtin_prefetch(row, 1, 3);
        __builtin_prefetch(row + middle, 1, 3);
        __builtin_prefetch(row + last, 1, 3);
    }
}

/// The quad tables' limits (CadenceSprites.h): levels at most 16 texels a side, the first
/// 16 levels of a run, 8.5 KB of tables in all (34 rows of 256 bytes: a 16 × 16 level's 17
/// rows and its mips' 9, 5 and 3 fit; a level that does not fit is gathered).
enum { quad_max_side = 16, quad_max_levels = 16, quad_bytes = 34 << quad_row_shift };

/// Whether every texel of `level` has its four channels equal (its quad table can then be
/// a gray table).
static int level_is_gray(const cadence_sprite_level *level) {
    for (int32_t y = 0; y <= level->maxY; y++) {
        const uint8_t *row = level->texels + (ptrdiff_t)y * level->stride;
        for (int32_t x = 0; x <= level->maxX; x++) {
            const uint8_t *t = row + 4 * x;
            if (t[0] != t[3] || t[1] != t[3] || t[2] != t[3]) return 0;
        }
    }
    return 1;
}

/// The largest alpha of `level`'s texels.
static int32_t level_max_alpha(const cadence_sprite_level *level) {
    int32_t most = 0;
    for (int32_t y = 0; y <= level->maxY; y++) {
        const uint8_t *row = level->texels + (ptrdiff_t)y * level->stride;
        for (int32_t x = 0; x <= level->maxX; x++) most = row[4 * x + 3] > most ? row[4 * x + 3] : most;
    }
    return most;
}

/// Builds the quad table of each of `run`'s levels that qualifies into `buffer`, its address
/// in `quads[k]` (null: gathered), whether it is a gray table in `grays[k]`, and the level's
/// largest alpha in `alphas[k]` (255 where there is no table: not looked at), from which a
/// particle is known `translucent`.
static void quads_build(
    const cadence_sprite_run *run, uint8_t *buffer, const uint8_t **quads, int32_t *grays, int32_t *alphas) {
    size_t used = 0;
    for (int32_t k = 0; k < run->levelCount && k < quad_max_levels; k++) {
        const cadence_sprite_level *level = &run->levels[k];
        const int32_t maxX = level->maxX, maxY = level->maxY;
        quads[k] = 0, grays[k] = 0, alphas[k] = 255;
        if (run->gatherTexels || maxX < 1 || maxX >= quad_max_side || maxY < 0 || maxY >= quad_max_side) continue;
        const int gray = !run->colourTables && level_is_gray(level);
        const size_t size = (size_t)(maxY + 2) << (gray ? gray_row_shift : quad_row_shift);
        if (used + size > quad_bytes) continue;
        uint8_t *table = buffer + used;
        for (int32_t r = 0; r <= maxY + 1; r++) {
            // Quad row r is texel row r − 1 over row r, each clamped to the level.
            const int32_t top = r - 1 < 0 ? 0 : r - 1 > maxY ? maxY : r - 1, bottom = r > maxY ? maxY : r;
            const uint8_t *a = level->texels + (ptrdiff_t)top * level->stride;
            const uint8_t *b = level->texels + (ptrdiff_t)bottom * level->stride;
            for (int32_t j = 0; j < maxX; j++) {
                if (gray) {
                    // One channel (alpha) of top left, bottom left, top right, bottom right.
                    uint8_t *quad = table + ((size_t)r << gray_row_shift) + (size_t)j * 4;
                    quad[0] = a[4 * j + 3], quad[1] = b[4 * j + 3], quad[2] = a[4 * j + 7], quad[3] = b[4 * j + 7];
                } else {
                    uint8_t *quad = table + ((size_t)r << quad_row_shift) + (size_t)j * 16;
                    __builtin_memcpy(quad, a + 4 * j, 8);
                    __builtin_memcpy(quad + 8, b + 4 * j, 8);
                }
            }
        }
        grays[k] = gray;
        alphas[k] = level_max_alpha(level);
        quads[k] = table;
        used += size;
    }
}

/// How many picked particles ahead of the one drawn a particle's data is asked for.
enum { particle_ahead = 2 };

/// A picked particle's set-up: its slabs' reciprocals and limits (`drawSprite`'s, the same
/// `double` operations) and its fixed-point constants (`fixed_setup`). Each is a chain of
/// dependent operations (a division, then the limit, then the first rows' supports) that
/// the particle's drawing waits on; made for `setup_capacity` particles in a pass of their
/// own (`setup_make`) before any of them is drawn, the chains of different particles are
/// independent and overlap, where one set-up at a time left each chain's latency between
/// one particle's last group and the next one's first.
typedef struct sprite_setup {
    fixed_sprite f;
    double reciprocal[2], limit[2];
    /// Nonzero: `f` holds the particle's constants (its rows may be drawn in fixed point).
    int32_t fixed;
} sprite_setup;

/// Particles set up at a time (`sprite_setup`): 32 set-ups are 5.6 KB of stack.
enum { setup_capacity = 32 };

/// The set-up of particle `i` of `run` (one whose level is out of range, which is not drawn,
/// gets no fixed-point constants).
static inline CADENCE_AVX2 void setup_make(const cadence_sprite_run *run, ptrdiff_t i, sprite_setup *setup) {
    const uint32_t k = run->cellLevels[i] & 0xFF;
    const float *map = run->maps + 8 * i;
    // `drawSprite`'s slabs: the limits half a pixel (and 1/100 more) past the image.
    setup->reciprocal[0] = 1 / (double)map[0], setup->reciprocal[1] = 1 / (double)map[2];
    setup->limit[0] = (double)run->halfWidth + 0.51 / (double)map[4];
    setup->limit[1] = (double)run->halfHeight + 0.51 / (double)map[5];
    setup->fixed = k < (uint32_t)run->levelCount && fixed_setup(run, &run->levels[k], map, &setup->f);
}

/// Particles a run picks at a time (`particles_picked`).
enum { pick_capacity = 256 };

/// The particles from `*next` on (before `end`) whose bounds meet the run's region, in their
/// order, at most `pick_capacity` of them, into `picked`; `*next` moves past the last one
/// looked at. Two particles a step and no branch a particle: on a band of a frame most
/// particles lie outside, in no order a branch predictor could learn. With `everyParticle`
/// (the twin) every particle is picked, and the drawing loop's own cull decides.
static inline CADENCE_AVX2 ptrdiff_t particles_picked(
    const cadence_sprite_run *run, ptrdiff_t *next, ptrdiff_t end, int32_t *picked) {
    const int32_t r0 = bound32(run->region[0]), r1 = bound32(run->region[1]);
    const int32_t r2 = bound32(run->region[2]), r3 = bound32(run->region[3]);
    const int32_t every = run->everyParticle != 0;
    // A particle meets the region when max(its min, the region's) < min(its max, the region's)
    // on both axes: lanes 0 and 1 of each 128-bit half after the compare.
    const __m256i low = _mm256_setr_epi32(r0, r1, r0, r1, r0, r1, r0, r1);
    const __m256i high = _mm256_setr_epi32(r2, r3, r2, r3, r2, r3, r2, r3);
    ptrdiff_t i = *next, n = 0;
    for (; i + 1 < end && n + 2 <= pick_capacity; i += 2) {
        const __m256i b = _mm256_loadu_si256((const __m256i *)(run->bounds + 4 * i));
        const __m256i mins = _mm256_max_epi32(b, low);
        const __m256i maxs = _mm256_shuffle_epi32(_mm256_min_epi32(b, high), _MM_SHUFFLE(1, 0, 3, 2));
        const int mask = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(maxs, mins)));
        picked[n] = (int32_t)i;
        n += every | ((mask & 3) == 3);
        picked[n] = (int32_t)(i + 1);
        n += every | ((mask >> 4 & 3) == 3);
    }
    for (; i < end && n < pick_capacity; i++) {
        const int32_t *b = run->bounds + 4 * i;
        const int32_t minX = b[0] > r0 ? b[0] : r0, minY = b[1] > r1 ? b[1] : r1;
        const int32_t maxX = b[2] < r2 ? b[2] : r2, maxY = b[3] < r3 ? b[3] : r3;
        picked[n] = (int32_t)i;
        n += every | ((minX < maxX) & (minY < maxY));
    }
    *next = i;
    return n;
}

CADENCE_AVX2 void cadence_sprite_run_draw(const cadence_sprite_run *run, ptrdiff_t start, ptrdiff_t end) {
    _Alignas(32) uint8_t buffer[quad_bytes];
    const uint8_t *quads[quad_max_levels];
    int32_t grays[quad_max_levels], alphas[quad_max_levels];
    quads_build(run, buffer, quads, grays, alphas);
    int32_t picked[pick_capacity];
    sprite_setup setups[setup_capacity];
    halves_carry carry = {.waiting = 0};
    for (ptrdiff_t next = start; next < end;) {
        const ptrdiff_t count = particles_picked(run, &next, end, picked);
        for (ptrdiff_t j = 0; j < count; j++) {
            if (j % setup_capacity == 0) {
                const ptrdiff_t stop = j + setup_capacity < count ? j + setup_capacity : count;
                for (ptrdiff_t m = j; m < stop; m++) setup_make(run, picked[m], &setups[m - j]);
            }
            const sprite_setup *setup = &setups[j % setup_capacity];
            const ptrdiff_t i = picked[j];
            // The next particle drawn's rows asked for (the twin: the next particle's, drawn or not).
            const ptrdiff_t after = j + 1 < count ? picked[j + 1] : run->everyParticle ? i + 1 : run->count;
            if (after < run->count) prefetch_rows(run, run->bounds + 4 * after);
            // The centre and tint of the particle drawn two after this one asked for: the picked
            // particles lie anywhere in the packed arrays, and their first loads missed the
            // cache (its map and level are read by its set-up, `setup_make`, in a pass of their own).
            if (j + particle_ahead < count) {
                const ptrdiff_t ahead = picked[j + particle_ahead];
                __builtin_prefetch(run->centers + 2 * ahead, 0, 3);
                __builtin_prefetch(run->tints + 4 * ahead, 0, 3);
            }
            const int32_t *b = run->bounds + 4 * i;
            const ptrdiff_t minX = b[0] > run->region[0] ? b[0] : run->region[0];
            const ptrdiff_t minY = b[1] > run->region[1] ? b[1] : run->region[1];
            const ptrdiff_t maxX = b[2] < run->region[2] ? b[2] : run->region[2];
            const ptrdiff_t maxY = b[3] < run->region[3] ? b[3] : run->region[3];
            if (minX >= maxX || minY >= maxY) continue;
            const uint32_t k = run->cellLevels[i] & 0xFF;
            if (k >= (uint32_t)run->levelCount) continue;
            const cadence_sprite_level *level = &run->levels[k];
            const float *map = run->maps + 8 * i;
            const uint16_t *tint = run->tints + 4 * i;
            const double *center = run->centers + 2 * i;
            const uint8_t *table = 0;
            int32_t gray = 0, levelAlpha = 255;
            if (k < quad_max_levels) table = quads[k], gray = grays[k], levelAlpha = alphas[k];
            // The largest alpha a sample can have: the level's (a bilinear mix is at most its
            // largest texel), tinted as `sample_texels` tints (⌊(c·t + 128)/256⌋, rising in c;
            // the level's own at t = 256, no tint).
            const int32_t mostAlpha = (levelAlpha * tint[3] + 128) >> 8;
            const cadence_sprite sprite = {
                .texels = level->texels, .stride = level->stride, .maxX = level->maxX, .maxY = level->maxY,
                .scale = level->scale, .ux = map[0], .uy = map[1], .vx = map[2], .vy = map[3], .ppu = map[4],
                .ppv = map[5], .halfWidth = run->halfWidth, .halfHeight = run->halfHeight, .centerX = center[0],
                .tint = {tint[0], tint[1], tint[2], tint[3]},
                .tinted = !(tint[0] == 256 && tint[1] == 256 && tint[2] == 256 && tint[3] == 256),
                .additive = run->additive, .opacity = run->opacity, .quads = table, .gray = gray,
                .translucent = mostAlpha < 255,
                // A gray level's four channels are one sample, tinted by factors rising in it.
                .colourWithinAlpha = gray && tint[0] <= tint[3] && tint[1] <= tint[3] && tint[2] <= tint[3]};
            const cadence_sprite_rows rows = {
                .base = run->base, .stride = run->stride, .originX = run->originX, .originY = run->originY,
                .rowEnd = run->rowEnd, .minX = minX, .minY = minY, .maxX = maxX, .maxY = maxY, .centerY = center[1],
                .reciprocal = {setup->reciprocal[0], setup->reciprocal[1]}, .across = {(double)map[1], (double)map[3]},
                .limit = {setup->limit[0], setup->limit[1]}, .floatRows = run->floatRows, .wholeRows = run->wholeRows};
            sprite_draw(&sprite, &rows, setup->fixed ? &setup->f : 0, &carry);
        }
    }
    carry_flush(&carry);
}

CADENCE_AVX2 int cadence_sprite_fixed_constants(const cadence_sprite_run *run, const cadence_sprite_level *level, const float *map,
                                   int32_t *q16, int32_t *opacity, double *factors) {
    fixed_sprite f;
    if (!fixed_setup(run, level, map, &f)) return 0;
    const int32_t values[8] = {f.stepX, f.stepY, f.stepU, f.stepV, f.halfU, f.halfV, f.maxXs, f.maxYs};
    for (int k = 0; k < 8; k++) q16[k] = values[k];
    *opacity = f.opacity;
    for (int k = 0; k < 4; k++) factors[k] = f.along[k], factors[4 + k] = f.across[k], factors[8 + k] = f.offset[k];
    return 1;
}

#else

int cadence_sprite_draw_available(void) { return 0; }

CADENCE_AVX2 int cadence_sprite_fixed_constants(const cadence_sprite_run *run, const cadence_sprite_level *level, const float *map,
                                   int32_t *q16, int32_t *opacity, double *factors) {
    (void)run, (void)level, (void)map, (void)q16, (void)opacity, (void)factors;
    __builtin_trap();
}

void cadence_sprite_run_draw(const cadence_sprite_run *run, ptrdiff_t start, ptrdiff_t end) {
    (void)run, (void)start, (void)end;
    __builtin_trap();
}

#endif
