import CadenceScene
import CadenceSceneTestSupport
import XCTest

extension SceneTestCase {
    /// Asserts that the scene file of `layers` (JSON text) on the canvas `canvas` fails to
    /// load (`Scene(contentsOf:)`) with exactly `expected`, the line `cadence render` prints
    /// after `cadence: `.
    func assertSceneError(
        _ layers: String, _ expected: String, canvas: String = #"{"width": 40, "height": 30}"#,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scenePath = try scene(layers, canvas: canvas)
        XCTAssertThrowsError(try Scene(contentsOf: scenePath), file: file, line: line) { error in
            XCTAssertEqual((error as? InputError)?.description, "cadence: \(expected)", file: file, line: line)
        }
    }
}
