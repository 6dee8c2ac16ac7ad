// swift-tools-version: 6.1
// Cadence: Core Animation's math — media timing, timing functions, animations, layers and a
// software compositor — as an importable Swift package. The layout follows docs/ and
// docs/architecture.md: each module depends only on the ones above it in this file.
import PackageDescription

let package = Package(
    name: "Cadence",
    products: [
        .library(name: "Cadence", targets: ["Cadence"]),
        .library(name: "CadenceGeometry", targets: ["CadenceGeometry"]),
        .library(name: "CadenceTiming", targets: ["CadenceTiming"]),
        .library(name: "CadenceAnimation", targets: ["CadenceAnimation"]),
        .library(name: "CadencePixels", targets: ["CadencePixels"]),
        .library(name: "CadenceImageIO", targets: ["CadenceImageIO"]),
        .library(name: "CadenceLayers", targets: ["CadenceLayers"]),
        .library(name: "CadenceCompositor", targets: ["CadenceCompositor"]),
        .executable(name: "cadence", targets: ["cadence"]),
        // The command line as a library: the fuzz targets (Fuzz/) drive it in-process.
        .library(name: "CadenceCommandLine", targets: ["CadenceCommandLine"]),
        // The C API as a shared library, libCadenceC.so, with its one header
        // Sources/CCadence/include/cadence.h (docs/c-api.md).
        .library(name: "CadenceC", type: .dynamic, targets: ["CadenceC"]),
    ],
    dependencies: [
        // Only the command line uses it; no library target depends on it.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Documentation only: `swift package generate-documentation` (a command plugin that
        // no target links; it adds nothing to a build of the library).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Public modules, bottom to top.
        // C helpers Swift cannot express: CPU feature macros (FMA or not) that #if cannot
        // see, the 4×4 matrix vector kernels, sine and cosine in one call.
        .target(name: "CCadenceFeatures"),
        .target(name: "CadenceGeometry", dependencies: ["CCadenceFeatures"]),
        .target(name: "CadenceTiming", dependencies: ["CadenceGeometry", "CCadenceFeatures"]),
        .target(name: "CadenceAnimation", dependencies: ["CadenceGeometry", "CadenceTiming"]),
        // Bitmaps and pixel rectangles: below the layers, so that a layer's `contents` is typed.
        .target(name: "CadencePixels", dependencies: ["CadenceGeometry"]),
        // zlib (Debian's zlib1g-dev) deflates PNG image data.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libpng (Debian's libpng-dev, 1.6) reads PNG image data, behind a C shim that keeps its
        // setjmp/longjmp error handling inside C.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CCadencePNG", dependencies: ["CLibPNG"]),
        // PNG files: bitmaps to bytes and back; the only module that knows about files' formats.
        .target(name: "CadenceImageIO", dependencies: ["CadencePixels", "CCadencePNG", "CZlib"]),
        .target(
            name: "CadenceLayers", dependencies: ["CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels"]),
        .target(
            name: "CadenceCompositor",
            dependencies: ["CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels", "CadenceLayers"]),
        // The umbrella: re-exports the modules above and nothing else.
        .target(
            name: "Cadence",
            dependencies: [
                "CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels", "CadenceImageIO",
                "CadenceLayers", "CadenceCompositor",
            ]),

        // MARK: The command line (a library of commands, so tests can drive it in-process).
        .target(
            name: "CadenceCommandLine",
            dependencies: ["Cadence", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "cadence", dependencies: ["CadenceCommandLine"]),

        // MARK: The C API: the header and the per-thread error message (C), the functions (Swift,
        // checked against the header by `@c @implementation`).
        .target(name: "CCadence"),
        .target(name: "CadenceC", dependencies: ["CCadence", "Cadence", "CadenceCommandLine"]),

        // MARK: Test support: seeded generators, golden-file loading, tolerance assertions.
        .target(name: "CadenceTestSupport", path: "Tests/CadenceTestSupport"),

        // MARK: Tests, one target per module.
        .testTarget(name: "CadenceGeometryTests", dependencies: ["CadenceGeometry", "CadenceTestSupport"]),
        .testTarget(name: "CadenceTimingTests", dependencies: ["CadenceTiming", "CadenceTestSupport"]),
        .testTarget(name: "CadenceAnimationTests", dependencies: ["CadenceAnimation", "CadenceTestSupport"]),
        .testTarget(name: "CadencePixelsTests", dependencies: ["CadencePixels"]),
        .testTarget(name: "CadenceImageIOTests", dependencies: ["CadenceImageIO", "CadenceTestSupport", "CZlib"]),
        .testTarget(name: "CadenceLayersTests", dependencies: ["CadenceLayers", "CadencePixels", "CadenceTestSupport"]),
        .testTarget(name: "CadenceCompositorTests", dependencies: ["CadenceCompositor", "CadencePixels", "CadenceImageIO", "CadenceTestSupport"]),
        .testTarget(
            name: "CadenceCommandLineTests",
            dependencies: ["CadenceCommandLine", "CadenceTestSupport"]),
    ]
)
