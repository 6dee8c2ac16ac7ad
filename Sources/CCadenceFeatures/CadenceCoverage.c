// A coverage row's kernels in AVX2 (CadenceCoverage.h). The sparse resolve: each step is
// `PathCoverage.resolveSparse`'s (with `resolveGroup`, `resolveTail` and `TouchedBlocks`'
// bit operations) in the same `float` operations on the same operands in the same order, so
// the cells are the same bits: a lane's additions are the Swift prefix sum's (IEEE addition
// commutes exactly), and each select is a min/max whose operand order gives the Swift
// select's answer for ties, signed zeros and NaN. What differs is how the lanes move: a
// log-step's shifted vector is one `vpermps` and a blend with zero (the upper half's step
// one `vperm2f128`), where the Swift code compiles to loads at offsets and mended lanes.
// The blend: `PixelLanes`' integer steps, each the same 16-bit wrapping lane operation, a
// block of 8 pixels in one 256-bit vector (the Swift lanes are two 128-bit halves on a
// baseline build), and the row's blocks found by the same bit scan. Prefetches (the cells of
// the next four edges, the pixels of a resolved step's touched blocks) change no value.
#include "CadenceCoverage.h"
#include "CadenceCPU.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#pragma clang fp contract(off)

#include "CadencePixelLanes.h"

int cadence_coverage_avx2_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2); }

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

/// The blocks `from ..< to` of an untouched stretch (`resolveSparse`'s blocks that are not
/// set): with `|carry| > residue` every running sum there is the carry, stored as
/// `min(1, |carry|)` and the blocks marked; otherwise (the winding back to 0) left alone.
/// Returns whether the stretch was left alone (and not empty).
CADENCE_AVX2_INLINE int fill_stretch(float *row, uint64_t *blocks, ptrdiff_t from, ptrdiff_t to, __m256 carry,
                                     __m256 *largest, float residue) {
    if (from >= to) return 0;
    const float a = __builtin_fabsf(_mm256_cvtss_f32(carry));
    if (a <= residue) return 1;
    const __m256 v = _mm256_set1_ps(a), stored = _mm256_min_ps(_mm256_set1_ps(1), v);
    *largest = _mm256_max_ps(v, *largest);
    for (ptrdiff_t b = from; b < to; b++) {
        _mm256_storeu_ps(row + 8 * b, stored);
        blocks[b >> 6] |= (uint64_t)1 << (b & 63);
    }
    return 0;
}

/// `cadence_resolve_sparse`'s row, inlined into it and into `resolve_band`. With `pixels`
/// (the pixel of cell 0, or null: a constant where it is inlined), each touched block's 8
/// pixels (32 bytes, as its 8 cells) are asked for ahead (`prefetcht0`), for the blend that
/// follows the resolve of a step of rows: it reads them.
CADENCE_AVX2_INLINE int resolve_row(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue,
                                    float limit, const uint8_t *pixels) {
    __m256 carry = _mm256_setzero_ps(), largest = _mm256_setzero_ps();
    const ptrdiff_t end = lo + count, first = lo >> 3;
    // The whole groups are blocks `first ..< whole`; a last block cut by `end` is the tail.
    const ptrdiff_t whole = end >> 3;
    // The Swift loop's steps, set block by set block (one bit scan each): the untouched
    // stretch before each set block is filled or left alone at once — the carry does not
    // change across it, so its blocks all take the same branch.
    ptrdiff_t next = first;
    int skipped = 0;
    if (first < whole) {
        const ptrdiff_t last_word = (whole - 1) >> 6;
        uint64_t bits = blocks[first >> 6] & (~(uint64_t)0 << (first & 63));
        for (ptrdiff_t w = first >> 6;;) {
            if (w == last_word) bits &= ~(uint64_t)0 >> (63 - ((whole - 1) & 63));
            while (bits) {
                const ptrdiff_t b = (w << 6) | __builtin_ctzll(bits);
                fill_stretch(row, blocks, next, b, carry, &largest, residue);
                if (pixels) _mm_prefetch((const char *)(pixels + 32 * b), _MM_HINT_T0);
                resolve_group(row + 8 * b, &carry, &largest);
                next = b + 1;
                bits &= bits - 1;
            }
            if (++w > last_word) break;
            bits = blocks[w];
        }
        skipped = fill_stretch(row, blocks, next, whole, carry, &largest, residue);
    }
    const int passed = _mm256_movemask_ps(_mm256_cmp_ps(largest, _mm256_set1_ps(limit), _CMP_GT_OQ)) != 0;
    // The tail: none when `end` ends a group; none either when the stretch before it was
    // left alone and its own block is not set (the Swift loop's skip jumps past `end`).
    const ptrdiff_t c = 8 * whole;
    if (c >= end) return passed;
    const uint64_t bit = (uint64_t)1 << (whole & 63);
    if (skipped && !(blocks[whole >> 6] & bit)) return passed;
    // The last cells (fewer than 8, one block), one at a time (`resolveTail`).
    blocks[whole >> 6] |= bit;
    float sum = _mm256_cvtss_f32(carry), tail = 0;
    for (ptrdiff_t i = c; i < end; i++) {
        sum += row[i];
        const float a = __builtin_fabsf(sum);
        tail = a >= tail ? a : tail;
        row[i] = a < 1 ? a : 1;
    }
    return passed || tail > limit;
}

__attribute__((target("avx2")))
int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit) {
    return resolve_row(row, lo, count, blocks, residue, limit, 0);
}

/// `cadence_resolve_sparse_band`'s rows; with `dst` (rows `dst_stride` bytes apart, or null:
/// a constant where it is inlined) each row's touched pixels asked for ahead (`resolve_row`).
CADENCE_AVX2_INLINE int resolve_band(float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows, int32_t *spans,
                                     uint64_t *blocks, const bool *thin, float residue, float limit,
                                     const uint8_t *dst, ptrdiff_t dst_stride) {
    const ptrdiff_t words = (width + 511) >> 9;
    int overlapped = 0;
    for (ptrdiff_t r = 0; r < rows; r++, spans += 2, blocks += words, base += stride) {
        const ptrdiff_t lo = spans[0];
        if (lo > spans[1]) continue;
        const ptrdiff_t end = spans[1] + 1 < width ? spans[1] + 1 : width;
        const int overlaps = resolve_row(base, lo, end - lo, blocks, residue, limit, dst ? dst + r * dst_stride : 0);
        spans[1] = (int32_t)end;
        if (overlaps || thin[r]) {
            overlapped = 1;
            spans[0] = (int32_t)(-1 - lo);
        }
    }
    return overlapped;
}

__attribute__((target("avx2")))
int cadence_resolve_sparse_band(float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows, int32_t *spans,
                                uint64_t *blocks, const bool *thin, float residue, float limit) {
    return resolve_band(base, width, stride, rows, spans, blocks, thin, residue, limit, 0, 0);
}

/// `cadence_resolve_blend_sparse_band`'s resolve of a step of rows, the pixels of their
/// touched blocks asked for ahead of the blend (out of line, as the blend's two loops).
__attribute__((target("avx2"), noinline))
static int resolve_band_prefetching(float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows, int32_t *spans,
                                    uint64_t *blocks, const bool *thin, float residue, float limit,
                                    const uint8_t *dst, ptrdiff_t dst_stride) {
    return resolve_band(base, width, stride, rows, spans, blocks, thin, residue, limit, dst, dst_stride);
}

/// An edge's values that every row reads (`addInside`'s locals): its cells as a span (lanes
/// 0 and 1; lanes 2 and 3 are its first row and `1 − end_row`, which the row code never
/// reads: `cadence_accumulate_edges` folds the lanes into the plane's extent in one `vpminsd`),
/// its area slope (`sign / |dxdy|`, half of it, and as a `float`: the step a cell gains past
/// the first), the plane's right side and width; for an edge whose blocks may lie across two
/// words of a row, the first block of the first of them.
typedef struct edge_rows {
    __m128i cells;
    double right, slope, half_slope;
    float step;
    ptrdiff_t width, first_block;
} edge_rows;

/// One row's piece of an edge (`addInside`'s `addRow` for the usual edge), from crossing
/// `xt` at its top to `xb` at its bottom, `cover` its signed height: the row's span widened
/// to the edge's cells, the bits of blocks `i0 / 8 … max(i1, i0 + 1) / 8` (cut to the row)
/// set in `word`, the piece's areas added to the cells at `line`. Each select is written so
/// that it answers as the Swift `min` (`b < a ? b : a`) and `max` (`b >= a ? b : a`) do for
/// every finite operand (the crossings are finite: the edge lies inside the plane), so that
/// one `vminsd` or `vmaxsd` does it; the products and sums are Swift's, in its order,
/// rounded to `float` where it converts. `far` (a constant where it is called): the edge's
/// last cell is at most `width − 3`, so no cell a row writes reaches the row's end (a
/// crossing rounds at most an ulp past the edge's ends, its ceiling at most one cell
/// further) and the tests against `width` are left out — they would all pass; its first
/// cell is at least 1, so the clamps at 0 and `width` are left out too. `wide` (a constant
/// too, never with `far`): the row's blocks lie in the two words from `word`, whose first
/// block is `e->first_block`, and the bits are set in each (`TouchedBlocks.mark`).
CADENCE_AVX2_INLINE void add_row(const edge_rows *e, float *line, int32_t *span, uint64_t *word, double cover,
                                 double xt, double xb, int far, int wide) {
    // The span's lanes: `min(span.x, first)`, `max(span.y, last)`.
    const __m128i s = _mm_loadl_epi64((const __m128i *)span);
    _mm_storel_epi64((__m128i *)span, _mm_blend_epi32(_mm_min_epi32(s, e->cells), _mm_max_epi32(s, e->cells), 0x2));
    const double lo = xb < xt ? xb : xt, hi = xt > xb ? xt : xb;
    // A `far` edge's crossings lie in 1 − ε … width − 3 + ε: the clamps give them back.
    const double x0 = far ? lo : lo > 0 ? lo : 0, x1 = far ? hi : e->right < hi ? e->right : hi;
    // Whole numbers in 0 … width: their conversions are exact.
    const double f0 = __builtin_floor(x0), c1 = __builtin_ceil(x1);
    const ptrdiff_t i0 = (ptrdiff_t)f0, i1 = (ptrdiff_t)c1;
    ptrdiff_t last = i1 > i0 + 1 ? i1 : i0 + 1;
    if (!far) last = last < e->width - 1 ? last : e->width - 1;
    if (wide) {
        // Blocks b0 … b1 of the two words, 0 … 127.
        const ptrdiff_t b0 = (i0 >> 3) - e->first_block, b1 = (last >> 3) - e->first_block;
        if (b0 < 64) word[0] |= (~(uint64_t)0 << b0) & (b1 < 64 ? ~(uint64_t)0 >> (63 - b1) : ~(uint64_t)0);
        if (b1 >= 64) word[1] |= (~(uint64_t)0 >> (127 - b1)) & (b0 >= 64 ? ~(uint64_t)0 << (b0 - 64) : ~(uint64_t)0);
    } else {
        // Bits `i0 / 8 … last / 8` (mod 64) of the word, `last / 8` not below `i0 / 8` in it:
        // `2 << 63` wraps to 0, and the difference to every bit from `i0 / 8` up.
        *word |= ((uint64_t)2 << ((last >> 3) & 63)) - ((uint64_t)1 << ((i0 >> 3) & 63));
    }
    if (i1 <= i0 + 1) {
        // Within one cell: the area right of the piece is (1 − mean offset) · dy.
        const double mean = (x0 + x1) * 0.5 - f0;
        if (far) {
            // Both cells in one read-modify-write: the same products, each rounded to `float`.
            const __m128d areas = _mm_mul_pd(_mm_set1_pd(cover), _mm_setr_pd(1 - mean, mean));
            const __m128 pair = _mm_castpd_ps(_mm_load_sd((const double *)(line + i0)));
            _mm_store_sd((double *)(line + i0), _mm_castps_pd(_mm_add_ps(pair, _mm_cvtpd_ps(areas))));
        } else {
            line[i0] += (float)(cover * (1 - mean));
            if (i0 + 1 < e->width) line[i0 + 1] += (float)(cover * mean);
        }
        return;
    }
    // Across cells: a triangle in the first, trapezoids growing by `slope` after.
    const double g0 = 1 - (x0 - f0), g1 = x1 - c1 + 1;
    const double first = e->half_slope * g0 * g0, end = e->half_slope * g1 * g1;
    line[i0] += (float)first;
    if (i1 == i0 + 2) {
        line[i0 + 1] += (float)(cover - first - end);
    } else {
        const double second = e->slope * (g0 + 0.5);
        line[i0 + 1] += (float)(second - first);
        // Short runs (an edge's row crosses few cells): a vector loop's set-up would cost
        // more than it saves, and its registers would push the row's values to the stack.
#pragma clang loop vectorize(disable) unroll(disable)
        for (ptrdiff_t x = i0 + 2; x < i1 - 1; x++) line[x] += e->step;
        const double before_last = second + (double)(i1 - i0 - 3) * e->slope;
        line[i1 - 1] += (float)(cover - before_last - end);
    }
    if (far || i1 < e->width) line[i1] += (float)end;
}

/// The rows of one edge in `cadence_accumulate_edges`, `far` and `wide` constants (see `add_row`): the first row
/// from `(px, py)`, the whole rows between (cover `sign`), the last to `(qx, qy)`; a row's
/// crossing is `px + dxdy · (its bottom − py)`. The row's cells, span and block word are
/// stepped by pointer, not found from the row's index.
CADENCE_AVX2_INLINE void add_rows(const edge_rows *e, float *line, ptrdiff_t stride, int32_t *span, uint64_t *word,
                                  ptrdiff_t words, ptrdiff_t first_row, ptrdiff_t end_row, double px, double py,
                                  double qx, double qy, double dxdy, double sign, int far, int wide) {
    if (!(first_row < end_row - 1)) {
        add_row(e, line, span, word, sign * (qy - py), px, qx, far, wide);
        return;
    }
    double row_bottom = (double)first_row + 1;
    double xt = px + dxdy * (row_bottom - py);
    add_row(e, line, span, word, sign * (row_bottom - py), px, xt, far, wide);
    for (ptrdiff_t n = end_row - first_row - 2; n > 0; n--) {
        line += stride, span += 2, word += words;
        row_bottom += 1;
        const double xb = px + dxdy * (row_bottom - py);
        add_row(e, line, span, word, sign, xt, xb, far, wide);
        xt = xb;
    }
    line += stride, span += 2, word += words;
    add_row(e, line, span, word, sign * (qy - row_bottom), xt, qx, far, wide);
}

int cadence_accumulate_edges_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2 | CADENCE_CPU_BMI2); }

/// Four edges' set-up (`cadence_accumulate_edges`), edges `i … i + 3` from points `i − 1 …
/// i + 3`, each lane's operations the scalar edge's (the same subtractions, selects,
/// divisions, roundings and compares on the same operands), so each lane's values are the
/// scalar edge's bits. A lane whose edge is not usual (level, outside the plane, cut at its
/// sides, no rows, blocks across more than two words) has its bit clear in the mask returned;
/// the caller takes that edge by the scalar path.
typedef struct edge_group {
    double px[4], py[4], qx[4], qy[4], dxdy[4], sign[4], slope[4];
    __m128i cells[4];
    int32_t first_row[4], end_row[4], lo_word[4], kind[4];
    float *line[4];
    int32_t *span[4];
    uint64_t *word[4];
    /// Each lane's first cell in its first row, as an address (`prefetch_four`).
    uintptr_t corner[4];
} edge_group;

CADENCE_AVX2_INLINE unsigned set_up_four(edge_group *g, const cadence_coverage_plane *plane, const double *points,
                                         ptrdiff_t i, double offset_x, double offset_y, double right, double bottom,
                                         ptrdiff_t width, ptrdiff_t words) {
    // Points i − 1 … i + 3 as x and y lanes: `a` the edges' first points, `b` their second.
    const __m256d o = _mm256_setr_pd(offset_x, offset_y, offset_x, offset_y);
    const __m256d a01 = _mm256_sub_pd(_mm256_loadu_pd(points + 2 * (i - 1)), o);
    const __m256d a23 = _mm256_sub_pd(_mm256_loadu_pd(points + 2 * (i + 1)), o);
    const __m256d b01 = _mm256_sub_pd(_mm256_loadu_pd(points + 2 * i), o);
    const __m256d b23 = _mm256_sub_pd(_mm256_loadu_pd(points + 2 * (i + 2)), o);
    // (x0, y0, x1, y1), (x2, y2, x3, y3) → (x0, x2, x1, x3) → (x0, x1, x2, x3).
    const __m256d ax = _mm256_permute4x64_pd(_mm256_unpacklo_pd(a01, a23), 0xD8);
    const __m256d ay = _mm256_permute4x64_pd(_mm256_unpackhi_pd(a01, a23), 0xD8);
    const __m256d bx = _mm256_permute4x64_pd(_mm256_unpacklo_pd(b01, b23), 0xD8);
    const __m256d by = _mm256_permute4x64_pd(_mm256_unpackhi_pd(b01, b23), 0xD8);
    const __m256d down = _mm256_cmp_pd(ay, by, _CMP_LT_OQ);
    const __m256d px = _mm256_blendv_pd(bx, ax, down), py = _mm256_blendv_pd(by, ay, down);
    const __m256d qx = _mm256_blendv_pd(ax, bx, down), qy = _mm256_blendv_pd(ay, by, down);
    const __m256d sign = _mm256_blendv_pd(_mm256_set1_pd(-1), _mm256_set1_pd(1), down);
    const __m256d dxdy = _mm256_div_pd(_mm256_sub_pd(qx, px), _mm256_sub_pd(qy, py));
    // `qx < px ? qx : px` and `qx >= px ? qx : px` (the same for every number).
    const __m256d lo = _mm256_min_pd(qx, px), hi = _mm256_max_pd(px, qx);
    const __m256d rb = _mm256_set1_pd(bottom);
    __m256d ok = _mm256_cmp_pd(ay, by, _CMP_NEQ_UQ);
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(qy, _mm256_setzero_pd(), _CMP_GT_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(py, rb, _CMP_LT_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(py, _mm256_setzero_pd(), _CMP_GE_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(qy, rb, _CMP_LE_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(lo, _mm256_setzero_pd(), _CMP_GE_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(hi, _mm256_set1_pd(right), _CMP_LT_OQ));
    // Whole numbers in 0 … 2³¹ in a usual lane: their conversions are exact.
    const __m128i first_row = _mm256_cvttpd_epi32(_mm256_round_pd(py, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    const __m128i end_row = _mm256_cvttpd_epi32(_mm256_round_pd(qy, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC));
    const __m128i first_cell = _mm256_cvttpd_epi32(_mm256_round_pd(lo, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    const __m128i ceiling = _mm256_cvttpd_epi32(_mm256_round_pd(hi, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC));
    const __m128i last_cell = _mm_min_epi32(ceiling, _mm_set1_epi32((int32_t)(width - 1)));
    const __m128i lo_word = _mm_srai_epi32(_mm_max_epi32(_mm_sub_epi32(first_cell, _mm_set1_epi32(8)), _mm_setzero_si128()), 9);
    const __m128i hi_word = _mm_srai_epi32(_mm_add_epi32(last_cell, _mm_set1_epi32(8)), 9);
    // Rows to add, and blocks in at most two words.
    const __m128i fine = _mm_andnot_si128(_mm_cmpgt_epi32(hi_word, _mm_add_epi32(lo_word, _mm_set1_epi32(1))),
                                          _mm_cmpgt_epi32(end_row, first_row));
    const unsigned usual = (unsigned)_mm256_movemask_pd(ok) & (unsigned)_mm_movemask_ps(_mm_castsi128_ps(fine));
    // The kind of rows: 2 across two words, 1 far from the row's ends, 0 otherwise.
    const __m128i wide = _mm_cmpgt_epi32(hi_word, lo_word);
    const __m128i far = _mm_andnot_si128(_mm_cmpgt_epi32(last_cell, _mm_set1_epi32((int32_t)(width - 3))),
                                         _mm_cmpgt_epi32(first_cell, _mm_setzero_si128()));
    const __m128i kind = _mm_blendv_epi8(_mm_and_si128(far, _mm_set1_epi32(1)), _mm_set1_epi32(2), wide);
    // `sign / |dxdy|`.
    const __m256d slope = _mm256_div_pd(sign, _mm256_andnot_pd(_mm256_set1_pd(-0.0), dxdy));
    _mm256_storeu_pd(g->px, px), _mm256_storeu_pd(g->py, py), _mm256_storeu_pd(g->qx, qx), _mm256_storeu_pd(g->qy, qy);
    _mm256_storeu_pd(g->dxdy, dxdy), _mm256_storeu_pd(g->sign, sign), _mm256_storeu_pd(g->slope, slope);
    _mm_storeu_si128((__m128i *)g->first_row, first_row), _mm_storeu_si128((__m128i *)g->end_row, end_row);
    _mm_storeu_si128((__m128i *)g->lo_word, lo_word), _mm_storeu_si128((__m128i *)g->kind, kind);
    // The first row's cells, span and block word (`base + first_row · stride` and so on), as
    // addresses in 64-bit lanes: rows, strides and words fit 32 bits, so `vpmuldq` multiplies them.
    const __m256i row = _mm256_cvtepi32_epi64(first_row);
    const __m256i line = _mm256_add_epi64(_mm256_set1_epi64x((int64_t)(intptr_t)plane->base),
        _mm256_slli_epi64(_mm256_mul_epi32(row, _mm256_set1_epi64x(plane->stride)), 2));
    _mm256_storeu_si256((__m256i *)g->line, line);
    _mm256_storeu_si256((__m256i *)g->corner,
        _mm256_add_epi64(line, _mm256_slli_epi64(_mm256_cvtepi32_epi64(first_cell), 2)));
    _mm256_storeu_si256((__m256i *)g->span, _mm256_add_epi64(_mm256_set1_epi64x((int64_t)(intptr_t)plane->spans),
        _mm256_slli_epi64(row, 3)));
    _mm256_storeu_si256((__m256i *)g->word, _mm256_add_epi64(_mm256_set1_epi64x((int64_t)(intptr_t)plane->blocks),
        _mm256_slli_epi64(_mm256_add_epi64(_mm256_mul_epi32(row, _mm256_set1_epi64x(words)), _mm256_cvtepi32_epi64(lo_word)), 3)));
    // Each lane's cells vector (first cell, last cell, first row, 1 − end row): a 4 × 4 transpose.
    const __m128i c3 = _mm_sub_epi32(_mm_set1_epi32(1), end_row);
    const __m128i t0 = _mm_unpacklo_epi32(first_cell, last_cell), t1 = _mm_unpackhi_epi32(first_cell, last_cell);
    const __m128i t2 = _mm_unpacklo_epi32(first_row, c3), t3 = _mm_unpackhi_epi32(first_row, c3);
    g->cells[0] = _mm_unpacklo_epi64(t0, t2), g->cells[1] = _mm_unpackhi_epi64(t0, t2);
    g->cells[2] = _mm_unpacklo_epi64(t1, t3), g->cells[3] = _mm_unpackhi_epi64(t1, t3);
    return usual;
}

/// Asks for the cells that four edges (`set_up_four`) are likely to add to, ahead of their
/// rows (`prefetcht0`): each edge's first cell in its first four rows (a stroke's edges are
/// about four rows tall), without a loop or a test — a prefetch never faults, so a lane that
/// is not usual, or rows past an edge's last, ask for lines that are not read, and change
/// nothing. Cost: 16 prefetches and their addresses a four. Without it the edge kernel
/// waits on the first add to each row's cells: a stroke's cells and pixels (about 1.2 MB for
/// the spiral) do not stay in L2 from stroke to stroke.
/// The addresses are integers (wrapping), so that no pointer is formed outside the plane.
CADENCE_AVX2_INLINE void prefetch_four(const edge_group *g, ptrdiff_t stride) {
    const uintptr_t s = 4 * (uintptr_t)stride;
    for (int k = 0; k < 4; k++) {
        const uintptr_t p = g->corner[k];
        _mm_prefetch((const char *)p, _MM_HINT_T0);
        _mm_prefetch((const char *)(p + s), _MM_HINT_T0);
        _mm_prefetch((const char *)(p + 2 * s), _MM_HINT_T0);
        _mm_prefetch((const char *)(p + 3 * s), _MM_HINT_T0);
    }
}

__attribute__((target("avx2,bmi2")))
ptrdiff_t cadence_accumulate_edges(cadence_coverage_plane *plane, const double *points, ptrdiff_t count, ptrdiff_t from,
                                   double offset_x, double offset_y) {
    float *const base = plane->base;
    int32_t *const spans = plane->spans;
    uint64_t *const blocks = plane->blocks;
    const ptrdiff_t stride = plane->stride, width = plane->width, words = (width + 511) >> 9;
    const double right = (double)width, bottom = (double)plane->height;
    // The rows and leftmost cell touched as lanes of one vector, each edge folded in by one
    // `vpminsd` (`edge_rows.cells`): lane 0 the leftmost cell, 2 the first row, 3 the last
    // row negated. Lane 1 is not read. Rows and cells fit an `int32_t` (the spans hold them).
    __m128i extent = _mm_setr_epi32((int32_t)plane->min_cell, INT32_MAX, (int32_t)plane->min_row, (int32_t)-plane->max_row);
    ptrdiff_t i = from;
    // Edge `i` runs from point `i − 1` (the last point for edge 0) to point `i`, each less the
    // offset (`addPolygon`). The edges are set up in fours (`set_up_four`) while four remain,
    // never with edge 0 in them (from edge 4 when `from` is 0, else from `from`): lane `k` of
    // the four, `usual` its bit and the next lanes' above it; an edge whose bit is clear, and
    // the edges outside a four, are set up one at a time here. The next four (while eight
    // edges remain) is set up one four ahead, in `ahead`, and its cells asked for
    // (`prefetch_four`), so that they arrive while this four's rows are added.
    edge_group groups[2];
    edge_group *g = &groups[0], *ahead = &groups[1];
    unsigned usual = 0, usual_ahead = 0;
    ptrdiff_t ahead_at = -1;
    ptrdiff_t k = 4;
    for (; i < count; i++, k++, usual >>= 1) {
        double px, py, qx, qy, dxdy, sign, slope;
        ptrdiff_t first_row, end_row, lo_word;
        int kind;
        __m128i cells;
        float *line;
        int32_t *span;
        uint64_t *word;
        if (k == 4) {
            if (ahead_at == i) {
                edge_group *t = g;
                g = ahead, ahead = t, usual = usual_ahead;
            } else {
                usual = i >= 1 && i + 4 <= count
                    ? set_up_four(g, plane, points, i, offset_x, offset_y, right, bottom, width, words) : 0;
            }
            ahead_at = -1;
            if (i + 8 <= count) {
                usual_ahead = set_up_four(ahead, plane, points, i + 4, offset_x, offset_y, right, bottom, width, words);
                prefetch_four(ahead, stride);
                ahead_at = i + 4;
            }
            k = 0;
        }
        if (usual & 1) {
            px = g->px[k], py = g->py[k], qx = g->qx[k], qy = g->qy[k], dxdy = g->dxdy[k], sign = g->sign[k];
            slope = g->slope[k], first_row = g->first_row[k], end_row = g->end_row[k], lo_word = g->lo_word[k];
            kind = g->kind[k], cells = g->cells[k];
            line = g->line[k], span = g->span[k], word = g->word[k];
        } else {
            const double *a = points + 2 * (i == 0 ? count - 1 : i - 1);
            const double ax = a[0] - offset_x, ay = a[1] - offset_y;
            const double bx = points[2 * i] - offset_x, by = points[2 * i + 1] - offset_y;
            // `addEdge`: a level edge adds nothing, nor one wholly above or below the plane.
            if (ay == by) continue;
            const int down = ay < by;
            sign = down ? 1 : -1;
            px = down ? ax : bx, py = down ? ay : by, qx = down ? bx : ax, qy = down ? by : ay;
            if (!(qy > 0) || !(py < bottom)) continue;
            dxdy = (qx - px) / (qy - py);
            // Swift's `min(p.x, q.x)` and `max(p.x, q.x)`, operands in their order.
            const double lo = qx < px ? qx : px, hi = qx >= px ? qx : px;
            // Not inside the plane (cut at its sides or rows), or not usual: the Swift edge.
            if (!(py >= 0 && qy <= bottom && lo >= 0 && hi < right)) break;
            // `addInside`'s set-up: whole numbers in 0 … 2⁵², so their conversions are exact.
            first_row = (ptrdiff_t)__builtin_floor(py), end_row = (ptrdiff_t)__builtin_ceil(qy);
            if (!(first_row < end_row)) continue;
            const ptrdiff_t first_cell = (ptrdiff_t)__builtin_floor(lo);
            const ptrdiff_t ceiling = (ptrdiff_t)__builtin_ceil(hi), last_cell = width - 1 < ceiling ? width - 1 : ceiling;
            // Every block the rows may touch (a block of margin each side, none left of cell 0:
            // a crossing is clamped to it) in one word of a row, or in two.
            lo_word = (first_cell < 8 ? 0 : first_cell - 8) >> 9;
            const ptrdiff_t hi_word = (last_cell + 8) >> 9;
            if (hi_word > lo_word + 1) break;
            // The rows' copy (`add_rows`): 2 across two words, 1 far from the row's ends, 0 else.
            kind = hi_word != lo_word ? 2 : first_cell >= 1 && last_cell <= width - 3 ? 1 : 0;
            cells = _mm_setr_epi32((int32_t)first_cell, (int32_t)last_cell, (int32_t)first_row, (int32_t)(1 - end_row));
            slope = sign / __builtin_fabs(dxdy);
            line = base + first_row * stride, span = spans + 2 * first_row, word = blocks + first_row * words + lo_word;
        }
        extent = _mm_min_epi32(extent, cells);
        const edge_rows e = {
            .cells = cells, .right = right, .slope = slope,
            .half_slope = 0.5 * slope, .step = (float)slope, .width = width, .first_block = lo_word << 6,
        };
        if (kind == 2) {
            add_rows(&e, line, stride, span, word, words, first_row, end_row, px, py, qx, qy, dxdy, sign, 0, 1);
        } else if (kind == 1) {
            add_rows(&e, line, stride, span, word, words, first_row, end_row, px, py, qx, qy, dxdy, sign, 1, 0);
        } else {
            add_rows(&e, line, stride, span, word, words, first_row, end_row, px, py, qx, qy, dxdy, sign, 0, 0);
        }
    }
    plane->min_cell = _mm_cvtsi128_si32(extent);
    plane->min_row = _mm_extract_epi32(extent, 2), plane->max_row = -(ptrdiff_t)_mm_extract_epi32(extent, 3);
    return i;
}

/// The paint as `SourceOver.Paint` holds it, from its pixel word `r | g << 8 | b << 16 | a << 24`.
typedef struct blend_paint {
    __m256i fill, lo, hi, alpha;
    int opaque;
} blend_paint;

/// One group of eight pixels at `p` (`CoverageRows.blendGroup` for a whole group with
/// `SourceOver.blend(_:weights:into:)`): the cells at `cells` read and cleared, quantized
/// (`PixelLanes.quantize`), the paint over the pixels at those weights. `opaque` is
/// `paint->opaque`, a constant where the band's loop is compiled for each value.
CADENCE_AVX2_INLINE void blend_group(const blend_paint *paint, int opaque, float *cells, uint8_t *p) {
    const __m256 v = _mm256_loadu_ps(cells);
    _mm256_storeu_ps(cells, _mm256_setzero_ps());
    // `!any(v < fullWeight)` (1 − 2⁻¹⁰): an opaque paint's interior is stored as it is.
    if (opaque && _mm256_movemask_ps(_mm256_cmp_ps(v, _mm256_set1_ps(1.0f - 1.0f / 1024), _CMP_LT_OQ)) == 0) {
        _mm256_storeu_si256((__m256i *)p, paint->fill);
        return;
    }
    const __m256i q = quantize(v);
    if (_mm256_testz_si256(q, q)) return;
    const __m256i w = _mm256_or_si256(q, _mm256_slli_epi32(q, 16));
    // An opaque paint at weight 255 is the paint itself, from the interpolation too (⌊255 · s
    // / 255 + ½⌋ = s): `SourceOver`'s store of the paint for a group all at 255 gives the same
    // bytes, so the opaque blend does not test for it.
    if (opaque) {
        blend_weighted(paint->lo, paint->hi, paint->alpha, w, 1, 0, p);
        return;
    }
    const int full = _mm256_testz_si256(_mm256_xor_si256(q, _mm256_set1_epi32(255)), _mm256_set1_epi32(-1));
    blend_weighted(paint->lo, paint->hi, paint->alpha, w, 0, full, p);
}

/// The paint's lanes from its pixel word (`SourceOver.Paint.init(bytes:)`).
CADENCE_AVX2_INLINE blend_paint make_paint(uint32_t word) {
    blend_paint paint;
    paint.fill = _mm256_set1_epi32((int)word);
    paint.lo = _mm256_and_si256(paint.fill, _mm256_set1_epi16(0xFF));
    paint.hi = _mm256_srli_epi16(paint.fill, 8);
    paint.alpha = _mm256_set1_epi16((short)(word >> 24));
    paint.opaque = (word >> 24) == 255;
    return paint;
}

/// The last group of a row, `n` (1 … 7) cells at `cells` and their pixels at `p`, the ones
/// after them not touched (`CoverageRows.blendGroup` for a group cut by the row's end, with
/// `SourceOver.blend(_:weights:into:count:)`): the cells read and cleared, the weights of the
/// lanes past `n` 0 (`PixelLanes.floats` and `keep`), the paint over the pixels as
/// `SourceOver.blend(_:weights:into:)` does with those weights — a lane of weight 0 is left
/// as it was, and the lanes past `n` are neither read nor written (masked loads and stores).
CADENCE_AVX2_INLINE void blend_tail(const blend_paint *paint, int opaque, float *cells, ptrdiff_t n, uint8_t *p) {
    const __m256i mask = first_lanes(n);
    const __m256 v = _mm256_maskload_ps(cells, mask);
    _mm256_maskstore_ps(cells, mask, _mm256_setzero_ps());
    const __m256i q = quantize(v);
    if (_mm256_testz_si256(q, q)) return;
    // A lane past `n` weighs 0, so the group is never all 255: `SourceOver.blend`'s stores
    // of the paint do not apply.
    const __m256i d = _mm256_maskload_epi32((const int *)p, mask);
    _mm256_maskstore_epi32((int *)p, mask, blended(paint->lo, paint->hi, paint->alpha,
                                                   _mm256_or_si256(q, _mm256_slli_epi32(q, 16)), opaque, 0, d));
}

/// `cadence_blend_blocks`' walk over one row's set blocks.
CADENCE_AVX2_INLINE void blend_row(const blend_paint *paint, int opaque, float *row, const uint64_t *blocks,
                                   ptrdiff_t start, ptrdiff_t stop, uint8_t *dst) {
    if (start >= stop) return;
    // `TouchedBlocks.forEachBlock`: the set blocks `first ..< limit` in order, a bit scan each.
    const ptrdiff_t first = start >> 3, limit = (stop + 7) >> 3, last_word = (limit - 1) >> 6;
    const uint64_t last_mask = ~(uint64_t)0 >> (63 - ((limit - 1) & 63));
    ptrdiff_t w = first >> 6;
    uint64_t bits = blocks[w] & (~(uint64_t)0 << (first & 63));
    for (;;) {
        if (w == last_word) bits &= last_mask;
        while (bits) {
            const ptrdiff_t c = ((w << 6) | __builtin_ctzll(bits)) << 3;
            blend_group(paint, opaque, row + c, dst + 4 * c);
            bits &= bits - 1;
        }
        w += 1;
        if (w > last_word) return;
        bits = blocks[w];
    }
}

__attribute__((target("avx2")))
void cadence_blend_blocks(uint32_t word, float *row, const uint64_t *blocks, ptrdiff_t start, ptrdiff_t stop, uint8_t *dst) {
    if (start >= stop) return;
    const blend_paint paint = make_paint(word);
    blend_row(&paint, paint.opaque, row, blocks, start, stop, dst);
}

/// A resolved row not marked (`spans[0] ≥ 0`) blended and its blocks cleared
/// (`CoverageRows.resolveBand`'s last loop for one row): a row without cells is left as it is.
CADENCE_AVX2_INLINE void blend_band_row(const blend_paint *paint, int opaque, float *row, ptrdiff_t width,
                                        const int32_t *spans, uint64_t *blocks, uint8_t *dst) {
    const ptrdiff_t words = (width + 511) >> 9, whole = width & ~(ptrdiff_t)7;
    const ptrdiff_t lo = spans[0], end = spans[1];
    if (lo < 0 || lo >= end) return;
    blend_row(paint, opaque, row, blocks, lo, end < whole ? end : whole, dst);
    if ((lo > whole ? lo : whole) < end && (blocks[whole >> 9] >> ((whole >> 3) & 63) & 1))
        blend_tail(paint, opaque, row + whole, width - whole, dst + 4 * whole);
    for (ptrdiff_t k = 0; k < words; k++) blocks[k] = 0;
}

/// The rows `from ..< to` of a band resolved up to row `to` (`cadence_resolve_blend_sparse_band`'s
/// second step): each row not marked by its own resolve is marked too when `neighbours` is set
/// and a neighbour was (`previous` says whether row `from − 1` was; row `to` is read from its
/// span, resolved and not yet decided), and blended otherwise. Returns whether row `to − 1`
/// was marked by its own resolve. Inlined into its two out-of-line copies below, `opaque`
/// (`paint->opaque`) a constant in each.
CADENCE_AVX2_INLINE int blend_band_rows(const blend_paint *paint, int opaque, float *base, ptrdiff_t width,
                                        ptrdiff_t stride, ptrdiff_t from, ptrdiff_t to, ptrdiff_t rows, int32_t *spans,
                                        uint64_t *blocks, int neighbours, int previous, uint8_t *dst,
                                        ptrdiff_t dst_stride) {
    const ptrdiff_t words = (width + 511) >> 9;
    spans += 2 * from, blocks += from * words, base += from * stride, dst += from * dst_stride;
    for (ptrdiff_t p = from; p < to; p++, spans += 2, blocks += words, base += stride, dst += dst_stride) {
        const int marked = spans[0] < 0;
        if (!marked) {
            if (neighbours && (previous || (p + 1 < rows && spans[2] < 0))) {
                // A marked row's neighbours too (`resolveBand`'s rule): left for the caller.
                if (spans[0] < spans[1]) spans[0] = -1 - spans[0];
            } else {
                blend_band_row(paint, opaque, base, width, spans, blocks, dst);
            }
        }
        previous = marked;
    }
    return previous;
}

// `blend_band_rows` for an opaque paint and for a translucent one, each out of line, so that
// neither loop's constants take the other's registers (one function gives both loops' lanes
// too few, and reloads them in the loops). Not `memset` for a row's one to three block
// words: after the call every paint lane and constant would be loaded into its register
// again, each row.
__attribute__((target("avx2"), no_builtin("memset"), noinline))
static int blend_band_rows_opaque(const blend_paint *paint, float *base, ptrdiff_t width, ptrdiff_t stride,
                                  ptrdiff_t from, ptrdiff_t to, ptrdiff_t rows, int32_t *spans, uint64_t *blocks,
                                  int neighbours, int previous, uint8_t *dst, ptrdiff_t dst_stride) {
    // A copy the pixels' stores cannot alias (a `uint8_t` store may write any object): the
    // paint's lanes then stay in registers instead of being loaded again after each store.
    const blend_paint lanes = *paint;
    return blend_band_rows(&lanes, 1, base, width, stride, from, to, rows, spans, blocks, neighbours, previous, dst,
                           dst_stride);
}

__attribute__((target("avx2"), no_builtin("memset"), noinline))
static int blend_band_rows_translucent(const blend_paint *paint, float *base, ptrdiff_t width, ptrdiff_t stride,
                                       ptrdiff_t from, ptrdiff_t to, ptrdiff_t rows, int32_t *spans, uint64_t *blocks,
                                       int neighbours, int previous, uint8_t *dst, ptrdiff_t dst_stride) {
    const blend_paint lanes = *paint;
    return blend_band_rows(&lanes, 0, base, width, stride, from, to, rows, spans, blocks, neighbours, previous, dst,
                           dst_stride);
}

/// The cells a step of `cadence_resolve_blend_sparse_band` resolves before it blends them:
/// 32 KB, an L1 data cache.
enum { resolve_blend_cells = 8192 };

__attribute__((target("avx2")))
int cadence_resolve_blend_sparse_band(uint32_t word, float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows,
                                      int32_t *spans, uint64_t *blocks, const bool *thin, float residue, float limit,
                                      int neighbours, uint8_t *dst, ptrdiff_t dst_stride) {
    if (width <= 0 || rows <= 0) return 0;
    const blend_paint paint = make_paint(word);
    const ptrdiff_t words = (width + 511) >> 9;
    // Rows a step: about `resolve_blend_cells` cells, at least 2 (a row is blended once the
    // next is resolved).
    const ptrdiff_t step = resolve_blend_cells / stride > 2 ? resolve_blend_cells / stride : 2;
    int overlapped = 0, previous = 0;
    for (ptrdiff_t r = 0, done = 0; r < rows; r += step) {
        const ptrdiff_t n = rows - r < step ? rows - r : step;
        overlapped |= resolve_band_prefetching(base + r * stride, width, stride, n, spans + 2 * r, blocks + r * words,
                                               thin + r, residue, limit, dst + r * dst_stride, dst_stride);
        // Every row resolved but the last, whose neighbour below is not yet; all at the end.
        const ptrdiff_t to = r + n == rows ? rows : r + n - 1;
        previous = paint.opaque
            ? blend_band_rows_opaque(&paint, base, width, stride, done, to, rows, spans, blocks, neighbours, previous,
                                     dst, dst_stride)
            : blend_band_rows_translucent(&paint, base, width, stride, done, to, rows, spans, blocks, neighbours,
                                          previous, dst, dst_stride);
        done = to;
    }
    return overlapped;
}

#else

int cadence_coverage_avx2_available(void) { return 0; }

int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit) {
    (void)row, (void)lo, (void)count, (void)blocks, (void)residue, (void)limit;
    __builtin_trap();
}

void cadence_blend_blocks(uint32_t word, float *row, const uint64_t *blocks, ptrdiff_t start, ptrdiff_t stop, uint8_t *dst) {
    (void)word, (void)row, (void)blocks, (void)start, (void)stop, (void)dst;
    __builtin_trap();
}

int cadence_resolve_sparse_band(float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows, int32_t *spans,
                                uint64_t *blocks, const bool *thin, float residue, float limit) {
    (void)base, (void)width, (void)stride, (void)rows, (void)spans, (void)blocks, (void)thin, (void)residue, (void)limit;
    __builtin_trap();
}

int cadence_resolve_blend_sparse_band(uint32_t word, float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows,
                                      int32_t *spans, uint64_t *blocks, const bool *thin, float residue, float limit,
                                      int neighbours, uint8_t *dst, ptrdiff_t dst_stride) {
    (void)word, (void)base, (void)width, (void)stride, (void)rows, (void)spans, (void)blocks, (void)thin, (void)residue, (void)limit,
        (void)neighbours, (void)dst, (void)dst_stride;
    __builtin_trap();
}

int cadence_accumulate_edges_available(void) { return 0; }

ptrdiff_t cadence_accumulate_edges(cadence_coverage_plane *plane, const double *points, ptrdiff_t count, ptrdiff_t from,
                                   double offset_x, double offset_y) {
    (void)plane, (void)points, (void)count, (void)offset_x, (void)offset_y;
    return from;
}

#endif
