// swift-tools-version: 6.1
// Cadence's benchmarks: Google Benchmark (Debian's libbenchmark-dev, 1.7) drives Swift code
// through a tiny C++ shim, one call per batch of iterations; `cadence-instructions` runs the
// same loops under valgrind's callgrind for instruction counts that CI holds to a budget.
// Its own package, so the root package never depends on Google Benchmark. Run it with
// `Benchmarks/run.sh` and `Benchmarks/instructions.sh`; `cadence-ratios` (`Benchmarks/ratios.sh`)
// alternates each kernel with its peer in short blocks, for ratios that a drifting machine keeps.
import Foundation
import PackageDescription

// The root package, by path. A path dependency's identity is its folder name, and CI
// clones the repository into a folder whose name we do not control: compute both.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let rootName = root.lastPathComponent

/// The library modules the kernels call.
let cadence: [Target.Dependency] = ["CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels", "CadenceImageIO", "CadenceLayers", "CadenceCompositor", "CadenceText", "CadenceScene"]
    .map { .product(name: $0, package: rootName) }

let package = Package(
    name: "CadenceBenchmarks",
    dependencies: [
        .package(path: root.path),
    ],
    targets: [
        // MARK: The harness: Google Benchmark behind an `extern "C"` API, plus the C++
        // baselines measured in the same run: the UnitBezier solver (WebKit/Chromium's),
        // Eigen's Matrix4d product and inverse, pixman's fills and composites (a bilinear
        // transformed image among them), and rlottie's frames of the cards scene's twin.
        .target(
            name: "BenchmarkShim",
            cxxSettings: [
                // Debian's header-only libeigen3-dev installs under /usr/include/eigen3, which
                // `.headerSearchPath` cannot name (it takes paths inside the target). Unsafe
                // flags are fine here: nothing depends on this package. `-isystem` keeps
                // Eigen's own warnings out of the build log. No optimisation flag: the shim is
                // built at SwiftPM's release default, like everything else.
                // Debian's libpixman-1-dev puts pixman.h in /usr/include/pixman-1 (what
                // `pkg-config --cflags pixman-1` prints), likewise outside the target.
                .unsafeFlags(["-isystem", "/usr/include/eigen3", "-isystem", "/usr/include/pixman-1"]),
                // Eigen as a release build uses it: without its internal assertions
                // (SwiftPM does not define NDEBUG).
                .define("EIGEN_NO_DEBUG"),
            ],
            linkerSettings: [
                // Debian's libbenchmark-dev: /usr/lib/x86_64-linux-gnu/libbenchmark.so.
                .linkedLibrary("benchmark"),
                // Debian's libpixman-1-dev: /usr/lib/x86_64-linux-gnu/libpixman-1.so. Linked
                // into this package only; the root package never depends on pixman.
                .linkedLibrary("pixman-1"),
                // Debian's librlottie-dev: /usr/lib/x86_64-linux-gnu/librlottie.so (its C API,
                // rlottie_capi.h, in /usr/include). Linked into this package only.
                .linkedLibrary("rlottie"),
                // Debian's libpng-dev: libpng16.so, the PNG encoder's peer (the root package
                // links it too, for decoding).
                .linkedLibrary("png16"),
                // Google Benchmark's timer and threads.
                .linkedLibrary("pthread"),
            ]),

        // MARK: What both drivers share: the seeded inputs (random transforms, the layer
        // tree…) and the loops that walk them, so both measure the same calls.
        .target(
            name: "BenchmarkSupport",
            dependencies: ["BenchmarkShim"] + cadence),

        // MARK: The benchmarks (Google Benchmark, time).
        .executableTarget(
            name: "cadence-benchmarks",
            dependencies: ["BenchmarkShim", "BenchmarkSupport"] + cadence),

        // MARK: The instruction counts: `cadence-instructions <kernel> <count>` runs one key
        // kernel `count` times; `instructions.sh` runs it under callgrind and checks budgets.
        .executableTarget(
            name: "cadence-instructions",
            dependencies: ["BenchmarkShim", "BenchmarkSupport"] + cadence),

        // MARK: The interleaved ratios: `cadence-ratios` alternates each Cadence kernel with
        // its peer in short blocks on one clock; `ratios.sh` runs it.
        .executableTarget(
            name: "cadence-ratios",
            dependencies: ["BenchmarkShim", "BenchmarkSupport"] + cadence),
    ],
    // Google Benchmark 1.7's header needs C++11; the shim uses C++17.
    cxxLanguageStandard: .cxx17
)
