import CadenceLayers
import CadenceScene
import Foundation
import XCTest

/// A test case with a fresh temporary folder for scene files, the images they name and
/// output, removed after each test; scenes decoded as a file in that folder would be.
/// The scene library's tests and the command line's build on it.
open class SceneTestCase: XCTestCase {
    public var folder: URL!

    open override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cadence-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    open override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    /// The path of `name` in the test's folder.
    public func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` in the test's folder and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    /// Writes a scene whose canvas is `canvas` and whose layers are `layers` (JSON text).
    @discardableResult
    public func scene(
        _ layers: String = "[]", canvas: String = #"{"width": 40, "height": 30}"#, name: String = "scene.json"
    ) throws -> String {
        try write(#"{"canvas": \#(canvas), "layers": \#(layers)}"#, to: name)
    }

    /// The scene in `json`, decoded as a file in the test's folder would be.
    public func decode(_ json: String) throws -> Scene {
        try Scene(document: Array(json.utf8), source: "scene.json", folder: folder.path)
    }

    /// The first root layer of a scene of the layers `layers` on a small canvas.
    public func decodeLayer(_ layer: String) throws -> Layer {
        try decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [\#(layer)]}"#).layers[0]
    }
}
