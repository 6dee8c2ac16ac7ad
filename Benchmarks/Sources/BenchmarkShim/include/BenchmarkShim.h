// The C API of Cadence's benchmark harness: Google Benchmark behind plain C functions, so
// Swift can register benchmarks without C++ interop, and a C++ baseline (the classic
// WebKit/Chromium UnitBezier solver) registered from C++ in the same run.
#ifndef CADENCE_BENCHMARK_SHIM_H
#define CADENCE_BENCHMARK_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Harness

/// Runs a whole batch: `iterations` iterations of the benchmark, with `context` the
/// pointer given at registration. One call per batch, so the harness costs one indirect
/// call per batch (well under 1 ns per iteration).
typedef void (*cadence_benchmark_body)(void *_Nullable context, int64_t iterations);

/// Registers a benchmark called `name` (copied). `items_per_iteration` > 0 adds an
/// items-per-second counter (`items_per_second`, e.g. samples per second for a batch API
/// over 4096 samples); 0 leaves it out. `context` must stay valid until the run ends.
void cadence_benchmark_register(
    const char *_Nonnull name, cadence_benchmark_body _Nonnull body, void *_Nullable context,
    int64_t items_per_iteration);

/// Keeps `value` alive: the optimiser must assume it is used. Call it once per batch with
/// the batch's accumulated result.
void cadence_benchmark_consume(uint64_t value);

/// Initialises Google Benchmark with `argc`/`argv` (its `--benchmark_*` flags), runs every
/// registered benchmark and returns 0; returns 1 on an unrecognised argument.
int cadence_benchmark_run(int argc, char *_Nullable *_Nonnull argv);

// MARK: Baseline: the classic UnitBezier solver (WebKit/Chromium style)

/// A cubic Bézier timing curve from (0, 0) to (1, 1), precomputed the classic way:
/// polynomial coefficients and an 11-sample table of x(t) at t = 0, 0.1, …, 1.
typedef struct cadence_baseline_unitbezier {
    double ax, bx, cx, ay, by, cy;
    double spline_samples[11];
} cadence_baseline_unitbezier;

/// Fills `curve` for control points (x1, y1), (x2, y2).
void cadence_baseline_unitbezier_init(
    cadence_baseline_unitbezier *_Nonnull curve, double x1, double y1, double x2, double y2);

/// y at input `x` (clamped to 0…1), solving x(t) = x to within `epsilon` in x: a guess
/// interpolated from the spline table, at most 4 Newton steps, then bisection.
double cadence_baseline_unitbezier_solve(
    const cadence_baseline_unitbezier *_Nonnull curve, double x, double epsilon);

/// Registers, from C++, a benchmark of the solve at epsilon 1e-7 (the published solver's
/// accuracy), walking through `inputs[0 ..< count]` (copied; `count` a power of two).
void cadence_baseline_unitbezier_register(
    const char *_Nonnull name, double x1, double y1, double x2, double y2,
    const double *_Nonnull inputs, int64_t count);

/// Registers, from C++, the trivial baseline: a loop that sums the bit patterns of
/// `inputs` (copied; `count` a power of two), to show the loop and harness overhead.
void cadence_baseline_sum_register(const char *_Nonnull name, const double *_Nonnull inputs, int64_t count);

#ifdef __cplusplus
}
#endif

#endif
