@testable import CadenceScene
import CadenceLayers
import Foundation
import XCTest

/// A test case with a fresh temporary folder for scene files and the images they name,
/// removed after each test.
class SceneTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cadence-scene-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    /// The path of `name` in the test's folder.
    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` in the test's folder and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    /// The scene in `json`, decoded as a file in the test's folder would be.
    func decode(_ json: String) throws -> Scene {
        var decoder = SceneDecoder(source: "scene.json", folder: folder.path)
        return try decoder.scene(try JSONParser.parse(json, source: "scene.json"))
    }

    /// The first root layer of a scene of the layers `layers` on a small canvas.
    func decodeLayer(_ layer: String) throws -> Layer {
        try decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [\#(layer)]}"#).layers[0]
    }

    /// Asserts that the scene file of `layers` (JSON text) on the canvas `canvas` fails to
    /// load (`Scene(contentsOf:)`) with exactly `expected`, the line `cadence render` prints
    /// after `cadence: `.
    func assertSceneError(
        _ layers: String, _ expected: String, canvas: String = #"{"width": 40, "height": 30}"#,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scenePath = try write(#"{"canvas": \#(canvas), "layers": \#(layers)}"#, to: "scene.json")
        XCTAssertThrowsError(try Scene(contentsOf: scenePath), file: file, line: line) { error in
            XCTAssertEqual((error as? InputError)?.description, "cadence: \(expected)", file: file, line: line)
        }
    }
}
