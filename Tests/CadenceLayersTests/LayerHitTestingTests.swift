import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// `contains(_:)` and `hitTest(_:)` (`Layer+HitTesting.swift`).
final class LayerHitTestingTests: XCTestCase {
    // Issue 5: far edges excluded.
    func testContainsExcludesTheFarEdges() {
        let layer = makeLayer("l", bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertTrue(layer.contains(Point(x: 99.9, y: 99.9)))
        XCTAssertTrue(layer.contains(.zero))
        XCTAssertFalse(layer.contains(Point(x: 100, y: 100)))
        XCTAssertFalse(layer.contains(Point(x: 100, y: 50)))
        XCTAssertFalse(layer.contains(Point(x: -0.1, y: 50)))
        XCTAssertFalse(layer.contains(Point(x: .nan, y: 50)))
        layer.bounds = Rect(x: 100, y: 100, width: -100, height: -100)  // standardised
        XCTAssertTrue(layer.contains(Point(x: 0, y: 0)))
        XCTAssertFalse(layer.contains(Point(x: 100, y: 100)))
        layer.bounds = Rect(x: 5, y: 5, width: 0, height: 10)
        XCTAssertFalse(layer.contains(Point(x: 5, y: 6)))
    }

    /// root (0, 0, 100, 100) at the root space's origin; `child` (10, 10)–(30, 30);
    /// `grandchild` (20, 20)–(25, 25); `outside` (150, 0)–(170, 20), beyond the root.
    func makeTree() throws -> (root: Layer, child: Layer, grandchild: Layer, outside: Layer) {
        let root = makeLayer("root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), anchorPoint: .zero)
        let child = makeLayer("child", bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                              position: Point(x: 10, y: 10), anchorPoint: .zero)
        let grandchild = makeLayer("grandchild", bounds: Rect(x: 0, y: 0, width: 5, height: 5),
                                   position: Point(x: 10, y: 10), anchorPoint: .zero)
        let outside = makeLayer("outside", bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                                position: Point(x: 150, y: 0), anchorPoint: .zero)
        try root.addSublayer(child)
        try child.addSublayer(grandchild)
        try root.addSublayer(outside)
        return (root, child, grandchild, outside)
    }

    // CALayer `hitTest:`: the farthest descendant containing the point, which is in the
    // superlayer's coordinates; nil outside.
    func testFarthestDescendant() throws {
        let (root, child, grandchild, _) = try makeTree()
        XCTAssertIdentical(root.hitTest(Point(x: 22, y: 22)), grandchild)
        XCTAssertIdentical(root.hitTest(Point(x: 12, y: 12)), child)
        XCTAssertIdentical(root.hitTest(Point(x: 50, y: 50)), root)
        XCTAssertNil(root.hitTest(Point(x: -1, y: 50)))
        XCTAssertNil(root.hitTest(Point(x: .nan, y: 50)))
        // The point is in the superlayer's space: the root's position moves it.
        root.position = Point(x: 1000, y: 0)
        XCTAssertIdentical(root.hitTest(Point(x: 1022, y: 22)), grandchild)
        XCTAssertIdentical(child.hitTest(Point(x: 22, y: 22)), grandchild)
    }

    // Issue 5: sublayers outside the bounds are found unless masksToBounds.
    func testSublayersOutsideTheBounds() throws {
        let (root, _, _, outside) = try makeTree()
        XCTAssertIdentical(root.hitTest(Point(x: 160, y: 10)), outside)
        root.masksToBounds = true
        XCTAssertNil(root.hitTest(Point(x: 160, y: 10)))
    }

    // Issue 5: a higher zPosition wins over sibling order; equal ones go by order.
    func testZPositionBeatsSiblingOrder() throws {
        let root = makeLayer("root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), anchorPoint: .zero)
        let back = makeLayer("back", bounds: Rect(x: 0, y: 0, width: 50, height: 50), anchorPoint: .zero)
        let front = makeLayer("front", bounds: Rect(x: 0, y: 0, width: 50, height: 50), anchorPoint: .zero)
        try root.addSublayer(back)
        try root.addSublayer(front)
        XCTAssertIdentical(root.hitTest(Point(x: 10, y: 10)), front)
        back.zPosition = 1
        XCTAssertIdentical(root.hitTest(Point(x: 10, y: 10)), back)
        front.zPosition = 2
        XCTAssertIdentical(root.hitTest(Point(x: 10, y: 10)), front)
        back.zPosition = -1
        front.zPosition = -1
        XCTAssertIdentical(root.hitTest(Point(x: 10, y: 10)), front)
    }

    // Siblings are drawn by ascending zPosition, equal ones (−0 and +0 too) in their order.
    func testPaintOrder() {
        let zs: [Double] = [2, 0, -1, -0.0, 2, 0, 1e300, -1e300]
        let layers = zs.indices.map { i in
            let layer = makeLayer("\(i)")
            layer.zPosition = zs[i]
            return layer
        }
        XCTAssertEqual(Layer.paintOrder(layers).map { $0.name! }, ["7", "2", "1", "3", "5", "0", "4", "6"])
        XCTAssertTrue(Layer.paintOrder([]).isEmpty)
    }

    // Issue 5: hidden layers, and what is under them, are skipped.
    func testHiddenLayersAreSkipped() throws {
        let (root, child, _, _) = try makeTree()
        child.isHidden = true
        XCTAssertIdentical(root.hitTest(Point(x: 22, y: 22)), root)
        root.isHidden = true
        XCTAssertNil(root.hitTest(Point(x: 50, y: 50)))
    }

    // Singular levels are never hit, nor what is under them; masks are not hit-tested.
    func testSingularLayersAndMasks() throws {
        let (root, child, _, _) = try makeTree()
        child.transform = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)  // edge-on
        XCTAssertIdentical(root.hitTest(Point(x: 22, y: 10)), root)
        child.transform = .identity
        let mask = makeLayer("mask", bounds: Rect(x: 0, y: 0, width: 100, height: 100), anchorPoint: .zero)
        try child.setMask(mask)
        XCTAssertIdentical(root.hitTest(Point(x: 50, y: 50)), root)
        XCTAssertIdentical(root.hitTest(Point(x: 12, y: 12)), child)
    }

    // Transforms: a point reaches each layer through its inverse.
    func testHitTestThroughTransforms() throws {
        let (root, child, grandchild, _) = try makeTree()
        root.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)  // about the root's anchor (0, 0)
        XCTAssertIdentical(root.hitTest(Point(x: 44, y: 44)), grandchild)
        XCTAssertIdentical(root.hitTest(Point(x: 22, y: 22)), child)
        XCTAssertIdentical(root.hitTest(Point(x: 61, y: 61)), root)
    }

    // Issue 5 property: hitTest agrees with contains after conversion — the layer found
    // contains the point, and it is the front-most layer of the tree that does.
    func testAgreesWithContainsAfterConversion() {
        let seed: UInt64 = 31
        var g = LayerTreeGenerator(seed: seed)
        var hits = 0
        for trial in 0..<300 {
            let layers = g.tree("t", maxDepth: 3, maxChildren: 3)
            for layer in layers {
                if g.chance(0.1) { layer.isHidden = true }
                if g.chance(0.3) { layer.masksToBounds = true }
                if g.chance(0.2) { layer.zPosition = Double(g.rng.next() % 3) }
            }
            let root = layers[0]
            for _ in 0..<5 {
                let target = layers[Int(g.rng.next() % UInt64(layers.count))]
                let b = target.bounds.standardized
                let inside = Point(x: b.minX + g.rng.unit() * b.width, y: b.minY + g.rng.unit() * b.height)
                let p = g.chance(0.7) ? target.convert(inside, to: nil)
                    : Point(x: g.number(-300...300), y: g.number(-300...300))
                let hit = root.hitTest(p)
                let message = "seed \(seed), trial \(trial), point \(p)"
                XCTAssertIdentical(hit, frontMostContaining(p, root), message)
                if let hit {
                    hits += 1
                    XCTAssertTrue(hit.contains(hit.convert(p, from: nil)), message)
                }
            }
        }
        XCTAssertGreaterThan(hits, 300, "seed \(seed): too few hits to mean much")
    }

    /// The reference: every layer in paint order (a layer, then its sublayers as the
    /// compositor draws them, `Layer.paintOrder`), keeping the last one that is visible,
    /// inside every masking ancestor, reachable exactly, and contains the point.
    func frontMostContaining(_ p: Point, _ root: Layer) -> Layer? {
        var result: Layer?
        func visit(_ layer: Layer) {
            if isCandidate(layer, p) { result = layer }
            for sublayer in Layer.paintOrder(layer.sublayers) { visit(sublayer) }
        }
        visit(root)
        return result
    }

    func isCandidate(_ layer: Layer, _ p: Point) -> Bool {
        guard let local = exactConversion(p, from: nil, to: layer), layer.contains(local) else { return false }
        var node: Layer? = layer
        while let current = node {
            if current.isHidden { return false }
            if current !== layer && current.masksToBounds {
                guard let there = exactConversion(p, from: nil, to: current), current.contains(there) else { return false }
            }
            node = current.superlayer
        }
        return true
    }
}
