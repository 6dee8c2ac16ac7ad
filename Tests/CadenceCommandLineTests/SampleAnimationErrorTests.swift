import CadenceCommandLine
import XCTest

/// Bad input in the fields of value kinds, keyframe animations, groups, transitions and
/// value functions: exit status 2, nothing on standard output, one located line.
final class SampleAnimationErrorTests: XCTestCase {
    /// A request for `keyPath` with `model` and one animation (JSON text of its fields).
    private func sample(_ animation: String) -> RunResult { sample("opacity", model: "1", animation) }

    private func sample(_ keyPath: String, model: String, _ animation: String) -> RunResult {
        cadence("sample", "-", stdin: #"""
            {"keyPath": "\#(keyPath)", "model": \#(model), "animations": [{\#(animation)}], "times": [0]}
            """#)
    }

    private func keyframe(_ fields: String) -> RunResult { keyframe("opacity", model: "1", fields) }

    private func keyframe(_ keyPath: String, model: String, _ fields: String) -> RunResult {
        sample(keyPath, model: model, #""type": "keyframe", "#  + fields)
    }

    private static let identity = "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"

    // MARK: Key paths and models

    func testKeyPathsThatCannotBeSampled() {
        assertBadInput(sample("hidden", model: "1", #""type": "basic""#),
            #"keyPath: "hidden" takes boolean values, which cadence sample does not animate"#)
        assertBadInput(sample("contents", model: "1", #""type": "basic""#),
            #"keyPath: "contents" takes discrete values, which cadence sample does not animate"#)
        assertBadInput(sample("position.z", model: "1", #""type": "basic""#),
            #"keyPath: "position" (a point) has no field "z" (expected "x" or "y")"#)
        assertBadInput(sample("transform.rotaton.z", model: "1", #""type": "basic""#),
            #"keyPath: "transform" (a transform) has no field "rotaton.z" (did you mean "transform.rotation.z"?)"#)
        assertBadInput(sample("opacity.value", model: "1", #""type": "basic""#),
            #"keyPath: "opacity" (a scalar) has no fields"#)
    }

    func testModelOfTheWrongKind() {
        assertBadInput(sample("position", model: "3", #""type": "basic""#), "model: expected [x, y], got 3")
        assertBadInput(sample("backgroundColor", model: "[1, 0, 0]", #""type": "basic""#),
            "model: expected [r, g, b, a], got an array of 3")
        assertBadInput(sample("transform", model: "[1, 0, 0, 1]", #""type": "basic""#),
            "model: expected 16 numbers [m11, m12, …, m44], got an array of 4")
        assertBadInput(sample("bounds", model: #"[0, 0, "10", 10]"#, #""type": "basic""#),
            #"model[2]: expected a number, got "10""#)
        assertBadInput(cadence("sample", "-", stdin: #"{"keyPath": "position", "times": [0]}"#),
            "model: missing ([x, y] is required)")
        assertBadInput(cadence("sample", "-", stdin: #"{"keyPath": "myValue", "times": [0]}"#),
            "model: missing (a number or an array of 2, 4 or 16 numbers is required)")
    }

    /// An unknown key path's kind comes from the model; any other shape names the model.
    func testModelShapeOfAnUnknownKeyPath() {
        for model in ["[1, 2, 3]", "[]", "null", #""x""#, "{}"] {
            let shape = ["[1, 2, 3]": "an array of 3", "[]": "an empty array", "null": "null", #""x""#: #""x""#, "{}": "an object"][model]!
            assertBadInput(sample("myValue", model: model, #""type": "basic""#),
                #"model: expected a number or an array of 2, 4 or 16 numbers (the kind of "myValue" comes from the model's shape), got \#(shape)"#)
        }
        assertBadInput(sample("myValue", model: #"[1, "2"]"#, #""type": "basic""#), #"model[1]: expected a number, got "2""#)
    }

    // MARK: Values of the kind

    func testValuesMustBeOfTheKeyPathsKind() {
        assertBadInput(sample(#""type": "basic", "toValue": [1, 2]"#), "animations[0].toValue: expected a number, got an array of 2")
        assertBadInput(sample("position", model: "[0, 0]", #""type": "basic", "fromValue": 1"#),
            "animations[0].fromValue: expected [x, y], got 1")
        assertBadInput(sample("myRect", model: "[0, 0, 1, 1]", #""type": "basic", "byValue": [1, 2]"#),
            "animations[0].byValue: expected [x, y, width, height], got an array of 2")
        assertBadInput(sample("shadowOffset", model: "[0, 0]", #""type": "basic", "toValue": [1, true]"#),
            "animations[0].toValue[1]: expected a number, got true")
        assertBadInput(keyframe("position", model: "[0, 0]", #""values": [[0, 0], [1, 1], 2]"#),
            "animations[0].values[2]: expected [x, y], got 2")
        assertBadInput(keyframe(#""values": [0, "1"]"#), #"animations[0].values[1]: expected a number, got "1""#)
    }

    // MARK: An animation's own key path

    func testAnimationKeyPathMustBeTheRequestsOrAFieldOfIt() {
        assertBadInput(sample(#""type": "basic", "keyPath": "zPosition""#),
            #"animations[0].keyPath: "zPosition" is neither the request's keyPath "opacity" nor a field of it"#)
        assertBadInput(sample("position.x", model: "0", #""type": "basic", "keyPath": "position""#),
            #"animations[0].keyPath: "position" is neither the request's keyPath "position.x" nor a field of it"#)
        assertBadInput(sample("position", model: "[0, 0]", #""type": "keyframe", "keyPath": "position.w""#),
            #"animations[0].keyPath: "position" (a point) has no field "w" (expected "x" or "y")"#)
        assertBadInput(sample("position", model: "[0, 0]", #""type": "basic", "keyPath": "position.x", "toValue": [1, 2]"#),
            "animations[0].toValue: expected a number, got an array of 2")
        assertBadInput(sample(#""type": "basic", "keyPath": 1"#), "animations[0].keyPath: expected a string, got 1")
    }

    // MARK: Value functions

    func testValueFunctions() {
        assertBadInput(sample(#""type": "basic", "valueFunction": "rotateZ""#),
            #"animations[0].valueFunction: a value function makes a transform, but "opacity" takes scalar values"#)
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "keyPath": "transform.scale", "valueFunction": "scale""#),
            #"animations[0].valueFunction: a value function makes a transform, but "transform.scale" takes scalar values"#)
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "valueFunction": "rotatez""#),
            #"animations[0].valueFunction: unknown value function "rotatez" (did you mean "rotateZ"?)"#)
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "valueFunction": "spin""#),
            #"animations[0].valueFunction: unknown value function "spin" (expected "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX", "translateY" or "translateZ")"#)
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "valueFunction": 1"#),
            "animations[0].valueFunction: expected a string, got 1")
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "valueFunction": "rotateZ", "toValue": [1, 2, 3]"#),
            "animations[0].toValue: expected a number, got an array of 3")
        assertBadInput(sample("transform", model: Self.identity, #""type": "basic", "valueFunction": "translate", "fromValue": [0, 0, 0], "toValue": 5"#),
            "animations[0].toValue: expected [x, y, z], got 5")
        assertBadInput(keyframe("transform", model: Self.identity, #""valueFunction": "scale", "values": [1, [2, 2, 2]]"#),
            "animations[0].values[1]: expected a number, got an array of 3")
        assertBadInput(keyframe("transform", model: Self.identity, #""valueFunction": "rotateZ", "path": "M 0 0 L 1 1""#),
            #"animations[0].path: a path gives points, but the value function "rotateZ" reads numbers"#)
    }

    // MARK: Keyframe fields

    func testKeyframeArrays() {
        assertBadInput(keyframe(#""values": 3"#), "animations[0].values: expected an array, got 3")
        assertBadInput(keyframe(#""keyTimes": [0, "a"]"#), #"animations[0].keyTimes[1]: expected a number, got "a""#)
        assertBadInput(keyframe(#""keyTimes": [0, 0.5, 0.75, 1.2]"#), "animations[0].keyTimes[3]: 1.2 is outside 0...1")
        assertBadInput(keyframe(#""keyTimes": [-0.5, 1]"#), "animations[0].keyTimes[0]: -0.5 is outside 0...1")
        assertBadInput(keyframe(#""keyTimes": {}"#), "animations[0].keyTimes: expected an array, got an object")
        assertBadInput(keyframe(#""timingFunctions": ["linear", "easeIN"]"#),
            #"animations[0].timingFunctions[1]: unknown timing function "easeIN" (did you mean "easeIn"?)"#)
        assertBadInput(keyframe(#""timingFunctions": [[0, 0, 2, 1]]"#),
            "animations[0].timingFunctions[0][2]: 2 is outside 0...1 (x control points must be in 0...1)")
        assertBadInput(keyframe(#""timingFunctions": "linear""#), #"animations[0].timingFunctions: expected an array, got "linear""#)
        assertBadInput(keyframe(#""tensionValues": [0, "x"]"#), #"animations[0].tensionValues[1]: expected a number, got "x""#)
        assertBadInput(keyframe(#""continuityValues": 0"#), "animations[0].continuityValues: expected an array, got 0")
        assertBadInput(keyframe(#""biasValues": [null]"#), "animations[0].biasValues[0]: expected a number, got null")
    }

    func testKeyframeModes() {
        assertBadInput(keyframe(#""calculationMode": "pace""#),
            #"animations[0].calculationMode: unknown calculation mode "pace" (did you mean "paced"?)"#)
        assertBadInput(keyframe(#""calculationMode": "spline""#),
            #"animations[0].calculationMode: unknown calculation mode "spline" (expected "linear", "discrete", "paced", "cubic" or "cubicPaced")"#)
        assertBadInput(keyframe(#""calculationMode": null"#), "animations[0].calculationMode: expected a string, got null")
        assertBadInput(keyframe(#""rotationMode": "Auto""#),
            #"animations[0].rotationMode: unknown rotation mode "Auto" (did you mean "auto"?)"#)
        assertBadInput(keyframe(#""rotationMode": "rotate""#),
            #"animations[0].rotationMode: unknown rotation mode "rotate" (expected "auto" or "autoReverse")"#)
    }

    func testKeyframePath() {
        assertBadInput(keyframe("position", model: "[0, 0]", #""path": 3"#), "animations[0].path: expected a string, got 3")
        assertBadInput(keyframe("position", model: "[0, 0]", #""path": "M 0 0 L 10""#),
            "animations[0].path: expected a number at offset 10")
        assertBadInput(keyframe("position", model: "[0, 0]", #""path": "L 1 1""#),
            "animations[0].path: path data must begin with a move-to (M or m) at offset 0")
        assertBadInput(keyframe("position", model: "[0, 0]", #""path": "M 0 0 A 1 1 0 0 2 2 2""#),
            "animations[0].path: expected an arc flag (0 or 1) at offset 16")
        assertBadInput(keyframe(#""path": "M 0 0 L 1 1""#),
            #"animations[0].path: a path gives points, but "opacity" takes scalar values"#)
        assertBadInput(keyframe("bounds", model: "[0, 0, 1, 1]", #""keyPath": "bounds.size", "path": "M 0 0 L 1 1""#),
            #"animations[0].path: a path gives points, but "bounds.size" takes size values"#)
    }

    func testKeyframeFieldsAreNotBasicFieldsAndTheOtherWayRound() {
        assertBadInput(keyframe(#""toValue": 1"#), "animations[0].toValue: unknown field")
        assertBadInput(keyframe(#""value": [1]"#), #"animations[0].value: unknown field (did you mean "values"?)"#)
        assertBadInput(sample(#""type": "basic", "values": [1]"#), "animations[0].values: unknown field")
    }

    // MARK: Groups and transitions

    func testGroups() {
        assertBadInput(sample(#""type": "group", "animations": 1"#), "animations[0].animations: expected an array, got 1")
        assertBadInput(sample(#""type": "group", "animations": [{"type": "basic"}, {"type": "basic", "toValue": "1"}]"#),
            #"animations[0].animations[1].toValue: expected a number, got "1""#)
        assertBadInput(sample(#""type": "group", "animations": [{"type": "group", "animations": [{"type": "frame"}]}]"#),
            #"animations[0].animations[0].animations[0].type: unknown animation type "frame" (expected "basic", "keyframe", "group" or "transition")"#)
        assertBadInput(sample(#""type": "group", "keyPath": "opacity""#), "animations[0].keyPath: unknown field")
        assertBadInput(sample(#""type": "group", "additive": true"#), "animations[0].additive: unknown field")
        assertBadInput(sample(#""type": "group", "duration": -1"#),
            "animations[0].duration: -1 is negative (0 means the 0.25 s default)")
    }

    func testTransitions() {
        assertBadInput(sample(#""type": "transition", "transitionType": "Push""#),
            #"animations[0].transitionType: unknown transition type "Push" (did you mean "push"?)"#)
        assertBadInput(sample(#""type": "transition", "transitionType": "slide""#),
            #"animations[0].transitionType: unknown transition type "slide" (expected "fade", "moveIn", "push" or "reveal")"#)
        assertBadInput(sample(#""type": "transition", "subtype": "fromleft""#),
            #"animations[0].subtype: unknown subtype "fromleft" (did you mean "fromLeft"?)"#)
        assertBadInput(sample(#""type": "transition", "startProgress": 1.5"#), "animations[0].startProgress: 1.5 is outside 0...1")
        assertBadInput(sample(#""type": "transition", "endProgress": "1""#), #"animations[0].endProgress: expected a number, got "1""#)
        assertBadInput(sample(#""type": "transition", "values": [1]"#), "animations[0].values: unknown field")
        assertBadInput(sample(#""type": "transition", "type2": 1"#), #"animations[0].type2: unknown field (did you mean "type"?)"#)
    }

    func testAnimationTypeSuggestion() {
        assertBadInput(sample(#""type": "Basic""#), #"animations[0].type: unknown animation type "Basic" (did you mean "basic"?)"#)
    }
}
