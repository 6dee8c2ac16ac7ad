import CadenceImageIO
import CadencePixels
@testable import CadenceCommandLine
import Cadence
import CadenceSceneTestSupport
import Foundation
import XCTest

/// A scene test case (a fresh folder, scenes decoded from it) that also reads what the
/// command writes there.
class RenderTestCase: SceneTestCase {
    /// The names in the test's folder (or in `subfolder` of it), sorted.
    func contents(_ subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(subfolder)).sorted()
    }

    /// The PNG at `path`, decoded.
    func image(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bitmap {
        try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
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
