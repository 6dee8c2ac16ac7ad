// Compile-time facts about the target CPU that Swift cannot test with #if.
// `swift build -Xcc -march=x86-64-v3` reaches Swift's Clang importer too, so these macros
// follow the flags the package is built with; a baseline build sees 0.
#ifndef CADENCE_FEATURES_H
#define CADENCE_FEATURES_H

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

/// Two doubles in one vector; Swift imports it as `SIMD2<Double>`.
typedef double cadence_features_double2 __attribute__((ext_vector_type(2)));

/// √x of both lanes as one vector instruction (`SIMD2.squareRoot()` calls the scalar square
/// root twice).
static inline cadence_features_double2 cadence_sqrt2(cadence_features_double2 x) {
    return __builtin_elementwise_sqrt(x);
}

/// Four doubles in one vector; Swift imports it as `SIMD4<Double>` (aligned to 16 bytes, as
/// Swift aligns `SIMD4<Double>`).
typedef double cadence_features_double4 __attribute__((ext_vector_type(4), aligned(16)));

/// √x lane by lane as one vector instruction (two without AVX). `SIMD4.squareRoot()` calls
/// the scalar square root four times.
static inline cadence_features_double4 cadence_sqrt4(cadence_features_double4 x) {
    return __builtin_elementwise_sqrt(x);
}

#endif
