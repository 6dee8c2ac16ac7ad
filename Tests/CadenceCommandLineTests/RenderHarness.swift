@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import Foundation
import XCTest

/// A test case with a fresh temporary folder for scene files and output, removed after
/// each test.
class RenderTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder()
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

    /// Writes a scene whose canvas is `canvas` and whose layers are `layers` (JSON text).
    @discardableResult
    func scene(
        _ layers: String = "[]", canvas: String = #"{"width": 40, "height": 30}"#, name: String = "scene.json"
    ) throws -> String {
        try write(#"{"canvas": \#(canvas), "layers": \#(layers)}"#, to: name)
    }

    /// The names in the test's folder (or in `subfolder` of it), sorted.
    func contents(_ subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(subfolder)).sorted()
    }

    /// The PNG at `path`, decoded.
    func image(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bitmap {
        try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
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

    /// Asserts that rendering `layers` (JSON text) on the default canvas fails with
    /// exactly `expected` and writes nothing (the folder holds the scene and `extraFiles`).
    func assertSceneError(
        _ layers: String, _ expected: String, canvas: String = #"{"width": 40, "height": 30}"#,
        extraFiles: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scenePath = try scene(layers, canvas: canvas)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("out.png")), expected, file: file, line: line)
        XCTAssertEqual(try contents(), (["scene.json"] + extraFiles).sorted(), "nothing written", file: file, line: line)
    }
}
