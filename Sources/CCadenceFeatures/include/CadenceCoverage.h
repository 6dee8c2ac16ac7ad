// The sparse resolve of a coverage row in AVX2: `PathCoverage.resolveSparse` (PathCoverage.swift)
// for a whole row in one call, its prefix sums in full-width permutations. The Swift
// function is its reference twin; both give the same floats.
#ifndef CADENCE_COVERAGE_H
#define CADENCE_COVERAGE_H

#include <stddef.h>
#include <stdint.h>

/// Whether `cadence_resolve_sparse` may be called: the CPU has AVX2 (checked at run time, once).
int cadence_resolve_sparse_available(void);

/// Resolves cells `lo ..< lo + count` of `row` under the non-zero rule over the blocks of 8
/// cells set in `blocks` (bit `b % 64` of word `b / 64` is cells `8b ..< 8b + 8`), exactly as
/// `PathCoverage.resolveSparse` does: groups of 8 from `lo` rounded down to a multiple of 8
/// (the cells before `lo` are 0), each set block's running sums from the carry in three
/// log-steps (the same additions in the same order), replaced by `min(1, |sum|)`; an
/// unset block filled with `min(1, |carry|)` and marked when `|carry| > residue`, skipped to
/// the next set block otherwise; the last cells past a whole group one at a time (their
/// block marked). Returns 1 when a running sum's magnitude passed `limit` (`1 +
/// overlapThreshold`), 0 otherwise. `row` needs no alignment. Needs AVX2
/// (`cadence_resolve_sparse_available`).
int cadence_resolve_sparse(float *row, ptrdiff_t lo, ptrdiff_t count, uint64_t *blocks, float residue, float limit);

#endif
