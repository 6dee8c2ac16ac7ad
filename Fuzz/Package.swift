// swift-tools-version: 6.1
// Coverage-guided fuzz targets for Cadence (libFuzzer through `swiftc -sanitize=fuzzer`),
// a package of its own so that the root package's build and tests never need them.
// Fuzz/run.sh builds and runs them; Fuzz/README.md says what each guards.
import PackageDescription

let package = Package(
    name: "CadenceFuzz",
    dependencies: [
        .package(name: "Cadence", path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point, declared for Swift.
        .target(name: "CLibFuzzer"),
        // Shared: running libFuzzer, the in-process console, an edge-biased reader of fuzz
        // bytes, CRC-32.
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer", .product(name: "CadenceCommandLine", package: "Cadence")]),
        // One executable per target: its test function, and top-level code that hands it to
        // libFuzzer's driver (SwiftPM names an executable's entry point itself, so libFuzzer's
        // own main cannot be used).
        .executableTarget(
            name: "FuzzSample",
            dependencies: ["FuzzSupport", .product(name: "CadenceCommandLine", package: "Cadence")]),
        .executableTarget(
            name: "FuzzScene",
            dependencies: ["FuzzSupport", .product(name: "CadenceCommandLine", package: "Cadence")]),
        .executableTarget(
            name: "FuzzPNG",
            dependencies: ["FuzzSupport", .product(name: "CadenceImageIO", package: "Cadence")]),
        .executableTarget(
            name: "FuzzPath",
            dependencies: ["FuzzSupport", .product(name: "Cadence", package: "Cadence")]),
        .executableTarget(
            name: "FuzzAnimation",
            dependencies: [
                "FuzzSupport", .product(name: "Cadence", package: "Cadence"),
                .product(name: "CadenceScene", package: "Cadence"),
            ]),
    ]
)
