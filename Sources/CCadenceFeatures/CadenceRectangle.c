// An opaque colour over an unrounded, borderless rectangle under an affine map, a whole
// layer's rows in one call, and a rounded (or bordered, or translucent) layer's row pieces,
// one call a row (under a clip mask too) or one call a run of steady rows, in AVX2
// (CadenceRectangle.h). The Swift path they stand in for
// (`Rasterizer.drawOwn` with `RoundedRectSampler.spans`, `sample` and
// `SourceOver.blend(_:weights:…)`) is their reference twin: every operation here is that
// path's, in its order and precision, so the bytes are the same — floats are never
// contracted into fused multiply-adds (the pragma), each min/max is written with Swift's
// operand order, and the lanes start where the Swift pieces' lanes start.
#include "CadenceRectangle.h"
#include "CadenceSourceOver.h"
#include "CadenceCPU.h"

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "CadencePixelLanes.h"

int cadence_rectangle_avx2_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2); }

/// `RoundedRectSampler.solve`: the real `i` with `|a + i·d| ≤ limit`, given `inverse` =
/// 1 / d; `*lo > *hi` when there is none.
static inline void solve(double a, double d, double inverse, double limit, double *lo, double *hi) {
    if (!(limit >= 0)) {
        *lo = 1, *hi = 0;
    } else if (d == 0) {
        const double size = a < 0 ? -a : a;
        if (size <= limit) {
            *lo = -__builtin_inf(), *hi = __builtin_inf();
        } else {
            *lo = 1, *hi = 0;
        }
    } else {
        const double p = (-limit - a) * inverse, q = (limit - a) * inverse;
        // Swift.min(p, q) and Swift.max(p, q).
        *lo = q < p ? q : p;
        *hi = q >= p ? q : p;
    }
}

/// Swift's `max(x, y)` and `min(x, y)` for doubles: `y` on ties.
static inline double max2(double x, double y) { return y >= x ? y : x; }
static inline double min2(double x, double y) { return y < x ? y : x; }

/// The row's pixel indices in `lo … hi` (both within `0 … count − 1`), as
/// `RoundedRectSampler.indices`: `*first = *end = 0` when there are none.
static inline void indices(double lo, double hi, ptrdiff_t *first, ptrdiff_t *end) {
    const ptrdiff_t f = (ptrdiff_t)__builtin_ceil(lo), l = (ptrdiff_t)__builtin_floor(hi);
    if (f <= l) {
        *first = f, *end = l + 1;
    } else {
        *first = 0, *end = 0;
    }
}

static inline ptrdiff_t imin(ptrdiff_t x, ptrdiff_t y) { return y < x ? y : x; }
static inline ptrdiff_t imax(ptrdiff_t x, ptrdiff_t y) { return y >= x ? y : x; }

/// `RoundedRectSampler.slab`: the overlap of a one-pixel box with the slab `−h … h` at
/// distance `a` (≥ 0) from its middle, `scale` pixels per unit.
__attribute__((target("avx2"), always_inline))
static inline __m256 slab(__m256 h, __m256 a, __m256 scale) {
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 near = saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_sub_ps(h, a), scale)));
    const __m256 far = saturate(_mm256_add_ps(half, _mm256_mul_ps(_mm256_add_ps(h, a), scale)));
    const __m256 c = _mm256_sub_ps(_mm256_add_ps(near, far), _mm256_set1_ps(1.0f));
    // Lanes below 0 become 0 (a lane of −0 stays, as in Swift).
    return _mm256_andnot_ps(_mm256_cmp_ps(c, _mm256_setzero_ps(), _CMP_LT_OQ), c);
}

/// The pixels `first ..< end` of the row at `row` (pixel `x0` of canvas row `y`), sampled
/// in groups of eight lanes from `first` and blended with the opaque paint
/// (`sl`, `sh`: its low and high byte lanes, `CadencePixelLanes.h`), as the Swift piece is;
/// a group within the row's first `reach` pixels read and stored whole.
__attribute__((target("avx2")))
static void piece(const cadence_rectangle *s, uint8_t *row, ptrdiff_t x0, double py, ptrdiff_t first, ptrdiff_t end,
                  ptrdiff_t reach, __m256i sl, __m256i sh) {
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 du = _mm256_mul_ps(lanes, _mm256_set1_ps(s->stepU)), dv = _mm256_mul_ps(lanes, _mm256_set1_ps(s->stepV));
    const __m256 hw = _mm256_set1_ps(s->halfWidth), hh = _mm256_set1_ps(s->halfHeight);
    const __m256 pu = _mm256_set1_ps(s->pixelsPerU), pv = _mm256_set1_ps(s->pixelsPerV);
    const __m256 sign = _mm256_set1_ps(-0.0f);
    for (ptrdiff_t i = first; i < end; i += 8) {
        // `PlaneMap.homogeneous` at the group's first pixel, then the lanes in float.
        const double px = (double)(x0 + i) + 0.5;
        const double hx = s->r1x * px + s->r2x * py + s->r3x, hy = s->r1y * px + s->r2y * py + s->r3y;
        const __m256 u = _mm256_add_ps(_mm256_set1_ps((float)hx), du);
        const __m256 v = _mm256_add_ps(_mm256_set1_ps((float)hy), dv);
        const __m256 c = _mm256_mul_ps(slab(hw, _mm256_andnot_ps(sign, u), pu), slab(hh, _mm256_andnot_ps(sign, v), pv));
        const __m256i q = quantize(c);
        if (_mm256_testz_si256(q, q)) continue;
        // The group's own lanes: pixels before `end`.
        const __m256i mine = first_lanes(end - i);
        const int whole = i + 8 <= reach;
        int *p = (int *)(row + 4 * i);
        const __m256i d = reach_load(p, mine, whole);
        // `PixelLanes.lerp` (an opaque paint), each pixel's weight in its two 16-bit lanes.
        const __m256i w = _mm256_or_si256(q, _mm256_slli_epi32(q, 16));
        reach_store(p, mine, whole, blended(sl, sh, w, w, 1, 0, d), d);
    }
}

__attribute__((target("avx2")))
void cadence_rectangle_draw(const cadence_rectangle *s, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t reach, ptrdiff_t y0, ptrdiff_t rows) {
    const __m256i fill = _mm256_set1_epi32((int)word);
    const __m256i sl = low_bytes(fill), sh = _mm256_srli_epi16(fill, 8);
    const double last = (double)(count - 1), px = (double)x0 + 0.5;
    for (ptrdiff_t j = 0; j < rows; j++) {
        uint8_t *row = pixels + j * stride;
        const double py = (double)(y0 + j) + 0.5;
        const double hx = s->r1x * px + s->r2x * py + s->r3x, hy = s->r1y * px + s->r2y * py + s->r3y;
        // `RoundedRectSampler.support`: the slabs' span widened past half a pixel.
        double a0, a1, b0, b1;
        solve(hx, s->r1x, s->inverseStepU, s->supportU, &a0, &a1);
        solve(hy, s->r1y, s->inverseStepV, s->supportV, &b0, &b1);
        double lo = max2(max2(a0, b0), 0), hi = min2(min2(a1, b1), last);
        ptrdiff_t a = 0, b = 0;
        if (lo <= hi) indices(lo, hi, &a, &b);
        // `RoundedRectSampler.interior` (no corners): the span inside by more than half a pixel.
        solve(hx, s->r1x, s->inverseStepU, s->interiorU, &a0, &a1);
        solve(hy, s->r1y, s->inverseStepV, s->interiorV, &b0, &b1);
        lo = max2(max2(a0, b0), 0), hi = min2(min2(a1, b1), last);
        ptrdiff_t i0 = 0, i1 = 0;
        if (lo <= hi) indices(lo, hi, &i0, &i1);
        // `spans`: the support widened to hold the interior.
        if (i0 < i1) {
            a = i0 < a ? i0 : a;
            b = i1 > b ? i1 : b;
        }
        if (a >= b) continue;
        if (i0 < i1) {
            ptrdiff_t k = i0;
            for (; k + 8 <= i1; k += 8) _mm256_storeu_si256((__m256i *)(row + 4 * k), fill);
            if (k < i1) {
                if (i1 - i0 >= 8) {
                    // The last eight of the interior again: the same paint over pixels it holds.
                    _mm256_storeu_si256((__m256i *)(row + 4 * (i1 - 8)), fill);
                } else {
                    const __m256i mine = first_lanes(i1 - k);
                    const int whole = k + 8 <= reach;
                    reach_store((int *)(row + 4 * k), mine, whole, fill, whole ? _mm256_loadu_si256((const __m256i *)(row + 4 * k)) : fill);
                }
            }
            piece(s, row, x0, py, a, i0, reach, sl, sh);
            piece(s, row, x0, py, i1, b, reach, sl, sh);
        } else {
            piece(s, row, x0, py, a, b, reach, sl, sh);
        }
    }
}

/// `RoundedRectSampler.coverage` of `shape` (four circular corners or none) at the lanes
/// `au`, `av` (`|u|`, `|v|`), `sign` the lanes' sign(u)·sign(v), `g` the gradients
/// (`ux`, `uy`, `vx`, `vy`) and `pu`, `pv` the pixels per unit: the slabs' product, then in
/// the corners' lanes the smaller of it and `sat(½ − d)`, `d` the distance to the circle.
__attribute__((target("avx2"), always_inline))
static inline __m256 rounded_coverage(const cadence_rounded_shape *shape, __m256 au, __m256 av, __m256 sign,
                                      const float *g, __m256 pu, __m256 pv) {
    __m256 c = _mm256_mul_ps(slab(_mm256_set1_ps(shape->halfWidth), au, pu), slab(_mm256_set1_ps(shape->halfHeight), av, pv));
    if (!(shape->radius > 0)) return c;
    const __m256 qx = _mm256_sub_ps(au, _mm256_set1_ps(shape->halfWidth - shape->extent));
    const __m256 qy = _mm256_sub_ps(av, _mm256_set1_ps(shape->halfHeight - shape->extent));
    const __m256 zero = _mm256_setzero_ps();
    const __m256 corner = _mm256_and_ps(_mm256_cmp_ps(qx, zero, _CMP_GT_OQ), _mm256_cmp_ps(qy, zero, _CMP_GT_OQ));
    if (_mm256_testz_ps(corner, corner)) return c;
    const __m256 length = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(qx, qx), _mm256_mul_ps(qy, qy)));
    // As Swift reads `qx * ux + sign * qy * vx`: ((sign · qy) · vx) added to qx · ux.
    const __m256 sq = _mm256_mul_ps(sign, qy);
    const __m256 nx = _mm256_add_ps(_mm256_mul_ps(qx, _mm256_set1_ps(g[0])), _mm256_mul_ps(sq, _mm256_set1_ps(g[2])));
    const __m256 ny = _mm256_add_ps(_mm256_mul_ps(qx, _mm256_set1_ps(g[1])), _mm256_mul_ps(sq, _mm256_set1_ps(g[3])));
    const __m256 distance = _mm256_div_ps(_mm256_mul_ps(_mm256_sub_ps(length, _mm256_set1_ps(shape->radius)), length),
                                          _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(nx, nx), _mm256_mul_ps(ny, ny))));
    const __m256 cc = saturate(_mm256_sub_ps(_mm256_set1_ps(0.5f), distance));
    return _mm256_blendv_ps(c, cc, _mm256_and_ps(corner, _mm256_cmp_ps(cc, c, _CMP_LT_OQ)));
}

/// The constants of a rounded layer's lanes and paints, set up once a call for both
/// pieces: on a panel's steady rows each piece is a group or two, and a call and its
/// prologue a piece cost as much as the piece (h-demo7's profile).
typedef struct rounded_lanes {
    __m256 du, dv, pu, pv;
    __m256i fill, stroke, fl, fh, fa, sl, sh, sa;
    int hasFill, hasStroke, fillOpaque, strokeOpaque;
} rounded_lanes;

CADENCE_AVX2_INLINE rounded_lanes rounded_lanes_of(const cadence_rounded_rect *s) {
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    rounded_lanes l;
    l.du = _mm256_mul_ps(lanes, _mm256_set1_ps(s->gradients[0]));
    l.dv = _mm256_mul_ps(lanes, _mm256_set1_ps(s->gradients[2]));
    l.pu = _mm256_set1_ps(s->pixelsPerU), l.pv = _mm256_set1_ps(s->pixelsPerV);
    l.hasFill = s->paints & 1, l.hasStroke = (s->paints >> 1) & 1;
    l.fill = _mm256_set1_epi32((int)s->fill), l.stroke = _mm256_set1_epi32((int)s->stroke);
    l.fl = low_bytes(l.fill), l.fh = _mm256_srli_epi16(l.fill, 8), l.fa = _mm256_set1_epi16((short)(s->fill >> 24));
    l.sl = low_bytes(l.stroke), l.sh = _mm256_srli_epi16(l.stroke, 8), l.sa = _mm256_set1_epi16((short)(s->stroke >> 24));
    l.fillOpaque = (s->fill >> 24) == 255, l.strokeOpaque = (s->stroke >> 24) == 255;
    return l;
}

/// The coverage `*c` (and, with a border, the ring `*r`) of the group of eight lanes from
/// pixel `i` of the row whose centre is `py`, as `RoundedRectSampler.sampleSpan` samples it
/// (`float`, the group's first `u`, `v` from `double`).
CADENCE_AVX2_INLINE void rounded_sample(const cadence_rounded_rect *s, const rounded_lanes *l, ptrdiff_t x0, double py,
                                        ptrdiff_t i, __m256 *c, __m256 *r) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const double px = (double)(x0 + i) + 0.5;
    const double hx = s->r1x * px + s->r2x * py + s->r3x, hy = s->r1y * px + s->r2y * py + s->r3y;
    const __m256 u = _mm256_add_ps(_mm256_set1_ps((float)hx), l->du);
    const __m256 v = _mm256_add_ps(_mm256_set1_ps((float)hy), l->dv);
    const __m256 un = _mm256_cmp_ps(u, zero, _CMP_LT_OQ), vn = _mm256_cmp_ps(v, zero, _CMP_LT_OQ);
    const __m256 negative = _mm256_set1_ps(-0.0f);
    // `u.replacing(with: -u, where: u .< 0)`: −0 stays −0.
    const __m256 au = _mm256_blendv_ps(u, _mm256_xor_ps(u, negative), un);
    const __m256 av = _mm256_blendv_ps(v, _mm256_xor_ps(v, negative), vn);
    const __m256 sign = _mm256_blendv_ps(one, _mm256_set1_ps(-1), _mm256_xor_ps(un, vn));
    *c = rounded_coverage(&s->outer, au, av, sign, s->gradients, l->pu, l->pv);
    if (l->hasStroke) {
        *r = *c;
        if (s->hasInner) {
            const __m256 ring = _mm256_sub_ps(*c, rounded_coverage(&s->inner, au, av, sign, s->gradients, l->pu, l->pv));
            *r = _mm256_and_ps(ring, _mm256_cmp_ps(ring, zero, _CMP_GT_OQ));
        }
    }
}

/// The group's coverage and ring: read from `kept` (`keep` 2), or sampled (`rounded_sample`)
/// and, with `keep` 1, written there too.
CADENCE_AVX2_INLINE void rounded_group(const cadence_rounded_rect *s, const rounded_lanes *l, ptrdiff_t x0, double py,
                                       ptrdiff_t i, int keep, float *keptOuter, float *keptRing, __m256 *c, __m256 *r) {
    if (keep == 2) {
        *c = _mm256_loadu_ps(keptOuter + i);
        if (l->hasStroke) *r = _mm256_loadu_ps(keptRing + i);
    } else {
        rounded_sample(s, l, x0, py, i, c, r);
        if (keep == 1) {
            _mm256_storeu_ps(keptOuter + i, *c);
            if (l->hasStroke) _mm256_storeu_ps(keptRing + i, *r);
        }
    }
}

/// Blends the group of eight pixels at `p` (its own lanes `mine`; `whole`: all eight within
/// the row's `reach`) at coverage `c` and ring `r` times the weights `k`, as
/// `Rasterizer.scale` and `combine` weight them (`weighted` 0: one paint at weight 1, not
/// multiplied), quantized and blended with the one- or two-paint kernel's rule
/// (`SourceOver.blend`).
CADENCE_AVX2_INLINE void rounded_blend(const cadence_rounded_rect *s, const rounded_lanes *l, int *p, __m256i mine,
                                       int whole, __m256 c, __m256 r, __m256 k, int weighted) {
    if (l->hasFill && l->hasStroke) {
        // `Rasterizer.combine`, then the two-paint kernel.
        const __m256 rest = _mm256_sub_ps(_mm256_set1_ps(1), _mm256_mul_ps(_mm256_set1_ps(s->strokeAlpha), r));
        const __m256i qa = _mm256_and_si256(quantize(_mm256_mul_ps(_mm256_mul_ps(c, rest), k)), mine);
        const __m256i qb = _mm256_and_si256(quantize(_mm256_mul_ps(r, k)), mine);
        const __m256i any = _mm256_or_si256(qa, qb);
        if (_mm256_testz_si256(any, any)) return;
        __m256i wa = _mm256_or_si256(qa, _mm256_slli_epi32(qa, 16));
        const __m256i wb = _mm256_or_si256(qb, _mm256_slli_epi32(qb, 16));
        // `SourceOver.weights`: the fill's weight held to what the border leaves.
        const __m256i most = _mm256_sub_epi16(_mm256_set1_epi16(255),
                                              divide_floor(_mm256_add_epi16(_mm256_mullo_epi16(l->sa, wb), _mm256_set1_epi16(254))));
        wa = _mm256_min_epu16(wa, most);
        const __m256i d = reach_load(p, mine, whole);
        const __m256i dl = low_bytes(d), dh = _mm256_srli_epi16(d, 8);
        const __m256i alpha = _mm256_add_epi16(_mm256_mullo_epi16(l->fa, wa), _mm256_mullo_epi16(l->sa, wb));
        const __m256i lo = over(_mm256_add_epi16(_mm256_mullo_epi16(l->fl, wa), _mm256_mullo_epi16(l->sl, wb)), alpha, dl);
        const __m256i hi = over(_mm256_add_epi16(_mm256_mullo_epi16(l->fh, wa), _mm256_mullo_epi16(l->sh, wb)), alpha, dh);
        reach_store(p, mine, whole, pack_pixels(lo, hi), d);
    } else {
        // `Rasterizer.scale` (by the weights when they are not all 1), then the one-paint kernel.
        __m256 w = l->hasFill ? c : r;
        if (weighted) w = _mm256_mul_ps(w, k);
        const __m256i q = _mm256_and_si256(quantize(w), mine);
        if (_mm256_testz_si256(q, q)) return;
        // As in Swift, a partial group (its other lanes at weight 0) is never full.
        const int isFull = _mm256_movemask_epi8(_mm256_cmpeq_epi32(q, _mm256_set1_epi32(255))) == -1;
        const int opaque = l->hasFill ? l->fillOpaque : l->strokeOpaque;
        const __m256i paint = l->hasFill ? l->fill : l->stroke;
        if (opaque && isFull) {
            // Full: every lane is the group's own.
            _mm256_storeu_si256((__m256i *)p, paint);
            return;
        }
        const __m256i w16 = _mm256_or_si256(q, _mm256_slli_epi32(q, 16));
        const __m256i d = reach_load(p, mine, whole);
        reach_store(p, mine, whole, l->hasFill ? blended(l->fl, l->fh, l->fa, w16, opaque, isFull, d)
                                               : blended(l->sl, l->sh, l->sa, w16, opaque, isFull, d), d);
    }
}

/// Each of the row's two pieces (`a ..< runStart`, `runEnd ..< b`; `row` is pixel 0, `py`
/// the row's centre) in groups of eight lanes from the piece's first pixel: the coverage
/// (and ring) sampled as `RoundedRectSampler.sampleSpan` does, or read from `kept` (`keep`
/// 2), or sampled and written there too (`keep` 1); weighted with the layer's opacity,
/// quantized and blended (`rounded_blend`).
/// Always inlined: `cadence_rounded_steady_rows` calls it with `keep` 2 for each row.
CADENCE_AVX2_INLINE void rounded_row(const cadence_rounded_rect *s, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                                     ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t reach, float *keptOuter,
                                     float *keptRing, int keep) {
    const double py = (double)y + 0.5;
    const rounded_lanes l = rounded_lanes_of(s);
    const __m256 k = _mm256_set1_ps(s->opacity);
    const int weighted = s->opacity != 1;
    for (int part = 0; part < 2; part++) {
        const ptrdiff_t first = part == 0 ? a : runEnd, end = part == 0 ? runStart : b;
        for (ptrdiff_t i = first; i < end; i += 8) {
            __m256 c, r = _mm256_setzero_ps();
            rounded_group(s, &l, x0, py, i, keep, keptOuter, keptRing, &c, &r);
            // The group's own lanes: pixels before `end`; all eight within the row's `reach`:
            // read and written whole.
            rounded_blend(s, &l, (int *)(row + 4 * i), first_lanes(end - i), i + 8 <= reach, c, r, k, weighted);
        }
    }
}

__attribute__((target("avx2")))
void cadence_rounded_row(const cadence_rounded_rect *s, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                         ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t reach, float *keptOuter, float *keptRing,
                         int keep) {
    rounded_row(s, row, x0, y, a, runStart, runEnd, b, reach, keptOuter, keptRing, keep);
}

/// `cadence_rounded_row` under a clip mask: each piece cut where `RoundedRectSampler.sample(row:from:pixels:interior:…)`
/// cuts it — lanes from the piece's first pixel up to the interior, the interior's pixels
/// at coverage 1 (ring 1 without an inner edge, else 0) without sampling, lanes from the
/// interior's end — and each pixel's weight its mask byte times `maskScale` in `float`, as
/// `Rasterizer.clipWeights` computes it, in place of the opacity. A group whose mask bytes
/// are all 0 is left alone (weight 0 blends to the same bytes), and not sampled unless
/// `keep` is 1.
__attribute__((target("avx2")))
void cadence_rounded_row_masked(const cadence_rounded_rect *s, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                                ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t interiorStart,
                                ptrdiff_t interiorEnd, const uint8_t *mask, float maskScale, ptrdiff_t reach,
                                float *keptOuter, float *keptRing, int keep) {
    const double py = (double)y + 0.5;
    const rounded_lanes l = rounded_lanes_of(s);
    const __m256 scale = _mm256_set1_ps(maskScale), zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m256 ringInside = s->hasInner ? zero : one;
    for (int part = 0; part < 2; part++) {
        const ptrdiff_t p0 = part == 0 ? a : runEnd, p1 = part == 0 ? runStart : b;
        if (p0 >= p1) continue;
        // The piece's three spans: lanes, the interior (`inside`), lanes.
        ptrdiff_t from[3] = {p0, p1, p1}, to[3] = {p1, p1, p1};
        if (interiorStart < interiorEnd) {
            to[0] = imax(p0, imin(p1, interiorStart));
            from[1] = imax(p0, interiorStart), to[1] = imax(from[1], imin(p1, interiorEnd));
            from[2] = imin(imax(p0, interiorEnd), p1);
        }
        for (int span = 0; span < 3; span++) {
            const ptrdiff_t end = to[span];
            for (ptrdiff_t i = from[span]; i < end; i += 8) {
                const ptrdiff_t own = end - i;
                // The group's mask bytes (0 past the span: no byte past the row is read).
                uint64_t bytes = 0;
                __builtin_memcpy(&bytes, mask + i, own < 8 ? (size_t)own : 8);
                if (bytes == 0 && (keep != 1 || span == 1)) continue;
                __m256 c = one, r = zero;
                if (span == 1) {
                    if (l.hasStroke) r = ringInside;
                } else {
                    rounded_group(s, &l, x0, py, i, keep, keptOuter, keptRing, &c, &r);
                }
                if (bytes == 0) continue;
                const __m256 w = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)bytes))), scale);
                rounded_blend(s, &l, (int *)(row + 4 * i), first_lanes(own), i + 8 <= reach, c, r, w, 1);
            }
        }
    }
}

__attribute__((target("avx2")))
void cadence_rounded_steady_rows(const cadence_rounded_rect *s, uint8_t *row, ptrdiff_t stride, ptrdiff_t rows,
                                 ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a, ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b,
                                 ptrdiff_t reach, float *keptOuter, float *keptRing, int fillRun, uint32_t word,
                                 int prefetchAfter) {
    const __m256i paint = _mm256_set1_epi32((int)word);
    for (ptrdiff_t j = 0; j < rows; j++) {
        // Each row's pointer made from `j` (no pointer formed past the last row).
        uint8_t *const r = row + j * stride;
        // As `Rasterizer.drawOwn` asks for the next row's lines under the support.
        if (j + 1 < rows || prefetchAfter) cadence_prefetch_lines(r + stride + 4 * a, 4 * (b - a));
        if (fillRun) {
            ptrdiff_t i = runStart;
            for (; i + 8 <= runEnd; i += 8) _mm256_storeu_si256((__m256i *)(r + 4 * i), paint);
            for (; i < runEnd; i++) __builtin_memcpy(r + 4 * i, &word, 4);
        }
        rounded_row(s, r, x0, y + j, a, runStart, runEnd, b, reach, keptOuter, keptRing, 2);
    }
}

#else

int cadence_rectangle_avx2_available(void) { return 0; }

void cadence_rectangle_draw(const cadence_rectangle *shape, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t reach, ptrdiff_t y0, ptrdiff_t rows) {
    (void)shape, (void)word, (void)pixels, (void)stride, (void)x0, (void)count, (void)reach, (void)y0, (void)rows;
    __builtin_trap();
}

void cadence_rounded_steady_rows(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t stride, ptrdiff_t rows,
                                 ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a, ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b,
                                 ptrdiff_t reach, float *keptOuter, float *keptRing, int fillRun, uint32_t word,
                                 int prefetchAfter) {
    (void)shape, (void)row, (void)stride, (void)rows, (void)x0, (void)y, (void)a, (void)runStart, (void)runEnd, (void)b,
        (void)reach, (void)keptOuter, (void)keptRing, (void)fillRun, (void)word, (void)prefetchAfter;
    __builtin_trap();
}

void cadence_rounded_row_masked(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                                ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t interiorStart,
                                ptrdiff_t interiorEnd, const uint8_t *mask, float maskScale, ptrdiff_t reach,
                                float *keptOuter, float *keptRing, int keep) {
    (void)shape, (void)row, (void)x0, (void)y, (void)a, (void)runStart, (void)runEnd, (void)b, (void)interiorStart,
        (void)interiorEnd, (void)mask, (void)maskScale, (void)reach, (void)keptOuter, (void)keptRing, (void)keep;
    __builtin_trap();
}

void cadence_rounded_row(const cadence_rounded_rect *shape, uint8_t *row, ptrdiff_t x0, ptrdiff_t y, ptrdiff_t a,
                         ptrdiff_t runStart, ptrdiff_t runEnd, ptrdiff_t b, ptrdiff_t reach, float *keptOuter,
                         float *keptRing, int keep) {
    (void)shape, (void)row, (void)x0, (void)y, (void)a, (void)runStart, (void)runEnd, (void)b, (void)reach, (void)keptOuter,
        (void)keptRing, (void)keep;
    __builtin_trap();
}

#endif
