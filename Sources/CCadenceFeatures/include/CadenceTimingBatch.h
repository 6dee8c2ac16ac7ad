// The timing function's batch in AVX2 and FMA: the vector loop of `progress(at:into:)`
// (TimingFunction+Batch.swift) for groups of four inputs, with the curve's mode chosen once
// a call. The Swift loop is its reference twin; both give the scalar call's bits.
#ifndef CADENCE_TIMING_BATCH_H
#define CADENCE_TIMING_BATCH_H

#include <stddef.h>
#include <stdint.h>

/// Where the kernel reads a curve's fast-path data, in 16-byte elements `(lower, upper)`
/// from the first (`TimingFunction.Table.Fast`'s indices; a test pins them to those).
enum {
    /// `A` (8 coefficients in powers of `z`), then `B` (8).
    CADENCE_TIMING_A = 0, CADENCE_TIMING_B = 8,
    /// `X`: `a, b, c, 3a, 2b`.
    CADENCE_TIMING_XA = 16, CADENCE_TIMING_XB = 17, CADENCE_TIMING_XC = 18, CADENCE_TIMING_X3A = 19,
    CADENCE_TIMING_X2B = 20,
    /// The output polynomial: `a, b, c, d, 3a, 2b`.
    CADENCE_TIMING_YA = 21, CADENCE_TIMING_YB = 22, CADENCE_TIMING_YC = 23, CADENCE_TIMING_YD = 24,
    CADENCE_TIMING_Y3A = 25, CADENCE_TIMING_Y2B = 26,
    /// The guess limit, the mode (lane 0: `√h` or not, lane 1: Newton steps), the binades'
    /// bounds (32 `int16_t` a half, lower half first: the Swift loops' and the scalar
    /// path's, not read here; named for the layout), the largest guess.
    CADENCE_TIMING_LIMIT = 27, CADENCE_TIMING_MODE = 28, CADENCE_TIMING_BOUNDS = 29, CADENCE_TIMING_LARGEST = 37,
    /// The kernel's bounds (`Fast.batchBounds`): 16 `int32_t` a half, lower half first.
    CADENCE_TIMING_BATCH_BOUNDS = 39,
    /// The kernel's bounds a half: one per eighth of the binades 1/8 … 1/4 and 1/4 … 1/2
    /// of `h` (the first also for every smaller `h`, the last also for `h = 1/2`).
    CADENCE_TIMING_BATCH_PARTS = 16,
    /// The first binade of `h` with a bound, counted from `h = 2^-30`.
    CADENCE_TIMING_FIRST_BOUNDED_BINADE = 6,
    /// Groups of four in a chunk (its two lists fill about 2 KiB of the stack each). Each
    /// list's last group is part empty and each chunk pays its lists' set-up, so longer
    /// chunks waste less: 64 groups take 0.987 of 32's instructions a sample on (0.9, 0,
    /// 0.1, 1) and on easeInEaseOut, and about 0.985 of the time on the first
    /// (Benchmarks/README.md, "… h-tf18 …").
    CADENCE_TIMING_BATCH_GROUPS = 64,
};

/// Whether `cadence_timing_batch4` may be called: an x86-64 CPU with AVX2, FMA and `popcnt`
/// (checked at run time, once; every x86-64-v3 CPU). 0 elsewhere.
int cadence_timing_batch_available(void);

/// `progress(at:)` for the inputs from `input[0]`, four at a time, into `output` (which may
/// be `input`), for a curve whose fast path the batch serves (its mode's steps 0, 1 or 2)
/// and whose data starts at `fast`: at most `groups` groups of four, in chunks of at most
/// `CADENCE_TIMING_BATCH_GROUPS`, while `notes` (room for `capacity`) can take a whole
/// chunk's; `*done` is set to the groups written. Every lane the rounding test settles gets
/// the correctly rounded value; a lane it leaves gets its input, and each group with such
/// lanes is noted: `notes[k] = i << 4 | lanes` (`i` the group's first input, `lanes` its
/// lanes as bits), to be finished by the scalar function. Returns the notes' count. Needs
/// `cadence_timing_batch_available()`.
ptrdiff_t cadence_timing_batch4(
    const double *fast, const double *input, double *output, ptrdiff_t groups, int64_t *notes, ptrdiff_t capacity,
    ptrdiff_t *done);

#endif
