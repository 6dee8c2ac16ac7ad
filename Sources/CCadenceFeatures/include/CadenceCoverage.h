// A coverage plane's kernels in AVX2: a polygon's usual edges, one call a polygon
// (`PathCoverage.Accumulator.addPolygon` in PathCoverage.swift); the sparse resolve, one call
// a row (`PathCoverage.resolveSparse`, its prefix sums in full-width permutations); and the
// one-colour blend of a row's touched blocks (`CoverageRows.blend` and `SourceOver.blend` in
// CoverageRows.swift and SourceOver.swift). The Swift functions are their reference twins;
// both give the same floats and the same bytes.
#ifndef CADENCE_COVERAGE_H
#define CADENCE_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Whether `cadence_resolve_sparse` and `cadence_blend_blocks` may be called: the CPU has
/// AVX2 (checked at run time, once).
int cadence_coverage_avx2_available(void);

/// Resolves cells `lo ..< lo + count` of `row` under the non-zero rule over the blocks of 8
/// cells set in `blocks` (bit `b % 64` of word `b / 64` is cells `8b ..< 8b + 8`), exactly as
/// `PathCoverage.resolveSparse` does: groups of 8 from `lo` rounded down to a multiple of 8
/// (the cells before `lo` are 0), each set block's running sums from the carry in three
/// log-steps (the same additions in the same order), replaced by `min(1, |sum|)`; an
/// unset block filled with `min(1, |carry|)` and marked when `|carry| > residue`, skipped to
/// the next set block otherwise; the last cells past a whole group one at a time (their
/// block marked). Returns 1 when a running sum's magnitude passed `limit` (`1 +
/// overlapThreshold`), 0 otherwise. `row` needs no alignment. Needs AVX2
/// (`cadence_coverage_avx2_available`).
int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit);

/// `cadence_resolve_sparse` over the rows of a band, one call a band
/// (`CoverageRows.resolveBand`'s loop under the non-zero rule): row `r`'s `width` cells at
/// `base + r · stride` (`stride ≥ width`), its first and last cell touched at `spans[2r]`,
/// `spans[2r + 1]` (none when the first is past the last), its blocks at
/// `blocks + r · ⌈width / 512⌉`. Each touched row is resolved over cells
/// `first … min(last, width − 1)`, `spans[2r + 1]` becomes the end of its cells
/// (`min(last + 1, width)`), and a row whose running sums passed `limit` or whose `thin[r]`
/// is set is marked by a negated first cell (`−1 − first`). Returns 1 when a row was
/// marked. Needs AVX2.
int cadence_resolve_sparse_band(float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows, int32_t *spans,
                                uint64_t *blocks, const bool *thin, float residue, float limit);

/// `cadence_resolve_sparse_band`, then `cadence_blend_blocks` over the rows left unmarked,
/// in one pass (`CoverageRows.resolveBand`'s loops for a one-colour paint, the non-zero rule):
/// each row (its cells at `base + r · stride`) resolved and marked as
/// `cadence_resolve_sparse_band` does; with `neighbours`, a row with cells
/// (`spans[2r] < spans[2r + 1]` once resolved) next to a row marked by its own resolve is
/// marked too (`−1 − first`); each of the remaining rows with cells is blended in the pixel
/// word `word` (premultiplied RGBA8) over the pixels at `dst + r · dst_stride` (the
/// pixel of cell 0), its cells and blocks cleared — a last group cut by the row's end (`width`
/// not a multiple of 8) with masked loads and stores, the pixels past the row neither read
/// nor written. The rows are resolved about 8,192 cells (32 KB) at a time, at least two rows,
/// and blended but the last before the next are resolved, their cells still in L1. The
/// marked rows are left resolved, for the caller. Returns 1 when a row was marked by its
/// resolve. The same cells, spans, blocks and bytes as the two passes; `width ≤ 0` or
/// `rows ≤ 0` touches nothing and returns 0. Needs AVX2.
int cadence_resolve_blend_sparse_band(uint32_t word, float *base, ptrdiff_t width, ptrdiff_t stride, ptrdiff_t rows,
                                      int32_t *spans, uint64_t *blocks, const bool *thin, float residue, float limit,
                                      int neighbours, uint8_t *dst, ptrdiff_t dst_stride);

/// The pixel word `word` (`r | g << 8 | b << 16 | a << 24`, premultiplied RGBA8) over the
/// pixels of the blocks set in `blocks` that meet cells `start ..< stop` of a resolved row,
/// in block order, at the weights in their cells (`dst` is the pixel of cell 0), each
/// block's 8 cells cleared to 0 as they are read: exactly `CoverageRows.blend(_:cells:blocks:
/// from:to:width:into:)` with `SourceOver.blend` — weights quantized to 0…255 (clamped,
/// times 255 in `float`, rounded to nearest even), an opaque paint's blocks whose weights all
/// reach 1 − 2⁻¹⁰ stored as the paint, the rest blended in exact 16-bit integer lanes. Every
/// block must lie wholly in the row (`8·⌈stop / 8⌉` at most the row's width). Needs AVX2.
void cadence_blend_blocks(uint32_t word, float *row, const uint64_t *blocks, ptrdiff_t start, ptrdiff_t stop, uint8_t *dst);

/// A coverage plane as `PathCoverage.Accumulator` holds it: row `r`'s cells at `base + r ·
/// stride` (`width` of them, `height` rows), each row's first and last cell touched as two
/// `int32_t`s of `spans`, its touched blocks of 8 cells in `⌈width / 512⌉` words of `blocks`,
/// and the rows and leftmost cell touched so far (`min_row > max_row`: none).
typedef struct cadence_coverage_plane {
    float *base;
    ptrdiff_t stride, width, height;
    int32_t *spans;
    uint64_t *blocks;
    ptrdiff_t min_row, max_row, min_cell;
} cadence_coverage_plane;

/// Whether `cadence_accumulate_edges` does any work: the CPU has AVX2 and BMI2 (checked at
/// run time, once).
int cadence_accumulate_edges_available(void);

/// Accumulates the edges `from ..< count` of a closed polygon into `plane`, in order,
/// exactly as `PathCoverage.Accumulator.addPolygon` with `addEdge` does (its Swift code is the
/// reference twin), up to the first edge that is not usual, whose index it returns (`count`
/// when there is none) with nothing of it written. Edge `i` runs from point `i − 1` (the last
/// point for edge 0) to point `i`, each less `(offset_x, offset_y)`; `points` holds `count`
/// points as `x, y` pairs. Level edges and edges wholly above or below the plane add
/// nothing. The usual edge lies inside the plane (`0 ≤ x < width`, `0 ≤ y ≤ height`) and
/// every block of 8 cells it may touch, a block of margin each side (none left of cell 0),
/// lies in one word of a row or in two adjacent ones: each row adds the exact area of the edge's piece to its cells (the Swift code's
/// products and sums in its order, rounded where it rounds, so the same bits), widens the
/// row's span to the edge's cells (`⌊min x⌋`, and `⌈max x⌉` cut to `width − 1`) and sets the
/// bits of its blocks; `min_row`, `max_row` and `min_cell` take in the edge. Needs AVX2 and
/// BMI2: without them it returns `from` and writes nothing.
ptrdiff_t cadence_accumulate_edges(cadence_coverage_plane *plane, const double *points, ptrdiff_t count, ptrdiff_t from,
                                   double offset_x, double offset_y);

#endif
