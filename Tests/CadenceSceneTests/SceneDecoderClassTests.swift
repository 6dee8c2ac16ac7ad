import CadenceCompositor
import CadenceGeometry
import CadenceImageIO
import CadencePixels
import Foundation
import CadenceLayers
import CadenceScene
import CadenceSceneTestSupport
import XCTest

/// A scene's `"class"` and the specialised classes' fields (docs/command-line.md, "Scene
/// files"): each layer object becomes an instance of its class, with the class's fields by
/// their Core Animation names, and a field of another class is refused.
final class SceneDecoderClassTests: SceneTestCase {
    func testShapeFields() throws {
        let layer = try decodeLayer(#"""
            {"class": "shape", "bounds": [0, 0, 20, 20], "path": "M 0 0 L 10 0 L 10 10 Z",
             "fillColor": null, "strokeColor": [1, 0, 0, 1], "lineWidth": 3, "lineCap": "round",
             "lineJoin": "bevel", "fillRule": "even-odd", "lineDashPattern": [4, 2], "lineDashPhase": 1,
             "strokeStart": 0.25, "strokeEnd": 0.75, "miterLimit": 4}
            """#)
        let shape = try XCTUnwrap(layer as? ShapeLayer)
        XCTAssertEqual(shape.path?.elements.count, 4)
        XCTAssertNil(shape.fillColor)
        XCTAssertEqual(shape.strokeColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(shape.lineWidth, 3)
        XCTAssertEqual(shape.lineCap, .round)
        XCTAssertEqual(shape.lineJoin, .bevel)
        XCTAssertEqual(shape.fillRule, .evenOdd)
        XCTAssertEqual(shape.lineDashPattern, [4, 2])
        XCTAssertEqual(shape.lineDashPhase, 1)
        XCTAssertEqual(shape.strokeStart, 0.25)
        XCTAssertEqual(shape.strokeEnd, 0.75)
        XCTAssertEqual(shape.miterLimit, 4)
        XCTAssertEqual((try decodeLayer(#"{"class": "shape", "fillRule": "nonZero"}"#) as? ShapeLayer)?.fillRule, .nonZero)
    }

    func testGradientReplicatorAndTransformFields() throws {
        let gradient = try XCTUnwrap(try decodeLayer(#"""
            {"class": "gradient", "colors": [[1, 0, 0, 1], [0, 0, 1, 0.5]], "locations": [0.2, 0.8],
             "startPoint": [0, 0], "endPoint": [1, 1], "type": "conic"}
            """#) as? GradientLayer)
        XCTAssertEqual(gradient.colors, [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)])
        XCTAssertEqual(gradient.locations, [0.2, 0.8])
        XCTAssertEqual(gradient.startPoint, Point(x: 0, y: 0))
        XCTAssertEqual(gradient.endPoint, Point(x: 1, y: 1))
        XCTAssertEqual(gradient.type, .conic)

        let replicator = try XCTUnwrap(try decodeLayer(#"""
            {"class": "replicator", "instanceCount": 6, "instanceDelay": 0.1, "instanceColor": [1, 1, 1, 1],
             "instanceAlphaOffset": -0.1, "preservesDepth": true, "sublayers": [{"bounds": [0, 0, 4, 4]}]}
            """#) as? ReplicatorLayer)
        XCTAssertEqual(replicator.instanceCount, 6)
        XCTAssertEqual(replicator.instanceDelay, 0.1)
        XCTAssertEqual(replicator.instanceAlphaOffset, -0.1)
        XCTAssertTrue(replicator.preservesDepth)
        XCTAssertEqual(replicator.sublayers.count, 1)
        XCTAssertTrue(try decodeLayer(#"{"class": "transform"}"#) is TransformLayer)
        XCTAssertEqual(try decodeLayer(#"{"class": "scroll"}"#).layerClass, .layer)
    }

    func testErrors() throws {
        try assertSceneError(#"[{"fillColor": [1, 0, 0, 1]}]"#,
                             #"layers[0].fillColor: fillColor is a property of shape layers (add "class": "shape")"#)
        try assertSceneError(#"[{"class": "gradient", "path": "M 0 0"}]"#,
                             #"layers[0].path: path is a property of shape layers (add "class": "shape")"#)
        try assertSceneError(#"[{"class": "shape", "lineCap": "flat"}]"#,
                             #"layers[0].lineCap: unknown line cap "flat" (expected "butt", "round" or "square")"#)
        try assertSceneError(#"[{"class": "shape", "strokeEnd": 2}]"#, "layers[0].strokeEnd: 2 is outside 0...1")
        try assertSceneError(#"[{"class": "shape", "lineDashPattern": [1, -1]}]"#,
                             "layers[0].lineDashPattern[1]: -1 is negative")
        try assertSceneError(#"[{"class": "circle"}]"#,
                             #"layers[0].class: unknown layer class "circle" (expected "layer", "scroll", "shape", "gradient", "replicator", "transform" or "emitter")"#)
    }
}

/// Emitter layers in scenes: the layer's fields and its cell objects.
final class SceneDecoderEmitterTests: SceneTestCase {
    func testEmitterFieldsAndRender() throws {
        let png = try PNGEncoder.encode(try Bitmap(width: 2, height: 2, fill: SIMD4(255, 255, 255, 255)))
        try Data(png).write(to: URL(fileURLWithPath: path("dot.png")))
        let scene = try decode(#"""
            {"canvas": {"width": 20, "height": 20}, "layers": [
              {"class": "emitter", "frame": [0, 0, 20, 20], "emitterPosition": [10, 10], "emitterShape": "circle",
               "emitterMode": "outline", "emitterSize": [8, 8], "renderMode": "oldestLast", "seed": 7, "birthRate": 2,
               "emitterCells": [{"name": "dot", "birthRate": 5, "lifetime": "infinity", "color": [0, 0, 1, 1],
                                 "contents": "dot.png", "emitterCells": [{"birthRate": 1, "lifetime": 1}]}]}]}
            """#)
        let emitter = try XCTUnwrap(scene.layers[0] as? EmitterLayer)
        XCTAssertEqual(emitter.emitterShape, .circle)
        XCTAssertEqual(emitter.emitterMode, .outline)
        XCTAssertEqual(emitter.renderMode, .oldestLast)
        XCTAssertEqual(emitter.seed, 7)
        XCTAssertEqual(emitter.birthRate, 2)
        XCTAssertEqual(emitter.emitterCells.first?.name, "dot")
        XCTAssertEqual(emitter.emitterCells.first?.lifetime, .infinity)
        XCTAssertEqual(emitter.emitterCells.first?.emitterCells.count, 1)
        let bitmap = try scene.render(at: 1, with: Compositor(threadCount: 1))
        var blue = 0
        for y in 0..<20 { for x in 0..<20 where bitmap[x, y].z > 0 { blue += 1 } }
        XCTAssertGreaterThan(blue, 0, "particles drawn on the circle")
        XCTAssertEqual(bitmap[10, 10], SIMD4(0, 0, 0, 0), "none at the centre")
    }

    func testEmitterErrors() throws {
        try assertSceneError(#"[{"emitterCells": []}]"#,
                             #"layers[0].emitterCells: emitterCells is a property of emitter layers (add "class": "emitter")"#)
        try assertSceneError(#"[{"class": "emitter", "emitterCells": [{"birthrate": 1}]}]"#,
                             #"layers[0].emitterCells[0].birthrate: unknown field (did you mean "birthRate"?)"#)
        try assertSceneError(#"[{"class": "emitter", "emitterShape": "cone"}]"#,
                             #"layers[0].emitterShape: unknown emitter shape "cone" (expected "point", "line", "rectangle", "circle", "cuboid" or "sphere")"#)
        try assertSceneError(#"[{"class": "emitter", "seed": 1.5}]"#, "layers[0].seed: 1.5 is not a whole number")
    }
}
