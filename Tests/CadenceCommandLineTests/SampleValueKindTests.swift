@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import XCTest

/// `cadence sample` with every kind of value: the kinds of known key paths, kinds from the
/// model's shape for unknown ones, structure-field key paths, and value functions.
final class SampleValueKindTests: XCTestCase {
    /// A request for `keyPath` with `model` and one animation (JSON text of its fields).
    private func sample(
        _ keyPath: String, model: String, _ animation: String, times: [Double],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [JSONValue] {
        sampledValues(keyPath: keyPath, model: model, animations: "{\(animation)}", times: times, file: file, line: line)
    }

    private static let identity = "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"

    // MARK: Kinds of known key paths

    /// INTERFACE.md's example request, with its response written out.
    func testInterfaceExampleForAPoint() {
        let result = cadence("sample", "-", stdin: """
            { "keyPath": "position", "model": [10, 20],
              "layer": { "beginTime": 0, "speed": 1, "timeOffset": 0 },
              "animations": [ { "type": "basic", "toValue": [100, 20], "duration": 1 } ],
              "times": [0, 0.25, 0.5, 1.5] }
            """)
        XCTAssertEqual(result.error, "")
        XCTAssertEqual(result.output, "{\"values\":[[10,20],[32.5,20],[55,20],[10,20]]}\n")
    }

    func testEveryKindInterpolatesComponentByComponent() {
        let basic = #""type": "basic", "duration": 1"#
        XCTAssertEqual(sample("shadowOffset", model: "[0, -3]", basic + #", "fromValue": [0, 0], "toValue": [4, 8]"#,
            times: [0.5, 2]).map(\.numbers), [[2, 4], [0, -3]])
        XCTAssertEqual(sample("bounds", model: "[0, 0, 1, 1]",
            basic + #", "fromValue": [0, 0, 100, 50], "toValue": [10, 10, 200, 100]"#, times: [0.5]).map(\.numbers),
            [[5, 5, 150, 75]])
        XCTAssertEqual(sample("backgroundColor", model: "[1, 1, 1, 1]",
            basic + #", "fromValue": [1, 0, 0, 1], "toValue": [0, 0, 1, 1]"#, times: [0.25]).map(\.numbers),
            [[0.75, 0, 0.25, 1]])
        XCTAssertEqual(sample("opacity", model: "1", basic + #", "toValue": 0"#, times: [0.25]), [.number(0.75)])
    }

    /// Transforms interpolate through their decomposition; a pure translation stays one.
    func testTransformsAreSixteenNumbers() {
        let translated = "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1]"
        let values = sample("transform", model: Self.identity,
            #""type": "basic", "fromValue": \#(Self.identity), "toValue": \#(translated), "duration": 1"#,
            times: [0.5, 1, 2])
        assertNumbers(values[0].numbers, Transform3D(translationX: 5, y: 10, z: 0).fields, tolerance: 1e-12)
        assertNumbers(values[1].numbers, Transform3D(translationX: 10, y: 20, z: 0).fields, tolerance: 1e-12)
        XCTAssertEqual(values[2].numbers, Transform3D.identity.fields)
    }

    // MARK: Kinds from the model's shape

    /// An unknown key path takes its kind from the model: a number, 2 (a point), 4 (a
    /// rect) or 16 numbers (a transform).
    func testUnknownKeyPathsTakeTheirKindFromTheModel() {
        let basic = #""type": "basic", "duration": 1"#
        XCTAssertEqual(sample("myValue", model: "3", basic + #", "toValue": 5"#, times: [0.5]), [.number(4)])
        XCTAssertEqual(sample("myPoint", model: "[0, 0]", basic + #", "toValue": [2, 4]"#, times: [0.5]).map(\.numbers),
            [[1, 2]])
        XCTAssertEqual(sample("myRect", model: "[0, 0, 0, 0]", basic + #", "byValue": [2, 4, 6, 8]"#, times: [0.5])
            .map(\.numbers), [[1, 2, 3, 4]])
        let rotated = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).fields.map { JSONValueText.number($0) }
        let values = sample("myTransform", model: Self.identity,
            basic + #", "toValue": [\#(rotated.joined(separator: ", "))]"#, times: [0.5])
        assertNumbers(values[0].numbers, Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1).fields, tolerance: 1e-12)
    }

    // MARK: Structure fields

    /// An animation of a field (`position.x`) in a request for the whole property
    /// (`position`) changes that field of the value only.
    func testFieldAnimationsChangeOneField() {
        let request = """
            {"keyPath": "position", "model": [10, 20], "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1},
              {"type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 4, "duration": 1, "additive": true},
              {"type": "basic", "fromValue": [1, 1], "toValue": [1, 1], "beginTime": 2, "duration": 1}
            ], "times": [0.5, 1.5, 2.5]}
            """
        XCTAssertEqual(sampledValues(request).map(\.numbers), [[50, 22], [10, 20], [1, 1]])
        let bounds = sample("bounds", model: "[0, 0, 100, 50]",
            #""type": "basic", "keyPath": "bounds.size.width", "toValue": 200, "duration": 1"#, times: [0.5])
        XCTAssertEqual(bounds.map(\.numbers), [[0, 0, 150, 50]])
        let origin = sample("bounds", model: "[0, 0, 100, 50]",
            #""type": "basic", "keyPath": "bounds.origin", "toValue": [10, 20], "duration": 1"#, times: [0.5])
        XCTAssertEqual(origin.map(\.numbers), [[5, 10, 100, 50]])
    }

    /// `transform.rotation.z` inside a `transform` request sets the rotation of the model.
    func testTransformFieldInATransformRequest() {
        let values = sample("transform", model: Self.identity,
            #""type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1.5707963267948966, "duration": 1"#,
            times: [0.5])
        assertNumbers(values[0].numbers, Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1).fields, tolerance: 1e-12)
    }

    // MARK: Value functions

    /// rotateZ from 0 to 20π turns ten times: at every sample the matrix is the rotation by
    /// the interpolated angle, and the angle read back from the matrices, unwrapped,
    /// reaches 20π.
    func testRotateZValueFunctionTurnsTenTimes() {
        let steps = 400
        let times = (0...steps).map { Double($0) / Double(steps) }
        let values = sample("transform", model: Self.identity,
            #""type": "basic", "valueFunction": "rotateZ", "fromValue": 0, "toValue": 62.83185307179586, "duration": 1"#,
            times: times)
        var unwrapped = 0.0
        var previous = 0.0
        for (time, value) in zip(times, values) {
            let m = value.numbers
            // Angles up to 20π carry ~1e-14 rounding into sin and cos.
            assertNumbers(m, Transform3D(rotationAngle: 20 * .pi * time, x: 0, y: 0, z: 1).fields, tolerance: 1e-12, "at \(time)")
            let angle = atan2(m[1], m[0])  // m12 = sin, m11 = cos in the row-vector layout
            var step = angle - previous
            if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
            unwrapped += step
            previous = angle
        }
        XCTAssertEqual(unwrapped / (2 * .pi), 10, accuracy: 1e-9)
    }

    /// `scale` and `translate` read one number for all axes, or [x, y, z]; open ends read
    /// the function's neutral input (1 for scales, 0 otherwise), not the model.
    func testThreeNumberValueFunctionsAndOpenEnds() {
        let translate = sample("transform", model: Self.identity,
            #""type": "basic", "valueFunction": "translate", "fromValue": [0, 0, 0], "toValue": [10, 20, 30], "duration": 1"#,
            times: [0.5])
        XCTAssertEqual(translate[0].numbers, Transform3D(translationX: 5, y: 10, z: 15).fields)
        let scale = sample("transform", model: Self.identity,
            #""type": "basic", "valueFunction": "scale", "toValue": 3, "duration": 1"#, times: [0.5])
        XCTAssertEqual(scale[0].numbers, Transform3D(scaleX: 2, y: 2, z: 2).fields)
        let scaleX = sample("sublayerTransform", model: Self.identity,
            #""type": "keyframe", "valueFunction": "scaleX", "values": [1, 5, 3], "duration": 1"#, times: [0.25, 0.75])
        XCTAssertEqual(scaleX.map(\.numbers), [Transform3D(scaleX: 3, y: 1, z: 1).fields, Transform3D(scaleX: 4, y: 1, z: 1).fields])
    }

    /// An additive value-function animation applies its transform first, then the value
    /// below (the model's translation here).
    func testAdditiveValueFunctionComposesWithTheModel() {
        let model = "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1]"
        let values = sample("transform", model: model,
            #""type": "basic", "valueFunction": "scale", "fromValue": 2, "toValue": 2, "duration": 1, "additive": true"#,
            times: [0.5])
        let expected = Transform3D(scaleX: 2, y: 2, z: 2).concatenating(Transform3D(translationX: 10, y: 0, z: 0))
        XCTAssertEqual(values[0].numbers, expected.fields)
    }
}
