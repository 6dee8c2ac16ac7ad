// The sparse resolve of a coverage row in AVX2 (CadenceCoverage.h). Each step is
// `PathCoverage.resolveSparse`'s (with `resolveGroup`, `resolveTail` and `TouchedBlocks`'
// bit operations) in the same `float` operations on the same operands in the same order, so
// the cells are the same bits: a lane's additions are the Swift prefix sum's (IEEE addition
// commutes exactly), and each select is a min/max whose operand order gives the Swift
// select's answer for ties, signed zeros and NaN. What differs is how the lanes move: a
// log-step's shifted vector is one `vpermps` and a blend with zero (the upper half's step
// one `vperm2f128`), where the Swift code compiles to loads at offsets and mended lanes.
#include "CadenceCoverage.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#pragma clang fp contract(off)

#define CADENCE_AVX2_INLINE static inline __attribute__((always_inline, target("avx2")))

int cadence_resolve_sparse_available(void) {
    static int available = -1;
    if (available < 0) {
        __builtin_cpu_init();
        available = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return available;
}

/// `v < 0 ? -v : v` lane by lane (`-v > v` holds exactly when `v < 0`, and is false for
/// zeros and NaN, where `vmaxps` returns its second operand).
CADENCE_AVX2_INLINE __m256 magnitude_select(__m256 v) {
    return _mm256_max_ps(_mm256_xor_ps(v, _mm256_set1_ps(-0.0f)), v);
}

/// One touched group (`resolveGroup`): the running sums of the 8 cells at `p` from
/// `*carry` (all lanes the carry), replaced by `min(1, |sum|)`; the carry becomes the last
/// sum, `*largest` each lane's largest `|sum|` (`a > largest ? a : largest`).
CADENCE_AVX2_INLINE void resolve_group(float *p, __m256 *carry, __m256 *largest) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 v = _mm256_loadu_ps(p);
    // v[i] += v[i − 1], then v[i] += v[i − 2], then v[i] += v[i − 4] (0 where i − k < 0).
    v = _mm256_add_ps(v, _mm256_blend_ps(_mm256_permutevar8x32_ps(v, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6)), zero, 0x01));
    v = _mm256_add_ps(v, _mm256_blend_ps(_mm256_permutevar8x32_ps(v, _mm256_setr_epi32(0, 0, 0, 1, 2, 3, 4, 5)), zero, 0x03));
    v = _mm256_add_ps(v, _mm256_permute2f128_ps(v, v, 0x08));
    v = _mm256_add_ps(v, *carry);
    *carry = _mm256_permutevar8x32_ps(v, _mm256_set1_epi32(7));
    const __m256 a = magnitude_select(v);
    *largest = _mm256_max_ps(a, *largest);
    // `a > 1 ? 1 : a`.
    _mm256_storeu_ps(p, _mm256_min_ps(_mm256_set1_ps(1), a));
}

/// The first set block at or after `b`, or `limit` (`TouchedBlocks.next`).
static inline ptrdiff_t next_block(const uint64_t *blocks, ptrdiff_t b, ptrdiff_t limit) {
    if (b >= limit) return limit;
    ptrdiff_t w = b >> 6;
    uint64_t word = blocks[w] & (~(uint64_t)0 << (b & 63));
    const ptrdiff_t last_word = (limit - 1) >> 6;
    while (word == 0) {
        w += 1;
        if (w > last_word) return limit;
        word = blocks[w];
    }
    const ptrdiff_t found = (w << 6) + __builtin_ctzll(word);
    return found < limit ? found : limit;
}

__attribute__((target("avx2")))
int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit) {
    __m256 carry = _mm256_setzero_ps(), largest = _mm256_setzero_ps();
    const ptrdiff_t end = lo + count, block_limit = (end + 7) >> 3;
    ptrdiff_t c = lo & ~(ptrdiff_t)7;
    while (c + 8 <= end) {
        const ptrdiff_t b = c >> 3;
        const uint64_t bit = (uint64_t)1 << (b & 63);
        if (blocks[b >> 6] & bit) {
            resolve_group(row + c, &carry, &largest);
            c += 8;
            continue;
        }
        const float a = __builtin_fabsf(_mm256_cvtss_f32(carry));
        if (a <= residue) {
            const ptrdiff_t skip = next_block(blocks, b + 1, block_limit) << 3;
            c = skip > c + 8 ? skip : c + 8;
            continue;
        }
        // A run inside the shape: every running sum is the carry.
        const __m256 v = _mm256_set1_ps(a);
        largest = _mm256_max_ps(v, largest);
        _mm256_storeu_ps(row + c, _mm256_min_ps(_mm256_set1_ps(1), v));
        blocks[b >> 6] |= bit;
        c += 8;
    }
    const int passed = _mm256_movemask_ps(_mm256_cmp_ps(largest, _mm256_set1_ps(limit), _CMP_GT_OQ)) != 0;
    if (c >= end) return passed;
    // The last cells (fewer than 8, one block), one at a time (`resolveTail`).
    blocks[c >> 9] |= (uint64_t)1 << ((c >> 3) & 63);
    float sum = _mm256_cvtss_f32(carry), tail = 0;
    for (ptrdiff_t i = c; i < end; i++) {
        sum += row[i];
        const float a = __builtin_fabsf(sum);
        tail = a >= tail ? a : tail;
        row[i] = a < 1 ? a : 1;
    }
    return passed || tail > limit;
}

#else

int cadence_resolve_sparse_available(void) { return 0; }

int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit) {
    (void)row, (void)lo, (void)count, (void)blocks, (void)residue, (void)limit;
    __builtin_trap();
}

#endif
