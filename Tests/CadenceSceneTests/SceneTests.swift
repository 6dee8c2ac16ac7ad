import CadenceImageIO
import CadencePixels
import CadenceCompositor
import CadenceGeometry
import CadenceScene
import CadenceSceneTestSupport
import Foundation
import XCTest

/// The public entry points of `Scene`, as an engine that embeds Cadence uses them (a plain
/// import: nothing internal): loading a file or a document, its errors, the timed changes,
/// and the example scenes of `Examples/scenes/` rendered without the command line.
final class SceneTests: SceneTestCase {
    func testContentsOfReadsContentsRelativeToTheFile() throws {
        try FileManager.default.createDirectory(atPath: path("scenes/images"), withIntermediateDirectories: true)
        let png = try PNGEncoder.encode(try Bitmap(width: 3, height: 2, fill: SIMD4(0, 0, 255, 255)))
        try Data(png).write(to: URL(fileURLWithPath: path("scenes/images/blue.png")))
        let scenePath = try write(#"""
            {"canvas": {"width": 10, "height": 10}, "layers": [{"contents": "images/blue.png", "frame": [0, 0, 10, 10]}]}
            """#, to: "scenes/scene.json")
        let scene = try Scene(contentsOf: scenePath)
        XCTAssertEqual(scene.layers[0].contents?.pixelSize, Size(width: 3, height: 2))
        XCTAssertEqual(try scene.render(at: 0, with: Compositor())[5, 5], SIMD4(0, 0, 255, 255))
    }

    func testErrorsAreTheCommandLinesLines() throws {
        XCTAssertThrowsError(try Scene(document: Array(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"opacity": 2}]}"#.utf8))) {
            XCTAssertEqual(($0 as? InputError)?.description, "cadence: layers[0].opacity: 2 is outside 0...1")
        }
        XCTAssertThrowsError(try Scene(document: Array("[1]".utf8), source: "card.json")) {
            XCTAssertEqual(($0 as? InputError)?.description, "cadence: card.json: expected an object, got an array")
        }
        XCTAssertThrowsError(try Scene(document: Array(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"contents": "x.png"}]}"#.utf8), folder: path("none"))) {
            XCTAssertEqual(($0 as? InputError)?.location, "layers[0].contents")
        }
        let missing = path("missing.json")
        XCTAssertThrowsError(try Scene(contentsOf: missing)) {
            XCTAssertEqual(($0 as? InputError)?.description, "cadence: \(missing): cannot read: No such file or directory")
        }
    }

    /// `advance(to:)` applies the timed changes due, once, for a renderer of one's own.
    func testAdvanceAppliesTheTimedChanges() throws {
        let scene = try Scene(document: Array(#"""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"bounds": [0, 0, 10, 10], "changes": [{"time": 1, "keyPath": "opacity", "value": 0.25, "animationDuration": 0}]}]}
            """#.utf8))
        scene.advance(to: 0.5)
        XCTAssertEqual(scene.layers[0].opacity, 1)
        scene.advance(to: 1)
        XCTAssertEqual(scene.layers[0].opacity, 0.25)
    }

    /// Every scene in `Examples/scenes/` loads and renders through the library alone, at its
    /// canvas size, with its background in the corner.
    func testExampleScenesRenderWithoutTheCommandLine() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names, ["card-flip.json", "scroll-list.json", "spinner.json", "tiled-zoom.json"])
        let compositor = Compositor()
        for name in names {
            let scene = try Scene(contentsOf: folder.appendingPathComponent(name).path)
            for time in [0.0, 1.5] {
                let frame = try scene.render(at: time, with: compositor)
                XCTAssertEqual(frame.width, scene.canvas.pixelWidth, name)
                XCTAssertEqual(frame.height, scene.canvas.pixelHeight, name)
                if let background = scene.canvas.background {
                    XCTAssertEqual(frame[0, 0][3], UInt8((background.alpha * 255).rounded()), "\(name) at \(time) s")
                }
            }
        }
    }
}
