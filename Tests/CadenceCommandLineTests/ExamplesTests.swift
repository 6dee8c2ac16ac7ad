@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import Foundation
import XCTest

/// The request files in `Examples/`: each is valid, and gives the values worked out by
/// hand in its comment here.
final class ExamplesTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// The response entries for example `name`.
    private func entries(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [JSONValue] {
        let result = cadence("sample", Self.examples.appendingPathComponent(name).path)
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        guard case .array(let values)? = try JSONParser.parse(result.output, source: "response")["values"] else {
            XCTFail("not a response: \(result.output)", file: file, line: line)
            return []
        }
        return values
    }

    /// The response values for example `name`, whose key path is a scalar.
    private func values(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        try entries(name, file: file, line: line).compactMap { if case .number(let number) = $0 { number } else { nil } }
    }

    func testEveryExampleIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names, [
            "sample-additive.json", "sample-opacity.json", "sample-path-rotation.json", "sample-paused-layer.json",
            "sample-spin-group.json",
        ])
    }

    /// A fade-in that fills backwards (0 before it starts), then after a gap on the model
    /// value a pulse that autoreverses 1.5 times and holds its last value.
    func testOpacity() throws {
        let easeOut = TimingFunction.easeOut.progress(at: 0.25)
        let easeOutHalf = TimingFunction.easeOut.progress(at: 0.5)
        let expected: [Double] = [
            0, 0, easeOut, easeOutHalf, 1,  // 0 … 1.5: fade-in (held at 0 before 0.5)
            1,  // 1.75: between the two: the model value
            1, 0.7, 0.4, 0.7, 1, 0.7, 0.4,  // 2 … 3.5: pulse, forward, back, forward
            0.4, 0.4,  // 4, 10: held at the end of the last forward leg
        ]
        let actual = try values("sample-opacity.json")
        XCTAssertEqual(actual.count, expected.count)
        for (a, e) in zip(actual, expected) {
            XCTAssertEqual(a, e, accuracy: 1e-12)
        }
    }

    /// A move replaces the model value; a shake and a cumulative drift add to it.
    func testAdditive() throws {
        XCTAssertEqual(try values("sample-additive.json"), [0, 42.5, 59.0625, 75.625, 95, 147.5, 210, 212.5, 215, 215])
    }

    /// A paused layer (speed 0, timeOffset 0.5) shows its animations at local time 0.5
    /// whatever the parent time.
    func testPausedLayer() throws {
        let expected = 2 * Double.pi * TimingFunction.default.progress(at: 0.25)
        let actual = try values("sample-paused-layer.json")
        XCTAssertEqual(actual.count, 4)
        for value in actual {
            XCTAssertEqual(value, expected, accuracy: 1e-12)
        }
    }

    /// A move along a path of a line, a quadratic curve and a line (3 segments, so key
    /// times 0, 1/3, 2/3, 1 over 3 s) with rotationMode auto: each entry is {"value",
    /// "rotation"}, the rotation null where the animation is not in effect. At 1.5 s the
    /// quadratic is at its middle, (220,20)/4 + (320,20)/2 + (320,120)/4, heading at 45°.
    func testPathRotation() throws {
        let expected: [(x: Double, y: Double, rotation: Double?)] = [
            (0, 0, nil), (20, 20, 0), (120, 20, 0), (295, 45, .pi / 4), (320, 170, .pi / 2), (320, 220, .pi / 2),
            (0, 0, nil),
        ]
        let actual = try entries("sample-path-rotation.json")
        XCTAssertEqual(actual.count, expected.count)
        for (entry, e) in zip(actual, expected) {
            // 1e-12 of the coordinates' scale (320); the key time 1/3 is rounded.
            assertNumbers(entry["value"]?.numbers ?? [], [e.x, e.y], tolerance: 1e-9)
            if let rotation = e.rotation {
                assertNumbers(entry["rotation"]?.numbers ?? [], [rotation], tolerance: 1e-12)
            } else {
                XCTAssertEqual(entry["rotation"], .null)
            }
        }
    }

    /// A 2 s rotateZ spin of ten turns (20π) inside a 1.5 s group, clipped there at 7.5
    /// turns, with an additive move of translation.x that fills forwards inside the group;
    /// after the group, the model (identity).
    func testSpinGroup() throws {
        let actual = try entries("sample-spin-group.json")
        XCTAssertEqual(actual.count, 5)
        for (time, entry) in zip([0, 0.25, 0.5, 1.5], actual) {
            var expected = Transform3D(rotationAngle: 10 * .pi * time, x: 0, y: 0, z: 1)
            expected.m41 = 100 * min(time, 1)
            // Angles up to 15π carry ~1e-14 into sin and cos.
            assertNumbers(entry.numbers, expected.fields, tolerance: 1e-12, "at \(time)")
        }
        XCTAssertEqual(actual.last?.numbers, Transform3D.identity.fields)
    }
}
