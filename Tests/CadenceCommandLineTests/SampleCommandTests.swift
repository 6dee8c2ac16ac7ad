@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// `cadence sample`: JSON request in, JSON response out, each timing rule observed from
/// outside (docs/time-model.md, docs/command-line.md).
final class SampleCommandTests: XCTestCase {
    /// Runs `request` through `cadence sample -` and returns the values (`nil` for `null`).
    private func sample(_ request: String, file: StaticString = #filePath, line: UInt = #line) -> [Double?] {
        sampledValues(request, file: file, line: line).map { value -> Double? in
            if case .number(let number) = value { return number }
            XCTAssertEqual(value, .null, file: file, line: line)
            return nil
        }
    }

    /// A request for `opacity` (model 1) with one animation (fields given as JSON text).
    private func opacity(_ animation: String, times: [Double], layer: String? = nil) -> [Double?] {
        let layerField = layer.map { "\"layer\": \($0), " } ?? ""
        let timesText = times.map { JSONValueText.number($0) }.joined(separator: ", ")
        return sample("""
            {"keyPath": "opacity", "model": 1, \(layerField)"animations": [{"type": "basic", \(animation)}],
             "times": [\(timesText)]}
            """)
    }

    // MARK: Response format

    func testResponseIsCompactJSONOnOneLine() {
        let result = cadence("sample", "-", stdin: """
            {"keyPath": "opacity", "model": 1,
             "animations": [{"type": "basic", "fromValue": 0, "toValue": 1, "duration": 1}],
             "times": [-1, 0, 0.25, 0.5, 1, 2]}
            """)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "{\"values\":[1,0,0.25,0.5,1,1]}\n")
        XCTAssertEqual(result.error, "")
    }

    func testNoTimesGiveNoValues() {
        XCTAssertEqual(cadence("sample", "-", stdin: #"{"keyPath": "opacity", "model": 1, "times": []}"#).output,
            "{\"values\":[]}\n")
    }

    func testWithoutAnimationsEveryValueIsTheModel() {
        XCTAssertEqual(sample(#"{"keyPath": "opacity", "model": 0.5, "animations": [], "times": [-1e9, 0, 1e9]}"#),
            [0.5, 0.5, 0.5])
        XCTAssertEqual(sample(#"{"keyPath": "opacity", "model": 0.5, "times": [3]}"#), [0.5])
    }

    /// JSON has no infinity or NaN: a value that overflows is written as null.
    func testNonFiniteValuesAreWrittenAsNull() {
        let values = opacity(#""fromValue": 1e308, "byValue": 1e308, "duration": 1"#, times: [-1, 0.5, 1])
        XCTAssertEqual(values[0], 1)
        XCTAssertNil(values[1])
        XCTAssertNil(values[2])
        let result = cadence("sample", "-", stdin: """
            {"keyPath": "opacity", "model": 1, "animations": [{"type": "basic", "toValue": 1e308,
             "byValue": -1e308, "duration": 1}], "times": [0.5]}
            """)
        XCTAssertEqual(result.output, "{\"values\":[null]}\n")
    }

    func testStandardInputAndFileGiveTheSameOutput() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = #"{"keyPath": "opacity", "model": 1, "animations": [{"type": "basic", "toValue": 0}], "times": [0.1]}"#
        let file = folder.appendingPathComponent("request.json")
        try request.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = cadence("sample", file.path)
        XCTAssertEqual(fromFile.status, 0)
        XCTAssertEqual(fromFile.output, cadence("sample", "-", stdin: request).output)
        XCTAssertEqual(sample(request)[0]!, 0.6, accuracy: 1e-15)
    }

    // MARK: Basic animation fields

    /// CABasicAnimation's seven from/to/by cases; open ends read the model value (1).
    func testFromToByCombinations() {
        let cases: [(String, Double)] = [
            (#""fromValue": 2, "toValue": 4"#, 3),
            (#""fromValue": 2, "byValue": 4"#, 4),
            (#""byValue": 4, "toValue": 2"#, 0),
            (#""fromValue": 3"#, 2),
            (#""toValue": 3"#, 2),
            (#""byValue": 2"#, 2),
            (#""fromValue": null, "toValue": null, "byValue": null"#, 1),
            (#""fromValue": 2, "toValue": 4, "byValue": 100"#, 3),
        ]
        for (fields, expected) in cases {
            XCTAssertEqual(opacity(fields + #", "duration": 2"#, times: [1]), [expected], fields)
        }
    }

    /// Duration 0 or absent is the 0.25 s default.
    func testDefaultDurationIsAQuarterSecond() {
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 1"#, times: [0.125, 0.25, 0.3]), [0.5, 1, 1])
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 1, "duration": 0"#, times: [0.125]), [0.5])
    }

    func testFillModes() {
        let fields = #""fromValue": 0.25, "toValue": 0.75, "beginTime": 1, "duration": 1, "removedOnCompletion": false"#
        let times = [0.5, 1.5, 2.5]
        XCTAssertEqual(opacity(fields, times: times), [1, 0.5, 1])
        XCTAssertEqual(opacity(fields + #", "fillMode": "removed""#, times: times), [1, 0.5, 1])
        XCTAssertEqual(opacity(fields + #", "fillMode": "forwards""#, times: times), [1, 0.5, 0.75])
        XCTAssertEqual(opacity(fields + #", "fillMode": "backwards""#, times: times), [0.25, 0.5, 1])
        XCTAssertEqual(opacity(fields + #", "fillMode": "both""#, times: times), [0.25, 0.5, 0.75])
    }

    /// removedOnCompletion (default true) cuts a forwards fill off at the end.
    func testRemovedOnCompletionCutsOffTheForwardsFill() {
        let fields = #""fromValue": 0, "toValue": 0.5, "duration": 1, "fillMode": "forwards""#
        XCTAssertEqual(opacity(fields, times: [1, 2]), [0.5, 1])
        XCTAssertEqual(opacity(fields + #", "removedOnCompletion": true"#, times: [1, 2]), [0.5, 1])
        XCTAssertEqual(opacity(fields + #", "removedOnCompletion": false"#, times: [1, 2]), [0.5, 0.5])
    }

    /// The end is inclusive: the final value shows exactly at the end.
    func testFinalValueShowsExactlyAtTheEnd() {
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 0.5, "duration": 1"#, times: [1, 1.0000001]), [0.5, 1])
    }

    func testAutoreversesMirrorsTimeAndEndsOnTheStartValue() {
        let fields = #""fromValue": 0, "toValue": 0.8, "duration": 1, "autoreverses": true, "fillMode": "forwards", "removedOnCompletion": false"#
        XCTAssertEqual(opacity(fields, times: [0.5, 1, 1.5, 2, 3]), [0.4, 0.8, 0.4, 0, 0])
        // An integral repeat count also ends on the start value.
        XCTAssertEqual(opacity(fields + #", "repeatCount": 2"#, times: [2.5, 4, 5]), [0.4, 0, 0])
    }

    /// repeatCount 2.5 with autoreverses ends at the end of a forward leg, on the final value.
    func testFractionalRepeatCountWithAutoreverses() {
        let fields = #""fromValue": 0, "toValue": 0.8, "duration": 1, "autoreverses": true, "repeatCount": 2.5, "fillMode": "forwards", "removedOnCompletion": false"#
        XCTAssertEqual(opacity(fields, times: [4.5, 5, 6]), [0.4, 0.8, 0.8])
    }

    /// The backward leg mirrors time before the timing function applies.
    func testTimingFunctionAppliesAfterTheMirror() {
        let fields = #""fromValue": 0, "toValue": 1, "duration": 1, "autoreverses": true, "timingFunction": "easeIn""#
        let values = opacity(fields, times: [0.3, 1.7])
        XCTAssertEqual(values[0], TimingFunction.easeIn.progress(at: 0.3))
        XCTAssertEqual(values[1]!, TimingFunction.easeIn.progress(at: 0.3), accuracy: 1e-15)
    }

    func testNamedAndCubicTimingFunctions() {
        for name in TimingFunction.Name.allCases {
            let values = opacity(#""fromValue": 0, "toValue": 1, "duration": 1, "timingFunction": "\#(name.rawValue)""#, times: [0.3])
            XCTAssertEqual(values, [TimingFunction(named: name).progress(at: 0.3)], name.rawValue)
        }
        let custom = TimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        let values = opacity(#""fromValue": 0, "toValue": 1, "duration": 1, "timingFunction": [0.5, -1, 0.5, 2]"#, times: [0.2])
        XCTAssertEqual(values, [custom.progress(at: 0.2)])
        XCTAssertLessThan(values[0]!, 0, "overshoot is not clamped")
        // null and absent are linear.
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 1, "duration": 1, "timingFunction": null"#, times: [0.3]), [0.3])
    }

    /// A 1 s animation with timeOffset 0.25 begun at 0 shows basic time 0.05 at 0.8 and
    /// ends at 1 (docs/time-model.md).
    func testTimeOffsetWrapsInsideTheActiveInterval() {
        let values = opacity(#""fromValue": 0, "toValue": 1, "duration": 1, "timeOffset": 0.25"#, times: [0, 0.5, 0.8, 1.01])
        XCTAssertEqual(values[0], 0.25)
        XCTAssertEqual(values[1], 0.75)
        XCTAssertEqual(values[2]!, 0.05, accuracy: 1e-15)
        XCTAssertEqual(values[3], 1, "no longer in effect: the model value")
    }

    func testSpeed() {
        let fields = #""fromValue": 0, "toValue": 1, "duration": 1, "fillMode": "both", "removedOnCompletion": false"#
        XCTAssertEqual(opacity(fields + #", "speed": 2"#, times: [0.25, 0.5, 1]), [0.5, 1, 1])
        XCTAssertEqual(opacity(fields + #", "speed": 0, "timeOffset": 0.25"#, times: [0, 5, -5]), [0.25, 0.25, 0.25])
        // Negative speed plays the active interval before beginTime, from the end back.
        XCTAssertEqual(opacity(fields + #", "speed": -1, "beginTime": 2"#, times: [1, 1.75, 2, 3]), [1, 0.25, 0, 0])
    }

    func testRepeats() {
        let fields = #""fromValue": 0, "toValue": 1, "duration": 1"#
        XCTAssertEqual(opacity(fields + #", "repeatCount": 1.5"#, times: [1.25, 1.5, 1.6]), [0.25, 0.5, 1])
        XCTAssertEqual(opacity(fields + #", "repeatCount": "infinity""#, times: [1e6 + 0.5]), [0.5])
        XCTAssertEqual(opacity(fields + #", "repeatDuration": 2.5"#, times: [2.25, 2.5, 2.75]), [0.25, 0.5, 1])
        XCTAssertEqual(opacity(fields + #", "repeatDuration": "infinity""#, times: [7.75]), [0.75])
        // Both set: the first limit reached ends it (SMIL's rule).
        XCTAssertEqual(opacity(fields + #", "repeatCount": 3, "repeatDuration": 1.5"#, times: [1.5, 1.75]), [0.5, 1])
    }

    /// Media clocks after long uptime read around 1e9 s; sub-millisecond offsets survive.
    func testHugeTimesKeepMillisecondPrecision() {
        let values = opacity(#""fromValue": 0, "toValue": 1, "duration": 1, "beginTime": 1000000000"#,
            times: [1_000_000_000.001, 1_000_000_000.5])
        XCTAssertEqual(values[0]!, 0.001, accuracy: 1e-6)
        XCTAssertEqual(values[1]!, 0.5, accuracy: 1e-6)
    }

    // MARK: Stacking

    /// A non-additive animation replaces the value below; an additive one adds to it.
    func testAdditiveAddsToTheValueBelowAndNonAdditiveReplaces() {
        let request = """
            {"keyPath": "position.x", "model": 100, "animations": [
              {"type": "basic", "fromValue": 0, "toValue": 10, "duration": 1, "additive": true},
              {"type": "basic", "fromValue": 50, "toValue": 60, "beginTime": 2, "duration": 1},
              {"type": "basic", "fromValue": 1, "toValue": 3, "beginTime": 2, "duration": 1, "additive": true}
            ], "times": [0.5, 1.5, 2.5]}
            """
        // 0.5: model 100 + 5. 1.5: nothing in effect. 2.5: 55 replaces, then + 2.
        XCTAssertEqual(sample(request), [105, 100, 57])
    }

    /// Two additive animations both add: the sum is exact, independent of the model.
    func testAdditiveAnimationsSum() {
        let request = """
            {"keyPath": "transform.rotation.z", "model": 0.5, "animations": [
              {"type": "basic", "fromValue": 1, "toValue": 1, "duration": 1, "additive": true},
              {"type": "basic", "fromValue": 2, "toValue": 2, "duration": 1, "additive": true}
            ], "times": [0.5]}
            """
        XCTAssertEqual(sample(request), [3.5])
    }

    /// Open ends read the model value, not the animations below.
    func testOpenEndsReadTheModelValueEvenWhenStacked() {
        let request = """
            {"keyPath": "opacity", "model": 0, "animations": [
              {"type": "basic", "fromValue": 10, "toValue": 10, "duration": 1},
              {"type": "basic", "toValue": 1, "duration": 1}
            ], "times": [0.5]}
            """
        XCTAssertEqual(sample(request), [0.5])
    }

    func testCumulativeAddsOneSpanPerCompletedRepeat() {
        let fields = #""fromValue": 1, "toValue": 2, "duration": 1, "repeatCount": 3, "cumulative": true, "fillMode": "forwards", "removedOnCompletion": false"#
        XCTAssertEqual(opacity(fields, times: [0.5, 1.5, 2.5, 3, 4]), [1.5, 2.5, 3.5, 4, 4])
    }

    // MARK: Layer timing

    /// The layer maps parent time to its local time (Apple's formula) before the
    /// animations see it.
    func testLayerBeginTimeSpeedAndTimeOffset() {
        let fields = #""fromValue": 0, "toValue": 1, "duration": 1"#
        XCTAssertEqual(opacity(fields, times: [2.5], layer: #"{"beginTime": 2}"#), [0.5])
        XCTAssertEqual(opacity(fields, times: [0.25], layer: #"{"speed": 2}"#), [0.5])
        XCTAssertEqual(opacity(fields, times: [0], layer: #"{"timeOffset": 0.75}"#), [0.75])
        // An endless layer is in effect before its begin time: its local time is negative there.
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 1, "beginTime": -3, "duration": 4"#, times: [0],
            layer: #"{"beginTime": 1}"#), [0.5])
        XCTAssertEqual(opacity(fields, times: [0.5], layer: "null"), [0.5])
    }

    /// Apple's QA1673 pause: speed 0 and timeOffset freeze the layer's time.
    func testPausedLayerFreezesItsAnimations() {
        XCTAssertEqual(opacity(#""fromValue": 0, "toValue": 1, "duration": 1"#, times: [0, 10, -10],
            layer: #"{"speed": 0, "timeOffset": 0.3}"#), [0.3, 0.3, 0.3])
    }

    /// A layer with a finite duration repeats and clips its animations like a group.
    func testLayerWithAFiniteDurationIsTimedLikeAGroup() {
        let fields = #""fromValue": 0, "toValue": 1, "duration": 2"#
        let layer = #"{"duration": 1, "repeatCount": 2}"#
        XCTAssertEqual(opacity(fields, times: [-0.5, 0.5, 1.5, 2.5], layer: layer), [1, 0.25, 0.25, 1])
        let filled = #"{"duration": 1, "autoreverses": true, "fillMode": "both"}"#
        XCTAssertEqual(opacity(fields, times: [-1, 0.5, 1.5, 3], layer: filled), [0, 0.25, 0.25, 0])
        // repeatDuration alone gives an endless layer duration a finite active interval.
        XCTAssertEqual(opacity(fields, times: [0.5, 1.5], layer: #"{"repeatDuration": 1}"#), [0.25, 1])
        // The layer's duration 0 is infinite, not 0.25 s.
        XCTAssertEqual(opacity(fields, times: [1], layer: #"{"duration": 0}"#), [0.5])
    }
}

/// Number formatting for requests built in tests.
enum JSONValueText {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
