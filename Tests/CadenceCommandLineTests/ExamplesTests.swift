@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// The request files in `Examples/`: each is valid, and gives the values worked out by
/// hand in its comment here.
final class ExamplesTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    private func values(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let result = cadence("sample", Self.examples.appendingPathComponent(name).path)
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        guard case .array(let values)? = try JSONParser.parse(result.output, source: "response")["values"] else {
            XCTFail("not a response: \(result.output)", file: file, line: line)
            return []
        }
        return values.compactMap { if case .number(let number) = $0 { number } else { nil } }
    }

    func testEveryExampleIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names, ["sample-additive.json", "sample-opacity.json", "sample-paused-layer.json"])
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
}
