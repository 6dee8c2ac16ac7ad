@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import XCTest

/// `cadence sample` with keyframe animations (values and paths, the rotation output),
/// groups and transitions.
final class SampleAnimationTypeTests: XCTestCase {
    /// A request for `keyPath` (opacity) with `model` (1) and `animations` (JSON text of
    /// the array's elements).
    private func sample(
        _ keyPath: String = "opacity", model: String = "1", animations: String, times: [Double],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [JSONValue] {
        sampledValues(keyPath: keyPath, model: model, animations: animations, times: times, file: file, line: line)
    }

    // MARK: Keyframes from values

    func testKeyframeValuesWithKeyTimes() {
        let values = sample(animations: #"{"type": "keyframe", "values": [0, 10, 30], "keyTimes": [0, 0.25, 1], "duration": 1}"#,
            times: [0, 0.125, 0.25, 0.625, 1, 2])
        XCTAssertEqual(values, [0, 5, 10, 20, 30, 1].map(JSONValue.number))
    }

    /// Discrete keyframes are spaced i/n without key times.
    func testDiscreteKeyframes() {
        let values = sample(animations: #"{"type": "keyframe", "values": [1, 2, 3], "calculationMode": "discrete", "duration": 1}"#,
            times: [0, 0.3, 0.4, 0.7, 1])
        XCTAssertEqual(values, [1, 1, 2, 3, 3].map(JSONValue.number))
    }

    /// Paced keyframes move at constant speed along the polyline of the values.
    func testPacedPointKeyframes() {
        let values = sample("position", model: "[0, 0]",
            animations: #"{"type": "keyframe", "values": [[0, 0], [10, 0], [10, 10]], "calculationMode": "paced", "duration": 2}"#,
            times: [0.5, 1.5])
        XCTAssertEqual(values.map(\.numbers), [[5, 0], [10, 5]])
    }

    /// Per-segment timing functions, the animation's own timing function, cubic mode with
    /// Kochanek–Bartels values, repeats: the command gives what the library gives.
    func testKeyframeFieldsReachTheLibrary() {
        let values = sample(animations: #"""
            {"type": "keyframe", "values": [0, 1, 4, 2], "keyTimes": [0, 0.2, 0.7, 1], "calculationMode": "cubic",
             "tensionValues": [0, 0.5, -0.5, 0], "continuityValues": [0, 0.25], "biasValues": [0, 0, 1, 0],
             "timingFunction": "easeIn", "duration": 2, "repeatCount": 2, "cumulative": true}
            """#, times: [0.3, 1.1, 2.9])
        let animation = KeyframeAnimation<Double>(
            keyPath: "opacity", values: [0, 1, 4, 2], keyTimes: [0, 0.2, 0.7, 1], calculationMode: .cubic,
            tensionValues: [0, 0.5, -0.5, 0], continuityValues: [0, 0.25], biasValues: [0, 0, 1, 0],
            timing: MediaTiming(duration: 2, repeatCount: 2), timingFunction: .easeIn, isCumulative: true)
        let expected = [0.3, 1.1, 2.9].map { animation.value(atParentTime: $0, model: 1)! }
        XCTAssertEqual(values, expected.map(JSONValue.number))
        let segments = sample(animations: #"{"type": "keyframe", "values": [0, 1, 2], "timingFunctions": ["easeIn", "linear"], "duration": 1}"#,
            times: [0.25, 0.75])
        XCTAssertEqual(segments, [TimingFunction.easeIn.progress(at: 0.5), 1.5].map(JSONValue.number))
    }

    /// Arrays whose lengths do not fit are read as Core Animation reads them: key times of
    /// the wrong count are ignored (even spacing); too few timing functions pace the first
    /// segments and leave the rest linear.
    func testMismatchedArrays() {
        let values = sample(animations: #"{"type": "keyframe", "values": [0, 10, 20], "keyTimes": [0, 1], "timingFunctions": ["easeIn"], "duration": 1}"#,
            times: [0.25, 0.75])
        XCTAssertEqual(values, [10 * TimingFunction.easeIn.progress(at: 0.5), 15].map(JSONValue.number))
    }

    /// A keyframe animation with neither values nor a path contributes nothing.
    func testKeyframeWithoutKeyframesContributesNothing() {
        XCTAssertEqual(sample(animations: #"{"type": "keyframe", "duration": 1}, {"type": "keyframe", "values": [], "path": null}"#,
            times: [0.5]), [.number(1)])
    }

    // MARK: Paths and rotation

    private static let path = #""path": "M 0 0 L 100 0 L 100 100", "duration": 2"#

    /// A path's points are the keyframes (even key times per segment); without a rotation
    /// mode the entries are plain points.
    func testPathKeyframes() {
        let values = sample("position", model: "[-1, -1]", animations: #"{"type": "keyframe", \#(Self.path)}"#, times: [0.5, 1.5, 3])
        XCTAssertEqual(values.map(\.numbers), [[50, 0], [100, 50], [-1, -1]])
        // Relative commands and H/V give the same path.
        let relative = sample("position", model: "[-1, -1]",
            animations: #"{"type": "keyframe", "path": "m 0 0 h 100 v 100", "duration": 2}"#, times: [0.5, 1.5])
        XCTAssertEqual(relative.map(\.numbers), [[50, 0], [100, 50]])
    }

    /// With a rotation mode, every entry is {"value", "rotation"}; rotation is null where
    /// the path animation is not in effect.
    func testRotationOutput() {
        let result = cadence("sample", "-", stdin: """
            {"keyPath": "position", "model": [-1, -1],
             "animations": [{"type": "keyframe", \(Self.path), "rotationMode": "auto"}], "times": [-1, 0.5, 1.5, 3]}
            """)
        XCTAssertEqual(result.error, "")
        XCTAssertEqual(result.output, """
            {"values":[{"value":[-1,-1],"rotation":null},{"value":[50,0],"rotation":0},\
            {"value":[100,50],"rotation":\(JSONValue.format(.pi / 2))},{"value":[-1,-1],"rotation":null}]}

            """)
        let reversed = sample("position", model: "[0, 0]",
            animations: #"{"type": "keyframe", \#(Self.path), "rotationMode": "autoReverse"}"#, times: [0.5, 1.5])
        assertNumbers(reversed.map { $0["rotation"]?.numbers.first ?? .nan }, [.pi, 1.5 * .pi], tolerance: 1e-15)
    }

    /// The object form is decided by the request: a rotating path inside a group counts;
    /// a rotation mode on keyframes given as values, or no rotation mode, does not.
    func testRotationFormIsPerRequest() {
        let grouped = sample("position", model: "[0, 0]", animations: """
            {"type": "basic", "toValue": [1, 1], "duration": 10},
            {"type": "group", "beginTime": 5, "duration": 2, "animations": [
              {"type": "keyframe", \(Self.path), "rotationMode": "auto"}]}
            """, times: [1, 5.5])
        XCTAssertEqual(grouped, [
            .object([("value", .array([0.1, 0.1].map(JSONValue.number))), ("rotation", .null)]),
            .object([("value", .array([50, 0].map(JSONValue.number))), ("rotation", .number(0))]),
        ])
        let plain = sample("position", model: "[0, 0]", animations: #"""
            {"type": "keyframe", "values": [[0, 0], [2, 0]], "rotationMode": "auto", "duration": 1},
            {"type": "keyframe", "path": "M 0 0 L 4 0", "rotationMode": null, "beginTime": 1, "duration": 1}
            """#, times: [0.5, 1.5])
        XCTAssertEqual(plain.map(\.numbers), [[1, 0], [2, 0]])
    }

    // MARK: Groups

    /// Children run in the group's time and are clipped to its duration, not scaled.
    func testGroupClipsItsChildren() {
        let group = #"{"type": "group", "duration": 2, "animations": [{"type": "basic", "fromValue": 0, "toValue": 100, "duration": 10}]}"#
        XCTAssertEqual(sample(animations: group, times: [-0.5, 1, 2, 2.5]), [1, 10, 20, 1].map(JSONValue.number))
    }

    func testGroupTimingRepeatsAndEasesItsChildren() {
        let repeating = #"""
            {"type": "group", "duration": 2, "repeatCount": 2, "beginTime": 1, "animations": [
              {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 100, "duration": 10},
              {"type": "basic", "fromValue": 0, "toValue": 1, "beginTime": 1, "duration": 1, "additive": true}
            ]}
            """#
        assertNumbers(sample(animations: repeating, times: [1.5, 2.5, 3.5, 4.5, 5.5]).flatMap(\.numbers), [5, 15.5, 5, 15.5, 1],
            tolerance: 1e-14)
        let eased = #"{"type": "group", "duration": 1, "timingFunction": "easeIn", "animations": [{"type": "basic", "fromValue": 0, "toValue": 1, "duration": 1}]}"#
        XCTAssertEqual(sample(animations: eased, times: [0.5]), [.number(TimingFunction.easeIn.progress(at: 0.5))])
    }

    /// Groups nest, and a field animation inside a group works as at the top.
    func testNestedGroupsAndFieldChildren() {
        let nested = #"""
            {"type": "group", "beginTime": 1, "duration": 4, "animations": [
              {"type": "group", "beginTime": 1, "duration": 1, "animations": [
                {"type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 8, "duration": 2}]}]}
            """#
        XCTAssertEqual(sample("position", model: "[3, 3]", animations: nested, times: [1.5, 2.5, 3, 3.5]).map(\.numbers),
            [[3, 3], [3, 2], [3, 4], [3, 3]])
    }

    // MARK: Transitions

    /// Transitions are accepted (every field) and animate no property.
    func testTransitionsContributeNothing() {
        let values = sample(animations: """
            {"type": "basic", "fromValue": 0, "toValue": 1, "duration": 1},
            {"type": "transition", "transitionType": "push", "subtype": "fromTop", "startProgress": 0.25,
             "endProgress": 0.75, "duration": 1, "timingFunction": "easeOut", "removedOnCompletion": false}
            """, times: [0.5, 2])
        XCTAssertEqual(values, [0.5, 1].map(JSONValue.number))
    }
}
