@testable import CadenceScene
import CadenceGeometry
import CadenceLayers
import CadenceSceneTestSupport
import XCTest

/// Animations of `path`, `colors` and `locations` in requests and scenes
/// (docs/command-line.md, "Values"): SVG path data and arrays in, the same out, and
/// errors that name the field.
final class PathAndListAnimationDecodingTests: SceneTestCase {
    private func response(_ request: String) throws -> String {
        try SampleRequest(document: Array(request.utf8), source: "request").responseText()
    }

    private func assertRequestError(_ request: String, _ expected: String, line: UInt = #line) {
        XCTAssertThrowsError(try response(request), line: line) { error in
            XCTAssertEqual((error as? InputError)?.description, "cadence: \(expected)", line: line)
        }
    }

    func testSampleWritesPathsAndLists() throws {
        XCTAssertEqual(try response(#"""
            {"keyPath": "path", "model": "M0 0 L10 0",
             "animations": [{"type": "basic", "fromValue": "M0 0 L10 0", "toValue": "M10 10 L20 30", "duration": 1}],
             "times": [0, 0.5, 1]}
            """#), #"{"values":["M 0 0 L 10 0","M 5 5 L 15 15","M 10 10 L 20 30"]}"#)
        // Different structures: the nearer end.
        XCTAssertEqual(try response(#"""
            {"keyPath": "path", "model": "",
             "animations": [{"type": "basic", "fromValue": "M0 0 L10 0", "toValue": "M0 0 Q5 5 10 0", "duration": 1}],
             "times": [0.25, 0.75]}
            """#), #"{"values":["M 0 0 L 10 0","M 0 0 Q 5 5 10 0"]}"#)
        XCTAssertEqual(try response(#"""
            {"keyPath": "colors", "model": [[0, 0, 0, 0]],
             "animations": [{"type": "basic", "toValue": [[1, 0, 0, 1]], "duration": 1}], "times": [0.5]}
            """#), #"{"values":[[[0.5,0,0,0.5]]]}"#)
        XCTAssertEqual(try response(#"""
            {"keyPath": "locations", "model": [0, 1],
             "animations": [{"type": "keyframe", "values": [[0, 1], [0.5, 1]], "duration": 1, "additive": true}],
             "times": [1]}
            """#), #"{"values":[[0.5,2]]}"#)
    }

    func testRequestErrorsNameTheField() {
        assertRequestError(#"{"keyPath": "path", "model": 1, "times": [0]}"#,
                           "model: expected SVG path data (a string), got 1")
        assertRequestError(#"""
            {"keyPath": "path", "model": "", "animations": [{"type": "basic", "toValue": "M0 0 X", "duration": 1}], "times": [0]}
            """#, "animations[0].toValue: unexpected character 'X' at offset 5")
        assertRequestError(#"""
            {"keyPath": "colors", "model": [], "animations": [{"type": "basic", "toValue": [[1, 0, 0]], "duration": 1}], "times": [0]}
            """#, "animations[0].toValue[0]: expected [r, g, b, a], got an array of 3")
        assertRequestError(#"""
            {"keyPath": "locations", "model": [], "animations": [{"type": "keyframe", "values": [[0], ["a"]], "duration": 1}], "times": [0]}
            """#, #"animations[0].values[1][0]: expected a number, got "a""#)
    }

    func testSceneAnimationsAndChanges() throws {
        let scene = try decode(#"""
            {"canvas": {"width": 40, "height": 40}, "layers": [
              {"class": "shape", "bounds": [0, 0, 40, 40], "path": "M0 0 L20 0 L20 20 Z",
               "animations": {"morph": {"type": "basic", "keyPath": "path", "toValue": "M10 10 L30 10 L30 30 Z", "duration": 2}}},
              {"class": "gradient", "bounds": [0, 0, 40, 40], "colors": [[0, 0, 0, 1], [1, 1, 1, 1]],
               "animations": {"stops": {"type": "basic", "keyPath": "locations", "fromValue": [0, 1], "toValue": [0.5, 1], "duration": 2}},
               "changes": [{"time": 1, "keyPath": "colors", "value": [[1, 0, 0, 1], [0, 0, 1, 1]], "animationDuration": 0}]}
            ]}
            """#)
        let shape = try XCTUnwrap(scene.layers[0].presentation(at: 1) as? ShapeLayer)
        XCTAssertEqual(shape.path, try Path(svgPathData: "M5 5 L25 5 L25 25 Z"))
        let gradient = try XCTUnwrap(scene.layers[1].presentation(at: 1) as? GradientLayer)
        XCTAssertEqual(gradient.locations, [0.25, 1])
    }

    func testSceneErrorsNameTheField() throws {
        try assertSceneError(#"""
            [{"class": "shape", "animations": {"m": {"type": "basic", "keyPath": "path", "toValue": [1, 2], "duration": 1}}}]
            """#, "layers[0].animations.m.toValue: expected SVG path data (a string), got an array of 2")
        try assertSceneError(#"""
            [{"class": "gradient", "animations": {"c": {"type": "basic", "keyPath": "colors", "toValue": [1, 2], "duration": 1}}}]
            """#, "layers[0].animations.c.toValue[0]: expected [r, g, b, a], got 1")
    }
}
