import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@testable import CadenceCompositor

/// Bad input and limits: canvases, non-finite geometry, deep nesting, the scratch limit.
final class CompositorLimitsTests: XCTestCase {
    /// Zero, negative, NaN, infinite and oversized canvases, and bad scales, throw
    /// `invalidSize` (pixel sizes of an invalid canvas count as 0).
    func testBadCanvasesThrow() {
        let cases: [(Canvas, Int, Int)] = [
            (Canvas(width: 0, height: 10), 0, 10),
            (Canvas(width: 10, height: -3), 10, 0),
            (Canvas(width: .nan, height: 10), 0, 10),
            (Canvas(width: 10, height: .infinity), 10, 0),
            (Canvas(width: 16385, height: 1), 16385, 1),
            (Canvas(width: 10_000, height: 1, scale: 2), 20_000, 2),
            (Canvas(width: 10, height: 10, scale: 0), 0, 0),
            (Canvas(width: -10, height: -10, scale: -1), 0, 0),
            (Canvas(width: 10, height: 10, scale: .nan), 0, 0),
            (Canvas(width: 0.2, height: 10), 0, 10),
            (Canvas(width: 1e300, height: 1e300), Int(Int32.max), Int(Int32.max)),
        ]
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 5, height: 5), background: red)
        for (canvas, w, h) in cases {
            XCTAssertThrowsError(try Compositor().render([layer], at: 0, on: canvas), "\(canvas)") { error in
                XCTAssertEqual(error as? Bitmap.Error, .invalidSize(width: w, height: h), "\(canvas)")
            }
            XCTAssertTrue(Compositor().renderList([layer], at: 0, on: canvas).items.allSatisfy { $0.extent.isEmpty })
        }
        XCTAssertNoThrow(try Compositor().render([layer], at: 0, on: Canvas(width: 16384, height: 1)))
    }

    /// Geometry that overflows to infinity, huge layers and radii, and times that are not
    /// finite draw what can be drawn and never trap.
    func testNonFiniteGeometryIsSkipped() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 16, height: 16))
        let overflow = makeLayer("overflow", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        overflow.transform = Transform3D(scaleX: 1e300, y: 1e300, z: 1)
        overflow.position = Point(x: 1e300, y: -1e300)
        try overflow.addSublayer(makeLayer("child", frame: Rect(x: 0, y: 0, width: 1e300, height: 1), background: red))
        try root.addSublayer(overflow)
        let huge = makeLayer("huge", frame: Rect(x: -1e200, y: -1e200, width: 2e200, height: 2e200), background: green)
        huge.cornerRadius = 1e200
        huge.borderWidth = 1e199
        huge.borderColor = blue
        try root.addSublayer(huge)
        let tiny = makeLayer("tiny", frame: Rect(x: 4, y: 4, width: 4, height: 4), background: red)
        tiny.transform = Transform3D(scaleX: 1e-300, y: 1e-300, z: 1)
        try root.addSublayer(tiny)
        let behind = makeLayer("behind", frame: Rect(x: 0, y: 0, width: 16, height: 16), background: red)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 100
        behind.transform = Transform3D(translationX: 0, y: 0, z: 1000).concatenating(perspective)
        try root.addSublayer(behind)
        let items = Compositor().renderList([root], at: 0, on: Canvas(width: 16, height: 16)).items
        XCTAssertNotNil(items.first { $0.name == "overflow" }, "huge but finite: drawn")
        XCTAssertFalse(items.contains { $0.name == "child" }, "its matrix overflows: skipped")
        XCTAssertLessThanOrEqual(items.first { $0.name == "tiny" }?.extent.area ?? 0, 9, "scaled to a point")
        let bitmap = try render([root], width: 16, height: 16)
        XCTAssertEqual(bitmap[8, 8], opaqueGreen, "the huge layer covers the canvas; nothing else shows")
        for time in [Double.nan, .infinity, -.infinity, 1e300] {
            XCTAssertNoThrow(try Compositor().render([root], at: time, on: Canvas(width: 16, height: 16)))
        }
    }

    /// Thousands of nested layers, each clipping (rotated, so with a mask), translucent with
    /// a background (an offscreen group each) and bordered: no recursion, no crash, and a
    /// picture.
    func testDeepNesting() throws {
        let depth = 2000
        let root = makeLayer("0", frame: Rect(x: 0, y: 0, width: 8, height: 8), background: red)
        var parent = root
        for k in 1..<depth {
            let layer = makeLayer("\(k)", frame: Rect(x: 0, y: 0, width: 8, height: 8), background: k % 2 == 0 ? red : blue)
            layer.opacity = 0.99
            layer.masksToBounds = true
            layer.cornerRadius = 1
            layer.borderWidth = 0.5
            layer.borderColor = green
            try parent.addSublayer(layer)
            parent = layer
        }
        let list = Compositor().renderList([root], at: 0, on: Canvas(width: 8, height: 8))
        XCTAssertEqual(list.items.count, depth)
        XCTAssertEqual(list.items.last?.depth, depth - 1)
        let bitmap = try render([root], width: 8, height: 8)
        XCTAssertEqual(bitmap[4, 4][3], 255)
    }

    /// Past the scratch limit clips are evaluated per draw: the same pixels. Groups fold
    /// their opacity into their layers: the same pixels where nothing overlaps.
    func testScratchLimitFallbacks() throws {
        let root = makeLayer("root", frame: Rect(x: 2, y: 2, width: 28, height: 28), background: blue)
        root.cornerRadius = 4
        root.masksToBounds = true
        var parent = root
        for k in 1..<12 {
            let layer = makeLayer("\(k)", frame: Rect(x: 1, y: 1, width: 26 - 2 * Double(k), height: 26 - 2 * Double(k)))
            layer.transform = Transform3D(rotationAngle: 0.05, x: 0, y: 0, z: 1)
            layer.cornerRadius = 3
            layer.masksToBounds = true
            layer.borderWidth = 1
            layer.borderColor = Color(red: 0, green: Double(k) / 12, blue: 0)
            try parent.addSublayer(layer)
            parent = layer
        }
        try parent.addSublayer(makeLayer("fill", frame: Rect(x: -50, y: -50, width: 100, height: 100), background: red))
        let unlimited = try render([root])
        for limit in [0, 600, 2000] {
            let limited = try render([root], compositor: Compositor(scratchByteLimit: limit))
            XCTAssertLessThanOrEqual(maxDifference(limited, unlimited), 1, "limit \(limit)")
        }

        let group = makeLayer("group", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        group.opacity = 0.5
        try group.addSublayer(makeLayer("a", frame: Rect(x: 2, y: 2, width: 10, height: 10), background: red))
        try group.addSublayer(makeLayer("b", frame: Rect(x: 16, y: 16, width: 10, height: 10), background: blue))
        XCTAssertLessThanOrEqual(
            maxDifference(try render([group], compositor: Compositor(scratchByteLimit: 0)), try render([group])), 1)
    }
}
