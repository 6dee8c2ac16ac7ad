// Compile-time facts about the target CPU that Swift cannot test with #if.
// `swift build -Xcc -march=x86-64-v3` reaches Swift's Clang importer too, so these macros
// follow the flags the package is built with; a baseline build sees 0.
#ifndef CADENCE_FEATURES_H
#define CADENCE_FEATURES_H

#include <stddef.h>

#if defined(__FMA__) || defined(__ARM_FEATURE_FMA) || defined(__aarch64__)
/// 1 when fused multiply-add is a single instruction (x86-64-v3, arm64).
#define CADENCE_HAS_FMA 1
#else
#define CADENCE_HAS_FMA 0
#endif

/// CADENCE_HAS_FMA as a function: Swift folds the call away after inlining, without
/// warning about the branch it removes (a bare macro test warns "will never be executed").
static inline int cadence_has_fma(void) { return CADENCE_HAS_FMA; }

/// √x as one instruction. Swift's `squareRoot()` on Linux goes through C's `sqrt`, which
/// keeps errno: a compare and a branch to the library for negative inputs, and registers
/// saved around that call on the fast path.
static inline double cadence_sqrt(double x) { return __builtin_elementwise_sqrt(x); }

/// sin x and cos x from one call of the C library's `sincos` (Apple's `__sincos`), which
/// shares its argument reduction: the same two values as `sin` and `cos` called apart (the
/// GNU library computes them with the same routines; checked bit for bit on 2·10^7
/// arguments), at about half the cost.
static inline void cadence_sincos(double x, double *s, double *c) {
#if defined(__APPLE__)
    extern void __sincos(double, double *, double *);
    __sincos(x, s, c);
#else
    __builtin_sincos(x, s, c);
#endif
}

/// sin x and cos x for |x| ≤ 4096 without a library call, each within 1 ulp of the exact
/// value (the largest error measured over 2·10⁷ angles of the emitter's kinds is 0.88 ulp; it
/// differed from glibc's by at most 1 ulp there, and the sign of a zero is kept); past 4096,
/// NaN and ±∞, `cadence_sincos` (the C library's bits). For |x| ≤ 4096 the same bits in
/// every build: plain IEEE operations, no fused multiply-add (`fp contract(off)`), no table, no branch on the
/// angle's quadrant. For the emitter's random angles (directions, spins), where Core
/// Animation pins no bits. Reduction: x − k·π/2 with k = ⌊x·2/π⌉ and π/2 in three parts
/// (the first two of 33 bits, so k·part is exact for |k| < 2²⁰), the rounding of the
/// second subtraction and the third part carried as a correction `e`; then sin r = r −
/// r³·S(r²) + e·(1 − r²/2) and cos r = 1 − r²/2 + r⁴·C(r²) − e·r, S and C the Taylor series to
/// r¹⁷ and r¹⁶ (the first terms left out, r¹⁹/19! and r¹⁸/18!, are under 10⁻¹⁹ and 2.1·10⁻¹⁸
/// for |r| ≤ π/4: at most 0.02 ulp of cos r) by Estrin's scheme, 1 − r²/2 with
/// its rounding error added back. Cost: about 80 instructions inlined, 90 called (callgrind),
/// against about 120 and a call through the PLT for glibc's `sincos`.
static inline void cadence_sincos_polynomial(double x, double *s, double *c) {
#pragma clang fp contract(off)
    if (!(__builtin_fabs(x) <= 0x1p12)) {
        cadence_sincos(x, s, c);
        return;
    }
    const double shift = 0x1.8p52;  // adding and subtracting it rounds to an integer (|v| < 2⁵¹)
    double k = (x * 0x1.45f306dc9c883p-1 + shift) - shift;
    unsigned long long q = (unsigned long long)(long long)k;
    double t = x - k * 0x1.921fb544p0;  // exact (Sterbenz)
    double w = k * 0x1.0b4611a6p-34;    // exact (33 bits times |k| < 2¹³)
    double r = t - w;
    double e = ((t - r) - w) - k * 0x1.3198a2e037073p-69;
    double z = r * r, h = 0.5 * z, z2 = z * z, z4 = z2 * z2;
    double ps = ((1.0 / 6.0 - z * (1.0 / 120.0)) + z2 * (1.0 / 5040.0 - z * (1.0 / 362880.0)))
        + z4 * ((1.0 / 39916800.0 - z * (1.0 / 6227020800.0))
                + z2 * (1.0 / 1307674368000.0 - z * (1.0 / 355687428096000.0)));
    double pc = ((1.0 / 24.0 - z * (1.0 / 720.0)) + z2 * (1.0 / 40320.0 - z * (1.0 / 3628800.0)))
        + z4 * ((1.0 / 479001600.0 - z * (1.0 / 87178291200.0)) + z2 * (1.0 / 20922789888000.0));
    double sr = r + (e * (1.0 - h) - r * z * ps);
    sr = r == 0 ? r : sr;  // sin(−0) = −0
    double v = 1.0 - h;
    double cr = v + ((((1.0 - v) - h) + z2 * pc) - e * r);
    // The quadrant: k odd swaps the two, bit 1 of k negates the sine, bit 1 of k + 1 the cosine.
    unsigned long long swap = 0 - (q & 1);
    unsigned long long sb = __builtin_bit_cast(unsigned long long, sr);
    unsigned long long cb = __builtin_bit_cast(unsigned long long, cr);
    *s = __builtin_bit_cast(double, ((sb & ~swap) | (cb & swap)) ^ ((q & 2) << 62));
    *c = __builtin_bit_cast(double, ((cb & ~swap) | (sb & swap)) ^ (((q + 1) & 2) << 62));
}

/// Asks the CPU to bring the cache line holding `p` close (all cache levels), for a write
/// soon: a hint (`prefetchw`/`prefetcht0`), never a fault, whatever `p` points at, and it
/// changes no memory. Swift has no prefetch of its own.
static inline void cadence_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

/// Adds 1 to `*counter` atomically and returns the value it had: the next band of a frame
/// for whichever thread asks first. Relaxed order: the counter hands out numbers only; what
/// the bands write is published by the join that ends the frame's threads.
static inline ptrdiff_t cadence_take_ticket(ptrdiff_t *counter) { return __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

/// Two doubles in one vector; Swift imports it as `SIMD2<Double>`.
typedef double cadence_features_double2 __attribute__((ext_vector_type(2)));

/// √x of both lanes as one vector instruction (`SIMD2.squareRoot()` calls the scalar square
/// root twice).
static inline cadence_features_double2 cadence_sqrt2(cadence_features_double2 x) {
    return __builtin_elementwise_sqrt(x);
}

/// `c₀ + c₁z + … + c₇z⁷` by Estrin's scheme with its two halves in the lanes of a vector:
/// `p` holds the pairs `(c₃, c₇), (c₂, c₆), (c₁, c₅), (c₀, c₄)`, and the result is
/// `z⁴·r₁ + r₀` with `r = z²·(p₀z + p₁) + (p₂z + p₃)`. Each lane's operations are those of
/// the scheme on one vector of coefficients (a fused multiply-add where `CADENCE_HAS_FMA`,
/// else a product and a sum), so the bits are the same; 4 vector operations where the scalar
/// scheme takes 7, and 2 loads where it takes 4. In C because Swift's lane-wise
/// `addingProduct` is left to the vectorizer, which splits this form back into scalars.
static inline __attribute__((always_inline)) double cadence_split_estrin(double z, const cadence_features_double2 *p) {
    const cadence_features_double2 lanes = {z, z};
    const cadence_features_double2 z2 = lanes * lanes;
#if CADENCE_HAS_FMA
    const cadence_features_double2 r = __builtin_elementwise_fma(
        z2, __builtin_elementwise_fma(p[0], lanes, p[1]), __builtin_elementwise_fma(p[2], lanes, p[3]));
    return __builtin_fma(z2[0] * z2[0], r[1], r[0]);
#else
    const cadence_features_double2 r = z2 * (p[0] * lanes + p[1]) + (p[2] * lanes + p[3]);
    return (z2[0] * z2[0]) * r[1] + r[0];
#endif
}

/// Four doubles in one vector; Swift imports it as `SIMD4<Double>` (aligned to 16 bytes, as
/// Swift aligns `SIMD4<Double>`).
typedef double cadence_features_double4 __attribute__((ext_vector_type(4), aligned(16)));

/// √x lane by lane as one vector instruction (two without AVX). `SIMD4.squareRoot()` calls
/// the scalar square root four times.
static inline cadence_features_double4 cadence_sqrt4(cadence_features_double4 x) {
    return __builtin_elementwise_sqrt(x);
}

/// The least and greatest coordinates of `count` points (`points`, at least one), lane by
/// lane, a NaN coordinate passed over: `*lo` starts at +∞ and takes `p < lo ? p : lo` at
/// each point `p`, `*hi` starts at −∞ and takes `p > hi ? p : hi` (so a lane of NaNs alone
/// leaves ±∞). That rule is `minpd`'s and `maxpd`'s own: one each a point with SSE2, two
/// points to one of each with AVX; the two halves of the AVX lanes then meet the same way,
/// which may pick the other of −0 and +0 where both occur. `PolygonSet.pixelBox` in one pass
/// of two instructions a point, where Swift's compares and blends take six.
static inline void cadence_point_bounds(const cadence_features_double2 *points, ptrdiff_t count,
                                        cadence_features_double2 *lo, cadence_features_double2 *hi) {
    cadence_features_double2 l = {__builtin_inf(), __builtin_inf()}, h = -l;
    ptrdiff_t i = 0;
#if defined(__AVX__)
    cadence_features_double4 l4 = {l[0], l[1], l[0], l[1]}, h4 = -l4;
    for (; i + 2 <= count; i += 2) {
        const cadence_features_double4 p = *(const cadence_features_double4 *)(points + i);
        l4 = __builtin_ia32_minpd256(p, l4);
        h4 = __builtin_ia32_maxpd256(p, h4);
    }
    l = __builtin_ia32_minpd(__builtin_shufflevector(l4, l4, 2, 3), __builtin_shufflevector(l4, l4, 0, 1));
    h = __builtin_ia32_maxpd(__builtin_shufflevector(h4, h4, 2, 3), __builtin_shufflevector(h4, h4, 0, 1));
#endif
    for (; i < count; i++) {
        const cadence_features_double2 p = points[i];
#if defined(__SSE2__)
        l = __builtin_ia32_minpd(p, l);
        h = __builtin_ia32_maxpd(p, h);
#else
        l = (cadence_features_double2){p[0] < l[0] ? p[0] : l[0], p[1] < l[1] ? p[1] : l[1]};
        h = (cadence_features_double2){p[0] > h[0] ? p[0] : h[0], p[1] > h[1] ? p[1] : h[1]};
#endif
    }
    *lo = l;
    *hi = h;
}

// Always inlined, so how a 4-lane vector argument would be passed without AVX (the
// baseline build) never matters: silence clang's note on it.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"

/// Four 64-bit integers (the bits of a `SIMD4<Double>` passed from Swift).
typedef long long cadence_features_long4 __attribute__((ext_vector_type(4), aligned(16)));

/// Per lane, `pair[1]` where `upper`'s lane has its sign bit set (a Swift `SIMDMask` lane
/// that is true, passed as the bits of a `SIMD4<Double>`), else `pair[0]`: a lane's
/// coefficient of its half, when a pair holds the lower and the upper half's. With AVX one
/// 16-byte broadcast load and one in-lane permute (`vpermilpd`), no copy of the pair per
/// half; without it, a select by masks.
static inline __attribute__((always_inline)) cadence_features_double4 cadence_pick4(
    const cadence_features_double2 *pair, cadence_features_double4 upper) {
    const cadence_features_double2 p = *pair;
#if defined(__AVX__)
    const cadence_features_double4 both = __builtin_shufflevector(p, p, 0, 1, 0, 1);
    // vpermilpd reads bit 1 of each 64-bit control lane: 2 picks the upper element.
    const cadence_features_long4 control = ((cadence_features_long4)upper >> 63) & 2;
    return __builtin_ia32_vpermilvarpd256(both, control);
#else
    const cadence_features_long4 mask = (cadence_features_long4)upper >> 63;
    const cadence_features_long4 low = (cadence_features_long4)__builtin_shufflevector(p, p, 0, 0, 0, 0);
    const cadence_features_long4 high = (cadence_features_long4)__builtin_shufflevector(p, p, 1, 1, 1, 1);
    return (cadence_features_double4)((high & mask) | (low & ~mask));
#endif
}

/// The sign bits of the four lanes of `v` as bits 0…3 of an integer (a Swift `SIMDMask`
/// passed as the bits of a `SIMD4<Double>`): one `vmovmskpd` with AVX, two `movmskpd`
/// with SSE2, shifts and masks elsewhere (arm64).
static inline __attribute__((always_inline)) int cadence_signs4(cadence_features_double4 v) {
#if defined(__AVX__)
    return __builtin_ia32_movmskpd256(v);
#elif defined(__SSE2__)
    return __builtin_ia32_movmskpd(__builtin_shufflevector(v, v, 0, 1))
        | __builtin_ia32_movmskpd(__builtin_shufflevector(v, v, 2, 3)) << 2;
#else
    const cadence_features_long4 bits =
        (cadence_features_long4)((cadence_features_long4)v >> 63) & (cadence_features_long4){1, 2, 4, 8};
    return (int)(bits[0] | bits[1] | bits[2] | bits[3]);
#endif
}

/// Eight 32-bit integers: the lane indices `vpermps` reads (two per 64-bit lane).
typedef int cadence_features_int8 __attribute__((ext_vector_type(8)));
/// Eight floats: a `SIMD4<Double>` seen as `vpermps` moves it.
typedef float cadence_features_float8 __attribute__((ext_vector_type(8)));

/// The lane orders of `cadence_partition4` and `cadence_unpartition4`, per 4-bit mask:
/// `[0][m]` lists the lanes whose bit of `m` is clear, then those whose bit is set, each
/// in ascending order (lane `j` as the 32-bit halves `2j, 2j + 1`); `[1][m]` is its inverse.
static const int cadence_partition_orders[2][16][8] __attribute__((aligned(32))) = {
    {
        {0, 1, 2, 3, 4, 5, 6, 7},
        {2, 3, 4, 5, 6, 7, 0, 1},
        {0, 1, 4, 5, 6, 7, 2, 3},
        {4, 5, 6, 7, 0, 1, 2, 3},
        {0, 1, 2, 3, 6, 7, 4, 5},
        {2, 3, 6, 7, 0, 1, 4, 5},
        {0, 1, 6, 7, 2, 3, 4, 5},
        {6, 7, 0, 1, 2, 3, 4, 5},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {2, 3, 4, 5, 0, 1, 6, 7},
        {0, 1, 4, 5, 2, 3, 6, 7},
        {4, 5, 0, 1, 2, 3, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {2, 3, 0, 1, 4, 5, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7}
    },
    {
        {0, 1, 2, 3, 4, 5, 6, 7},
        {6, 7, 0, 1, 2, 3, 4, 5},
        {0, 1, 6, 7, 2, 3, 4, 5},
        {4, 5, 6, 7, 0, 1, 2, 3},
        {0, 1, 2, 3, 6, 7, 4, 5},
        {4, 5, 0, 1, 6, 7, 2, 3},
        {0, 1, 4, 5, 6, 7, 2, 3},
        {2, 3, 4, 5, 6, 7, 0, 1},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {4, 5, 0, 1, 2, 3, 6, 7},
        {0, 1, 4, 5, 2, 3, 6, 7},
        {2, 3, 4, 5, 0, 1, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {2, 3, 0, 1, 4, 5, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7},
        {0, 1, 2, 3, 4, 5, 6, 7}
    },
};

/// The lanes of `v` whose bit of `mask` is clear, then those whose bit is set, each in
/// ascending order (a stable partition of four lanes): one `vpermps` with AVX2, lane by lane
/// without it.
static inline __attribute__((always_inline)) cadence_features_double4 cadence_partition4(
    cadence_features_double4 v, int mask) {
    const int *order = cadence_partition_orders[0][mask & 15];
#if defined(__AVX2__)
    return (cadence_features_double4)__builtin_ia32_permvarsf256(
        (cadence_features_float8)v, *(const cadence_features_int8 *)order);
#else
    return (cadence_features_double4){v[order[0] / 2], v[order[2] / 2], v[order[4] / 2], v[order[6] / 2]};
#endif
}

/// `cadence_partition4` undone from two vectors: lane `j` of the result is the next lane of
/// `lower` (the ones `lower` holds first, in order) where bit `j` of `mask` is clear, and
/// the next of `upper` where it is set, counted from lane `n` of `upper`, `n` the clear
/// bits of `mask` (so `lower` and `upper` may be loaded from two packed lists, `upper` from
/// `n` places before its next element). `select` is `mask` as lanes (the sign bit of lane
/// `j` is bit `j`). Two `vpermps` and a blend with AVX2.
static inline __attribute__((always_inline)) cadence_features_double4 cadence_unpartition4(
    cadence_features_double4 lower, cadence_features_double4 upper, int mask, cadence_features_double4 select) {
    const int *order = cadence_partition_orders[1][mask & 15];
#if defined(__AVX2__)
    const cadence_features_int8 indices = *(const cadence_features_int8 *)order;
    const cadence_features_double4 a = (cadence_features_double4)__builtin_ia32_permvarsf256(
        (cadence_features_float8)lower, indices);
    const cadence_features_double4 b = (cadence_features_double4)__builtin_ia32_permvarsf256(
        (cadence_features_float8)upper, indices);
    return __builtin_ia32_blendvpd256(a, b, select);
#else
    return (cadence_features_double4){
        (mask & 1 ? upper : lower)[order[0] / 2], (mask & 2 ? upper : lower)[order[2] / 2],
        (mask & 4 ? upper : lower)[order[4] / 2], (mask & 8 ? upper : lower)[order[6] / 2]};
#endif
}

#pragma clang diagnostic pop

// The sprites' AVX2 row kernel, named here so that a module built before the header was
// added is rebuilt with it (a new file in the umbrella folder alone does not invalidate it).
#include "CadenceSprites.h"
// The timing function's AVX2 batch kernel, named here for the same reason.
#include "CadenceTimingBatch.h"
// A coverage row's AVX2 resolve and blend, named here for the same reason.
#include "CadenceCoverage.h"
// The uniform translucent source-over in AVX2, named here for the same reason.
#include "CadenceSourceOver.h"
// The contents sampler's AVX2 affine lanes, named here for the same reason.
#include "CadenceContents.h"
// The unrounded rectangle's AVX2 rows, named here for the same reason.
#include "CadenceRectangle.h"

#endif
