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
                             #"layers[0].class: unknown layer class "circle" (expected "layer", "scroll", "shape", "gradient", "replicator", "transform", "text", "emitter" or "tiled")"#)
    }

    func testTextFieldsAndARenderedText() throws {
        let layer = try decodeLayer(#"""
            {"class": "text", "frame": [0, 0, 120, 40], "string": "Hello, world", "fontSize": 20,
             "foregroundColor": [0, 0, 0, 1], "wrapped": true, "alignmentMode": "center",
             "truncationMode": "end", "font": "DejaVu Sans"}
            """#)
        let text = try XCTUnwrap(layer as? TextLayer)
        XCTAssertEqual(text.string, "Hello, world")
        XCTAssertEqual(text.fontSize, 20)
        XCTAssertEqual(text.foregroundColor, Color(red: 0, green: 0, blue: 0))
        XCTAssertTrue(text.isWrapped)
        XCTAssertEqual(text.alignmentMode, .center)
        XCTAssertEqual(text.truncationMode, .end)
        XCTAssertEqual(text.font, "DejaVu Sans")
        XCTAssertNotNil(text.backingStore)  // displayed when the scene was read
        XCTAssertFalse(text.needsDisplay)
    }

    func testTextErrors() throws {
        try assertSceneError(#"[{"string": "x"}]"#,
                             #"layers[0].string: string is a property of text layers (add "class": "text")"#)
        try assertSceneError(#"[{"class": "text", "alignmentMode": "middle"}]"#,
                             #"layers[0].alignmentMode: unknown alignment mode "middle" (expected "natural", "left", "right", "center" or "justified")"#)
        try assertSceneError(#"[{"class": "text", "font": "/etc/passwd"}]"#,
                             #"layers[0].font: a font is a family name such as "DejaVu Sans", not a file"#)
        try assertSceneError(#"[{"class": "text", "fontSize": -1}]"#, "layers[0].fontSize: -1 is negative")
        // Invalid UTF-8 in the string: refused by the reader, located.
        let bytes = Array(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"class": "text", "string": ""#.utf8)
            + [0xFF, 0xFE] + Array(#""}]}"#.utf8)
        XCTAssertThrowsError(try Scene(document: bytes, source: "scene.json", folder: folder.path)) { error in
            XCTAssertTrue(String(describing: error).contains("not valid UTF-8"), "\(error)")
        }
    }

    func testTiledFieldsAndARenderedPattern() throws {
        let layer = try decodeLayer(#"""
            {"class": "tiled", "frame": [0, 0, 64, 32], "tileSize": [32, 32], "levelsOfDetail": 3,
             "levelsOfDetailBias": 1, "pattern": {"color": [1, 0, 0, 1], "alternateColor": [0, 0, 1, 1], "cellSize": 16}}
            """#)
        let tiled = try XCTUnwrap(layer as? TiledLayer)
        XCTAssertEqual(tiled.tileSize, Size(width: 32, height: 32))
        XCTAssertEqual(tiled.levelsOfDetail, 3)
        XCTAssertEqual(tiled.levelsOfDetailBias, 1)
        XCTAssertEqual(tiled.pattern, TiledLayerPattern(
            color: Color(red: 1, green: 0, blue: 0), alternateColor: Color(red: 0, green: 0, blue: 1), cellSize: 16))
        let defaults = try XCTUnwrap(try decodeLayer(#"{"class": "tiled", "pattern": {}}"#) as? TiledLayer)
        XCTAssertEqual(defaults.pattern, TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 32))
        // Rendered: level 1 (1×) on a canvas of scale 1, squares of 16 points.
        let scene = try Scene(document: Array(#"""
            {"canvas": {"width": 64, "height": 32},
             "layers": [{"class": "tiled", "frame": [0, 0, 64, 32], "tileSize": [32, 32], "levelsOfDetail": 3,
                         "levelsOfDetailBias": 1,
                         "pattern": {"color": [1, 0, 0, 1], "alternateColor": [0, 0, 1, 1], "cellSize": 16}}]}
            """#.utf8))
        let frame = try scene.render(at: 0, with: Compositor(threadCount: 1))
        XCTAssertEqual(frame[8, 8], SIMD4(255, 0, 0, 255))
        XCTAssertEqual(frame[24, 8], SIMD4(0, 0, 255, 255))
        XCTAssertEqual(frame[40, 24], SIMD4(0, 0, 255, 255))
        XCTAssertEqual(frame[56, 24], SIMD4(255, 0, 0, 255))
    }

    func testTiledErrors() throws {
        try assertSceneError(#"[{"pattern": {}}]"#,
                             #"layers[0].pattern: pattern is a property of tiled layers (add "class": "tiled")"#)
        try assertSceneError(#"[{"levelsOfDetail": 2}]"#,
                             #"layers[0].levelsOfDetail: levelsOfDetail is a property of tiled layers (add "class": "tiled")"#)
        try assertSceneError(#"[{"class": "tiled", "pattern": {"cellSize": 1}}]"#,
                             "layers[0].pattern.cellSize: 1 is outside 2...4096")
        try assertSceneError(#"[{"class": "tiled", "pattern": {"size": 8}}]"#,
                             "layers[0].pattern.size: unknown field")
        try assertSceneError(#"[{"class": "tiled", "pattern": 3}]"#,
                             "layers[0].pattern: expected an object, got 3")
    }
}
