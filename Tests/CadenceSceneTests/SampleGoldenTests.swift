@testable import CadenceScene
import CadenceTestSupport
import Foundation
import XCTest

/// `Reference/goldens/basic-animations.json` through the sample requests `cadence sample`
/// reads: each case becomes a request, decoded and evaluated as the command does
/// (`SampleRequest`, its response text read back), and each sample's presentation value
/// must match the oracle's.
///
/// The animations are already in INTERFACE.md's field names. The key path is one Cadence
/// does not know, so the kind comes from the model's shape: the file's 1-lists are written
/// as numbers, 2 numbers are a point, 4 a rect. Tolerances are Reference/README.md's
/// "Animation tolerances": 1e-12·scale, and 1e-9·scale for cases with paced keyframes or
/// paths (sums of square roots); scale = max(1, the largest |number| among the case's
/// values, path points and model).
final class SampleGoldenTests: XCTestCase {
    func testBasicAnimationsGolden() throws {
        let golden = try XCTUnwrap(Golden.load("basic-animations.json") as? [String: Any])
        let cases = try XCTUnwrap(golden["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.count, 60)
        var sampleCount = 0
        var worst = (ratio: 0.0, error: 0.0, place: "")
        for goldenCase in cases {
            let name = goldenCase["name"] as? String ?? "?"
            let model = try XCTUnwrap(goldenCase["model"] as? [Any])
            let scalar = model.count == 1
            let animations = try XCTUnwrap(goldenCase["animations"] as? [Any])
            let samples = try XCTUnwrap(goldenCase["samples"] as? [[String: Any]])
            let times = samples.map { Golden.number($0["t"])! }
            let request = JSONValue.object([
                ("keyPath", .string("goldenValue")),
                ("model", Self.json(model, scalar: scalar)),
                ("animations", Self.json(animations, scalar: scalar)),
                ("times", .array(times.map(JSONValue.number))),
            ])
            let values = sampledValues(request.serialized())
            guard values.count == samples.count else {
                XCTFail("\(name): \(values.count) values for \(samples.count) samples")
                continue
            }
            let scale = Self.scale(of: animations, model: model)
            let tolerance = (Self.needsPacedTolerance(animations) ? 1e-9 : 1e-12) * scale
            for (sample, (time, value)) in zip(samples, zip(times, values)) {
                sampleCount += 1
                let place = "\(name) at t = \(time)"
                let expected = try XCTUnwrap(sample["value"] as? [Any], place).map { Golden.number($0)! }
                let actual = Self.numbers(value)
                guard actual.count == expected.count else {
                    XCTFail("\(place): got \(value.serialized()), expected \(expected)")
                    continue
                }
                let error = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
                if !(error <= tolerance) {
                    XCTFail("\(place): got \(actual), expected \(expected) (error \(error), tolerance \(tolerance))")
                }
                if error / tolerance > worst.ratio { worst = (error / tolerance, error, place) }
            }
        }
        XCTAssertGreaterThan(sampleCount, 1800)
        print("basic-animations golden: \(cases.count) cases, \(sampleCount) samples; worst error \(worst.error) (\(worst.ratio) of the tolerance) at \(worst.place)")
    }

    // MARK: Building requests and reading responses

    /// The entries of the response to `request` (JSON text), as `cadence sample` writes it,
    /// read by Cadence's own parser (which rounds every number correctly).
    private func sampledValues(_ request: String, file: StaticString = #filePath, line: UInt = #line) -> [JSONValue] {
        do {
            let response = try SampleRequest(document: Array(request.utf8), source: "request").responseText()
            guard case .array(let values)? = try JSONParser.parse(response, source: "response")["values"] else {
                XCTFail("not a response: \(response)", file: file, line: line)
                return []
            }
            return values
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }

    /// The numbers of a number or of an array of numbers; `null` reads as NaN.
    static func numbers(_ value: JSONValue) -> [Double] {
        switch value {
        case .number(let number): return [number]
        case .array(let elements): return elements.flatMap(numbers)
        default: return [.nan]
        }
    }

    /// The value keys whose 1-lists are numbers in a scalar case.
    private static let valueKeys: Set = ["fromValue", "toValue", "byValue"]

    /// A golden value as request JSON; in a scalar case a 1-list of numbers is a number.
    static func json(_ value: Any, scalar: Bool, key: String? = nil) -> JSONValue {
        switch value {
        case let flag as Bool: return .bool(flag)
        case let number as Double: return .number(number)
        case let text as String: return .string(text)
        case let list as [Any]:
            if scalar, list.count == 1, let number = list[0] as? Double, key.map({ valueKeys.contains($0) || $0 == "values" || $0 == "model" }) ?? true {
                return .number(number)
            }
            return .array(list.map { json($0, scalar: scalar, key: key) })
        case let object as [String: Any]:
            return .object(object.keys.sorted().map { ($0, json(object[$0]!, scalar: scalar, key: $0)) })
        default: return .null
        }
    }

    /// Whether any keyframe animation of the case is paced or follows a path.
    static func needsPacedTolerance(_ animations: [Any]) -> Bool {
        animations.contains { element in
            guard let animation = element as? [String: Any] else { return false }
            let mode = animation["calculationMode"] as? String
            return mode == "paced" || mode == "cubicPaced" || animation["path"] is String
                || needsPacedTolerance(animation["animations"] as? [Any] ?? [])
        }
    }

    /// max(1, every |number| among the values, path points and model of the case).
    static func scale(of animations: [Any], model: [Any]) -> Double {
        var numbers = model.compactMap { Golden.number($0) }
        func collect(_ value: Any) {
            switch value {
            case let number as Double: numbers.append(number)
            case let list as [Any]: list.forEach(collect)
            default: break
            }
        }
        func visit(_ element: Any) {
            guard let animation = element as? [String: Any] else { return }
            for key in valueKeys.union(["values"]) { animation[key].map(collect) }
            if let path = animation["path"] as? String {
                numbers += path.split(separator: " ").compactMap { Double($0) }
            }
            (animation["animations"] as? [Any])?.forEach(visit)
        }
        animations.forEach(visit)
        return numbers.reduce(1) { max($0, abs($1)) }
    }
}
