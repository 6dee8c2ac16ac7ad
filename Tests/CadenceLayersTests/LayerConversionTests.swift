import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// Points and rectangles between layers (`Layer+Conversion.swift`, `Layer+Transforms.swift`).
final class LayerConversionTests: XCTestCase {
    /// A root whose space is the root space: bounds (0, 0, 300, 300) centred on its position.
    func makeRoot() -> Layer {
        makeLayer("root", bounds: Rect(x: 0, y: 0, width: 300, height: 300), position: Point(x: 150, y: 150))
    }

    // The guide's figure 3 layer inside a superlayer: its origin is the frame's origin.
    func testSeedGeometry() throws {
        let root = makeRoot()
        let a = makeLayer("a", bounds: Rect(x: 0, y: 0, width: 120, height: 80), position: Point(x: 100, y: 100))
        try root.addSublayer(a)
        XCTAssertEqual(root.convert(Point.zero, from: a), Point(x: 40, y: 60))
        XCTAssertEqual(a.convert(Point.zero, to: root), Point(x: 40, y: 60))
        XCTAssertEqual(a.convert(Point(x: 40, y: 60), from: root), .zero)
        XCTAssertEqual(root.convert(a.bounds, from: a), a.frame)
        XCTAssertEqual(a.convert(Point(x: 60, y: 40), to: nil), Point(x: 100, y: 100))
        // Rotated: (0, 0) is 60 left and 40 up of the anchor; a quarter turn sends it to
        // 40 right and 60 up.
        a.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        XCTAssertEqual(a.convert(Point.zero, to: root), Point(x: 140, y: 40))
        XCTAssertEqual(root.convert(a.bounds, from: a), a.frame)
        assertClose(a.convert(Point(x: 140, y: 40), from: root), .zero)
    }

    // Issue 5: the superlayer's bounds origin shifts its sublayers.
    func testBoundsOriginShiftsSublayers() throws {
        let root = makeRoot()
        root.bounds.origin = Point(x: 10, y: 20)
        let a = makeLayer("a", bounds: Rect(x: 0, y: 0, width: 120, height: 80), position: Point(x: 100, y: 100))
        try root.addSublayer(a)
        XCTAssertEqual(a.convert(Point.zero, to: nil), Point(x: 30, y: 40))
        XCTAssertEqual(a.convert(Point(x: 30, y: 40), from: nil), .zero)
        // A layer's own bounds origin names its top-left corner.
        a.bounds.origin = Point(x: -5, y: 5)
        XCTAssertEqual(a.convert(Point(x: -5, y: 5), to: root), Point(x: 40, y: 60))
    }

    // Guide, "Sublayers Content": the sublayer transform applies about the anchor point.
    func testSublayerTransformAppliesAboutTheAnchor() throws {
        let parent = makeLayer("p", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(x: 100, y: 100))
        parent.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = makeLayer("c", position: Point(x: 150, y: 100))
        try parent.addSublayer(child)
        XCTAssertEqual(child.convert(Point.zero, to: parent), Point(x: 200, y: 100))
        XCTAssertEqual(child.convert(Point(x: 200, y: 100), from: parent), .zero)
        parent.anchorPoint = .zero
        XCTAssertEqual(child.convert(Point.zero, to: parent), Point(x: 300, y: 200))
        // Not to the parent itself, nor to its mask.
        let mask = makeLayer("m", position: Point(x: 150, y: 100))
        try parent.setMask(mask)
        XCTAssertEqual(mask.convert(Point.zero, to: parent), Point(x: 150, y: 100))
    }

    // Perspective in a sublayer transform: zPosition 256 under m34 = −1/512 halves W, so
    // the child appears twice as large about the parent's anchor.
    func testPerspective() throws {
        let parent = makeLayer("p", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(x: 100, y: 100))
        parent.sublayerTransform.m34 = -1.0 / 512
        let child = makeLayer("c", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 100, y: 100))
        child.zPosition = 256
        try parent.addSublayer(child)
        XCTAssertEqual(child.convert(Point.zero, to: parent), .zero)
        XCTAssertEqual(child.convert(Point(x: 100, y: 100), to: parent), Point(x: 200, y: 200))
        XCTAssertEqual(child.convert(Point(x: 50, y: 50), to: parent), Point(x: 100, y: 100))
        assertClose(child.convert(Point(x: 200, y: 200), from: parent), Point(x: 100, y: 100))
        assertClose(parent.convert(child.bounds, from: child), Rect(x: 0, y: 0, width: 200, height: 200))
        // A rotation about y under that perspective: the round trip holds.
        child.transform = Transform3D(rotationAngle: .pi / 5, x: 0, y: 1, z: 0)
        let p = Point(x: 12, y: 34)
        assertClose(child.convert(child.convert(p, to: nil), from: nil), p, 1e-12)
    }

    // Issue 5: layers in different trees convert as if all roots shared one space, each
    // root's own position applied; nil is that space.
    func testDifferentTreesShareTheRootSpace() throws {
        let a = makeLayer("a", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 105, y: 205))
        let b = makeLayer("b", bounds: Rect(x: 0, y: 0, width: 20, height: 20), position: Point(x: 10, y: 10))
        let c = makeLayer("c", position: Point(x: 50, y: 50))
        try b.addSublayer(c)
        XCTAssertEqual(a.convert(Point.zero, to: nil), Point(x: 100, y: 200))
        XCTAssertEqual(a.convert(Point(x: 100, y: 200), from: nil), .zero)
        XCTAssertEqual(b.convert(Point.zero, from: a), Point(x: 100, y: 200))
        XCTAssertEqual(c.convert(Point.zero, from: a), Point(x: 50, y: 150))
        XCTAssertEqual(a.convert(Point(x: 50, y: 150), from: c), .zero)
        XCTAssertEqual(a.convert(Point(x: 1, y: 2), from: a), Point(x: 1, y: 2))
        // A detached layer with default geometry: its position is all there is.
        let detached = Layer()
        detached.position = Point(x: 3, y: 4)
        XCTAssertEqual(detached.convert(Point.zero, to: nil), Point(x: 3, y: 4))
    }

    // Issue 5, bad input: a singular transform gives the documented anchor, never NaN.
    func testSingularTransformsConvertToTheAnchor() throws {
        let root = makeRoot()
        let flat = makeLayer("flat", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50))
        flat.transform = Transform3D(scaleX: 0, y: 0, z: 1)
        try root.addSublayer(flat)
        let child = makeLayer("child", position: Point(x: 10, y: 10))
        try flat.addSublayer(child)
        // Up: the mathematics collapses every point onto the position.
        XCTAssertEqual(flat.convert(Point(x: 10, y: 90), to: nil), Point(x: 50, y: 50))
        // Down: no inverse; the point lands on the anchor, (50, 50) in the bounds.
        XCTAssertEqual(flat.convert(Point(x: 12, y: 34), from: nil), Point(x: 50, y: 50))
        XCTAssertEqual(child.convert(Point(x: 12, y: 34), from: nil), Point(x: 40, y: 40))
        assertClose(flat.convert(Rect(x: 0, y: 0, width: 300, height: 300), from: root),
                    Rect(x: 50, y: 50, width: 0, height: 0))
        // Edge-on: a quarter turn about y flattens the plane to a line.
        flat.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        XCTAssertEqual(flat.convert(Point(x: 12, y: 34), from: nil), Point(x: 50, y: 50))
        flat.anchorPoint = .zero
        XCTAssertEqual(flat.convert(Point(x: 12, y: 34), from: root), .zero)
    }

    // A point at or behind the viewer (W ≤ 0) has no image: going up it lands on the
    // position, going down on the anchor.
    func testPointsBehindTheViewer() {
        let layer = makeLayer("l", bounds: Rect(x: 0, y: 0, width: 400, height: 100), anchorPoint: .zero)
        layer.transform.m14 = -0.01  // W = 1 − x/100
        assertClose(layer.convert(Point(x: 50, y: 0), to: nil), Point(x: 100, y: 0))
        assertClose(layer.convert(Point(x: 100, y: 0), from: nil), Point(x: 50, y: 0))
        XCTAssertEqual(layer.convert(Point(x: 150, y: 0), to: nil), layer.position)
        XCTAssertEqual(layer.convert(Point(x: -150, y: 0), from: nil), .zero)
        XCTAssertFalse(layer.convert(Rect(x: 0, y: 0, width: 400, height: 100), to: nil).origin.x.isNaN)
    }

    // Bad input: a NaN point converts to NaN (it has no image); a NaN rect to a NaN rect.
    func testNonFinitePoints() {
        let layer = makeLayer("l", position: Point(x: 1, y: 1))
        let p = layer.convert(Point(x: .nan, y: 0), to: nil)
        XCTAssertTrue(p.x.isNaN && p.y.isNaN)
        XCTAssertTrue(layer.convert(Rect(x: 0, y: 0, width: .infinity, height: 1), from: nil).size.width.isNaN)
    }

    // The chain: bounds origin → anchor → transform → position → the superlayer's flip
    // (when it `isGeometryFlipped`) → sublayerTransform about the superlayer's anchor,
    // written out by hand for one layer.
    func testTransformToSuperlayerIsTheDocumentedChain() throws {
        var g = LayerTreeGenerator(seed: 11)
        for _ in 0..<50 {
            let parent = g.layer("p"), layer = g.layer("l")
            try parent.addSublayer(layer)
            let b = layer.bounds.standardized, a = layer.anchorPoint, pb = parent.bounds.standardized
            let anchor = Transform3D(translationX: -(b.minX + a.x * b.width), y: -(b.minY + a.y * b.height),
                                     z: -layer.anchorPointZ)
            let place = Transform3D(translationX: layer.position.x, y: layer.position.y, z: layer.zPosition)
            let superAnchor = (x: pb.minX + parent.anchorPoint.x * pb.width,
                               y: pb.minY + parent.anchorPoint.y * pb.height, z: parent.anchorPointZ)
            let sublayer = Transform3D(translationX: -superAnchor.x, y: -superAnchor.y, z: -superAnchor.z)
                .concatenating(parent.sublayerTransform)
                .concatenating(Transform3D(translationX: superAnchor.x, y: superAnchor.y, z: superAnchor.z))
            let flip = parent.isGeometryFlipped
                ? Transform3D(scaleX: 1, y: -1, z: 1).concatenating(Transform3D(translationX: 0, y: pb.minY + pb.maxY, z: 0))
                : .identity
            let expected = anchor.concatenating(layer.transform).concatenating(place).concatenating(flip)
                .concatenating(sublayer)
            assertClose(layer.transformToSuperlayer, expected, 1e-12)
            assertClose(parent.transformToSuperlayer, anchorThenPlace(parent), 1e-15)
        }
    }

    func anchorThenPlace(_ layer: Layer) -> Transform3D {
        let b = layer.bounds.standardized, a = layer.anchorPoint
        return layer.transform.translatedBy(x: -(b.minX + a.x * b.width), y: -(b.minY + a.y * b.height),
                                            z: -layer.anchorPointZ)
            .concatenating(Transform3D(translationX: layer.position.x, y: layer.position.y, z: layer.zPosition))
    }

    // Issue 5 property: convert(p, from: a) then to a is the identity for invertible
    // transforms; and it agrees with the product of every level's flattened matrix.
    func testRoundTripAndWorldMatrices() {
        let seed: UInt64 = 2024
        var g = LayerTreeGenerator(seed: seed)
        var checked = 0
        for trial in 0..<300 {
            let layers = g.tree("t") + (g.chance(0.3) ? g.tree("u") : [])
            let a = layers[Int(g.rng.next() % UInt64(layers.count))]
            let b = g.chance(0.1) ? nil : layers[Int(g.rng.next() % UInt64(layers.count))]
            let p = Point(x: g.number(-300...300), y: g.number(-300...300))
            guard let q = exactConversion(p, from: a, to: b), exactConversion(q, from: b, to: a) != nil else { continue }
            checked += 1
            let converted = a.convert(p, to: b)
            XCTAssertEqual(converted, q, "seed \(seed), trial \(trial)")
            let back = a.convert(converted, from: b)
            assertClose(back, p, 1e-9, "seed \(seed), trial \(trial): round trip")
            // World matrices: each level flattened into its superlayer's plane, multiplied.
            if let inverse = world(b).inverse {
                assertClose(world(a).concatenating(inverse).apply(to: p), q, 1e-9, "seed \(seed), trial \(trial): world")
            }
        }
        XCTAssertGreaterThan(checked, 250, "seed \(seed): too few invertible cases")
    }

    /// The product of the flattened levels from `layer` up to the root space.
    func world(_ layer: Layer?) -> Transform3D {
        guard let layer else { return .identity }
        return layer.transformToSuperlayer.flattenedToPlane.concatenating(world(layer.superlayer))
    }
}
