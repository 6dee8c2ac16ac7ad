// swift-tools-version: 6.1
// An engine of its own tested against Cadence's laws: `ToyEngine` has a timing function and
// a transform inverse, each with a known bug; `ToyEngineTests` runs the CadenceTesting laws
// on them and on Cadence, and asserts that the laws find the bugs and pass Cadence.
// Run with `swift test --package-path Examples/LawsExample` from the repository's root.
import PackageDescription

let package = Package(
    name: "LawsExample",
    dependencies: [
        // Cadence itself, by path: the repository two folders up.
        .package(name: "Cadence", path: "../.."),
    ],
    targets: [
        // The toy engine: plain Swift, no dependency (it knows nothing of Cadence).
        .target(name: "ToyEngine"),
        .testTarget(
            name: "ToyEngineTests",
            dependencies: [
                "ToyEngine", .product(name: "CadenceTesting", package: "Cadence"),
                .product(name: "Cadence", package: "Cadence"),
            ]),
    ]
)
