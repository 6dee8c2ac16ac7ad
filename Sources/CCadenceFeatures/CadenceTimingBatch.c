// The timing function's batch in AVX2 and FMA (CadenceTimingBatch.h): the long route of
// `progress(at:into:)` (TimingFunction+Batch.swift) written with intrinsics, so that the
// registers are ours. A call splits its groups by half into two packed lists on the stack
// (as `Table.Batch.split`), evaluates each list with its half's coefficients broadcast once
// a call (as `Table.Batch.evaluate`, the mode's `√h` and Newton steps fixed by choosing one
// of six loops once a call), and puts the outputs back in the inputs' order (as
// `Table.Batch.merge`), noting the groups with a lane the rounding test leaves.
//
// Each step is `Table.fastLanes` and `Table.Batch.gridValues`, operation for operation in
// the same order, each of Swift's `multiplyAdd` a fused multiply-add, with two exceptions.
// `h` is `x` itself or `1 − x` by a subtraction, not `x·sign + offset`: the same value
// (only a zero's sign may differ, on lanes never settled; `evaluate_groups`). And where the
// mode has two Newton steps, the kernel takes one step of the root's series instead
// (`evaluate_groups`), so its guess differs from the Swift loop's in the last bits.
// That changes which lanes the guess test passes, not what a settled lane holds: the bounds
// hold for every `t` that passes the guess test (they are made over the binade's range of
// `t`, and the test reads the correction at the `t` it is given). Why the settled lanes
// are correctly rounded, whatever the build:
// - Built with `-march=x86-64-v3` (`CADENCE_HAS_FMA`), Swift's `multiplyAdd` is the same
//   fused multiply-add, so on curves with one Newton step every intermediate here has the
//   Swift loop's bits (on curves with two, the kernel's one series step differs from the
//   loop's two steps in the last bits, and the bounds argument below carries it): the same
//   outputs wherever both settle a lane (the kernel tests against the bound of an eighth of
//   a binade, `Fast.batchBounds`, where the Swift loop takes the largest of a tier of
//   binades, so the kernel settles more lanes; `Fast.batchBounds` says why that is still sound).
// - In the baseline build Swift's `multiplyAdd` is a product and a sum, and the bounds
//   (`Fast.bounds`) are made with `evaluationError = 8u` for two roundings a step. The
//   kernel does the same operations in the same order (on two-step curves, its one series
//   step in place of the loop's two) with one rounding where that analysis allows two: each
//   step the bound charges (the correction's) errs at most what it charges, so the bound
//   holds a fortiori; the guess's steps (the Newton or series steps before the correction)
//   are charged nothing, because whatever `t` they give is checked by the guess test (it
//   reads the computed correction, whose relative error is a few `u` either way, against a
//   limit that keeps the series' next terms 2^-40 below its first). A lane the test
//   settles is then the correctly rounded output, which is what the scalar call returns:
//   the same bits.
// The square root and the division are IEEE operations (correctly rounded) in both.
#include "CadenceTimingBatch.h"
#include "CadenceCPU.h"
#include "CadenceFeatures.h"

#if defined(__x86_64__)
#include <immintrin.h>

// A guard for plain C arithmetic: the kernels below are written in intrinsics, each one
// rounding as the Swift loops do; any `*` or `+` added here must not be fused behind them.
#pragma clang fp contract(off)

#define CADENCE_TIMING_KERNEL static inline __attribute__((always_inline, target("avx2,fma,popcnt")))

int cadence_timing_batch_available(void) {
    return cadence_cpu_supports(CADENCE_CPU_AVX2 | CADENCE_CPU_FMA | CADENCE_CPU_POPCNT);
}

enum {
    /// Where the upper half's list ends (it grows down from there): four slots past the
    /// lower list's largest, so that a store of four lanes at either list's front never
    /// reaches the other list (`Table.Batch.top`).
    TOP = 4 * CADENCE_TIMING_BATCH_GROUPS + 4,
    /// Doubles in each list: `TOP` and the four the upper list's last group reads.
    SLOTS = TOP + 4,
};

/// Half `half`'s coefficient `k` in the four lanes.
CADENCE_TIMING_KERNEL __m256d coefficient(const double *fast, int k, int half) {
    return _mm256_broadcast_sd(fast + 2 * k + half);
}

/// What a list's loop reads, each value in the four lanes of a vector: half `half`'s
/// coefficients and bounds (`fill_lanes`, once a call), and its constants
/// (`cadence_timing_constants`). The loop reads them from memory (one operand of an
/// instruction each), through pointers it cannot see into, so that the compiler neither
/// holds them all in registers (more than there are) nor copies them to the stack and back.
typedef struct cadence_timing_lanes {
    __m256d a[8], b[8];
    __m256d xa, xb, xc, x3a, x2b, ya, yb, yc, yd, y3a, y2b, negative_limit, largest;
    /// The half's `CADENCE_TIMING_BATCH_PARTS` bounds (entries 0…7, then 8…15).
    __m256i bounds[2];
} cadence_timing_lanes;

/// Each half's constants, in lanes (`cadence_timing_lanes`).
typedef struct cadence_timing_constants {
    /// h = x or 1 − x (`offset`, 0 or 1), z = x·4sign + (4·offset − 1) (4h − 1).
    double offset[4], sign4[4], offset4[4];
    /// 1, 2^(firstBoundedBinade − 30), the least and the largest `h` the bounds are looked
    /// up for (1/8 and the double below 1/2), NaN.
    double one[4], first_bounded[4], least_h[4], largest_h[4], not_a_number[4];
    /// |y|'s bits; the 13 bits the grid drops, and half their range; the sign bit.
    int64_t magnitude_mask[4], dropped[4], half_dropped[4], sign_bit[4];
} cadence_timing_constants;

#define CADENCE_TIMING_FOUR(v) {v, v, v, v}
#define CADENCE_TIMING_CONSTANTS(sign, offset) \
    { \
        CADENCE_TIMING_FOUR(offset), CADENCE_TIMING_FOUR(4 * (sign)), \
        CADENCE_TIMING_FOUR(4 * (offset) - 1), CADENCE_TIMING_FOUR(1.0), CADENCE_TIMING_FOUR(1.0 / (1 << (30 - CADENCE_TIMING_FIRST_BOUNDED_BINADE))), \
        CADENCE_TIMING_FOUR(0x1p-3), CADENCE_TIMING_FOUR(0x1.fffffffffffffp-2), CADENCE_TIMING_FOUR(__builtin_nan("")), \
        CADENCE_TIMING_FOUR(0x7FFFFFFFFFFFFFFF), CADENCE_TIMING_FOUR(0x1FFF), CADENCE_TIMING_FOUR(0x1000), \
        CADENCE_TIMING_FOUR((int64_t)0x8000000000000000u), \
    }
static const cadence_timing_constants cadence_timing_halves[2] __attribute__((aligned(32))) = {
    CADENCE_TIMING_CONSTANTS(1.0, 0.0), CADENCE_TIMING_CONSTANTS(-1.0, 1.0)};

/// Fills `lanes` for half `half` (`root`: whether `A` is read).
CADENCE_TIMING_KERNEL void fill_lanes(cadence_timing_lanes *lanes, const double *fast, int half, int root) {
    for (int k = 0; k < 8; k++) {
        if (root) lanes->a[k] = coefficient(fast, CADENCE_TIMING_A + k, half);
        lanes->b[k] = coefficient(fast, CADENCE_TIMING_B + k, half);
    }
    lanes->xa = coefficient(fast, CADENCE_TIMING_XA, half), lanes->xb = coefficient(fast, CADENCE_TIMING_XB, half);
    lanes->xc = coefficient(fast, CADENCE_TIMING_XC, half), lanes->x3a = coefficient(fast, CADENCE_TIMING_X3A, half);
    lanes->x2b = coefficient(fast, CADENCE_TIMING_X2B, half);
    lanes->ya = coefficient(fast, CADENCE_TIMING_YA, half), lanes->yb = coefficient(fast, CADENCE_TIMING_YB, half);
    lanes->yc = coefficient(fast, CADENCE_TIMING_YC, half), lanes->yd = coefficient(fast, CADENCE_TIMING_YD, half);
    lanes->y3a = coefficient(fast, CADENCE_TIMING_Y3A, half), lanes->y2b = coefficient(fast, CADENCE_TIMING_Y2B, half);
    lanes->negative_limit = _mm256_sub_pd(_mm256_setzero_pd(), coefficient(fast, CADENCE_TIMING_LIMIT, half));
    lanes->largest = coefficient(fast, CADENCE_TIMING_LARGEST, half);
    // The bounds by the part of `h` (`Fast.batchBounds`), as the curve keeps them.
    const int32_t *bounds = (const int32_t *)(fast + 2 * CADENCE_TIMING_BATCH_BOUNDS) + CADENCE_TIMING_BATCH_PARTS * half;
    lanes->bounds[0] = _mm256_loadu_si256((const __m256i *)bounds);
    lanes->bounds[1] = _mm256_loadu_si256((const __m256i *)(bounds + 8));
}

/// Each statement of `evaluate_groups` for each of its `n` groups in turn (a loop the
/// compiler unrolls: `n` is a constant where it is inlined).
#define EACH(statement) for (int g = 0; g < n; g++) { statement; }

/// `c[0] + c[1]·z + … + c[7]·z⁷` by Estrin's scheme (`Table.estrin`) for each of `n` groups,
/// each step for every group before the next.
CADENCE_TIMING_KERNEL void estrin_groups(const __m256d *z, const __m256d *c, __m256d *out, int n) {
    __m256d z2[2], z4[2], high[2], low[2];
    EACH(z2[g] = _mm256_mul_pd(z[g], z[g]))
    EACH(z4[g] = _mm256_mul_pd(z2[g], z2[g]))
    EACH(high[g] = _mm256_fmadd_pd(z2[g], _mm256_fmadd_pd(c[7], z[g], c[6]), _mm256_fmadd_pd(c[5], z[g], c[4])))
    EACH(low[g] = _mm256_fmadd_pd(z2[g], _mm256_fmadd_pd(c[3], z[g], c[2]), _mm256_fmadd_pd(c[1], z[g], c[0])))
    EACH(out[g] = _mm256_fmadd_pd(z4[g], high[g], low[g]))
}

/// Evaluates `n` groups of four inputs (1 or 2), `xs[p ..< p + 4n]`, on the half `lanes`
/// holds into the same slots of `ys`: the output where the test settles a lane, NaN where
/// it leaves it (`Table.Batch.evaluate` with `gridValues`). `root` and `steps` are the
/// curve's mode, constants in each caller. Two groups go side by side, each step for both
/// before the next: a group is one long chain of dependent operations (the guess, the
/// steps' and the correction's divisions, the test), more than the core's scheduler
/// holds, so with the groups one after the other the second waits for room behind the
/// first; side by side, both chains advance in the same window. The arithmetic of each
/// group is the same either way.
CADENCE_TIMING_KERNEL void evaluate_groups(
    const cadence_timing_lanes *lanes, int half, const double *xs, double *ys, ptrdiff_t p, int n, int root,
    int steps) {
    const __m256d zero = _mm256_setzero_pd();
    // Read from memory (see `cadence_timing_lanes`).
    const cadence_timing_lanes *c = lanes;
    const cadence_timing_constants *k = &cadence_timing_halves[half];
    __asm__ volatile("" : "+r"(c), "+r"(k));
#define CONSTANT(name) _mm256_load_pd((const double *)k->name)
#define INTEGERS(name) _mm256_load_si256((const __m256i *)k->name)
    __m256d x[2], h[2], z[2], t[2], negative_h[2];
    EACH(x[g] = _mm256_loadu_pd(xs + p + 4 * g))
    // `Table.fastLanes`: h, the guess, its Newton steps (or the series' step).
    // h: `x` itself in the lower half, `1 − x` by a subtraction in the upper one (the value
    // of `x·sign + offset` in both, as `Table.fastLanes` computes it: `1 − x` is exact for
    // `x` in 1/2 … 1, and rounded once otherwise, as the multiply-add rounds it; only a
    // zero's sign can differ, on lanes the test never settles, h < 2^-24). A multiply-add
    // less a group: the lower half's `h` is a copy, the upper half's a subtraction.
    EACH(h[g] = half == 0 ? x[g] : _mm256_sub_pd(CONSTANT(offset), x[g]))
    EACH(z[g] = _mm256_fmadd_pd(x[g], CONSTANT(sign4), CONSTANT(offset4)))  // 4h − 1
    estrin_groups(z, c->b, t, n);
    EACH(t[g] = _mm256_mul_pd(h[g], t[g]))
    if (root) {
        __m256d a[2];
        estrin_groups(z, c->a, a, n);
        EACH(t[g] = _mm256_fmadd_pd(_mm256_sqrt_pd(h[g]), a[g], t[g]))
    }
    EACH(negative_h[g] = _mm256_sub_pd(zero, h[g]))
    if (steps == 1) {
        __m256d tt[2], residual[2], slope[2];
        EACH(tt[g] = _mm256_mul_pd(t[g], t[g]))
        EACH(residual[g] = _mm256_fmadd_pd(
                 tt[g], _mm256_fmadd_pd(c->xa, t[g], c->xb), _mm256_fmadd_pd(c->xc, t[g], negative_h[g])))
        EACH(slope[g] = _mm256_fmadd_pd(c->x3a, tt[g], _mm256_fmadd_pd(c->x2b, t[g], c->xc)))
        EACH(t[g] = _mm256_sub_pd(t[g], _mm256_div_pd(residual[g], slope[g])))
    } else if (steps == 2) {
        // One step of the root's series in place of two Newton steps. `X` is a cubic, so
        // with `r = X(t) − h`, `s = X'(t)`, `k = X''(t)/2 = 3a·t + b` the root is `t + δ`
        // with `r + s·δ + k·δ² + a·δ³ = 0` exactly; reverting that series in `r/s`,
        // `t + δ = t − (1/s)·r − (1/s)³·(k·r² + (1/s²)·(2k² − a·s)·r³)` to fourth order,
        // the order of two Newton steps, with one division where they take two: the second
        // Newton step's residual, slope and division waited for the first's division.
        // After the division the sum is three operations deep: `1/s²`; then `1/s³` and the
        // parenthesis' multiply-add side by side (`t − r/s` beside them); then the last
        // multiply-add. `r` and `s` by Horner's rule, with no `t²`: `s` is as soon (two
        // multiply-adds from `t`), `r` two multiply-adds later but still before the
        // division ends, and one product a group fewer on the multiply pipes. (Any of this
        // may move `t`'s last bits: only which lanes pass the guess test depends on them.)
        // On (0.9, 0, 0.1, 1) the series leaves `t` within 6.1e-8 of the root where two
        // Newton steps leave 5.6e-8 (a model of the fit in double, 4·10⁵ uniform inputs;
        // the guess limit is 1.36e-7).
        __m256d residual[2], slope[2], bend[2], inverse[2], square[2], near[2], far[2], inverse2[2], first[2];
        EACH(residual[g] = _mm256_fmadd_pd(
                 _mm256_fmadd_pd(_mm256_fmadd_pd(c->xa, t[g], c->xb), t[g], c->xc), t[g], negative_h[g]))
        EACH(slope[g] = _mm256_fmadd_pd(_mm256_fmadd_pd(c->x3a, t[g], c->x2b), t[g], c->xc))
        EACH(inverse[g] = _mm256_div_pd(CONSTANT(one), slope[g]))
        EACH(bend[g] = _mm256_fmadd_pd(c->x3a, t[g], c->xb))  // X''/2
        EACH(square[g] = _mm256_mul_pd(residual[g], residual[g]))
        EACH(near[g] = _mm256_mul_pd(bend[g], square[g]))
        EACH(far[g] = _mm256_mul_pd(
                 _mm256_fmsub_pd(bend[g], _mm256_add_pd(bend[g], bend[g]), _mm256_mul_pd(c->xa, slope[g])),
                 _mm256_mul_pd(square[g], residual[g])))
        EACH(inverse2[g] = _mm256_mul_pd(inverse[g], inverse[g]))
        EACH(first[g] = _mm256_fnmadd_pd(inverse[g], residual[g], t[g]))  // t − r/s
        EACH(t[g] = _mm256_fnmadd_pd(
                 _mm256_mul_pd(inverse[g], inverse2[g]), _mm256_fmadd_pd(inverse2[g], far[g], near[g]), first[g]))
    }
    // `Table.correctedLanes`: the correction and the guess test.
    __m256d tt[2], residual[2], x1[2], x2[2], y0[2], y1[2], y2[2], inverse[2], q[2], k2[2], y[2], excess[2];
    EACH(tt[g] = _mm256_mul_pd(t[g], t[g]))
    EACH(residual[g] =
             _mm256_fmadd_pd(tt[g], _mm256_fmadd_pd(c->xa, t[g], c->xb), _mm256_fmadd_pd(c->xc, t[g], negative_h[g])))
    EACH(x1[g] = _mm256_fmadd_pd(c->x3a, tt[g], _mm256_fmadd_pd(c->x2b, t[g], c->xc)))
    EACH(inverse[g] = _mm256_div_pd(CONSTANT(one), x1[g]))
    EACH(x2[g] = _mm256_fmadd_pd(c->x3a, t[g], c->xb))
    EACH(y0[g] = _mm256_fmadd_pd(tt[g], _mm256_fmadd_pd(c->ya, t[g], c->yb), _mm256_fmadd_pd(c->yc, t[g], c->yd)))
    EACH(y1[g] = _mm256_fmadd_pd(c->y3a, tt[g], _mm256_fmadd_pd(c->y2b, t[g], c->yc)))
    EACH(y2[g] = _mm256_fmadd_pd(c->y3a, t[g], c->yb))
    // Swift's `multiplyAdd(v * -1, w, s)` is `s − v·w` rounded once where the Swift build has
    // FMA (`CADENCE_HAS_FMA`): a negated multiply-add, the same value to the sign of a zero.
    // (In the baseline Swift build the product is rounded apart: see the file's comment.)
    EACH(q[g] = _mm256_mul_pd(residual[g], inverse[g]))  // −δ₁
    EACH(k2[g] = _mm256_fnmadd_pd(_mm256_mul_pd(y1[g], x2[g]), inverse[g], y2[g]))
    EACH(y[g] = _mm256_fmadd_pd(_mm256_mul_pd(q[g], q[g]), k2[g], _mm256_fnmadd_pd(y1[g], q[g], y0[g])))
    EACH(excess[g] = _mm256_fmadd_pd(c->negative_limit, t[g], _mm256_and_pd(q[g], CONSTANT(magnitude_mask))))
    EACH(const __m256d above = _mm256_sub_pd(t[g], c->largest);
         excess[g] = _mm256_blendv_pd(excess[g], above, _mm256_cmp_pd(excess[g], above, _CMP_LT_OQ)))
    // `Table.Batch.gridValues`' test, against the bound of `h`'s part (an eighth of its
    // binade, `Fast.batchBounds`), in the high 32 bits of each lane (the low 32 bits of
    // the bound and the distance are not used: only a lane's sign bit reaches the blend
    // below).
    __m256i bits[2], bound[2], distance[2];
    __m256d valid[2];
    EACH(bits[g] = _mm256_castpd_si256(y[g]))
    EACH(valid[g] = _mm256_and_pd(
             _mm256_and_pd(_mm256_cmp_pd(h[g], CONSTANT(first_bounded), _CMP_GE_OQ),
                           _mm256_cmp_pd(_mm256_and_pd(y[g], CONSTANT(magnitude_mask)), CONSTANT(one), _CMP_LT_OQ)),
             _mm256_cmp_pd(excess[g], zero, _CMP_LE_OQ)))
    // The bound: `h` held to 1/8 … below 1/2, its biased exponent `e` and its leading 3
    // fraction bits `m` as `8e + m` in the high 32 bits; `vpermd` reads `m` in each
    // register, the exponent's last bit (1 for 1/4 … 1/2) picks the register.
    EACH(const __m256d held = _mm256_min_pd(_mm256_max_pd(h[g], CONSTANT(least_h)), CONSTANT(largest_h));
         const __m256i part = _mm256_srli_epi32(_mm256_castpd_si256(held), 17);
         bound[g] = _mm256_castpd_si256(_mm256_blendv_pd(
             _mm256_castsi256_pd(_mm256_permutevar8x32_epi32(c->bounds[0], part)),
             _mm256_castsi256_pd(_mm256_permutevar8x32_epi32(c->bounds[1], part)),
             _mm256_castsi256_pd(_mm256_slli_epi32(part, 28)))))
    // The distance from the boundary: `low = (bits & 0x1FFF) − 2^12` times 2^19 in the
    // high 32 bits (the dropped bits shifted to the top, less 2^63), its magnitude. When the
    // 13 dropped bits are all 0 (about 1 lane in 8,192, and every zero `y`), the magnitude of
    // INT_MIN is INT_MIN and the lane is never settled: it goes to the scalar call, on
    // purpose — the twins and the lanes-left figures count on it.
    EACH(distance[g] = _mm256_abs_epi32(_mm256_xor_si256(_mm256_slli_epi64(bits[g], 51), INTEGERS(sign_bit))))
    EACH(const __m256d settled = _mm256_and_pd(valid[g], _mm256_castsi256_pd(_mm256_cmpgt_epi32(distance[g], bound[g])));
         const __m256d value = _mm256_castsi256_pd(
             _mm256_andnot_si256(INTEGERS(dropped), _mm256_add_epi64(bits[g], INTEGERS(half_dropped))));
         _mm256_storeu_pd(ys + p + 4 * g, _mm256_blendv_pd(CONSTANT(not_a_number), value, settled)))
#undef CONSTANT
#undef INTEGERS
}

#undef EACH

/// Evaluates the list `xs[start ..< end]` of inputs on the half `lanes` holds four at a
/// time into the same slots of `ys` (the last group's lanes past `end` too)
/// (`evaluate_groups`). `root` and `steps` are the curve's mode, constants in each caller.
/// A curve with Newton steps goes two groups at a time while a second one starts before
/// `end`, then the last one alone if it is left: its chain is the longest (the step's
/// residual and division before the correction's), and side by side the groups take about 0.90 of the time for
/// about 1.04 of the instructions (two groups' values do not fit in the 16 vector
/// registers: a few go to the stack and back). Without steps the pair still saves about 0.09
/// of the time (0.04 with `√h`) but costs about 0.07 more instructions, so those loops keep
/// one group at a time.
CADENCE_TIMING_KERNEL void evaluate_list(
    const cadence_timing_lanes *lanes, int half, const double *xs, double *ys, ptrdiff_t start, ptrdiff_t end,
    int root, int steps) {
    ptrdiff_t p = start;
    if (steps > 0) {
        for (; p + 4 < end; p += 8) evaluate_groups(lanes, half, xs, ys, p, 2, root, steps);
    }
    for (; p < end; p += 4) evaluate_groups(lanes, half, xs, ys, p, 1, root, steps);
}

/// `lanes` (four doubles) moved by `order` (eight 32-bit lane indices,
/// `cadence_partition_orders`).
CADENCE_TIMING_KERNEL __m256d permute(__m256d lanes, const int *order) {
    return _mm256_castps_pd(
        _mm256_permutevar8x32_ps(_mm256_castpd_ps(lanes), _mm256_load_si256((const __m256i *)order)));
}

/// One chunk of `groups` groups (at most `CADENCE_TIMING_BATCH_GROUPS`) from `input[0]`:
/// split, both lists evaluated, merged into `output`; each group with a lane the test
/// leaves noted at `notes[n …]` as `(first + 4g) << 4 | lanes`, those lanes' inputs written
/// to `output`. Returns the notes' new count.
CADENCE_TIMING_KERNEL ptrdiff_t chunk(
    const cadence_timing_lanes *halves, const double *input, double *output, ptrdiff_t groups, int64_t *notes,
    ptrdiff_t n, ptrdiff_t first, int root, int steps) {
    double xs[SLOTS] __attribute__((aligned(32))), ys[SLOTS] __attribute__((aligned(32)));
    const __m256d halfway = _mm256_set1_pd(0.5);
    // The split (`Table.Batch.split`): lower lanes (x ≤ 1/2, and NaN) packed from xs[0] up,
    // upper ones from xs[TOP − 1] down, a group's in order at the end of its four slots.
    double *lower_end = xs, *upper_front = xs + (TOP - 4);
    for (ptrdiff_t g = 0; g < groups; g++) {
        const __m256d x = _mm256_loadu_pd(input + 4 * g);
        const int mask = _mm256_movemask_pd(_mm256_cmp_pd(x, halfway, _CMP_GT_OQ));
        const __m256d ordered = permute(x, cadence_partition_orders[0][mask]);
        _mm256_storeu_pd(lower_end, ordered);
        _mm256_storeu_pd(upper_front, ordered);
        const ptrdiff_t up = __builtin_popcount((unsigned)mask);
        upper_front -= up;
        lower_end += 4;
        lower_end -= up;
    }
    // The lanes past each list's end, read by its last group: a number each.
    _mm256_storeu_pd(lower_end, _mm256_set1_pd(0.25));
    _mm256_storeu_pd(xs + TOP, _mm256_set1_pd(0.25));
    evaluate_list(&halves[0], 0, xs, ys, 0, lower_end - xs, root, steps);
    evaluate_list(&halves[1], 1, xs, ys, upper_front + 4 - xs, TOP, root, steps);
    // The merge (`Table.Batch.merge`), each group's inputs read again before its outputs
    // are written (so `output` may be `input`); a NaN output is a lane the test left.
    const double *lower_next = ys, *upper_next = ys + (TOP - 4);
    for (ptrdiff_t g = 0; g < groups; g++) {
        const __m256d select = _mm256_cmp_pd(_mm256_loadu_pd(input + 4 * g), halfway, _CMP_GT_OQ);
        const int mask = _mm256_movemask_pd(select);
        const int *order = cadence_partition_orders[1][mask];
        __m256d y = _mm256_blendv_pd(
            permute(_mm256_loadu_pd(lower_next), order), permute(_mm256_loadu_pd(upper_next), order), select);
        const ptrdiff_t up = __builtin_popcount((unsigned)mask);
        upper_next -= up;
        lower_next += 4;
        lower_next -= up;
        const __m256d left = _mm256_cmp_pd(y, y, _CMP_UNORD_Q);
        const int open = _mm256_movemask_pd(left);
        if (__builtin_expect(open != 0, 0)) {
            notes[n++] = (int64_t)(first + 4 * g) << 4 | open;
            y = _mm256_blendv_pd(y, _mm256_loadu_pd(input + 4 * g), left);
        }
        _mm256_storeu_pd(output + 4 * g, y);
    }
    return n;
}

/// `cadence_timing_batch4` for one mode (`root`, `steps` constants in each caller): both
/// halves' lanes filled once, then chunks of equal size (each list's last group is part
/// empty, so fewer, fuller chunks waste fewer lanes) while the notes have room for one more.
CADENCE_TIMING_KERNEL ptrdiff_t batch(
    const double *fast, const double *input, double *output, ptrdiff_t groups, int64_t *notes, ptrdiff_t capacity,
    ptrdiff_t *done, int root, int steps) {
    cadence_timing_lanes halves[2];
    fill_lanes(&halves[0], fast, 0, root);
    fill_lanes(&halves[1], fast, 1, root);
    ptrdiff_t n = 0, g = 0;
    const ptrdiff_t chunks = (groups + CADENCE_TIMING_BATCH_GROUPS - 1) / CADENCE_TIMING_BATCH_GROUPS;
    const ptrdiff_t size = chunks > 0 ? (groups + chunks - 1) / chunks : 0;
    while (g < groups && n + size <= capacity) {
        const ptrdiff_t count = groups - g < size ? groups - g : size;
        n = chunk(halves, input + 4 * g, output + 4 * g, count, notes, n, 4 * g, root, steps);
        g += count;
    }
    *done = g;
    return n;
}

// One function a mode, each with its loop compiled for it.
#define CADENCE_TIMING_MODE_KERNEL(name, root, steps) \
    static __attribute__((noinline, target("avx2,fma,popcnt"))) ptrdiff_t name( \
        const double *fast, const double *input, double *output, ptrdiff_t groups, int64_t *notes, \
        ptrdiff_t capacity, ptrdiff_t *done) { \
        return batch(fast, input, output, groups, notes, capacity, done, root, steps); \
    }
CADENCE_TIMING_MODE_KERNEL(batch_plain0, 0, 0)
CADENCE_TIMING_MODE_KERNEL(batch_plain1, 0, 1)
CADENCE_TIMING_MODE_KERNEL(batch_plain2, 0, 2)
CADENCE_TIMING_MODE_KERNEL(batch_root0, 1, 0)
CADENCE_TIMING_MODE_KERNEL(batch_root1, 1, 1)
CADENCE_TIMING_MODE_KERNEL(batch_root2, 1, 2)

ptrdiff_t cadence_timing_batch4(
    const double *fast, const double *input, double *output, ptrdiff_t groups, int64_t *notes, ptrdiff_t capacity,
    ptrdiff_t *done) {
    static ptrdiff_t (*const kernels[2][3])(const double *, const double *, double *, ptrdiff_t, int64_t *, ptrdiff_t,
                                            ptrdiff_t *) = {
        {batch_plain0, batch_plain1, batch_plain2}, {batch_root0, batch_root1, batch_root2}};
    const double root = fast[2 * CADENCE_TIMING_MODE], steps = fast[2 * CADENCE_TIMING_MODE + 1];
    return kernels[root != 0][steps >= 2 ? 2 : steps >= 1 ? 1 : 0](fast, input, output, groups, notes, capacity, done);
}

#else

int cadence_timing_batch_available(void) { return 0; }

ptrdiff_t cadence_timing_batch4(
    const double *fast, const double *input, double *output, ptrdiff_t groups, int64_t *notes, ptrdiff_t capacity,
    ptrdiff_t *done) {
    (void)fast, (void)input, (void)output, (void)groups, (void)notes, (void)capacity, (void)done;
    __builtin_trap();
}

#endif
