// The contents sampler's affine lanes in AVX2 (CadenceContents.h). Each step is the Swift
// lanes' (`ContentsSampler.affineLanes` with `clamp`, `floor`, `fraction`, `vertical`,
// `horizontal`, `PixelLanes.quantize` and `SourceOver.blendSample`) in the same `double`,
// `float` and integer operations on the same operands in the same order, so the bytes are
// the same: floats are never contracted (the pragma) and each min/max has the operand
// order of the Swift select; the one other operation, the floor (`level_floor`), gives
// the same values on the kernel's range. What differs: one call a span, not a closure a
// group; the texels from hardware gathers (CadenceBilinear.h); 256-bit lanes on a
// baseline build.
#include "CadenceContents.h"
#include "CadenceCPU.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#pragma clang fp contract(off)

#include "CadencePixelLanes.h"
#include "CadenceBilinear.h"

int cadence_contents_affine_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2); }

/// `floorf8` by the rounding instruction: ⌊x⌋ as a float (`*f`) and as an integer, two
/// instructions where `floorf8` takes seven. The same values for |x| < 2²² (both exact
/// there; at x = −0 the float is −0, not +0, which `fraction` of `x − *f` and the integer
/// do not see), which `affine_group`'s level coordinates are: image coordinates clamped
/// to the image, scaled to a level, less ½. On the Intel Xeon of 2026-11-28 the kernel
/// drew a 512 × 384 image turned 20° over an 800 × 800 span about 8 % faster this way.
CADENCE_AVX2_INLINE __m256i level_floor(__m256 x, __m256 *f) {
    *f = _mm256_round_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    return _mm256_cvttps_epi32(*f);
}

/// How many texel rows below (above, when the map's `by` is negative) the bottom ones a
/// group asks for (`texel_rows_ahead`): two, the next pixel row's new texel rows at
/// about 1:1 and a turn; one row ahead arrived too late to help in the harness of
/// `texel_rows_ahead`, three no better than two.
static const int32_t texelRowsAhead = 2;

/// One group: the eight pixels at `p` from column `x` of the row whose pixel centre is
/// `py`, at the eight weights at `w`; `narrow` and `ahead` as `bilinear_gathered` takes
/// them.
CADENCE_AVX2_INLINE void affine_group(
    const cadence_contents_affine *m, double py, ptrdiff_t x, const float *w, uint8_t *p, int narrow, int32_t ahead) {
    const __m256i q = quantize(_mm256_loadu_ps(w));
    if (_mm256_testz_si256(q, q)) return;
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), half = _mm256_set1_ps(0.5f);
    const double px = (double)x + 0.5;
    const __m256 sx = _mm256_set1_ps((float)(m->ax * px + m->bx * py + m->cx));
    const __m256 sy = _mm256_set1_ps((float)(m->ay * px + m->by * py + m->cy));
    const __m256 ix = clampf(_mm256_add_ps(sx, _mm256_mul_ps(lanes, _mm256_set1_ps((float)m->ax))),
                             _mm256_set1_ps(m->loX), _mm256_set1_ps(m->hiX));
    const __m256 iy = clampf(_mm256_add_ps(sy, _mm256_mul_ps(lanes, _mm256_set1_ps((float)m->ay))),
                             _mm256_set1_ps(m->loY), _mm256_set1_ps(m->hiY));
    const __m256 scale = _mm256_set1_ps(m->scale);
    const __m256 xs = _mm256_sub_ps(_mm256_mul_ps(ix, scale), half), ys = _mm256_sub_ps(_mm256_mul_ps(iy, scale), half);
    __m256 xf, yf;
    const __m256i xi = level_floor(xs, &xf), yi = level_floor(ys, &yf);
    __m256i lo, hi;
    bilinear_gathered(m->texels, m->stride, m->maxX, m->maxY, xi, yi, fraction(_mm256_sub_ps(xs, xf)),
                      spread(fraction(_mm256_sub_ps(ys, yf))), 0, narrow, ahead, &lo, &hi);
    blend_sample(lo, hi, q, p);
}

__attribute__((target("avx2")))
void cadence_contents_affine_blend(
    const cadence_contents_affine *map, ptrdiff_t y, ptrdiff_t x0, ptrdiff_t count, const float *weights, uint8_t *dst) {
    // A local copy, which the stores to `dst` cannot alias: its fields and what is made of
    // them stay in registers across the groups.
    const cadence_contents_affine m = *map;
    const double py = (double)y + 0.5;
    // The whole groups in two copies, `narrow` a constant in each.
    const int narrow = narrow_rows(m.stride, m.maxY);
    // The next pixel rows read texel rows further down the image when `by` ≥ 0, up it
    // otherwise.
    const int32_t ahead = m.by < 0 ? -texelRowsAhead : texelRowsAhead;
    ptrdiff_t i = 0;
    if (narrow) {
        for (; i + 8 <= count; i += 8) affine_group(&m, py, x0 + i, weights + i, dst + 4 * i, 1, ahead);
    } else {
        for (; i + 8 <= count; i += 8) affine_group(&m, py, x0 + i, weights + i, dst + 4 * i, 0, ahead);
    }
    const ptrdiff_t n = count - i;
    if (n <= 0) return;
    // `PixelLanes.forEachGroup`'s last group: the pixels and weights past the span are 0.
    _Alignas(32) float w[8] = {0};
    _Alignas(32) uint8_t pixels[32] = {0};
    __builtin_memcpy(w, weights + i, (size_t)n * sizeof(float));
    __builtin_memcpy(pixels, dst + 4 * i, (size_t)n * 4);
    affine_group(&m, py, x0 + i, w, pixels, narrow, ahead);
    __builtin_memcpy(dst + 4 * i, pixels, (size_t)n * 4);
}

#else

int cadence_contents_affine_available(void) { return 0; }

void cadence_contents_affine_blend(
    const cadence_contents_affine *map, ptrdiff_t y, ptrdiff_t x0, ptrdiff_t count, const float *weights, uint8_t *dst) {
    (void)map, (void)y, (void)x0, (void)count, (void)weights, (void)dst;
    __builtin_trap();
}

#endif
