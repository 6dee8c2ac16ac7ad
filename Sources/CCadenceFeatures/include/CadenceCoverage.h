// A coverage plane's kernels in AVX2: the rows of an edge's cells, one call an edge
// (`PathCoverage.Accumulator.addInside` in PathCoverage.swift); the sparse resolve, one call
// a row (`PathCoverage.resolveSparse`, its prefix sums in full-width permutations); and the
// one-colour blend of a row's touched blocks (`CoverageRows.blend` and `SourceOver.blend` in
// CoverageRows.swift and SourceOver.swift). The Swift functions are their reference twins;
// both give the same floats and the same bytes.
#ifndef CADENCE_COVERAGE_H
#define CADENCE_COVERAGE_H

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

/// The pixel word `word` (`r | g << 8 | b << 16 | a << 24`, premultiplied RGBA8) over the
/// pixels of the blocks set in `blocks` that meet cells `start ..< stop` of a resolved row,
/// in block order, at the weights in their cells (`dst` is the pixel of cell 0), each
/// block's 8 cells cleared to 0 as they are read: exactly `CoverageRows.blend(_:cells:blocks:
/// from:to:width:into:)` with `SourceOver.blend` — weights quantized to 0…255 (clamped,
/// times 255 in `float`, rounded to nearest even), an opaque paint's blocks whose weights all
/// reach 1 − 2⁻¹⁰ stored as the paint, the rest blended in exact 16-bit integer lanes. Every
/// block must lie wholly in the row (`8·⌈stop / 8⌉` at most the row's width). Needs AVX2.
void cadence_blend_blocks(uint32_t word, float *row, const uint64_t *blocks, ptrdiff_t start, ptrdiff_t stop, uint8_t *dst);

/// Whether `cadence_accumulate_rows` may be called: the CPU has AVX2 and BMI2 (checked at run
/// time, once).
int cadence_accumulate_rows_available(void);

/// Accumulates the rows of one edge of a coverage plane, exactly as
/// `PathCoverage.Accumulator.addInside` does for the usual edge (its Swift rows are the
/// reference twin): the edge runs down from `(px, py)` to `(qx, qy)` (`py < qy`, both inside
/// the plane: `0 ≤ x < width`, `0 ≤ y ≤` the plane's height), `dxdy` its slope and `sign`
/// its winding (±1), over rows `first_row ..< end_row` (`⌊py⌋ ..< ⌈qy⌉`). Each row adds the
/// exact area of its piece to the cells of `base + row · stride` (`float`s: the products
/// and sums in the Swift code's order, rounded where it rounds, so the same bits), widens
/// `spans[2·row], spans[2·row + 1]` to `first_cell … last_cell` (`⌊min x⌋`, and `⌈max x⌉`
/// cut to `width − 1`), and sets the bits of its blocks of 8 cells in word `first_cell / 512`
/// of the row's `⌈width / 512⌉` words of `blocks` — every block the edge may touch, a block
/// of margin each side, must lie in that word. Needs AVX2 and BMI2
/// (`cadence_accumulate_rows_available`).
void cadence_accumulate_rows(float *base, ptrdiff_t stride, ptrdiff_t width, int32_t *spans, uint64_t *blocks,
                             ptrdiff_t first_row, ptrdiff_t end_row, int32_t first_cell, int32_t last_cell,
                             double px, double py, double qx, double qy, double dxdy, double sign);

#endif
