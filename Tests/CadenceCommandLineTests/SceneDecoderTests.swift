import CadenceImageIO
import CadencePixels
@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import Foundation
import XCTest

/// Reading scene documents: the canvas, every layer field, sublayers, masks, animations,
/// contents images, and errors that name their path.
final class SceneDecoderTests: RenderTestCase {
    // MARK: Canvas

    func testCanvas() throws {
        let scene = try decode(#"""
            {"canvas": {"width": 320, "height": 200.5, "scale": 2, "background": [0, 0.5, 1, 1], "origin": "bottomLeft"}}
            """#)
        XCTAssertEqual(scene.canvas, Canvas(width: 320, height: 200.5, scale: 2, background: Color(red: 0, green: 0.5, blue: 1, alpha: 1),
                                            origin: .bottomLeft))
        XCTAssertEqual(scene.canvas.pixelHeight, 401)
        XCTAssertTrue(scene.layers.isEmpty)
        XCTAssertEqual(try decode(#"{"canvas": {"width": 1, "height": 1}, "layers": null}"#).canvas, Canvas(width: 1, height: 1))
    }

    func testCanvasErrors() throws {
        let cases: [(String, String)] = [
            (#"{"width": 0, "height": 10}"#, "canvas.width: 0 is not positive"),
            (#"{"width": -5, "height": 10}"#, "canvas.width: -5 is not positive"),
            (#"{"width": 10, "height": 20000}"#, "canvas.height: 20000 at scale 1 is more than 16384 pixels (the limit)"),
            (#"{"width": 10000, "height": 10, "scale": 2}"#, "canvas.width: 10000 at scale 2 is more than 16384 pixels (the limit)"),
            (#"{"width": 10, "height": 10, "scale": 1e300}"#, "canvas.width: 10 at scale 1e+300 is more than 16384 pixels (the limit)"),
            (#"{"width": 0.4, "height": 10}"#, "canvas.width: 0.4 at scale 1 is less than 1 pixel"),
            (#"{"width": 10, "height": 10, "scale": 0}"#, "canvas.scale: 0 is not positive"),
            (#"{"height": 10}"#, "canvas.width: missing (a number is required)"),
            (#"{"width": "10", "height": 10}"#, #"canvas.width: expected a number, got "10""#),
            (#"{"width": 10, "height": 10, "background": [1, 1, 1]}"#, "canvas.background: expected [r, g, b, a], got an array of 3"),
            (#"{"width": 10, "height": 10, "background": [1, 1, 2, 1]}"#, "canvas.background[2]: 2 is outside 0...1"),
            (#"{"width": 10, "height": 10, "origin": "topleft"}"#, #"canvas.origin: unknown origin "topleft" (did you mean "topLeft"?)"#),
            (#"{"width": 10, "height": 10, "depth": 3}"#, "canvas.depth: unknown field"),
        ]
        for (canvas, expected) in cases {
            try assertSceneError("[]", expected, canvas: canvas)
        }
        try write(#"{"layers": []}"#, to: "scene.json")
        assertBadInput(cadence("render", path("scene.json"), "--time", "0", "--out", path("x.png")), "canvas: missing (an object is required)")
        try write(#"{"canvas": {"width": 10, "height": 10}, "layer": []}"#, to: "scene.json")
        assertBadInput(cadence("render", path("scene.json"), "--time", "0", "--out", path("x.png")),
                       #"layer: unknown field (did you mean "layers"?)"#)
        try write("[1]", to: "scene.json")
        assertBadInput(cadence("render", path("scene.json"), "--time", "0", "--out", path("x.png")),
                       "\(path("scene.json")): expected an object, got an array")
    }

    // MARK: Layer fields

    func testEveryLayerField() throws {
        let layer = try decodeLayer(#"""
            {"name": "card", "bounds": [1, 2, 200, 120], "position": [320, 240], "anchorPoint": [0, 1],
             "anchorPointZ": 4, "zPosition": 5,
             "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 7, 8, 0, 1],
             "sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
             "opacity": 0.5, "hidden": true, "masksToBounds": true, "doubleSided": false, "geometryFlipped": true,
             "cornerRadius": 16, "borderWidth": 2, "borderColor": null, "backgroundColor": [0.2, 0.4, 0.9, 1],
             "shadowColor": [0, 0, 0, 0.5], "shadowOpacity": 0.25, "shadowOffset": [0, 4], "shadowRadius": 8,
             "shadowPath": "M 0 0 L 10 0 L 10 10 Z", "contentsGravity": "resizeAspect", "contentsRect": [0, 0, 0.5, 0.5],
             "contentsCenter": [0.25, 0.25, 0.5, 0.5], "contentsScale": 2, "magnificationFilter": "nearest",
             "minificationFilter": "trilinear", "minificationFilterBias": -0.5, "shouldRasterize": true, "rasterizationScale": 2.5, "beginTime": 1, "duration": 0, "speed": 2, "timeOffset": 0.5,
             "repeatCount": "infinity", "repeatDuration": 0, "autoreverses": true, "fillMode": "both"}
            """#)
        XCTAssertEqual(layer.name, "card")
        XCTAssertEqual(layer.bounds, Rect(x: 1, y: 2, width: 200, height: 120))
        XCTAssertEqual(layer.position, Point(x: 320, y: 240))
        XCTAssertEqual(layer.anchorPoint, Point(x: 0, y: 1))
        XCTAssertEqual(layer.anchorPointZ, 4)
        XCTAssertEqual(layer.zPosition, 5)
        XCTAssertEqual(layer.transform.m11, 2)
        XCTAssertEqual(layer.transform.m41, 7)
        XCTAssertEqual(layer.sublayerTransform.m34, -0.002)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertTrue(layer.isHidden)
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertFalse(layer.isDoubleSided)
        XCTAssertTrue(layer.isGeometryFlipped)
        XCTAssertEqual(layer.value(forKeyPath: "geometryFlipped"), .boolean(true))
        XCTAssertEqual(layer.cornerRadius, 16)
        XCTAssertEqual(layer.borderWidth, 2)
        XCTAssertNil(layer.borderColor, "null is no colour")
        XCTAssertEqual(layer.backgroundColor, Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
        XCTAssertEqual(layer.shadowColor, Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(layer.shadowOpacity, 0.25)
        XCTAssertEqual(layer.shadowOffset, Size(width: 0, height: 4))
        XCTAssertEqual(layer.shadowRadius, 8)
        XCTAssertEqual(layer.shadowPath, try Path(svgPathData: "M 0 0 L 10 0 L 10 10 Z"))
        XCTAssertEqual(layer.contentsGravity, .resizeAspect)
        XCTAssertEqual(layer.contentsRect, Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        XCTAssertEqual(layer.contentsCenter, Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        XCTAssertEqual(layer.contentsScale, 2)
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        XCTAssertEqual(layer.minificationFilter, .trilinear)
        XCTAssertEqual(layer.minificationFilterBias, -0.5)
        XCTAssertTrue(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 2.5)
        XCTAssertEqual(layer.timing, MediaTiming(
            beginTime: 1, duration: 0, speed: 2, timeOffset: 0.5, repeatCount: .infinity, repeatDuration: 0,
            autoreverses: true, fillMode: .both))
    }

    /// Absent fields and `null` keep Core Animation's defaults.
    func testDefaultsAndNull() throws {
        let layer = try decodeLayer(#"{"transform": null, "opacity": null, "sublayers": null, "mask": null, "animations": null}"#)
        XCTAssertEqual(layer.transform, .identity)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.borderColor, .black)
        XCTAssertNil(layer.mask)
        XCTAssertTrue(layer.animations.isEmpty)
    }

    /// `frame` is applied after the anchor point and transform it depends on, so it wins
    /// over `position` and the bounds size given with it (the bounds origin stays).
    func testFrameIsAppliedLast() throws {
        let layer = try decodeLayer(#"""
            {"frame": [10, 20, 100, 50], "position": [0, 0], "bounds": [5, 5, 1, 1], "anchorPoint": [0, 0],
             "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}
            """#)
        XCTAssertEqual(layer.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(layer.bounds, Rect(x: 5, y: 5, width: 50, height: 25))
        XCTAssertEqual(layer.position, Point(x: 10, y: 20))
    }

    func testSublayersMaskAndAnimations() throws {
        let layer = try decodeLayer(#"""
            {"name": "root", "sublayers": [{"name": "a"}, {"name": "b", "sublayers": [{"name": "c"}]}],
             "mask": {"name": "m", "backgroundColor": [0, 0, 0, 1]},
             "animations": {
               "fade": {"type": "basic", "keyPath": "opacity", "toValue": 0},
               "spin": {"type": "group", "duration": 2, "animations": [
                  {"type": "basic", "keyPath": "transform.rotation.z", "toValue": 3.14},
                  {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10 10", "rotationMode": "auto"},
                  {"type": "keyframe", "keyPath": "backgroundColor", "values": [[1, 0, 0, 1], [0, 0, 1, 1]]}]},
               "a.b": {"type": "transition", "transitionType": "push", "subtype": "fromLeft"}}}
            """#)
        XCTAssertEqual(layer.sublayers.map(\.name), ["a", "b"])
        XCTAssertEqual(layer.sublayers[1].sublayers.map(\.name), ["c"])
        XCTAssertEqual(layer.mask?.name, "m")
        XCTAssertTrue(layer.mask?.superlayer === layer)
        XCTAssertEqual(layer.animationKeys(), ["fade", "spin", "a.b"])
        guard case .group(let group)? = layer.animation(forKey: "spin") else { return XCTFail("not a group") }
        XCTAssertEqual(group.animations.count, 3)
        // The fade's default duration is 0.25 s and its pacing linear (no timing function),
        // so at 0.125 s it is halfway.
        XCTAssertEqual(layer.presentationValue(forKeyPath: "opacity", at: 0.125), .scalar(0.5))
    }

    func testLayerErrors() throws {
        let cases: [(String, String)] = [
            (#"[{"sublayers": [{}, {}, {"cornerRadius": -1}]}]"#, "layers[0].sublayers[2].cornerRadius: -1 is negative"),
            (#"[{"opacity": 1.5}]"#, "layers[0].opacity: 1.5 is outside 0...1"),
            (#"[{"shadowOpacity": -0.1}]"#, "layers[0].shadowOpacity: -0.1 is outside 0...1"),
            (#"[{"contentsScale": 0}]"#, "layers[0].contentsScale: 0 is not positive"),
            (#"[{"rasterizationScale": -2}]"#, "layers[0].rasterizationScale: -2 is not positive"),
            (#"[{"shouldRasterize": 1}]"#, "layers[0].shouldRasterize: expected true or false, got 1"),
            (#"[{"positon": [1, 2]}]"#, #"layers[0].positon: unknown field (did you mean "position"?)"#),
            (#"[{"position": [1, 2, 3]}]"#, "layers[0].position: expected [x, y], got an array of 3"),
            (#"[{"position": [1, "2"]}]"#, #"layers[0].position[1]: expected a number, got "2""#),
            (#"[{"bounds": 4}]"#, "layers[0].bounds: expected [x, y, width, height], got 4"),
            (#"[{"transform": [1, 0, 0, 1]}]"#, "layers[0].transform: expected 16 numbers [m11, m12, …, m44], got an array of 4"),
            (#"[{"hidden": 1}]"#, "layers[0].hidden: expected true or false, got 1"),
            (#"[{"backgroundColor": [1, 0, 0, 1.5]}]"#, "layers[0].backgroundColor[3]: 1.5 is outside 0...1"),
            (#"[{"borderWidth": "2"}]"#, #"layers[0].borderWidth: expected a number, got "2""#),
            (#"[{"name": 3}]"#, "layers[0].name: expected a string, got 3"),
            (#"[{"contentsGravity": "centre"}]"#, #"layers[0].contentsGravity: unknown contents gravity "centre" (did you mean "center"?)"#),
            (#"[{"magnificationFilter": "bilinear"}]"#, #"layers[0].magnificationFilter: unknown filter "bilinear" (did you mean "linear"?)"#),
            (#"[{"minificationFilter": 1}]"#, "layers[0].minificationFilter: expected a string, got 1"),
            (#"[{"minificationFilterBias": "1"}]"#, #"layers[0].minificationFilterBias: expected a number, got "1""#),
            (#"[{"geometryFlipped": 1}]"#, "layers[0].geometryFlipped: expected true or false, got 1"),
            (#"[{"mask": 3}]"#, "layers[0].mask: expected an object, got 3"),
            (#"[{"mask": {"mask": {"opacity": true}}}]"#, "layers[0].mask.mask.opacity: expected a number, got true"),
            (#"[{"sublayers": {}}]"#, "layers[0].sublayers: expected an array, got an object"),
            (#"[3]"#, "layers[0]: expected an object, got 3"),
            (#"{}"#, "layers: expected an array, got an object"),
            (#"[{"beginTime": "x"}]"#, #"layers[0].beginTime: expected a number, got "x""#),
            (#"[{"duration": -1}]"#, "layers[0].duration: -1 is negative (0 means infinite)"),
            (#"[{"fillMode": "forward"}]"#, #"layers[0].fillMode: unknown fill mode "forward" (did you mean "forwards"?)"#),
            (#"[{"shadowPath": 3}]"#, "layers[0].shadowPath: expected a string, got 3"),
        ]
        for (layers, expected) in cases {
            try assertSceneError(layers, expected)
        }
        try assertSceneErrorPrefix(#"[{"shadowPath": "M 0 0 X"}]"#, "layers[0].shadowPath: ")
    }

    func testAnimationErrors() throws {
        let cases: [(String, String)] = [
            (#"{"spin": {"type": "basic", "toValue": 1}}"#, "layers[0].animations.spin.keyPath: missing (a string is required)"),
            (#"{"fade": {"type": "basic", "keyPath": "opacty"}}"#,
             #"layers[0].animations.fade.keyPath: "opacty" is not an animatable layer property (did you mean "opacity"?)"#),
            (#"{"m": {"type": "basic", "keyPath": "position.z"}}"#,
             #"layers[0].animations.m.keyPath: "position" (a point) has no field "z" (expected "x" or "y")"#),
            (#"{"h": {"type": "basic", "keyPath": "hidden"}}"#,
             #"layers[0].animations.h.keyPath: "hidden" takes boolean values, which scenes do not animate"#),
            (#"{"move": {"type": "basic", "keyPath": "position", "toValue": 3}}"#,
             "layers[0].animations.move.toValue: expected [x, y], got 3"),
            (#"{"a.b": {"type": "bounce"}}"#, #"layers[0].animations["a.b"].type: unknown animation type "bounce" (expected "basic", "keyframe", "group" or "transition")"#),
            (#"{"g": {"type": "group", "animations": [{"type": "basic", "keyPath": "opacity", "toValue": [1]}]}}"#,
             "layers[0].animations.g.animations[0].toValue: expected a number, got an array of 1"),
            (#"[]"#, "layers[0].animations: expected an object, got an empty array"),
        ]
        for (animations, expected) in cases {
            try assertSceneError(#"[{"animations": \#(animations)}]"#, expected)
        }
    }

    private func assertSceneErrorPrefix(_ layers: String, _ prefix: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scenePath = try scene(layers)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("out.png")), startingWith: prefix, file: file, line: line)
    }

    // MARK: Contents

    func testContentsImagesAreReadRelativeToTheScene() throws {
        try FileManager.default.createDirectory(atPath: path("scenes/images"), withIntermediateDirectories: true)
        let png = try PNGEncoder.encode(try Bitmap(width: 3, height: 2, fill: SIMD4(0, 0, 255, 255)))
        try Data(png).write(to: URL(fileURLWithPath: path("scenes/images/blue.png")))
        try write(#"""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"contents": "images/blue.png", "bounds": [0, 0, 3, 2]}, {"contents": "images/blue.png"}]}
            """#, to: "scenes/scene.json")
        var decoder = SceneDecoder(file: path("scenes/scene.json"))
        let scene = try decoder.scene(try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path("scenes/scene.json")))), source: "scene"))
        XCTAssertEqual(scene.layers[0].contents?.pixelSize, Size(width: 3, height: 2))
        XCTAssertEqual(scene.layers[1].contents?[0, 0], SIMD4(0, 0, 255, 255))
        XCTAssertEqual(decoder.images.count, 1, "each file is read once")
        let result = cadence("render", path("scenes/scene.json"), "--time", "0", "--out", path("out.png"))
        XCTAssertEqual(result.status, 0, result.error)
    }

    func testContentsErrorsNameTheLayerAndTheFile() throws {
        try assertSceneError(#"[{"contents": ""}]"#, "layers[0].contents: the path is empty")
        try assertSceneError(#"[{"contents": 3}]"#, "layers[0].contents: expected a string, got 3")
        try assertSceneError(#"[{"name": "card", "contents": "missing.png"}]"#,
                             "layers[0].contents: missing.png (layer 'card'): cannot read: No such file or directory")
        try assertSceneError(#"[{"sublayers": [{"contents": "missing.png"}]}]"#,
                             "layers[0].sublayers[0].contents: missing.png (an unnamed layer): cannot read: No such file or directory")
        try write("not a png", to: "bad.png")
        let scenePath = try scene(#"[{"name": "card", "contents": "bad.png"}]"#)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("out.png")),
                       "layers[0].contents: bad.png (layer 'card'): not a PNG file (bad signature)")
        XCTAssertEqual(try contents(), ["bad.png", "scene.json"])
    }

    // MARK: Depth

    /// Scenes nested deeper than the JSON parser's 256 levels are refused with one line,
    /// not a stack overflow; 100 levels of sublayers and 200 of masks render.
    func testDeeplyNestedScenes() throws {
        let deep = String(repeating: #"{"sublayers": ["#, count: 3_000) + "{}" + String(repeating: "]}", count: 3_000)
        let scenePath = try scene("[\(deep)]")
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("out.png")),
                       startingWith: "\(scenePath):1:")
        XCTAssertTrue(cadence("render", scenePath, "--time", "0", "--out", path("out.png")).error.contains("nesting deeper than 256 levels"))

        let sublayers = String(repeating: #"{"bounds": [0, 0, 10, 10], "sublayers": ["#, count: 100) + "{}"
            + String(repeating: "]}", count: 100)
        let masks = String(repeating: #"{"bounds": [0, 0, 10, 10], "mask": "#, count: 200) + "{}" + String(repeating: "}", count: 200)
        for layers in [sublayers, masks] {
            let result = cadence("render", try scene("[\(layers)]"), "--time", "0", "--out", path("out.png"))
            XCTAssertEqual(result.status, 0, result.error)
        }
    }

    // MARK: The reference scenes

    /// Every scene under `Reference/scenes/` (the compositor's golden scenes) reads.
    func testReferenceScenesDecode() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Reference/scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(names.isEmpty, "no scenes in \(folder.path)")
        for name in names.sorted() {
            let file = folder.appendingPathComponent(name).path
            XCTAssertNoThrow(try RenderCommand.readScene(file, console: RecordingConsole()), name)
        }
    }
}
