// Google Benchmark behind the C API of BenchmarkShim.h, and the C++ baselines.
#include "BenchmarkShim.h"

#include <benchmark/benchmark.h>
#include <Eigen/Core>
#include <Eigen/LU>  // Matrix4d::inverse()
#include <pixman.h>
#include <rlottie_capi.h>
#include <unistd.h>  // environ

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

// MARK: - Harness

namespace {

// One batch per run: Google Benchmark decides how many iterations a run needs
// (`max_iterations`) and the body runs them all in one call, so `KeepRunningBatch` never
// overshoots and `iterations()` is exactly the number the body ran.
template <typename Body>
void runBatches(benchmark::State &state, int64_t itemsPerIteration, Body &&body) {
    while (state.KeepRunningBatch(state.max_iterations)) {
        body(static_cast<int64_t>(state.max_iterations));
    }
    if (itemsPerIteration > 0) {
        state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * itemsPerIteration);
    }
}

uint64_t bits(double value) {
    uint64_t result;
    std::memcpy(&result, &value, sizeof result);
    return result;
}

// Inputs shared by a benchmark's runs; the benchmark walks through them with a mask.
std::shared_ptr<const std::vector<double>> copyInputs(const double *inputs, int64_t count) {
    return std::make_shared<const std::vector<double>>(inputs, inputs + count);
}

}  // namespace

// MARK: - Loops: a baseline's timed loop, kept for Google Benchmark and for other drivers

struct cadence_baseline_loop {
    std::function<void(int64_t)> run;
};

namespace {

cadence_baseline_loop *makeLoop(std::function<void(int64_t)> run) {
    return new cadence_baseline_loop{std::move(run)};
}

// Registers `loop` as the benchmark `name`: one call of the loop per batch.
benchmark::internal::Benchmark *registerLoop(const char *name, cadence_baseline_loop *loop, int64_t items) {
    return benchmark::RegisterBenchmark(name, [loop, items](benchmark::State &state) {
        runBatches(state, items, [&](int64_t n) { loop->run(n); });
    });
}

}  // namespace

extern "C" void cadence_baseline_loop_run(cadence_baseline_loop *loop, int64_t n) { loop->run(n); }

extern "C" void cadence_benchmark_register(
    const char *name, cadence_benchmark_body body, void *context, int64_t items_per_iteration) {
    benchmark::RegisterBenchmark(name, [=](benchmark::State &state) {
        runBatches(state, items_per_iteration, [&](int64_t n) { body(context, n); });
    });
}

extern "C" void cadence_benchmark_register_real_time(
    const char *name, cadence_benchmark_body body, void *context, int64_t items_per_iteration) {
    benchmark::RegisterBenchmark(name, [=](benchmark::State &state) {
        runBatches(state, items_per_iteration, [&](int64_t n) { body(context, n); });
    })->UseRealTime();
}

extern "C" void cadence_benchmark_register_process_time(
    const char *name, cadence_benchmark_body body, void *context, int64_t items_per_iteration) {
    benchmark::RegisterBenchmark(name, [=](benchmark::State &state) {
        runBatches(state, items_per_iteration, [&](int64_t n) { body(context, n); });
    })->MeasureProcessCPUTime();
}

extern "C" void cadence_benchmark_consume(uint64_t value) {
    benchmark::DoNotOptimize(value);
}

extern "C" int cadence_benchmark_built_for_avx2(void) {
#ifdef __AVX2__
    return 1;
#else
    return 0;
#endif
}

extern "C" char *const *cadence_benchmark_environment(void) {
    return environ;
}

extern "C" int cadence_benchmark_run(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

// MARK: - Baseline: the classic UnitBezier solver
//
// Written from the published description of the solver WebKit and Chromium use for CSS
// cubic-bezier() timing functions: the curve as polynomials in t; an initial guess for
// t(x) interpolated linearly from 11 samples of x(t) at t = 0, 0.1, …, 1; at most 4 Newton
// steps (given up when the slope is below 1e-6); then bisection on 0…1 until x(t) is
// within epsilon of x. y is then evaluated at that t. Accuracy is epsilon in x (1e-7 in
// both engines), so about 1e-7 in y on ordinary curves.

namespace {

constexpr int kSplineSamples = 11;
constexpr double kSampleStep = 1.0 / (kSplineSamples - 1);
constexpr int kMaxNewtonSteps = 4;
constexpr double kMinSlope = 1e-6;
constexpr int kMaxBisectionSteps = 64;  // 2^-64 < any useful epsilon: always terminates
constexpr double kBaselineEpsilon = 1e-7;

inline double sampleX(const cadence_baseline_unitbezier &c, double t) {
    return ((c.ax * t + c.bx) * t + c.cx) * t;
}

inline double sampleY(const cadence_baseline_unitbezier &c, double t) {
    return ((c.ay * t + c.by) * t + c.cy) * t;
}

inline double slopeX(const cadence_baseline_unitbezier &c, double t) {
    return (3.0 * c.ax * t + 2.0 * c.bx) * t + c.cx;
}

inline double solveT(const cadence_baseline_unitbezier &c, double x, double epsilon) {
    // 1. Guess from the table: the first sample at or above x bounds its interval.
    double t = x;
    for (int i = 1; i < kSplineSamples; ++i) {
        if (x <= c.spline_samples[i]) {
            const double lo = c.spline_samples[i - 1];
            const double width = c.spline_samples[i] - lo;
            const double t0 = (i - 1) * kSampleStep;
            t = width > 0 ? t0 + kSampleStep * (x - lo) / width : t0;
            break;
        }
    }
    // 2. Newton.
    for (int step = 0; step < kMaxNewtonSteps; ++step) {
        const double error = sampleX(c, t) - x;
        if (std::fabs(error) < epsilon) return t;
        const double slope = slopeX(c, t);
        if (std::fabs(slope) < kMinSlope) break;
        t -= error / slope;
    }
    if (std::fabs(sampleX(c, t) - x) < epsilon) return t;
    // 3. Bisection on 0…1, starting from wherever Newton stopped if it is inside.
    double lo = 0.0, hi = 1.0;
    if (!(t > lo && t < hi)) t = 0.5;
    for (int step = 0; step < kMaxBisectionSteps && lo < hi; ++step) {
        const double value = sampleX(c, t);
        if (std::fabs(value - x) < epsilon) return t;
        if (x > value) lo = t; else hi = t;
        t = 0.5 * (lo + hi);
    }
    return t;
}

inline double solve(const cadence_baseline_unitbezier &c, double x, double epsilon) {
    // Clamped as Core Animation clamps (the engines extrapolate instead; the benchmark
    // inputs are inside 0…1, so this costs two predictable branches).
    if (!(x > 0.0)) return 0.0;
    if (!(x < 1.0)) return 1.0;
    return sampleY(c, solveT(c, x, epsilon));
}

// The timed loops, shared by the registered benchmarks and the `*_walk` functions that the
// instruction counts run: `n` iterations from `index` on, iteration k reading input
// `index & mask`; each returns the xor of its results' bits.

inline uint64_t solvePass(const cadence_baseline_unitbezier &c, const double *input, uint64_t mask,
                          uint64_t &index, int64_t n) {
    uint64_t sink = 0;
    for (int64_t k = 0; k < n; ++k, ++index) {
        sink ^= bits(solve(c, input[index & mask], kBaselineEpsilon));
    }
    return sink;
}

// The minimum a basic animation does: local time, progress, ease, lerp.
inline uint64_t basicAnimationPass(const cadence_baseline_unitbezier &c, double duration, double from, double to,
                                   const double *input, uint64_t mask, uint64_t &index, int64_t n) {
    uint64_t sink = 0;
    for (int64_t k = 0; k < n; ++k, ++index) {
        double p = input[index & mask] / duration;
        p = p < 0 ? 0 : (p > 1 ? 1 : p);
        const double eased = solve(c, p, kBaselineEpsilon);
        sink ^= bits(from + (to - from) * eased);
    }
    return sink;
}

}  // namespace

extern "C" void cadence_baseline_unitbezier_init(
    cadence_baseline_unitbezier *curve, double x1, double y1, double x2, double y2) {
    curve->cx = 3.0 * x1;
    curve->bx = 3.0 * (x2 - x1) - curve->cx;
    curve->ax = 1.0 - curve->cx - curve->bx;
    curve->cy = 3.0 * y1;
    curve->by = 3.0 * (y2 - y1) - curve->cy;
    curve->ay = 1.0 - curve->cy - curve->by;
    for (int i = 0; i < kSplineSamples; ++i) {
        curve->spline_samples[i] = sampleX(*curve, i * kSampleStep);
    }
}

extern "C" double cadence_baseline_unitbezier_solve(
    const cadence_baseline_unitbezier *curve, double x, double epsilon) {
    return solve(*curve, x, epsilon);
}

extern "C" cadence_baseline_loop *cadence_baseline_unitbezier_loop(
    double x1, double y1, double x2, double y2, const double *inputs, int64_t count) {
    cadence_baseline_unitbezier curve;
    cadence_baseline_unitbezier_init(&curve, x1, y1, x2, y2);
    auto xs = copyInputs(inputs, count);
    uint64_t sink = 0, index = 0;
    return makeLoop([curve, xs, sink, index](int64_t n) mutable {
        // A local copy of the curve and the walk's position, as in a loop of its own.
        const cadence_baseline_unitbezier c = curve;
        uint64_t k = index;
        sink ^= solvePass(c, xs->data(), static_cast<uint64_t>(xs->size()) - 1, k, n);
        index = k;
        benchmark::DoNotOptimize(sink);
    });
}

extern "C" void cadence_baseline_unitbezier_register(
    const char *name, double x1, double y1, double x2, double y2, const double *inputs, int64_t count) {
    registerLoop(name, cadence_baseline_unitbezier_loop(x1, y1, x2, y2, inputs, count), 0);
}

extern "C" uint64_t cadence_baseline_unitbezier_walk(
    double x1, double y1, double x2, double y2, const double *inputs, int64_t count, int64_t n) {
    cadence_baseline_unitbezier curve;
    cadence_baseline_unitbezier_init(&curve, x1, y1, x2, y2);
    uint64_t index = 0;
    return solvePass(curve, inputs, static_cast<uint64_t>(count) - 1, index, n);
}

extern "C" cadence_baseline_loop *cadence_baseline_basic_animation_loop(
    double x1, double y1, double x2, double y2, double duration, double from, double to, const double *inputs,
    int64_t count) {
    cadence_baseline_unitbezier curve;
    cadence_baseline_unitbezier_init(&curve, x1, y1, x2, y2);
    auto ts = copyInputs(inputs, count);
    uint64_t sink = 0, index = 0;
    return makeLoop([curve, duration, from, to, ts, sink, index](int64_t n) mutable {
        const cadence_baseline_unitbezier c = curve;
        uint64_t k = index;
        sink ^= basicAnimationPass(c, duration, from, to, ts->data(), static_cast<uint64_t>(ts->size()) - 1, k, n);
        index = k;
        benchmark::DoNotOptimize(sink);
    });
}

extern "C" void cadence_baseline_basic_animation_register(
    const char *name, double x1, double y1, double x2, double y2, double duration, double from, double to,
    const double *inputs, int64_t count) {
    registerLoop(name, cadence_baseline_basic_animation_loop(x1, y1, x2, y2, duration, from, to, inputs, count), 0);
}

extern "C" uint64_t cadence_baseline_basic_animation_walk(
    double x1, double y1, double x2, double y2, double duration, double from, double to, const double *inputs,
    int64_t count, int64_t n) {
    cadence_baseline_unitbezier curve;
    cadence_baseline_unitbezier_init(&curve, x1, y1, x2, y2);
    uint64_t index = 0;
    return basicAnimationPass(curve, duration, from, to, inputs, static_cast<uint64_t>(count) - 1, index, n);
}

extern "C" void cadence_baseline_sum_register(const char *name, const double *inputs, int64_t count) {
    auto xs = copyInputs(inputs, count);
    benchmark::RegisterBenchmark(name, [xs](benchmark::State &state) {
        const double *input = xs->data();
        const uint64_t mask = static_cast<uint64_t>(xs->size()) - 1;
        uint64_t sink = 0, index = 0;
        runBatches(state, 0, [&](int64_t n) {
            for (int64_t k = 0; k < n; ++k, ++index) {
                sink += bits(input[index & mask]);
            }
            benchmark::DoNotOptimize(sink);
        });
    });
}

// MARK: - Baseline: Eigen's Matrix4d
//
// A peer library's 4×4 double product and inverse on the same random transforms Cadence's
// benchmarks walk. Eigen is header-only (Debian's libeigen3-dev, /usr/include/eigen3);
// it is compiled here at the shim's flags (SwiftPM's release optimisation, plus
// -march=x86-64-v3 under `run.sh --march`, which turns on Eigen's AVX/FMA packets).

namespace {

using Matrix = Eigen::Matrix4d;
using Matrices = std::vector<Matrix, Eigen::aligned_allocator<Matrix>>;
using RowMajor = Eigen::Matrix<double, 4, 4, Eigen::RowMajor>;

// Core Animation's field order (row-major) to Eigen's column-major storage, same matrix.
Matrix load(const double *fields) { return Eigen::Map<const RowMajor>(fields); }

void store(const Matrix &m, double *fields) {
    Eigen::Map<RowMajor> out(fields);
    out = m;
}

std::shared_ptr<const Matrices> copyMatrices(const double *fields, int64_t count) {
    auto matrices = std::make_shared<Matrices>(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) (*matrices)[i] = load(fields + 16 * i);
    return matrices;
}

// The sink: four 64-bit lanes, into which a result's four columns are xored, as the Swift
// benchmarks xor a Transform3D's four rows (`SIMD4<UInt64>`): the same cost on both sides.
typedef uint64_t Lanes __attribute__((vector_size(32)));

// By reference: a 32-byte vector passed by value would depend on whether AVX is on.
inline void fold(Lanes &sink, const Matrix &m) {
    Lanes columns[4];
    static_assert(sizeof columns == sizeof(Matrix), "Matrix4d is 16 packed doubles");
    std::memcpy(columns, m.data(), sizeof columns);
    sink ^= columns[0] ^ columns[1] ^ columns[2] ^ columns[3];
}

inline uint64_t total(const Lanes &sink) { return sink[0] ^ sink[1] ^ sink[2] ^ sink[3]; }

// The timed loops, shared by the registered benchmarks and the `*_walk` functions, as for
// the UnitBezier solver: `n` iterations from `index` on; each returns its sink's total.

inline uint64_t productPass(const Matrix *left, const Matrix *right, uint64_t mask, uint64_t &index, int64_t n) {
    Lanes sink = {0, 0, 0, 0};
    for (int64_t k = 0; k < n; ++k, ++index) {
        const uint64_t i = index & mask;
        Matrix product;
        product.noalias() = left[i] * right[i];  // Eigen's idiom: no temporary
        fold(sink, product);
    }
    return total(sink);
}

inline uint64_t inversePass(const Matrix *input, uint64_t mask, uint64_t &index, int64_t n) {
    Lanes sink = {0, 0, 0, 0};
    for (int64_t k = 0; k < n; ++k, ++index) {
        const Matrix inverse = input[index & mask].inverse();
        fold(sink, inverse);
    }
    return total(sink);
}

}  // namespace

extern "C" void cadence_baseline_eigen_multiply(const double *a, const double *b, double *out) {
    Matrix product;
    product.noalias() = load(a) * load(b);
    store(product, out);
}

extern "C" void cadence_baseline_eigen_invert(const double *m, double *out) {
    store(load(m).inverse(), out);
}

extern "C" void cadence_baseline_eigen_product_register(
    const char *name, const double *a, const double *b, int64_t count) {
    auto as = copyMatrices(a, count), bs = copyMatrices(b, count);
    benchmark::RegisterBenchmark(name, [as, bs](benchmark::State &state) {
        const Matrix *left = as->data(), *right = bs->data();
        const uint64_t mask = static_cast<uint64_t>(as->size()) - 1;
        uint64_t index = 0;
        runBatches(state, 0, [&](int64_t n) { benchmark::DoNotOptimize(productPass(left, right, mask, index, n)); });
    });
}

extern "C" uint64_t cadence_baseline_eigen_product_walk(const double *a, const double *b, int64_t count, int64_t n) {
    const auto as = copyMatrices(a, count), bs = copyMatrices(b, count);
    uint64_t index = 0;
    return productPass(as->data(), bs->data(), static_cast<uint64_t>(count) - 1, index, n);
}

extern "C" cadence_baseline_loop *cadence_baseline_eigen_inverse_loop(const double *m, int64_t count) {
    auto ms = copyMatrices(m, count);
    uint64_t index = 0;
    return makeLoop([ms, index](int64_t n) mutable {
        uint64_t k = index;
        benchmark::DoNotOptimize(inversePass(ms->data(), static_cast<uint64_t>(ms->size()) - 1, k, n));
        index = k;
    });
}

extern "C" void cadence_baseline_eigen_inverse_register(const char *name, const double *m, int64_t count) {
    registerLoop(name, cadence_baseline_eigen_inverse_loop(m, count), 0);
}

extern "C" uint64_t cadence_baseline_eigen_inverse_walk(const double *m, int64_t count, int64_t n) {
    const auto ms = copyMatrices(m, count);
    uint64_t index = 0;
    return inversePass(ms->data(), static_cast<uint64_t>(count) - 1, index, n);
}

// MARK: - Baseline: pixman
//
// The same three primitives as Cadence's compositor benchmarks, through pixman's public
// API as cairo's image backend uses it: a solid fill, an image composited OVER, and a
// rotated rectangle as trapezoids rasterized into an a8 mask (anti-aliased) and composited
// OVER. pixman picks its fast paths at run time (SSE2/SSSE3/AVX2 where it has them), so the
// same library serves both builds of the benchmarks.

namespace {

// Premultiplied RGBA8 (Cadence's byte order) to a8r8g8b8 as a 32-bit value.
uint32_t argb(const uint8_t rgba[4]) {
    return uint32_t(rgba[3]) << 24 | uint32_t(rgba[0]) << 16 | uint32_t(rgba[1]) << 8 | uint32_t(rgba[2]);
}

// pixman_color_t holds 16-bit premultiplied channels and keeps their high byte: b · 257
// converts back to exactly b.
pixman_color_t color16(const uint8_t rgba[4]) {
    return pixman_color_t{uint16_t(rgba[0] * 257), uint16_t(rgba[1] * 257), uint16_t(rgba[2] * 257),
                          uint16_t(rgba[3] * 257)};
}

// A scene's images and geometry, made once; `draw()` is the timed operation.
struct PixmanScene {
    cadence_pixman_scene scene;
    uint32_t *canvasBits = nullptr, *imageBits = nullptr;
    pixman_image_t *canvas = nullptr, *image = nullptr, *solid = nullptr;
    pixman_rectangle16_t rect{};
    pixman_color_t color{};
    std::vector<pixman_trapezoid_t> traps;

    explicit PixmanScene(const cadence_pixman_scene &s) : scene(s) {
        const int w = s.canvas_width, h = s.canvas_height;
        canvasBits = static_cast<uint32_t *>(std::aligned_alloc(64, size_t(w) * h * 4));
        const uint32_t clear = argb(s.background);
        std::fill(canvasBits, canvasBits + size_t(w) * h, clear);
        canvas = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, canvasBits, w * 4);
        color = color16(s.color);
        rect = pixman_rectangle16_t{int16_t(s.x), int16_t(s.y), uint16_t(s.width), uint16_t(s.height)};
        if (s.kind == 1) {
            const int iw = int(s.width), ih = int(s.height);
            imageBits = static_cast<uint32_t *>(std::aligned_alloc(64, size_t(iw) * ih * 4));
            std::fill(imageBits, imageBits + size_t(iw) * ih, argb(s.color));
            image = pixman_image_create_bits(PIXMAN_a8r8g8b8, iw, ih, imageBits, iw * 4);
        } else if (s.kind == 2) {
            solid = pixman_image_create_solid_fill(&color);
            makeTrapezoids();
        }
    }

    PixmanScene(const PixmanScene &) = delete;
    PixmanScene &operator=(const PixmanScene &) = delete;

    ~PixmanScene() {
        if (solid) pixman_image_unref(solid);
        if (image) pixman_image_unref(image);
        pixman_image_unref(canvas);
        std::free(imageBits);
        std::free(canvasBits);
    }

    // The rotated rect's corners, then one trapezoid per band between consecutive corner
    // heights, bounded by the two edges that cross the band (the quad is convex).
    void makeTrapezoids() {
        const double cx = scene.x + scene.width / 2, cy = scene.y + scene.height / 2;
        const double c = std::cos(scene.angle), s = std::sin(scene.angle);
        const double us[4] = {-1, 1, 1, -1}, vs[4] = {-1, -1, 1, 1};
        double px[4], py[4];
        for (int k = 0; k < 4; ++k) {
            const double u = us[k] * scene.width / 2, v = vs[k] * scene.height / 2;
            px[k] = cx + u * c - v * s;
            py[k] = cy + u * s + v * c;
        }
        std::vector<double> ys(py, py + 4);
        std::sort(ys.begin(), ys.end());
        for (int band = 0; band < 3; ++band) {
            const double top = ys[band], bottom = ys[band + 1];
            if (!(bottom > top)) continue;
            const double mid = (top + bottom) / 2;
            pixman_line_fixed_t lines[2];
            double xs[2];
            int found = 0;
            for (int k = 0; k < 4 && found < 2; ++k) {
                const int j = (k + 1) % 4;
                if ((py[k] - mid) * (py[j] - mid) >= 0) continue;  // the edge does not cross the band
                xs[found] = px[k] + (px[j] - px[k]) * (mid - py[k]) / (py[j] - py[k]);
                lines[found] = pixman_line_fixed_t{
                    {pixman_double_to_fixed(px[k]), pixman_double_to_fixed(py[k])},
                    {pixman_double_to_fixed(px[j]), pixman_double_to_fixed(py[j])}};
                ++found;
            }
            if (found < 2) continue;
            const int left = xs[0] < xs[1] ? 0 : 1;
            traps.push_back(pixman_trapezoid_t{pixman_double_to_fixed(top), pixman_double_to_fixed(bottom),
                                               lines[left], lines[1 - left]});
        }
    }

    void draw() {
        switch (scene.kind) {
        case 0:
            pixman_image_fill_rectangles(PIXMAN_OP_OVER, canvas, &color, 1, &rect);
            break;
        case 1:
            pixman_image_composite32(PIXMAN_OP_OVER, image, nullptr, canvas, 0, 0, 0, 0, rect.x, rect.y, rect.width,
                                     rect.height);
            break;
        default:
            pixman_composite_trapezoids(PIXMAN_OP_OVER, solid, canvas, PIXMAN_a8, 0, 0, 0, 0, int(traps.size()),
                                        traps.data());
            break;
        }
    }
};

}  // namespace

/// pixman's a8r8g8b8 words (premultiplied ARGB in native order) as RGBA bytes.
static void copyToRGBA(const uint32_t *bits, size_t count, uint8_t *rgba) {
    for (size_t i = 0; i < count; ++i) {
        const uint32_t p = bits[i];
        rgba[4 * i] = uint8_t(p >> 16);
        rgba[4 * i + 1] = uint8_t(p >> 8);
        rgba[4 * i + 2] = uint8_t(p);
        rgba[4 * i + 3] = uint8_t(p >> 24);
    }
}

extern "C" void cadence_baseline_pixman_draw(const cadence_pixman_scene *scene, uint8_t *rgba) {
    PixmanScene s(*scene);
    s.draw();
    copyToRGBA(s.canvasBits, size_t(scene->canvas_width) * scene->canvas_height, rgba);
}

namespace {

// `n` draws of a pixman scene (`draw()`, `canvasBits`) onto its canvas, kept alive.
template <typename Scene>
cadence_baseline_loop *drawLoop(std::shared_ptr<Scene> s) {
    return makeLoop([s](int64_t n) {
        for (int64_t k = 0; k < n; ++k) s->draw();
        benchmark::DoNotOptimize(s->canvasBits[0]);
        benchmark::ClobberMemory();
    });
}

}  // namespace

extern "C" cadence_baseline_loop *cadence_baseline_pixman_loop(const cadence_pixman_scene *scene) {
    return drawLoop(std::make_shared<PixmanScene>(*scene));
}

extern "C" void cadence_baseline_pixman_register(const char *name, const cadence_pixman_scene *scene) {
    registerLoop(name, cadence_baseline_pixman_loop(scene), int64_t(scene->width * scene->height + 0.5));
}

// MARK: - Baseline: pixman, a polygon as trapezoids

namespace {

struct PixmanPolygon {
    int width, height;
    uint32_t *canvasBits = nullptr;
    pixman_image_t *canvas = nullptr, *solid = nullptr;
    std::vector<pixman_trapezoid_t> traps;

    explicit PixmanPolygon(const cadence_pixman_polygon &s) : width(s.canvas_width), height(s.canvas_height) {
        canvasBits = static_cast<uint32_t *>(std::aligned_alloc(64, size_t(width) * height * 4));
        std::fill(canvasBits, canvasBits + size_t(width) * height, 0u);
        canvas = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, canvasBits, width * 4);
        const pixman_color_t c = color16(s.color);
        solid = pixman_image_create_solid_fill(&c);
        const int64_t n = s.count;
        std::vector<double> ys(s.xy + 0, s.xy + 0);
        for (int64_t k = 0; k < n; ++k) ys.push_back(s.xy[2 * k + 1]);
        std::sort(ys.begin(), ys.end());
        ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
        std::vector<std::pair<double, int64_t>> crossing;
        for (size_t b = 0; b + 1 < ys.size(); ++b) {
            const double top = ys[b], bottom = ys[b + 1], mid = (top + bottom) / 2;
            crossing.clear();
            for (int64_t k = 0; k < n; ++k) {
                const int64_t j = (k + 1) % n;
                const double y0 = s.xy[2 * k + 1], y1 = s.xy[2 * j + 1];
                if ((y0 - mid) * (y1 - mid) >= 0) continue;
                const double x0 = s.xy[2 * k], x1 = s.xy[2 * j];
                crossing.push_back({x0 + (x1 - x0) * (mid - y0) / (y1 - y0), k});
            }
            std::sort(crossing.begin(), crossing.end());
            auto line = [&](int64_t k) {
                const int64_t j = (k + 1) % n;
                return pixman_line_fixed_t{{pixman_double_to_fixed(s.xy[2 * k]), pixman_double_to_fixed(s.xy[2 * k + 1])},
                                           {pixman_double_to_fixed(s.xy[2 * j]), pixman_double_to_fixed(s.xy[2 * j + 1])}};
            };
            for (size_t i = 0; i + 1 < crossing.size(); i += 2)
                traps.push_back(pixman_trapezoid_t{pixman_double_to_fixed(top), pixman_double_to_fixed(bottom),
                                                   line(crossing[i].second), line(crossing[i + 1].second)});
        }
    }

    PixmanPolygon(const PixmanPolygon &) = delete;
    PixmanPolygon &operator=(const PixmanPolygon &) = delete;

    ~PixmanPolygon() {
        pixman_image_unref(solid);
        pixman_image_unref(canvas);
        std::free(canvasBits);
    }

    void draw() {
        pixman_composite_trapezoids(PIXMAN_OP_OVER, solid, canvas, PIXMAN_a8, 0, 0, 0, 0, int(traps.size()),
                                    traps.data());
    }
};

}  // namespace

extern "C" int64_t cadence_baseline_pixman_polygon_draw(const cadence_pixman_polygon *scene, uint8_t *rgba) {
    PixmanPolygon p(*scene);
    p.draw();
    copyToRGBA(p.canvasBits, size_t(scene->canvas_width) * scene->canvas_height, rgba);
    return int64_t(p.traps.size());
}

extern "C" cadence_baseline_loop *cadence_baseline_pixman_polygon_loop(const cadence_pixman_polygon *scene) {
    return drawLoop(std::make_shared<PixmanPolygon>(*scene));
}

extern "C" void cadence_baseline_pixman_polygon_register(
    const char *name, const cadence_pixman_polygon *scene, int64_t items) {
    registerLoop(name, cadence_baseline_pixman_polygon_loop(scene), items);
}

// MARK: - Baseline: pixman, a linear gradient

namespace {

struct PixmanLinearGradient {
    int width, height;
    uint32_t *canvasBits = nullptr;
    pixman_image_t *canvas = nullptr, *gradient = nullptr;

    explicit PixmanLinearGradient(const cadence_pixman_linear_gradient &s) : width(s.canvas_width), height(s.canvas_height) {
        canvasBits = static_cast<uint32_t *>(std::aligned_alloc(64, size_t(width) * height * 4));
        std::fill(canvasBits, canvasBits + size_t(width) * height, 0u);
        canvas = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, canvasBits, width * 4);
        std::vector<pixman_gradient_stop_t> stops;
        for (int64_t k = 0; k < s.count; ++k)
            stops.push_back(pixman_gradient_stop_t{pixman_double_to_fixed(s.locations[k]), color16(s.colors + 4 * k)});
        const pixman_point_fixed_t p0{pixman_double_to_fixed(s.x0), pixman_double_to_fixed(s.y0)};
        const pixman_point_fixed_t p1{pixman_double_to_fixed(s.x1), pixman_double_to_fixed(s.y1)};
        gradient = pixman_image_create_linear_gradient(&p0, &p1, stops.data(), int(stops.size()));
        pixman_image_set_repeat(gradient, PIXMAN_REPEAT_PAD);
    }

    PixmanLinearGradient(const PixmanLinearGradient &) = delete;
    PixmanLinearGradient &operator=(const PixmanLinearGradient &) = delete;

    ~PixmanLinearGradient() {
        pixman_image_unref(gradient);
        pixman_image_unref(canvas);
        std::free(canvasBits);
    }

    void draw() {
        pixman_image_composite32(PIXMAN_OP_OVER, gradient, nullptr, canvas, 0, 0, 0, 0, 0, 0, width, height);
    }
};

}  // namespace

extern "C" void cadence_baseline_pixman_linear_gradient_draw(const cadence_pixman_linear_gradient *scene, uint8_t *rgba) {
    PixmanLinearGradient g(*scene);
    g.draw();
    copyToRGBA(g.canvasBits, size_t(scene->canvas_width) * scene->canvas_height, rgba);
}

extern "C" void cadence_baseline_pixman_linear_gradient_register(
    const char *name, const cadence_pixman_linear_gradient *scene, int64_t items) {
    registerLoop(name, drawLoop(std::make_shared<PixmanLinearGradient>(*scene)), items);
}

// MARK: - Baseline: pixman, a bilinear transformed image

namespace {

// The image and canvas of a transformed-image scene, made once; `draw()` is the timed
// operation.
struct PixmanTransformedImage {
    int width, height;
    uint32_t *canvasBits = nullptr, *imageBits = nullptr;
    pixman_image_t *canvas = nullptr, *image = nullptr;

    explicit PixmanTransformedImage(const cadence_pixman_transformed_image &s)
        : width(s.canvas_width), height(s.canvas_height) {
        canvasBits = static_cast<uint32_t *>(std::aligned_alloc(64, size_t(width) * height * 4));
        std::fill(canvasBits, canvasBits + size_t(width) * height, 0u);
        canvas = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, canvasBits, width * 4);
        const size_t texels = size_t(s.image_width) * s.image_height;
        imageBits = static_cast<uint32_t *>(std::aligned_alloc(64, (texels * 4 + 63) / 64 * 64));
        for (size_t i = 0; i < texels; ++i) imageBits[i] = argb(s.image + 4 * i);
        image = pixman_image_create_bits(PIXMAN_a8r8g8b8, s.image_width, s.image_height, imageBits,
                                         s.image_width * 4);
        pixman_f_transform f{};
        f.m[0][0] = s.matrix[0], f.m[0][1] = s.matrix[1], f.m[0][2] = s.matrix[2];
        f.m[1][0] = s.matrix[3], f.m[1][1] = s.matrix[4], f.m[1][2] = s.matrix[5];
        f.m[2][2] = 1;
        pixman_transform t;
        pixman_transform_from_pixman_f_transform(&t, &f);
        pixman_image_set_transform(image, &t);
        pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nullptr, 0);
        pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE);
    }

    PixmanTransformedImage(const PixmanTransformedImage &) = delete;
    PixmanTransformedImage &operator=(const PixmanTransformedImage &) = delete;

    ~PixmanTransformedImage() {
        pixman_image_unref(image);
        pixman_image_unref(canvas);
        std::free(imageBits);
        std::free(canvasBits);
    }

    void draw() {
        pixman_image_composite32(PIXMAN_OP_OVER, image, nullptr, canvas, 0, 0, 0, 0, 0, 0, width, height);
    }
};

}  // namespace

extern "C" void cadence_baseline_pixman_transformed_image_draw(
    const cadence_pixman_transformed_image *scene, uint8_t *rgba) {
    PixmanTransformedImage s(*scene);
    s.draw();
    copyToRGBA(s.canvasBits, size_t(scene->canvas_width) * scene->canvas_height, rgba);
}

extern "C" cadence_baseline_loop *cadence_baseline_pixman_transformed_image_loop(
    const cadence_pixman_transformed_image *scene) {
    return drawLoop(std::make_shared<PixmanTransformedImage>(*scene));
}

extern "C" void cadence_baseline_pixman_transformed_image_register(
    const char *name, const cadence_pixman_transformed_image *scene, int64_t items_per_iteration) {
    registerLoop(name, cadence_baseline_pixman_transformed_image_loop(scene), items_per_iteration);
}

// MARK: - Baseline: rlottie

namespace {

// A Lottie animation and the ARGB32 buffer its frames are drawn into, made once.
struct RLottieScene {
    Lottie_Animation *animation = nullptr;
    std::vector<uint32_t> buffer;
    size_t width = 0, height = 0;

    RLottieScene(const char *path, int32_t w, int32_t h) {
        animation = lottie_animation_from_file(path);
        if (!animation) return;
        lottie_animation_get_size(animation, &width, &height);
        if (width != size_t(w) || height != size_t(h)) {
            lottie_animation_destroy(animation);
            animation = nullptr;
            return;
        }
        buffer.assign(width * height, 0);
    }

    RLottieScene(const RLottieScene &) = delete;
    RLottieScene &operator=(const RLottieScene &) = delete;

    ~RLottieScene() {
        if (animation) lottie_animation_destroy(animation);
    }

    void draw(size_t frame) {
        lottie_animation_render(animation, frame, buffer.data(), width, height, width * 4);
    }
};

}  // namespace

extern "C" int32_t cadence_baseline_rlottie_draw(const char *path, int64_t frame, int32_t width, int32_t height,
                                                 uint8_t *rgba) {
    RLottieScene s(path, width, height);
    if (!s.animation || frame < 0) return -1;
    s.draw(size_t(frame));
    copyToRGBA(s.buffer.data(), s.buffer.size(), rgba);
    return 0;
}

extern "C" cadence_baseline_loop *cadence_baseline_rlottie_loop(const char *path, int64_t frame_count, int32_t width,
                                                               int32_t height) {
    auto s = std::make_shared<RLottieScene>(path, width, height);
    if (!s->animation || frame_count <= 0) return nullptr;
    int64_t frame = 0;
    return makeLoop([s, frame_count, frame](int64_t n) mutable {
        for (int64_t k = 0; k < n; ++k) {
            s->draw(size_t(frame));
            frame = frame + 1 == frame_count ? 0 : frame + 1;
        }
        benchmark::DoNotOptimize(s->buffer[s->buffer.size() / 2]);
        benchmark::ClobberMemory();
    });
}

extern "C" int32_t cadence_baseline_rlottie_register(const char *name, const char *path, int64_t frame_count,
                                                     int32_t width, int32_t height) {
    cadence_baseline_loop *loop = cadence_baseline_rlottie_loop(path, frame_count, width, height);
    if (!loop) return -1;
    registerLoop(name, loop, int64_t(width) * height)->MeasureProcessCPUTime();
    return 0;
}
