@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import XCTest

/// Runs `request` through `cadence sample -`, asserts that it succeeds, and returns the
/// entries of the response's `values` (read by Cadence's own parser, which rounds every
/// number correctly; Foundation's `JSONSerialization` on Linux does not).
func sampledValues(_ request: String, file: StaticString = #filePath, line: UInt = #line) -> [JSONValue] {
    let result = cadence("sample", "-", stdin: request)
    XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
    XCTAssertEqual(result.error, "", file: file, line: line)
    guard let response = try? JSONParser.parse(result.output, source: "response"),
        case .array(let values)? = response["values"]
    else {
        XCTFail("not a response: \(result.output)", file: file, line: line)
        return []
    }
    return values
}

/// `sampledValues` of a request for `keyPath` with `model` and `animations` (JSON text of
/// the array's elements) at `times`.
func sampledValues(
    keyPath: String, model: String, animations: String, times: [Double],
    file: StaticString = #filePath, line: UInt = #line
) -> [JSONValue] {
    let timesText = times.map { JSONValueText.number($0) }.joined(separator: ", ")
    return sampledValues("""
        {"keyPath": "\(keyPath)", "model": \(model), "animations": [\(animations)], "times": [\(timesText)]}
        """, file: file, line: line)
}

extension JSONValue {
    /// The numbers of a number or of an array of numbers; `null` reads as NaN.
    var numbers: [Double] {
        switch self {
        case .number(let number): return [number]
        case .array(let elements): return elements.flatMap(\.numbers)
        default: return [.nan]
        }
    }
}

/// Asserts that `actual` and `expected` have the same count and agree within `tolerance`
/// component by component.
func assertNumbers(
    _ actual: [Double], _ expected: [Double], tolerance: Double = 0, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, "count \(message)", file: file, line: line)
    for (a, e) in zip(actual, expected) where !(abs(a - e) <= tolerance) {
        XCTFail("\(actual) is not within \(tolerance) of \(expected) \(message)", file: file, line: line)
        return
    }
}
