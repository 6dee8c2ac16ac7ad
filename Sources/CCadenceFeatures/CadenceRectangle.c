// An opaque colour over an unrounded, borderless rectangle under an affine map, a whole
// layer's rows in one call, in AVX2 (CadenceRectangle.h). The Swift path it stands in for
// (`Rasterizer.drawOwn` with `RoundedRectSampler.spans`, `sample` and
// `SourceOver.blend(_:weights:…)`) is its reference twin: every operation here is that
// path's, in its order and precision, so the bytes are the same — floats are never
// contracted into fused multiply-adds (the pragma), each min/max is written with Swift's
// operand order, and the lanes start where the Swift pieces' lanes start.
#include "CadenceRectangle.h"
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
/// (`sl`, `sh`: its low and high byte lanes, `CadencePixelLanes.h`), as the Swift piece is.
__attribute__((target("avx2")))
static void piece(const cadence_rectangle *s, uint8_t *row, ptrdiff_t x0, double py, ptrdiff_t first, ptrdiff_t end,
                  __m256i sl, __m256i sh) {
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 du = _mm256_mul_ps(lanes, _mm256_set1_ps(s->stepU)), dv = _mm256_mul_ps(lanes, _mm256_set1_ps(s->stepV));
    const __m256 hw = _mm256_set1_ps(s->halfWidth), hh = _mm256_set1_ps(s->halfHeight);
    const __m256 pu = _mm256_set1_ps(s->pixelsPerU), pv = _mm256_set1_ps(s->pixelsPerV);
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256i indices = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
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
        const __m256i mine = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(end - i)), indices);
        int *p = (int *)(row + 4 * i);
        const __m256i d = _mm256_maskload_epi32(p, mine);
        // `PixelLanes.lerp` (an opaque paint), each pixel's weight in its two 16-bit lanes.
        const __m256i w = _mm256_or_si256(q, _mm256_slli_epi32(q, 16));
        _mm256_maskstore_epi32(p, mine, blended(sl, sh, w, w, 1, 0, d));
    }
}

__attribute__((target("avx2")))
void cadence_rectangle_draw(const cadence_rectangle *s, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t y0, ptrdiff_t rows) {
    const __m256i fill = _mm256_set1_epi32((int)word);
    const __m256i sl = low_bytes(fill), sh = _mm256_srli_epi16(fill, 8);
    const __m256i indices8 = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
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
                _mm256_maskstore_epi32((int *)(row + 4 * k), _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(i1 - k)), indices8), fill);
            }
            piece(s, row, x0, py, a, i0, sl, sh);
            piece(s, row, x0, py, i1, b, sl, sh);
        } else {
            piece(s, row, x0, py, a, b, sl, sh);
        }
    }
}

#else

int cadence_rectangle_avx2_available(void) { return 0; }

void cadence_rectangle_draw(const cadence_rectangle *shape, uint32_t word, uint8_t *pixels, ptrdiff_t stride,
                            ptrdiff_t x0, ptrdiff_t count, ptrdiff_t y0, ptrdiff_t rows) {
    (void)shape, (void)word, (void)pixels, (void)stride, (void)x0, (void)count, (void)y0, (void)rows;
    __builtin_trap();
}

#endif
