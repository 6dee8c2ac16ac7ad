@testable import CadenceCommandLine
import Cadence
import XCTest

/// The layout and scrolling fields of scene layers: `class`, `autoresizingMask`,
/// `layoutManager`, `constraints`, `scrollMode`, `scrolls`, and timed `changes`.
final class SceneLayoutTests: RenderTestCase {
    func testConstraintsAreLaidOutBeforeTheFirstFrame() throws {
        let root = try decodeLayer(#"""
            {"bounds": [0, 0, 400, 300], "layoutManager": "constraints", "sublayers": [
              {"name": "layerA", "bounds": [0, 0, 100, 25], "constraints": [
                {"attribute": "midY", "relativeTo": "superlayer", "attribute2": "midY"},
                {"attribute": "midX", "relativeTo": "superlayer", "attribute2": "midX"}]},
              {"name": "layerB", "constraints": [
                {"attribute": "width", "relativeTo": "layerA", "attribute2": "width"},
                {"attribute": "midX", "relativeTo": "layerA", "attribute2": "midX"},
                {"attribute": "maxY", "relativeTo": "layerA", "attribute2": "minY", "offset": -10},
                {"attribute": "minY", "relativeTo": "superlayer", "attribute2": "minY", "scale": 1, "offset": 10}]}]}
            """#)
        XCTAssertTrue(root.layoutManager is ConstraintLayoutManager)
        XCTAssertEqual(root.sublayers[0].frame, Rect(x: 150, y: 137.5, width: 100, height: 25))
        XCTAssertEqual(root.sublayers[1].frame, Rect(x: 150, y: 10, width: 100, height: 117.5))
        XCTAssertEqual(root.sublayers[1].constraints.count, 4)
    }

    func testAutoresizingMaskAndScrollLayers() throws {
        let layer = try decodeLayer(#"{"autoresizingMask": ["widthSizable", "maxYMargin"]}"#)
        XCTAssertEqual(layer.autoresizingMask, [.widthSizable, .maxYMargin])
        let scroller = try decodeLayer(#"{"class": "scroll"}"#)
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertTrue(scroller.masksToBounds)
        let vertical = try decodeLayer(#"{"class": "scroll", "scrollMode": "vertically", "masksToBounds": false}"#)
        XCTAssertEqual(vertical.scrollMode, .vertically)
        XCTAssertFalse(vertical.masksToBounds)
        XCTAssertNil(try decodeLayer(#"{"class": "layer"}"#).scrollMode)
    }

    // A scroll at 1 s animates the bounds origin over its animationDuration; frames go
    // forward in time and see it in effect from its time on.
    func testScrollsApplyAtTheirTimesAsFramesAreRendered() throws {
        let scene = try decode(#"""
            {"canvas": {"width": 10, "height": 10}, "layers": [
              {"class": "scroll", "bounds": [0, 0, 10, 10], "scrolls": [
                {"time": 2, "toRect": [0, 0, 5, 5], "animationDuration": 0},
                {"time": 1, "toPoint": [0, 40], "animationDuration": 0.5}]}]}
            """#)
        let scroller = scene.layers[0]
        let compositor = Compositor()
        _ = try scene.render(at: 0.5, with: compositor)
        XCTAssertEqual(scroller.bounds.origin, .zero)
        _ = try scene.render(at: 1.25, with: compositor)
        XCTAssertEqual(scroller.bounds.origin, Point(x: 0, y: 40))
        XCTAssertEqual(scroller.presentation(at: 1.25).bounds.origin, Point(x: 0, y: 20))
        _ = try scene.render(at: 3, with: compositor)
        XCTAssertEqual(scroller.bounds.origin, .zero, "the rectangle scroll jumps back")
    }

    // A change of the container's bounds at 1 s: the model takes it when a frame reaches
    // 1 s, the autoresizing sublayer follows in the same transaction, and both animate
    // over the change's animationDuration.
    func testChangesSetTheModelAndSublayersFollowByAutoresizing() throws {
        let scene = try decode(#"""
            {"canvas": {"width": 10, "height": 10}, "layers": [
              {"bounds": [0, 0, 100, 50], "position": [50, 25], "changes": [
                {"time": 1, "keyPath": "bounds.size.width", "value": 200, "animationDuration": 1},
                {"time": 3, "keyPath": "opacity", "value": 0.5, "animationDuration": 0}],
               "sublayers": [{"frame": [10, 10, 80, 30], "autoresizingMask": ["widthSizable"]}]}]}
            """#)
        let container = scene.layers[0], bar = container.sublayers[0]
        let compositor = Compositor()
        _ = try scene.render(at: 0.5, with: compositor)
        XCTAssertEqual(container.bounds.size.width, 100)
        _ = try scene.render(at: 1.5, with: compositor)
        XCTAssertEqual(container.bounds.size.width, 200)
        XCTAssertEqual(bar.frame.size.width, 180, "the flexible width takes the whole change")
        XCTAssertEqual(bar.frame.origin.x, 10)
        let halfway = bar.presentation(at: 1.5).bounds.size.width
        XCTAssertTrue(halfway > 80 && halfway < 180, "the followed width animates: \(halfway)")
        XCTAssertEqual(container.opacity, 1)
        _ = try scene.render(at: 3, with: compositor)
        XCTAssertEqual(container.opacity, 0.5)
    }

    func testScrollingRendersTheScrolledContent() throws {
        // A 10 × 10 window onto a red square at (20, 0): visible only after scrolling.
        let layers = #"""
            [{"class": "scroll", "bounds": [0, 0, 10, 10], "position": [5, 5],
              "scrolls": [{"time": 1, "toPoint": [20, 0], "animationDuration": 0}],
              "sublayers": [{"frame": [20, 0, 10, 10], "backgroundColor": [1, 0, 0, 1]}]}]
            """#
        let scenePath = try scene(layers, canvas: #"{"width": 10, "height": 10}"#)
        XCTAssertEqual(cadence("render", scenePath, "--fps", "1", "--duration", "2", "--out", path("frames")).status, 0)
        XCTAssertEqual(try image(path("frames/frame-0000.png"))[5, 5][3], 0)
        XCTAssertEqual(try image(path("frames/frame-0001.png"))[5, 5], SIMD4(255, 0, 0, 255))
    }

    func testLayoutFieldErrors() throws {
        let cases: [(String, String)] = [
            (#"[{"class": "scrol"}]"#, #"layers[0].class: unknown layer class "scrol" (did you mean "scroll"?)"#),
            (#"[{"autoresizingMask": ["widthSizeable"]}]"#,
             #"layers[0].autoresizingMask[0]: unknown autoresizing flag "widthSizeable" (did you mean "widthSizable"?)"#),
            (#"[{"autoresizingMask": "widthSizable"}]"#, #"layers[0].autoresizingMask: expected an array, got "widthSizable""#),
            (#"[{"layoutManager": "grid"}]"#, #"layers[0].layoutManager: unknown layout manager "grid" (expected "constraints")"#),
            (#"[{"constraints": [{"attribute": "midX", "relativeTo": "superlayer"}]}]"#,
             "layers[0].constraints[0].attribute2: missing (an attribute name is required)"),
            (#"[{"constraints": [{"attribute": "centerX", "relativeTo": "", "attribute2": "midX"}]}]"#,
             #"layers[0].constraints[0].attribute: unknown attribute "centerX" (expected "minX", "midX", "maxX", "width", "minY", "midY", "maxY" or "height")"#),
            (#"[{"constraints": [{"attribute": "midX", "relativeTo": "", "attribute2": "midX", "scale": "2"}]}]"#,
             #"layers[0].constraints[0].scale: expected a number, got "2""#),
            (#"[{"constraints": [{"attribute": "midX", "relativeTo": "", "attribute2": "midX", "ofset": 2}]}]"#,
             #"layers[0].constraints[0].ofset: unknown field (did you mean "offset"?)"#),
            (#"[{"scrollMode": "both"}]"#, #"layers[0].scrollMode: only a "scroll" layer scrolls (add "class": "scroll")"#),
            (#"[{"class": "scroll", "scrollMode": "diagonally"}]"#,
             #"layers[0].scrollMode: unknown scroll mode "diagonally" (expected "none", "vertically", "horizontally" or "both")"#),
            (#"[{"class": "scroll", "scrolls": [{"toPoint": [1, 2]}]}]"#, "layers[0].scrolls[0].time: missing (a number is required)"),
            (#"[{"class": "scroll", "scrolls": [{"time": 1}]}]"#, #"layers[0].scrolls[0]: give "toPoint" or "toRect""#),
            (#"[{"class": "scroll", "scrolls": [{"time": 1, "toPoint": [1, 2], "toRect": [0, 0, 1, 1]}]}]"#,
             #"layers[0].scrolls[0].toRect: give "toPoint" or "toRect", not both"#),
            (#"[{"class": "scroll", "scrolls": [{"time": 1, "toPoint": [1, 2], "animationDuration": -1}]}]"#,
             "layers[0].scrolls[0].animationDuration: -1 is negative"),
            (#"[{"changes": [{"keyPath": "opacity", "value": 1}]}]"#, "layers[0].changes[0].time: missing (a number is required)"),
            (#"[{"changes": [{"time": 1, "keyPath": "opacity", "value": [1, 2]}]}]"#,
             "layers[0].changes[0].value: expected a number, got an array of 2"),
            (#"[{"changes": [{"time": 1, "keyPath": "wobble", "value": 1}]}]"#,
             #"layers[0].changes[0].keyPath: "wobble" is not an animatable layer property"#),
            (#"[{"changes": [{"time": 1, "keyPath": "hidden", "value": 1}]}]"#,
             #"layers[0].changes[0].keyPath: "hidden" takes boolean values, which scenes do not change"#),
            (#"[{"changes": [{"time": 1, "keyPath": "opacity", "valu": 1}]}]"#,
             #"layers[0].changes[0].valu: unknown field (did you mean "value"?)"#),
        ]
        for (layers, expected) in cases {
            try assertSceneError(layers, expected)
        }
    }
}
