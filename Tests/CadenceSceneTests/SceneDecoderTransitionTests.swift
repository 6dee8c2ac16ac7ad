import CadenceImageIO
import CadencePixels
@testable import CadenceScene
import CadenceAnimation
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceSceneTestSupport
import Foundation
import XCTest

/// A scene transition's previous rendering (`previous`, `SceneDecoder+Layers.swift`): the
/// empty rendering by default, a copy of the layer with fields over it otherwise, and the
/// places where `previous` is refused.
final class SceneDecoderTransitionTests: SceneTestCase {
    let red = Color(red: 1, green: 0, blue: 0)

    /// The previous rendering presented at `time` on the first root layer of `layer`.
    func previous(_ layer: String, at time: Double = 0.5, file: StaticString = #filePath, line: UInt = #line) throws -> Layer? {
        let decoded = try decodeLayer(layer)
        let presented = decoded.presentation(at: time).presentedTransition
        XCTAssertNotNil(presented, "no transition presented", file: file, line: line)
        return presented?.previous
    }

    // No `previous`: the layer drawing nothing (no background, border, contents, shadow,
    // sublayers or mask), in the layer's geometry and timing.
    func testWithoutPreviousTheRenderingIsEmpty() throws {
        let png = try PNGEncoder.encode(try Bitmap(width: 2, height: 2, fill: SIMD4(0, 0, 255, 255)))
        try Data(png).write(to: URL(fileURLWithPath: path("blue.png")))
        let layer = #"""
            {"name": "card", "bounds": [0, 0, 40, 20], "position": [20, 10], "backgroundColor": [1, 0, 0, 1],
             "borderWidth": 2, "cornerRadius": 4, "shadowOpacity": 0.5, "contents": "blue.png", "speed": 2,
             "sublayers": [{"name": "a"}], "mask": {"name": "m"},
             "animations": {"t": {"type": "transition", "transitionType": "moveIn", "subtype": "fromBottom", "duration": 2}}}
            """#
        let decoded = try decodeLayer(layer)
        guard let presented = decoded.presentation(at: 0.5).presentedTransition else { return XCTFail("no transition") }
        XCTAssertEqual(presented.type, .moveIn)
        XCTAssertEqual(presented.direction, .fromBottom)
        XCTAssertEqual(presented.progress, 0.5, "layer time 1 of 2 s (speed 2)")
        let previous = presented.previous
        XCTAssertEqual(previous.name, "card")
        XCTAssertEqual(previous.bounds, Rect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(previous.position, Point(x: 20, y: 10))
        XCTAssertEqual(previous.cornerRadius, 4)
        XCTAssertEqual(previous.timing.speed, 2)
        XCTAssertNil(previous.backgroundColor)
        XCTAssertEqual(previous.borderWidth, 0)
        XCTAssertNil(previous.contents)
        XCTAssertEqual(previous.shadowOpacity, 0)
        XCTAssertTrue(previous.sublayers.isEmpty)
        XCTAssertNil(previous.mask)
        // The layer itself is untouched.
        XCTAssertEqual(decoded.backgroundColor, red)
        XCTAssertNotNil(decoded.contents)
        XCTAssertEqual(decoded.sublayers.count, 1)

        // A transition inside a group starts from the empty rendering too.
        let grouped = try self.previous(#"""
            {"backgroundColor": [1, 0, 0, 1],
             "animations": {"g": {"type": "group", "duration": 1, "animations": [{"type": "transition", "duration": 1}]}}}
            """#)
        XCTAssertNil(grouped?.backgroundColor)
    }

    // `previous`: a copy of the layer as decoded (its tree, not its own animations) with
    // the given fields over it; `sublayers` replaces the sublayers; `null` removes the
    // contents, mask, shadow path and sublayers; a media-timing field replaces only itself.
    func testPreviousFieldsOverrideACopyOfTheLayer() throws {
        let previous = try previous(#"""
            {"name": "card", "bounds": [0, 0, 40, 20], "position": [20, 10], "backgroundColor": [0, 0, 1, 1],
             "cornerRadius": 4, "beginTime": 0.25, "sublayers": [{"name": "a"}, {"name": "b"}], "mask": {"name": "m"},
             "shadowPath": "M 0 0 L 1 0 L 1 1 Z",
             "animations": {
               "fade": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2},
               "t": {"type": "transition", "transitionType": "push", "duration": 2,
                     "previous": {"backgroundColor": [1, 0, 0, 1], "sublayers": [{"name": "old"}], "speed": 2,
                                  "mask": null, "shadowPath": null, "geometryFlipped": true}}}}
            """#, at: 0.75)
        guard let previous else { return }
        XCTAssertEqual(previous.name, "card")
        XCTAssertEqual(previous.bounds, Rect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(previous.cornerRadius, 4)
        XCTAssertEqual(previous.backgroundColor, red)
        XCTAssertTrue(previous.isGeometryFlipped)
        XCTAssertEqual(previous.sublayers.map(\.name), ["old"])
        XCTAssertNil(previous.mask)
        XCTAssertNil(previous.shadowPath)
        XCTAssertEqual(previous.timing.beginTime, 0.25, "kept")
        XCTAssertEqual(previous.timing.speed, 2, "replaced")
        XCTAssertEqual(previous.opacity, 1, "the layer's own animations are not copied")

        // The sublayers stay when `previous` does not name them, with their animations.
        let kept = try self.previous(#"""
            {"sublayers": [{"name": "a", "animations": {"f": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1}}}],
             "animations": {"t": {"type": "transition", "previous": {"opacity": 0.5}}}}
            """#, at: 0.125)
        XCTAssertEqual(kept?.opacity, 0.5)
        XCTAssertEqual(kept?.sublayers.map(\.name), ["a"])
        XCTAssertEqual(kept?.sublayers.first?.opacity, 0.5, "its sublayer's animation runs")
        // An empty `previous` is the layer as decoded.
        let same = try self.previous(
            #"{"backgroundColor": [1, 0, 0, 1], "animations": {"t": {"type": "transition", "previous": {}}}}"#, at: 0.125)
        XCTAssertEqual(same?.backgroundColor, red)
        // `null` is no `previous`: the empty rendering.
        let empty = try self.previous(
            #"{"backgroundColor": [1, 0, 0, 1], "animations": {"t": {"type": "transition", "previous": null}}}"#, at: 0.125)
        XCTAssertNil(empty?.backgroundColor)
    }

    // `previous` reads as the layer object with its fields in place: `null` is the default
    // (not the layer's value), and `frame` is applied after the geometry it depends on.
    func testPreviousReadsAsTheMergedLayerObject() throws {
        let previous = try self.previous(#"""
            {"frame": [10, 20, 100, 50], "opacity": 0.5, "cornerRadius": 3,
             "animations": {"t": {"type": "transition", "previous": {"anchorPoint": [0, 0], "opacity": null}}}}
            """#, at: 0.125)
        XCTAssertEqual(previous?.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(previous?.position, Point(x: 10, y: 20))
        XCTAssertEqual(previous?.opacity, 1)
        XCTAssertEqual(previous?.cornerRadius, 3)
    }

    // Bad input: a tree of transitions, each with `previous`, one per level, reads in time
    // linear in its size (each `previous` copies the subtree read once; reading it again
    // would double the work at every level: 2^60 here).
    func testNestedPreviousRenderingsAreReadOnce() throws {
        let level = #"{"bounds": [0, 0, 10, 10], "animations": {"t": {"type": "transition", "previous": {"opacity": 0.5}}}, "sublayers": ["#
        let layer = String(repeating: level, count: 60) + "{}" + String(repeating: "]}", count: 60)
        let start = Date()
        var node = try decodeLayer(layer)
        var depth = 0
        while let child = node.sublayers.first {
            XCTAssertEqual(node.presentation(at: 0.1).presentedTransition?.previous.sublayers.count, 1)
            node = child
            depth += 1
        }
        XCTAssertEqual(depth, 60)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "seconds; exponential reading would never finish")
    }

    // The new layer fields.
    func testFiltersAndBias() throws {
        let layer = try decodeLayer(#"{"magnificationFilter": "nearest", "minificationFilter": "trilinear", "minificationFilterBias": 1.5, "geometryFlipped": true}"#)
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        XCTAssertEqual(layer.minificationFilter, .trilinear)
        XCTAssertEqual(layer.minificationFilterBias, 1.5)
        XCTAssertTrue(layer.isGeometryFlipped)
        let defaults = try decodeLayer(
            #"{"magnificationFilter": null, "minificationFilter": null, "contentsGravity": null, "minificationFilterBias": null}"#)
        XCTAssertEqual(defaults.magnificationFilter, .linear)
        XCTAssertEqual(defaults.minificationFilterBias, 0)
    }

    func testPreviousErrors() throws {
        let cases: [(String, String)] = [
            (#"{"f": {"type": "basic", "keyPath": "opacity", "previous": {}}}"#, "layers[0].animations.f.previous: unknown field"),
            (#"{"g": {"type": "group", "previous": {}}}"#, "layers[0].animations.g.previous: unknown field"),
            (#"{"g": {"type": "group", "animations": [{"type": "transition", "previous": {}}]}}"#,
             "layers[0].animations.g.animations[0].previous: allowed only on a transition directly in a layer's animations, not inside a group"),
            (#"{"t": {"type": "transition", "previous": 3}}"#, "layers[0].animations.t.previous: expected an object, got 3"),
            (#"{"t": {"type": "transition", "previous": {"opacity": 2}}}"#, "layers[0].animations.t.previous.opacity: 2 is outside 0...1"),
            (#"{"t": {"type": "transition", "previous": {"positon": [1, 2]}}}"#,
             #"layers[0].animations.t.previous.positon: unknown field (did you mean "position"?)"#),
            (#"{"t": {"type": "transition", "previous": {"sublayers": [{}, {"cornerRadius": -1}]}}}"#,
             "layers[0].animations.t.previous.sublayers[1].cornerRadius: -1 is negative"),
            (#"{"t": {"type": "transition", "previous": {"speed": "2"}}}"#,
             #"layers[0].animations.t.previous.speed: expected a number, got "2""#),
            (#"{"t": {"type": "transition", "previous": {"animations": {"u": {"type": "basic"}}}}}"#,
             "layers[0].animations.t.previous.animations.u.keyPath: missing (a string is required)"),
        ]
        for (animations, expected) in cases {
            try assertSceneError(#"[{"animations": \#(animations)}]"#, expected)
        }
    }

    // `cadence sample` has no layer to render: `previous` is refused there, with a message
    // that says why.
    func testSampleRefusesPrevious() throws {
        let decoder = AnimationDecoder(keyPath: "opacity", kind: .scalar, source: "request.json")
        let json = try JSONParser.parse(#"{"type": "transition", "duration": 1, "previous": {}}"#, source: "request.json")
        XCTAssertThrowsError(try decoder.animation(json, at: JSONPath.root.appending("animations").appending(0))) {
            XCTAssertEqual(($0 as? InputError)?.description,
                           "cadence: animations[0].previous: a previous rendering belongs to a transition on a scene layer (cadence render); cadence sample has no layer to render")
        }
        XCTAssertNoThrow(try decoder.animation(
            try JSONParser.parse(#"{"type": "transition", "duration": 1}"#, source: "request.json"),
            at: JSONPath.root.appending("animations").appending(0)))
    }
}
