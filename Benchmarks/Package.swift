// swift-tools-version: 6.1
// Cadence's benchmarks: Google Benchmark (Debian's libbenchmark-dev, 1.7) drives Swift code
// through a tiny C++ shim, one call per batch of iterations. Its own package, so the root
// package never depends on Google Benchmark. Run it with `Benchmarks/run.sh`.
import Foundation
import PackageDescription

// The root package, by path. A path dependency's identity is its folder name, and CI
// clones the repository into a folder whose name we do not control: compute both.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let rootName = root.lastPathComponent

let package = Package(
    name: "CadenceBenchmarks",
    dependencies: [
        .package(path: root.path),
    ],
    targets: [
        // MARK: The harness: Google Benchmark behind an `extern "C"` API, plus the C++
        // UnitBezier baseline (WebKit/Chromium's solver) measured in the same run.
        .target(
            name: "BenchmarkShim",
            linkerSettings: [
                // Debian's libbenchmark-dev: /usr/lib/x86_64-linux-gnu/libbenchmark.so.
                .linkedLibrary("benchmark"),
                // Google Benchmark's timer and threads.
                .linkedLibrary("pthread"),
            ]),

        // MARK: The benchmarks.
        .executableTarget(
            name: "cadence-benchmarks",
            dependencies: [
                "BenchmarkShim",
                .product(name: "CadenceTiming", package: rootName),
            ]),
    ],
    // Google Benchmark 1.7's header needs C++11; the shim uses C++17.
    cxxLanguageStandard: .cxx17
)
