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
        // Text layers' fonts (FreeType, fontconfig): a module of its own, so the core needs no fonts.
        .library(name: "CadenceText", targets: ["CadenceText"]),
        // The JSON scene and animation documents the command line reads, as a library.
        .library(name: "CadenceScene", targets: ["CadenceScene"]),
        .executable(name: "cadence", targets: ["cadence"]),
        // The command line as a library: the fuzz targets (Fuzz/) drive it in-process.
        .library(name: "CadenceCommandLine", targets: ["CadenceCommandLine"]),
        // The C API as a shared library, libCadenceC.so, with its one header
        // Sources/CCadence/include/cadence.h (docs/c-api.md).
        .library(name: "CadenceC", type: .dynamic, targets: ["CadenceC"]),
        // Generators and laws for property-based tests of an engine against Cadence's (its
        // DocC catalog, Sources/CadenceTesting/CadenceTesting.docc); built on Swift Testing
        // and swift-property-based.
        .library(name: "CadenceTesting", targets: ["CadenceTesting"]),
    ],
    traits: [
        // Text shaped by HarfBuzz (Debian's libharfbuzz-dev, not on the standard image):
        // right-to-left runs, combining marks, ligatures and contextual forms (docs/text.md).
        // Off by default; `swift build --traits Shaping`.
        .trait(name: "Shaping", description: "Shape text layers' runs with HarfBuzz (needs libharfbuzz-dev)."),
    ],
    dependencies: [
        // Only the command line uses it; no library target depends on it.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Documentation only: `swift package generate-documentation` (a command plugin that
        // no target links; it adds nothing to a build of the library).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Generators with shrinking and the seeded property runner under the testing kit. Only
        // CadenceTesting and the test targets depend on it; no core library target does.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // MARK: Public modules, bottom to top.
        // C helpers Swift cannot express: CPU feature macros (FMA or not) that #if cannot
        // see, the 4×4 matrix vector kernels, sine and cosine in one call, a prefetch, the
        // sprites' AVX2 row kernel, the timing function's AVX2 and FMA batch kernel and a
        // coverage row's resolve and blend (each a target attribute and a run-time CPU check,
        // no flag).
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
        // CCadenceFeatures: the particles' sine and cosine of one angle in one call.
        .target(
            name: "CadenceLayers",
            dependencies: ["CCadenceFeatures", "CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels"]),
        .target(
            name: "CadenceCompositor",
            dependencies: [
                "CCadenceFeatures", "CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels",
                "CadenceLayers",
            ]),
        // FreeType (Debian's libfreetype-dev) reads glyph outlines, advances and kerning;
        // fontconfig (libfontconfig-dev) finds fonts by name. Only CadenceText links them.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Text layers' renderer: font lookup, glyph outlines, line layout (docs/text.md).
        // HarfBuzz (libharfbuzz-dev) shapes runs, only under the `Shaping` trait.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .target(
            name: "CadenceText",
            dependencies: [
                "CadenceGeometry", "CadenceLayers", "CFreeType", "CFontconfig",
                .target(name: "CHarfBuzz", condition: .when(traits: ["Shaping"])),
            ]),
        // The scene and animation documents (JSON) read into layer trees and animations, with
        // located errors; the demo scene. No command-line parsing: other engines import it.
        .target(
            name: "CadenceScene",
            dependencies: [
                "CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels", "CadenceImageIO", "CadenceLayers",
                "CadenceCompositor", "CadenceText",
            ]),
        // The umbrella: re-exports the modules above and nothing else.
        .target(
            name: "Cadence",
            dependencies: [
                "CadenceGeometry", "CadenceTiming", "CadenceAnimation", "CadencePixels", "CadenceImageIO",
                "CadenceLayers", "CadenceCompositor", "CadenceText", "CadenceScene",
            ]),

        // MARK: The command line (a library of commands, so tests can drive it in-process): argument
        // parsing, files and output over CadenceScene.
        .target(
            name: "CadenceCommandLine",
            dependencies: ["Cadence", "CadenceScene", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "cadence", dependencies: ["CadenceCommandLine"]),

        // MARK: The C API: the header and the per-thread error message (C), the functions (Swift,
        // checked against the header by `@c @implementation`). Documents are read by CadenceScene.
        .target(name: "CCadence"),
        .target(name: "CadenceC", dependencies: ["CCadence", "Cadence", "CadenceScene"]),

        // MARK: The testing kit: public generators and laws for engines that test themselves
        // against Cadence, and Cadence's own property tests.
        .target(
            name: "CadenceTesting",
            dependencies: ["Cadence", .product(name: "PropertyBased", package: "swift-property-based")]),

        // MARK: Test support: seeded generators, golden-file loading, tolerance assertions.
        .target(name: "CadenceTestSupport", dependencies: ["CadenceTesting"], path: "Tests/CadenceTestSupport"),
        // A test case with a temporary folder of scene files, for the scene library's tests and the
        // command line's.
        .target(
            name: "CadenceSceneTestSupport", dependencies: ["CadenceScene", "CadencePixels", "CadenceImageIO"],
            path: "Tests/CadenceSceneTestSupport"),

        // MARK: Tests, one target per module.
        .testTarget(name: "CadenceGeometryTests", dependencies: ["CadenceGeometry", "CadenceTestSupport", "CadenceTesting"]),
        .testTarget(name: "CadenceTimingTests", dependencies: ["CadenceTiming", "CadenceTestSupport", "CadenceTesting"]),
        .testTarget(name: "CadenceAnimationTests", dependencies: ["CadenceAnimation", "CadenceTestSupport", "CadenceTesting"]),
        .testTarget(name: "CadencePixelsTests", dependencies: ["CadencePixels"]),
        .testTarget(name: "CadenceImageIOTests", dependencies: ["CadenceImageIO", "CadenceTestSupport", "CZlib"]),
        .testTarget(
            name: "CadenceLayersTests", dependencies: ["CadenceLayers", "CadencePixels", "CadenceTestSupport", "CadenceTesting"]),
        .testTarget(name: "CadenceTestingTests", dependencies: ["CadenceTesting"]),
        .testTarget(
            name: "CadenceCompositorTests",
            dependencies: ["CadenceCompositor", "CadencePixels", "CadenceImageIO", "CadenceTestSupport"]),
        .testTarget(
            name: "CadenceTextTests",
            dependencies: ["CadenceText", "CadenceCompositor", "CadencePixels", "CFreeType", "CadenceTestSupport"]),
        .testTarget(
            name: "CadenceSceneTests",
            dependencies: [
                "CadenceScene", "CadenceText", "CadencePixels", "CadenceImageIO", "CadenceTestSupport", "CadenceSceneTestSupport",
            ]),
        .testTarget(
            name: "CadenceCommandLineTests",
            dependencies: ["CadenceCommandLine", "CadenceScene", "CadenceTestSupport", "CadenceSceneTestSupport"]),
    ]
)
