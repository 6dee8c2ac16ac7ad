// The C API of Cadence's benchmark harness: Google Benchmark behind plain C functions, so
// Swift can register benchmarks without C++ interop, and C++ baselines registered from C++
// in the same run: the classic WebKit/Chromium UnitBezier solver, Eigen's Matrix4d
// product and inverse, pixman's fills, composites and bilinear transformed images,
// rlottie's animation frames, and libpng's encoder.
#ifndef CADENCE_BENCHMARK_SHIM_H
#define CADENCE_BENCHMARK_SHIM_H

#include <stddef.h>
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

/// `cadence_benchmark_register` timed by the wall clock rather than the calling thread's
/// CPU time: for bodies that run on several threads.
void cadence_benchmark_register_real_time(
    const char *_Nonnull name, cadence_benchmark_body _Nonnull body, void *_Nullable context,
    int64_t items_per_iteration);

/// `cadence_benchmark_register` timed by the CPU time of the whole process (every thread's):
/// for comparing with a library that hands part of a frame to threads of its own (rlottie),
/// so both sides are charged all the work they do.
void cadence_benchmark_register_process_time(
    const char *_Nonnull name, cadence_benchmark_body _Nonnull body, void *_Nullable context,
    int64_t items_per_iteration);

/// Keeps `value` alive: the optimiser must assume it is used. Call it once per batch with
/// the batch's accumulated result.
void cadence_benchmark_consume(uint64_t value);

/// 1 when this package was compiled for AVX2 (`-Xcc -march=x86-64-v3` defines `__AVX2__`
/// here as it enables AVX2 for the Swift code), 0 otherwise: lets `cadence-ratios` check
/// that its baseline build and its `-march` build are what they say.
int cadence_benchmark_built_for_avx2(void);

/// This process's environment (`environ`), for starting a child with it: Swift 6 does not
/// let Swift code read a mutable C global.
char *_Nullable const *_Nonnull cadence_benchmark_environment(void);

/// Initialises Google Benchmark with `argc`/`argv` (its `--benchmark_*` flags), runs every
/// registered benchmark and returns 0; returns 1 on an unrecognised argument.
int cadence_benchmark_run(int argc, char *_Nullable *_Nonnull argv);

// MARK: Loops
//
// A C++ baseline's timed loop with its inputs and state, made once: the loop its registered
// benchmark runs, one call per batch, for drivers other than Google Benchmark
// (`cadence-ratios` alternates it with a Cadence kernel in short blocks). A loop lives as
// long as the process; each run continues where the last one stopped (the next input, the
// next frame).

typedef struct cadence_baseline_loop cadence_baseline_loop;

/// Runs `n` iterations of `loop`: what one batch of its registered benchmark runs.
void cadence_baseline_loop_run(cadence_baseline_loop *_Nonnull loop, int64_t n);

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

/// The loop `cadence_baseline_unitbezier_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_unitbezier_loop(
    double x1, double y1, double x2, double y2, const double *_Nonnull inputs, int64_t count);

/// A basic animation reduced to its arithmetic, in C++: progress = clamp(t / duration),
/// eased by the UnitBezier solve (1e-7), then from + (to - from) * eased.
void cadence_baseline_basic_animation_register(
    const char *_Nonnull name, double x1, double y1, double x2, double y2, double duration, double from,
    double to, const double *_Nonnull inputs, int64_t count);

/// The loop `cadence_baseline_basic_animation_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_basic_animation_loop(
    double x1, double y1, double x2, double y2, double duration, double from, double to,
    const double *_Nonnull inputs, int64_t count);

/// Registers, from C++, the trivial baseline: a loop that sums the bit patterns of
/// `inputs` (copied; `count` a power of two), to show the loop and harness overhead.
void cadence_baseline_sum_register(const char *_Nonnull name, const double *_Nonnull inputs, int64_t count);

/// The loops the two registered benchmarks above time, run once for `n` iterations over
/// `inputs[k mod count]` (`count` a power of two), returning the xor of the results' bits:
/// what `cadence-instructions` counts. The curve is set up inside, once per call.
uint64_t cadence_baseline_unitbezier_walk(
    double x1, double y1, double x2, double y2, const double *_Nonnull inputs, int64_t count, int64_t n);
uint64_t cadence_baseline_basic_animation_walk(
    double x1, double y1, double x2, double y2, double duration, double from, double to,
    const double *_Nonnull inputs, int64_t count, int64_t n);

// MARK: Baseline: Eigen's Matrix4d (a peer library, benchmark-only)
//
// Matrices cross the API as 16 doubles in Core Animation's field order (m11, m12, …, m44:
// row-major). Eigen stores Matrix4d column-major; the shim converts once, at registration,
// so the same mathematical matrices are multiplied and inverted (the row-vector product
// a·b of Cadence is the ordinary matrix product of Eigen).

/// `out = a · b` by Eigen (`Matrix4d` product), for checking that the benchmarks compare
/// the same computation.
void cadence_baseline_eigen_multiply(
    const double *_Nonnull a, const double *_Nonnull b, double *_Nonnull out);

/// `out = m⁻¹` by Eigen (`Matrix4d::inverse()`, no singularity check).
void cadence_baseline_eigen_invert(const double *_Nonnull m, double *_Nonnull out);

/// Registers, from C++, a benchmark of Eigen's `Matrix4d` product `a[i] * b[i]`, walking
/// through the `count` pairs (copied; 16 doubles each; `count` a power of two). The result's
/// bits are folded into the sink as Cadence's benchmarks fold theirs (xor of 4-lane rows).
void cadence_baseline_eigen_product_register(
    const char *_Nonnull name, const double *_Nonnull a, const double *_Nonnull b, int64_t count);

/// Registers, from C++, a benchmark of Eigen's `Matrix4d::inverse()` over `m[i]` (copied;
/// 16 doubles each; `count` a power of two).
void cadence_baseline_eigen_inverse_register(const char *_Nonnull name, const double *_Nonnull m, int64_t count);

/// The loop `cadence_baseline_eigen_inverse_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_eigen_inverse_loop(const double *_Nonnull m, int64_t count);

/// The loops the two registered Eigen benchmarks time, run once for `n` iterations over the
/// `count` matrices (fields as above; converted inside, once per call), returning the total
/// of the 4-lane sink: what `cadence-instructions` counts.
uint64_t cadence_baseline_eigen_product_walk(
    const double *_Nonnull a, const double *_Nonnull b, int64_t count, int64_t n);
uint64_t cadence_baseline_eigen_inverse_walk(const double *_Nonnull m, int64_t count, int64_t n);


// MARK: Baseline: pixman (a peer library, benchmark-only)
//
// The pixel-manipulation library under cairo and the X server (Debian's libpixman-1-dev),
// drawing the same geometry as Cadence's compositor benchmarks, in the same run. Colours
// cross the API as premultiplied RGBA8 (Cadence's byte order); pixman draws in its fastest
// format, a8r8g8b8, and the shim converts only when it hands pixels back for checking.

/// What one pixman benchmark draws onto a `canvas_width × canvas_height` a8r8g8b8 image
/// that was cleared once to `background` (premultiplied RGBA8; all zero: transparent).
typedef struct cadence_pixman_scene {
    int32_t canvas_width, canvas_height;
    uint8_t background[4];
    /// 0: the rect filled with `color`, `pixman_image_fill_rectangles(PIXMAN_OP_OVER)`
    ///    (pixman reduces an opaque OVER to a fill);
    /// 1: an a8r8g8b8 image of the rect's size whose every pixel is `color`,
    ///    `pixman_image_composite32(PIXMAN_OP_OVER)` at the rect's origin;
    /// 2: the rect rotated by `angle` radians about its centre (x' = u cos − v sin,
    ///    y' = u sin + v cos: Core Animation's rotation in a y-down space), as trapezoids
    ///    `pixman_composite_trapezoids(PIXMAN_OP_OVER, solid color, PIXMAN_a8 mask)`.
    int32_t kind;
    /// The rect in pixels (whole numbers for kinds 0 and 1).
    double x, y, width, height, angle;
    uint8_t color[4];
} cadence_pixman_scene;

/// Draws `scene` once on a freshly cleared canvas and writes the result to `rgba`
/// (`canvas_width · canvas_height · 4` bytes, premultiplied RGBA8): for checking that
/// Cadence's benchmark draws the same pixels.
void cadence_baseline_pixman_draw(const cadence_pixman_scene *_Nonnull scene, uint8_t *_Nonnull rgba);

/// Registers, from C++, a benchmark that draws `scene`'s operation once per iteration onto
/// its canvas (allocated and cleared at registration, reused), with `width · height`
/// pixels as the items of `items_per_second`.
void cadence_baseline_pixman_register(const char *_Nonnull name, const cadence_pixman_scene *_Nonnull scene);

/// The loop `cadence_baseline_pixman_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_pixman_loop(const cadence_pixman_scene *_Nonnull scene);

/// An image drawn through an affine transform with bilinear filtering: what a layer with
/// contents, a transform and `magnificationFilter = linear` draws. pixman composites the
/// image OVER the whole canvas (`pixman_image_composite32(PIXMAN_OP_OVER)`, destination
/// rectangle = the canvas), `PIXMAN_FILTER_BILINEAR`, `PIXMAN_REPEAT_NONE` (transparent
/// outside the image), onto a transparent a8r8g8b8 canvas cleared once.
typedef struct cadence_pixman_transformed_image {
    int32_t canvas_width, canvas_height;
    /// The image: premultiplied RGBA8 (Cadence's byte order), rows `4 · image_width` bytes
    /// apart; copied (converted to a8r8g8b8) when the scene is made.
    const uint8_t *_Nonnull image;
    int32_t image_width, image_height;
    /// pixman's direction: from canvas to image. The canvas point (x, y) (pixel centres at
    /// half-integers) samples the image at u = m[0]·x + m[1]·y + m[2],
    /// v = m[3]·x + m[4]·y + m[5] (texel centres at half-integers too).
    double matrix[6];
} cadence_pixman_transformed_image;

/// Draws `scene` once on a freshly cleared canvas and writes the result to `rgba`
/// (`canvas_width · canvas_height · 4` bytes, premultiplied RGBA8).
void cadence_baseline_pixman_transformed_image_draw(
    const cadence_pixman_transformed_image *_Nonnull scene, uint8_t *_Nonnull rgba);

/// Registers, from C++, a benchmark that composites `scene`'s image once per iteration onto
/// its canvas (made at registration, reused), with `items_per_iteration` items.
void cadence_baseline_pixman_transformed_image_register(
    const char *_Nonnull name, const cadence_pixman_transformed_image *_Nonnull scene, int64_t items_per_iteration);

/// The loop `cadence_baseline_pixman_transformed_image_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_pixman_transformed_image_loop(
    const cadence_pixman_transformed_image *_Nonnull scene);

/// A closed polygon (`count` points `xy[2k], xy[2k+1]`, pixels, y down) filled with the
/// premultiplied RGBA8 `color` onto a transparent `canvas_width × canvas_height` a8r8g8b8
/// canvas: the polygon is cut once, at registration, into trapezoids between consecutive
/// vertex heights (edges paired left to right, even-odd — the same as non-zero for a
/// simple polygon), and each iteration is `pixman_composite_trapezoids(PIXMAN_OP_OVER,
/// solid, PIXMAN_a8 mask)`: pixman's rasterisation and compositing, without the
/// tessellation cairo does before it.
typedef struct cadence_pixman_polygon {
    int32_t canvas_width, canvas_height;
    const double *_Nonnull xy;
    int64_t count;
    uint8_t color[4];
} cadence_pixman_polygon;

/// Draws the polygon once on a freshly cleared canvas and writes the result to `rgba`;
/// returns the number of trapezoids.
int64_t cadence_baseline_pixman_polygon_draw(const cadence_pixman_polygon *_Nonnull scene, uint8_t *_Nonnull rgba);

/// Registers the polygon's `pixman_composite_trapezoids` as the benchmark `name`, with
/// `items_per_iteration` items.
void cadence_baseline_pixman_polygon_register(
    const char *_Nonnull name, const cadence_pixman_polygon *_Nonnull scene, int64_t items_per_iteration);

/// The loop `cadence_baseline_pixman_polygon_register` registers.
cadence_baseline_loop *_Nonnull cadence_baseline_pixman_polygon_loop(const cadence_pixman_polygon *_Nonnull scene);

/// A linear gradient over a whole `canvas_width × canvas_height` a8r8g8b8 canvas, as
/// `GraphicsContext.drawLinearGradient` and a gradient layer fill it: pixman's
/// `pixman_image_create_linear_gradient` from `(x0, y0)` to `(x1, y1)` (pixels), `count`
/// stops at `locations` with the colours `colors` (RGBA8, 4 bytes a stop, not
/// premultiplied — pixman premultiplies as it interpolates), `PIXMAN_REPEAT_PAD` (the end
/// colours extend), composited `PIXMAN_OP_OVER` onto the canvas (opaque stops: pixman
/// reduces it to a copy).
typedef struct cadence_pixman_linear_gradient {
    int32_t canvas_width, canvas_height;
    double x0, y0, x1, y1;
    const double *_Nonnull locations;
    const uint8_t *_Nonnull colors;
    int64_t count;
} cadence_pixman_linear_gradient;

/// Draws the gradient once on a freshly cleared canvas and writes the result to `rgba`.
void cadence_baseline_pixman_linear_gradient_draw(const cadence_pixman_linear_gradient *_Nonnull scene,
                                                  uint8_t *_Nonnull rgba);

/// Registers the gradient's composite as the benchmark `name`, with `items_per_iteration`.
void cadence_baseline_pixman_linear_gradient_register(
    const char *_Nonnull name, const cadence_pixman_linear_gradient *_Nonnull scene, int64_t items_per_iteration);

// MARK: Baseline: rlottie (a peer library, benchmark-only)
//
// Samsung's Lottie player (Debian's librlottie-dev), drawing the Lottie twin of a Cadence
// scene file through its C API: `lottie_animation_render` into an ARGB32 (premultiplied
// a8r8g8b8) buffer of the animation's size, made once and reused. rlottie rasterizes paths
// on worker threads of its own while the caller waits.

/// Draws frame `frame` of the Lottie file at `path` (frames at the file's frame rate,
/// clamped to its last) into `rgba` (`width · height · 4` bytes, premultiplied RGBA8,
/// Cadence's byte order) at the animation's own size, which must be `width × height`.
/// Returns 0, or -1 when the file does not load or its size differs.
int32_t cadence_baseline_rlottie_draw(const char *_Nonnull path, int64_t frame, int32_t width, int32_t height,
                                      uint8_t *_Nonnull rgba);

/// Registers, from C++, a benchmark that draws frames `0, 1, …, frame_count − 1, 0, …` of
/// the Lottie file at `path` (loaded at registration), one per iteration, into a buffer
/// kept from frame to frame, timed by the process's CPU time (rlottie's threads included);
/// `width · height` items per frame. Returns 0, or -1 as `cadence_baseline_rlottie_draw`.
int32_t cadence_baseline_rlottie_register(const char *_Nonnull name, const char *_Nonnull path,
                                          int64_t frame_count, int32_t width, int32_t height);

/// The loop `cadence_baseline_rlottie_register` registers (time it by the process's CPU
/// clock), or null when the file does not load or its size differs.
cadence_baseline_loop *_Nullable cadence_baseline_rlottie_loop(const char *_Nonnull path, int64_t frame_count,
                                                               int32_t width, int32_t height);

// MARK: libpng (the PNG encoder's peer)

/// Encodes the `width × height` premultiplied RGBA8 pixels `rgba` (rows `4 · width` bytes
/// apart) as an 8-bit RGBA PNG in memory with libpng (Debian's libpng-dev 1.6), as
/// `PNGEncoder.encode` does: each row un-premultiplied (rounded to nearest), then written
/// with libpng's own filter choice (every filter, the least sum of absolute values per
/// row; none at level 0) and zlib at `level` (0…9), with zlib's run-length strategy when
/// `run_length` is non-zero. Returns the file's size in bytes, 0 on an error.
size_t cadence_baseline_libpng_encode(
    const uint8_t *_Nonnull rgba, int32_t width, int32_t height, int32_t level, int32_t run_length);

#ifdef __cplusplus
}
#endif

#endif
