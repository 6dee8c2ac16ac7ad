import CadenceImageIO
import CadencePixels
@testable import CadenceScene
import CadenceCompositor
import CadenceTestSupport
import Foundation
import XCTest

/// The compositor goldens (issue 6, part 5): every scene in `Reference/scenes/`, decoded
/// by the scene decoder (CadenceScene) and composited at time 0, matches the image an
/// independent cairo renderer drew of it (`Reference/goldens/images/<scene>.png`) under
/// the metric of Reference/README.md, "The metric the Swift tests apply"
/// (`GoldenImageComparison`).
///
/// Each scene's numbers are printed, and the worst scenes listed. With the environment
/// variable `CADENCE_GOLDEN_IMAGE_OUTPUT` set to a folder, the rendered images and the
/// difference pictures are written there (`<scene>.png`, `<scene>-diff.png`).
final class SceneGoldenImageTests: XCTestCase {
    private static let reference = Golden.repositoryRoot.appendingPathComponent("Reference")
    private static let scenes = reference.appendingPathComponent("scenes")
    private static let goldens = reference.appendingPathComponent("goldens/images")
    /// How many of the worst scenes the summary lists.
    private static let worstListed = 5

    private static func names(in folder: URL, suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    /// Every scene has a golden and every golden a scene, so that no scene is skipped
    /// silently; Reference/README.md lists 65.
    func testEverySceneHasAGolden() throws {
        let scenes = try Self.names(in: Self.scenes, suffix: ".json")
        XCTAssertEqual(scenes, try Self.names(in: Self.goldens, suffix: ".png"))
        XCTAssertEqual(scenes.count, 65)
    }

    /// Every golden scene, decoded, by name (in name order).
    static func goldenScenes() throws -> [(name: String, scene: Scene)] {
        try names(in: scenes, suffix: ".json").map { name in
            let scenePath = scenes.appendingPathComponent("\(name).json").path
            var decoder = SceneDecoder(file: scenePath)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: scenePath)))
            return (name, try decoder.scene(try JSONParser.parse(bytes, source: scenePath)))
        }
    }

    func testScenesMatchGoldens() throws {
        let output = ProcessInfo.processInfo.environment["CADENCE_GOLDEN_IMAGE_OUTPUT"].map(URL.init(fileURLWithPath:))
        if let output { try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true) }
        let compositor = Compositor()
        var results: [(name: String, comparison: GoldenImageComparison)] = []
        for (name, scene) in try Self.goldenScenes() {
            let rendered = try scene.render(at: 0, with: compositor)
            let golden = try PNGDecoder.decode(
                Array(try Data(contentsOf: Self.goldens.appendingPathComponent("\(name).png"))))
            guard rendered.width == golden.width, rendered.height == golden.height else {
                XCTFail("\(name): rendered \(rendered.width)×\(rendered.height), golden \(golden.width)×\(golden.height)")
                continue
            }
            let comparison = GoldenImageComparison(rendered: rendered, golden: golden, drawingDiff: output != nil)
            results.append((name, comparison))
            print("\(comparison.passes ? "pass" : "FAIL") \(name): \(comparison.summary)")
            if !comparison.passes {
                XCTFail("\(name) is outside the metric (mean ≤ \(GoldenImageComparison.meanLimit) per channel, "
                        + "≤ \(GoldenImageComparison.offEdgeLimit) off the edges): \(comparison.summary)")
            }
            if let output {
                try Data(PNGEncoder.encode(rendered)).write(to: output.appendingPathComponent("\(name).png"))
                try Data(PNGEncoder.encode(comparison.diff!)).write(to: output.appendingPathComponent("\(name)-diff.png"))
            }
        }
        let worst = results.sorted { $0.comparison.badness > $1.comparison.badness }.prefix(Self.worstListed)
        print("compositor goldens: \(results.filter(\.comparison.passes).count) of \(results.count) scenes pass; worst: "
              + worst.map { "\($0.name) (mean \(Self.format($0.comparison.largestMean)), off-edge \($0.comparison.worstOffEdge))" }
                .joined(separator: ", "))
    }

    private static func format(_ value: Double) -> String {
        String(Double((value * 100).rounded()) / 100)
    }

    // MARK: The metric itself

    private func bitmap(_ width: Int, _ height: Int, _ fill: SIMD4<UInt8>) throws -> Bitmap {
        try Bitmap(width: width, height: height, fill: fill)
    }

    /// A difference of 9 in one pixel of a flat golden is off the edges and fails; 8 passes.
    func testMetricLimitsOffEdgePixels() throws {
        let golden = try bitmap(8, 8, SIMD4(51, 102, 153, 255))
        var rendered = golden
        rendered[3, 4] = SIMD4(51, 102, 161, 255)
        XCTAssertTrue(GoldenImageComparison(rendered: rendered, golden: golden).passes)
        rendered[3, 4] = SIMD4(51, 102, 162, 255)
        let comparison = GoldenImageComparison(rendered: rendered, golden: golden)
        XCTAssertFalse(comparison.passes)
        XCTAssertEqual(comparison.worstOffEdge, 9)
        XCTAssertEqual(comparison.worstOffEdgePlace?.x, 3)
        XCTAssertEqual(comparison.worstOffEdgePlace?.y, 4)
        XCTAssertEqual(comparison.edgePixels, 0)
    }

    /// A pixel beside (diagonally too) a different golden pixel is an edge pixel and may
    /// differ by any amount; one two pixels away may not. Neighbours outside the image do
    /// not count, so a flat image has no edge pixels at its border. (32×32, so that one
    /// pixel off by 255 keeps the mean under 1.)
    func testMetricExemptsEdgePixels() throws {
        var golden = try bitmap(32, 32, SIMD4(255, 255, 255, 255))
        golden[0, 0] = SIMD4(0, 0, 0, 255)
        var rendered = golden
        rendered[1, 1] = SIMD4(0, 0, 0, 255)
        var comparison = GoldenImageComparison(rendered: rendered, golden: golden)
        XCTAssertEqual(comparison.edgePixels, 4)
        XCTAssertEqual(comparison.worstOffEdge, 0)
        XCTAssertTrue(comparison.passes, comparison.summary)
        rendered[2, 2] = SIMD4(0, 0, 0, 255)
        comparison = GoldenImageComparison(rendered: rendered, golden: golden)
        XCTAssertEqual(comparison.worstOffEdge, 255)
        XCTAssertFalse(comparison.passes)
    }

    /// The mean counts edge pixels: 65 pixels of 64×64 off by 64 in alpha average 1.016.
    func testMetricLimitsTheMean() throws {
        var golden = try bitmap(64, 64, .zero)
        for x in 0..<64 { golden[x, 0] = SIMD4(0, 0, 0, 64) }  // an edge along the top two rows
        var rendered = golden
        for x in 0..<64 { rendered[x, 0] = .zero }
        XCTAssertEqual(GoldenImageComparison(rendered: rendered, golden: golden).means, SIMD4(0, 0, 0, 1))
        XCTAssertTrue(GoldenImageComparison(rendered: rendered, golden: golden).passes)
        rendered[0, 1] = SIMD4(0, 0, 0, 64)
        let comparison = GoldenImageComparison(rendered: rendered, golden: golden)
        XCTAssertEqual(comparison.worstOffEdge, 0, "(0, 1) is beside the top row")
        XCTAssertFalse(comparison.passes, comparison.summary)
    }
}
