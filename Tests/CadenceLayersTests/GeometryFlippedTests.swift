import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// `isGeometryFlipped` and `contentsAreFlipped` (`Layer.swift`, `Layer+Transforms.swift`):
/// the flip in the matrix chain, and conversion and hit testing through it.
final class GeometryFlippedTests: XCTestCase {
    /// A flipped root whose space is the root space: bounds (0, 0, 100, 100) centred on
    /// its position.
    func makeFlippedRoot() -> Layer {
        let root = makeLayer("root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50))
        root.isGeometryFlipped = true
        return root
    }

    /// The flip about `bounds` (standardised): y ↦ minY + maxY − y, written out.
    func flip(about bounds: Rect) -> Transform3D {
        Transform3D(scaleX: 1, y: -1, z: 1).concatenating(Transform3D(translationX: 0, y: bounds.minY + bounds.maxY, z: 0))
    }

    // MARK: The property

    func testDefaultKeyValueCodingStyleAndCopies() throws {
        let layer = Layer()
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertEqual(layer.value(forKeyPath: "geometryFlipped"), .boolean(false))
        XCTAssertEqual(Layer.defaultValue(forKey: "geometryFlipped"), .boolean(false))
        try layer.setValue(.boolean(true), forKeyPath: "geometryFlipped")
        XCTAssertTrue(layer.isGeometryFlipped)
        XCTAssertTrue(layer.storage.extraValues.isEmpty, "a property, not an extra key")
        XCTAssertTrue(layer.storage.hot.isGeometryFlipped, "the chain's flag follows the property")
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "geometryFlipped")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "geometryFlipped", expected: .boolean, found: .scalar))
        }
        XCTAssertTrue(layer.modelCopy().isGeometryFlipped)
        XCTAssertTrue(layer.presentation(at: 0).isGeometryFlipped)
        layer.isGeometryFlipped = false
        XCTAssertFalse(layer.storage.hot.isGeometryFlipped)

        // From the style, which the chain reads too (the styled placement).
        let parent = makeLayer("p", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50))
        parent.style = LayerStyle(values: ["geometryFlipped": .boolean(true)])
        XCTAssertTrue(parent.isGeometryFlipped)
        let child = makeLayer("c", position: Point(x: 10, y: 20))
        try parent.addSublayer(child)
        XCTAssertEqual(child.convert(Point.zero, to: parent), Point(x: 10, y: 80))
    }

    // A Boolean: the action search runs, but there is no default animation.
    func testNoDefaultAnimation() {
        let (context, _, layer) = makeAttachedLayer()
        XCTAssertNil(layer.defaultAction(forKey: "geometryFlipped"))
        layer.isGeometryFlipped = true
        context.flush()
        XCTAssertTrue(layer.isGeometryFlipped)
        XCTAssertTrue(layer.animations.isEmpty)
    }

    // MARK: The chain

    // A sublayer at position (10, 20) of a flipped 100 × 100 layer sits at y 80; the
    // bounds origin moves the mirror line; the frame (own placement only) does not flip.
    func testSublayerPositionIsMirrored() throws {
        let root = makeFlippedRoot()
        let child = makeLayer("c", position: Point(x: 10, y: 20))
        try root.addSublayer(child)
        XCTAssertEqual(child.convert(Point.zero, to: root), Point(x: 10, y: 80))
        XCTAssertEqual(child.convert(Point.zero, to: nil), Point(x: 10, y: 80))
        XCTAssertEqual(root.convert(Point(x: 10, y: 80), to: child), .zero)
        XCTAssertEqual(child.frame, Rect(x: 10, y: 20, width: 0, height: 0))
        // minY + maxY = 50 + 150.
        root.bounds = Rect(x: 0, y: 50, width: 100, height: 100)
        XCTAssertEqual(child.convert(Point.zero, to: root), Point(x: 10, y: 180))
        // Standardised bounds: a negative height mirrors about the same line.
        root.bounds = Rect(x: 0, y: 100, width: 100, height: -100)
        XCTAssertEqual(child.convert(Point.zero, to: root), Point(x: 10, y: 80))
        root.isGeometryFlipped = false
        XCTAssertEqual(child.convert(Point.zero, to: root), Point(x: 10, y: 20))
    }

    // A flipped sublayer of a flipped layer: each flips its own sublayers about its own
    // bounds, worked by hand.
    func testNestedFlips() throws {
        let root = makeFlippedRoot()
        let child = makeLayer("c", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 10, y: 20))
        child.isGeometryFlipped = true
        let grandchild = makeLayer("g", position: Point(x: 1, y: 2))
        try root.addSublayer(child)
        try child.addSublayer(grandchild)
        // (1, 2) → child's flip → (1, 8) → child's placement (anchor (5, 5) to (10, 20))
        // → (6, 23) → root's flip → (6, 77).
        XCTAssertEqual(grandchild.convert(Point.zero, to: child), Point(x: 1, y: 8))
        XCTAssertEqual(grandchild.convert(Point.zero, to: root), Point(x: 6, y: 77))
        XCTAssertEqual(grandchild.convert(Point(x: 6, y: 77), from: nil), .zero)
    }

    // The chain written by hand: own placement · F · sublayer transform about the anchor;
    // a mask gets F and not the sublayer transform.
    func testTransformToSuperlayerIsOwnThenFlipThenSublayerTransform() throws {
        var g = LayerTreeGenerator(seed: 0xF11B_0001)
        for _ in 0..<50 {
            let parent = g.layer("p"), layer = g.layer("l"), mask = g.layer("m")
            parent.isGeometryFlipped = true
            parent.sublayerTransform = g.sublayerTransform()
            try parent.addSublayer(layer)
            try parent.setMask(mask)
            let pb = parent.bounds.standardized
            let anchor = (x: pb.minX + parent.anchorPoint.x * pb.width, y: pb.minY + parent.anchorPoint.y * pb.height,
                          z: parent.anchorPointZ)
            let sublayer = Transform3D(translationX: -anchor.x, y: -anchor.y, z: -anchor.z)
                .concatenating(parent.sublayerTransform)
                .concatenating(Transform3D(translationX: anchor.x, y: anchor.y, z: anchor.z))
            assertClose(layer.transformToSuperlayer,
                        layer.localTransform.concatenating(flip(about: pb)).concatenating(sublayer), 1e-12)
            assertClose(mask.transformToSuperlayer, mask.localTransform.concatenating(flip(about: pb)), 1e-12)
        }
    }

    // The mask is flipped like a sublayer but skips the sublayer transform.
    func testMaskGetsTheFlipNotTheSublayerTransform() throws {
        let root = makeFlippedRoot()
        root.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        let mask = makeLayer("m", position: Point(x: 10, y: 20))
        let child = makeLayer("c", position: Point(x: 10, y: 20))
        try root.setMask(mask)
        try root.addSublayer(child)
        XCTAssertEqual(mask.convert(Point.zero, to: root), Point(x: 10, y: 80))
        XCTAssertEqual(root.convert(Point(x: 10, y: 80), to: mask), .zero)
        // Flipped to (10, 80), then scaled by 2 about the anchor (50, 50).
        XCTAssertEqual(child.convert(Point.zero, to: root), Point(x: -30, y: 110))
        XCTAssertEqual(root.convert(Point(x: -30, y: 110), to: child), .zero)
    }

    // Hit testing goes down the same chain: a sublayer covering y 10 ..< 20 unflipped
    // is hit at y 80 ... 90 once its superlayer is flipped.
    func testHitTestFollowsTheFlip() throws {
        let root = makeFlippedRoot()
        let child = makeLayer("c", bounds: Rect(x: 0, y: 0, width: 20, height: 10), position: Point(x: 20, y: 15))
        try root.addSublayer(child)
        XCTAssertTrue(root.hitTest(Point(x: 20, y: 85)) === child)
        XCTAssertTrue(root.hitTest(Point(x: 20, y: 15)) === root)
        XCTAssertTrue(child.hitTest(Point(x: 20, y: 85)) === child, "a sublayer's hit test starts in the flipped space")
        XCTAssertNil(child.hitTest(Point(x: 20, y: 15)))
        // In the child, (20, 85) is (10, 5): root y = 90 − child y.
        XCTAssertEqual(child.convert(Point(x: 20, y: 85), from: root), Point(x: 10, y: 5))
        root.isGeometryFlipped = false
        XCTAssertTrue(root.hitTest(Point(x: 20, y: 15)) === child)
    }

    // MARK: contentsAreFlipped

    // Core Animation's rule: the parity of the flipped layers from the layer itself up to
    // the root, inclusive; two flips cancel, three do not; a mask counts the layer it masks
    // and that layer's ancestors.
    func testContentsAreFlippedIsTheParityFromTheLayerUp() throws {
        let root = makeFlippedRoot()
        let a = makeLayer("a"), b = makeLayer("b"), c = makeLayer("c"), maskOfA = makeLayer("ma"), maskOfB = makeLayer("mb")
        b.isGeometryFlipped = true
        try root.addSublayer(a)
        try a.addSublayer(b)
        try b.addSublayer(c)
        try a.setMask(maskOfA)
        try b.setMask(maskOfB)
        XCTAssertTrue(root.contentsAreFlipped, "a layer's own flag counts")
        XCTAssertTrue(a.contentsAreFlipped)
        XCTAssertFalse(b.contentsAreFlipped, "its own flip and the root's cancel")
        XCTAssertFalse(c.contentsAreFlipped, "two flips above cancel")
        XCTAssertTrue(maskOfA.contentsAreFlipped)
        XCTAssertFalse(maskOfB.contentsAreFlipped)
        c.isGeometryFlipped = true
        XCTAssertTrue(c.contentsAreFlipped, "three flips")
        // A detached flipped layer; an unflipped one.
        let alone = makeLayer("alone")
        XCTAssertFalse(alone.contentsAreFlipped)
        alone.isGeometryFlipped = true
        XCTAssertTrue(alone.contentsAreFlipped)
        // Snapshots keep the tree, so they answer the same.
        let snapshot = root.presentation(at: 0)
        XCTAssertTrue(snapshot.contentsAreFlipped)
        XCTAssertFalse(snapshot.sublayers[0].sublayers[0].contentsAreFlipped)
        XCTAssertTrue(snapshot.sublayers[0].sublayers[0].sublayers[0].contentsAreFlipped)
        XCTAssertTrue(snapshot.sublayers[0].mask?.contentsAreFlipped ?? false)
    }

    // MARK: Properties

    /// Conversions through flipped layers round-trip, and agree with the exact level-by-level
    /// walk (the generator flips a fifth of the layers; here, half).
    func testConversionRoundTripsThroughFlippedLayers() {
        let seed: UInt64 = 0xF11B_0002
        var g = LayerTreeGenerator(seed: seed)
        var checked = 0
        for trial in 0..<300 {
            let layers = g.tree("t", maxDepth: 4, maxChildren: 2)
            for layer in layers where g.chance(0.5) { layer.isGeometryFlipped.toggle() }
            let a = layers[Int(g.rng.next() % UInt64(layers.count))]
            let b = g.chance(0.2) ? nil : layers[Int(g.rng.next() % UInt64(layers.count))]
            let p = Point(x: g.number(-300...300), y: g.number(-300...300))
            guard let q = exactConversion(p, from: a, to: b), exactConversion(q, from: b, to: a) != nil else { continue }
            checked += 1
            XCTAssertEqual(a.convert(p, to: b), q, "seed \(seed), trial \(trial)")
            // 1e-9 relative: as `testRoundTripAndWorldMatrices`, a few levels of
            // foreshortened and perspective maps, each inverted in Double.
            assertClose(a.convert(q, from: b), p, 1e-9, "seed \(seed), trial \(trial): round trip")
        }
        XCTAssertGreaterThan(checked, 250, "seed \(seed): too few invertible cases")
    }

    /// Flipping a layer without a sublayer transform mirrors its whole subtree in its
    /// space: every descendant's point lands at `minY + maxY − y` of where it landed
    /// unflipped (whatever the descendants' own transforms and flips).
    func testFlipMirrorsTheSubtree() {
        let seed: UInt64 = 0xF11B_0003
        var g = LayerTreeGenerator(seed: seed)
        var checked = 0
        for trial in 0..<300 {
            let layers = g.tree("t", maxDepth: 3, maxChildren: 3)
            let root = layers[0]
            guard layers.count > 1 else { continue }
            root.sublayerTransform = .identity
            root.isGeometryFlipped = false
            let descendant = layers[1 + Int(g.rng.next() % UInt64(layers.count - 1))]
            let p = Point(x: g.number(-100...100), y: g.number(-100...100))
            guard let unflipped = exactConversion(p, from: descendant, to: root) else { continue }
            root.isGeometryFlipped = true
            guard let flipped = exactConversion(p, from: descendant, to: root) else {
                XCTFail("seed \(seed), trial \(trial): the flip made a conversion fail")
                continue
            }
            checked += 1
            let b = root.bounds.standardized
            // The flip is exact; the tolerance covers the different rounding of the two
            // products (1e-12 relative to the coordinates, which stay below ~1e4).
            assertClose(flipped, Point(x: unflipped.x, y: b.minY + b.maxY - unflipped.y), 1e-12,
                        "seed \(seed), trial \(trial)")
            XCTAssertEqual(descendant.convert(p, to: root), flipped, "seed \(seed), trial \(trial)")
        }
        XCTAssertGreaterThan(checked, 200, "seed \(seed): too few cases")
    }

    /// `hitTest` through flipped layers equals the reference recursion (which reads
    /// `transformToSuperlayer`), as `LayerPlacementTests.testHitTestMatchesReference` does
    /// for the generator's trees; here every other layer is flipped and every point aimed.
    func testHitTestThroughFlippedLayersFindsTheAimedLayer() {
        let seed: UInt64 = 0xF11B_0004
        var g = LayerTreeGenerator(seed: seed)
        var hits = 0
        for trial in 0..<300 {
            let layers = g.tree("t", maxDepth: 3, maxChildren: 3)
            for layer in layers {
                layer.isGeometryFlipped = g.chance(0.5)
                layer.transform = .identity
                layer.sublayerTransform = .identity
                layer.zPosition = 0
            }
            // Aim at the last layer in paint order that contains the point: with flat
            // translations only, that is the one hit.
            let target = layers[Int(g.rng.next() % UInt64(layers.count))]
            let b = target.bounds.standardized
            guard b.width > 0, b.height > 0 else { continue }
            let inside = Point(x: b.minX + g.rng.unit() * b.width, y: b.minY + g.rng.unit() * b.height)
            let p = target.convert(inside, to: nil)
            let hit = layers[0].hitTest(p)
            let expected = paintOrder(layers[0]).last { $0.contains($0.convert(p, from: nil)) }
            XCTAssertTrue(hit === expected, "seed \(seed), trial \(trial), \(p)")
            if hit != nil { hits += 1 }
        }
        XCTAssertGreaterThan(hits, 200, "seed \(seed): too few hits to mean much")
    }

    /// `layer` and its descendants in paint order (a layer, then its sublayers in order).
    func paintOrder(_ layer: Layer) -> [Layer] {
        [layer] + layer.sublayers.flatMap(paintOrder)
    }
}

extension GeometryFlippedTests {
    // `transformToSuperlayer(asSublayerOf:)`: the sublayer rule under any layer; for a
    // sublayer it is `transformToSuperlayer`, for a mask it adds the sublayer transform.
    func testTransformAsSublayerOf() throws {
        var g = LayerTreeGenerator(seed: 0xF11B_0005)
        for _ in 0..<50 {
            let parent = g.layer("p"), layer = g.layer("l"), mask = g.layer("m")
            try parent.addSublayer(layer)
            try parent.setMask(mask)
            XCTAssertEqual(layer.transformToSuperlayer(asSublayerOf: parent), layer.transformToSuperlayer)
            XCTAssertEqual(layer.transformToSuperlayer(asSublayerOf: nil), layer.localTransform)
            let loose = g.layer("loose")
            loose.copyModelProperties(from: layer)
            XCTAssertEqual(loose.transformToSuperlayer(asSublayerOf: parent), layer.transformToSuperlayer)
            if !parent.sublayerTransform.isIdentity {
                XCTAssertNotEqual(mask.transformToSuperlayer(asSublayerOf: parent), mask.transformToSuperlayer)
            }
        }
    }
}
