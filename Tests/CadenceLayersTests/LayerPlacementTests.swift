import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// The fast paths of conversion and hit testing (`Layer+Transforms.swift`,
/// `Layer+Conversion.swift`, `Layer+HitTesting.swift`) against their reference twins.
final class LayerPlacementTests: XCTestCase {
    // MARK: Level shortcuts

    /// The translation shortcut (identity transform, no sublayer transform above) gives the
    /// reference's answer — the inverse of the flattened level — up to the sign of a zero,
    /// in both directions, for edge-biased geometry and points.
    func testTranslationShortcutMatchesReference() {
        let seed: UInt64 = 0xCADE_0701
        var g = LayerTreeGenerator(seed: seed)
        for trial in 0..<20_000 {
            let scale = g.chance(0.1) ? 1e13 : (g.chance(0.2) ? 1e6 : 200)
            let placement = LayerPlacement(
                bounds: Rect(x: g.number(-scale...scale), y: g.number(-scale...scale),
                             width: g.number(-scale...scale), height: g.number(-scale...scale)),
                position: Point(x: g.number(-scale...scale), y: g.number(-scale...scale)),
                zPosition: g.number(-50...50),
                anchorPoint: Point(x: g.number(-1...2), y: g.number(-1...2)), anchorPointZ: g.number(-20...20),
                transform: .identity, isHidden: false, masksToBounds: false, sublayerTransform: .identity)
            let p = Point(x: g.number(-scale...scale), y: g.number(-scale...scale))
            let message = "seed \(seed), trial \(trial)"
            XCTAssertEqual(placement.mapFromSuperlayer(p, space: nil), placement.localTransform.mapFromPlaneReference(p),
                           message)
            XCTAssertEqual(placement.mapToSuperlayer(p, space: nil),
                           Layer.project(placement.localTransform.homogeneous(x: p.x, y: p.y, z: 0)), message)
        }
    }

    /// The affine inverse map gives the reference's answer bit for bit (up to the sign of a
    /// zero) for rotations, scales (to near-singular), shears, flips (a superlayer's
    /// `isGeometryFlipped` among them) and translations (to where the singularity test is
    /// relative to them); other levels are left to the reference.
    func testAffineInverseMapMatchesReference() {
        let seed: UInt64 = 0xCADE_0702
        var g = LayerTreeGenerator(seed: seed)
        var mapped = 0
        for trial in 0..<20_000 {
            var t = g.transform()
            if g.chance(0.2) { t = t.scaledBy(x: g.chance(0.5) ? 1e-9 : 0, y: g.number(0...1e-6), z: 1) }
            if g.chance(0.2) { t.m21 = g.number(-3...3) }
            if g.chance(0.2) { t.m41 = g.number(-1e15...1e15) }
            if g.chance(0.1) { t.m14 = g.number(-0.01...0.01) }
            if g.chance(0.1) { t.m44 = g.number(0.5...2) }
            // A superlayer's flip before the rest (`LayerPlacement.sublayerSpace`).
            if g.chance(0.2) { t = t.yFlippedBefore(aboutSum: g.number(-400...400)) }
            let p = Point(x: g.number(-1e4...1e4), y: g.number(-1e4...1e4))
            let reference = t.mapFromPlaneReference(p)
            if t.m14 == 0, t.m24 == 0, t.m44 == 1 {
                guard let fast = t.mapFromPlaneAffine(p) else {
                    XCTFail("seed \(seed), trial \(trial): an affine level was not taken")
                    continue
                }
                XCTAssertEqual(fast.point, reference, "seed \(seed), trial \(trial): \(t)")
                if reference != nil { mapped += 1 }
            } else {
                XCTAssertNil(t.mapFromPlaneAffine(p), "seed \(seed), trial \(trial)")
            }
        }
        XCTAssertGreaterThan(mapped, 10_000, "seed \(seed): too few invertible levels to mean much")
    }

    // MARK: Conversion

    /// `convert` over random trees (perspective, masks, different trees, `nil`) equals the
    /// reference walk: every superlayer read through the weak reference, every level the
    /// inverse of `transformToSuperlayer` flattened, the documented fallbacks.
    func testConversionMatchesReferenceWalk() throws {
        let seed: UInt64 = 0xCADE_0703
        var g = LayerTreeGenerator(seed: seed)
        for trial in 0..<200 {
            var layers = g.tree("a", maxDepth: 4, maxChildren: 2) + g.tree("b", maxDepth: 2, maxChildren: 2)
            if g.chance(0.5), layers.count > 2 {
                let mask = g.layer("mask")
                try layers[1].setMask(mask)
                let child = g.layer("mask.child")
                try mask.addSublayer(child)
                layers += [mask, child]
            }
            for _ in 0..<20 {
                let source = g.chance(0.1) ? nil : layers[Int(g.rng.next() % UInt64(layers.count))]
                let target = g.chance(0.1) ? nil : layers[Int(g.rng.next() % UInt64(layers.count))]
                let p = Point(x: g.number(-300...300), y: g.number(-300...300))
                XCTAssertEqual(Layer.convert(p, from: source, to: target), referenceConvert(p, from: source, to: target),
                               "seed \(seed), trial \(trial)")
                XCTAssertTrue(Layer.nearestCommonAncestor(source, target) === referenceAncestor(source, target))
            }
        }
    }

    // MARK: Hit testing

    /// The order sublayers are tried in equals the reference sort (z descending, index
    /// descending; reversed when all equal), for equal, few, many, signed-zero, infinite
    /// and NaN `zPosition`s (the last two only reachable through a style).
    func testSublayerOrderMatchesReferenceSort() throws {
        let seed: UInt64 = 0xCADE_0704
        var g = SeededGenerator(seed: seed)
        let palettes: [[Double]] = [[0], [0, 1, 2], [-0.0, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [.infinity, -.infinity, 0],
                                    [.nan, 1, 2], [-1, 1]]
        for trial in 0..<2000 {
            let palette = palettes[Int(g.next() % UInt64(palettes.count))]
            // Past `Layer.maxStackZPositions` now and then (the array path).
            let count = g.next() % 10 == 0 ? Layer.maxStackZPositions + 1 + Int(g.next() % 40) : 1 + Int(g.next() % 40)
            let parent = Layer()
            var zs: [Double] = []
            for _ in 0..<count {
                let layer = Layer()
                let z = g.next() % 5 == 0 ? Double(g.next() % 100) : palette[Int(g.next() % UInt64(palette.count))]
                if z.isFinite { layer.zPosition = z } else { layer.style = LayerStyle(values: ["zPosition": .scalar(z)]) }
                zs.append(layer.zPosition)
                try parent.addSublayer(layer)
            }
            var visited: [Int] = []
            _ = parent.firstSublayer { layer in
                visited.append(parent.sublayers.firstIndex { $0 === layer }!)
                return nil
            }
            let expected = zs.contains(where: { $0 != zs[0] })
                ? zs.indices.sorted { i, j in zs[i] != zs[j] ? zs[i] > zs[j] : i > j }
                : Array(zs.indices.reversed())
            XCTAssertEqual(visited, expected, "seed \(seed), trial \(trial): \(zs)")
            // Hit testing tries the sublayers in the reverse of the order they are drawn in.
            if !zs.contains(where: \.isNaN) {
                let painted = Layer.paintOrder(parent.sublayers).map { layer in parent.sublayers.firstIndex { $0 === layer }! }
                XCTAssertEqual(visited, painted.reversed(), "seed \(seed), trial \(trial): \(zs)")
            }
        }
    }

    /// `hitTest` over random trees equals the reference: the recursion through
    /// `mapFromSuperlayer(_:)` (the weak superlayer, the flattened inverse) and the sorted
    /// sublayers.
    func testHitTestMatchesReference() {
        let seed: UInt64 = 0xCADE_0705
        var g = LayerTreeGenerator(seed: seed)
        var hits = 0
        for trial in 0..<300 {
            let layers = g.tree("t", maxDepth: 3, maxChildren: 4)
            for layer in layers {
                if g.chance(0.1) { layer.isHidden = true }
                if g.chance(0.3) { layer.masksToBounds = true }
                if g.chance(0.3) { layer.zPosition = Double(g.rng.next() % 3) }
                if g.chance(0.3) { layer.transform = .identity }
                if g.chance(0.1) { layer.style = LayerStyle(values: ["hidden": .boolean(false), "opacity": .scalar(1)]) }
            }
            for _ in 0..<10 {
                let start = layers[Int(g.rng.next() % UInt64(layers.count))]
                let target = layers[Int(g.rng.next() % UInt64(layers.count))]
                let b = target.bounds.standardized
                let inside = Point(x: b.minX + g.rng.unit() * b.width, y: b.minY + g.rng.unit() * b.height)
                let p = g.chance(0.7) ? target.convert(inside, to: start.superlayer)
                    : Point(x: g.number(-300...300), y: g.number(-300...300))
                let hit = start.hitTest(p)
                XCTAssertTrue(hit === referenceHitTest(start, p), "seed \(seed), trial \(trial), \(p)")
                if hit != nil { hits += 1 }
            }
        }
        XCTAssertGreaterThan(hits, 300, "seed \(seed): too few hits to mean much")
    }

    // MARK: References

    func referenceAncestor(_ a: Layer?, _ b: Layer?) -> Layer? {
        guard let a, let b else { return nil }
        var ancestorsOfB: [Layer] = []
        var node: Layer? = b
        while let layer = node {
            ancestorsOfB.append(layer)
            node = layer.superlayer
        }
        node = a
        while let layer = node {
            if ancestorsOfB.contains(where: { $0 === layer }) { return layer }
            node = layer.superlayer
        }
        return nil
    }

    func referenceUp(_ layer: Layer, _ p: Point) -> Point {
        Layer.project(layer.transformToSuperlayer.homogeneous(x: p.x, y: p.y, z: 0)) ?? layer.position
    }

    func referenceDown(_ layer: Layer, _ p: Point) -> Point {
        if let mapped = layer.transformToSuperlayer.mapFromPlaneReference(p) { return mapped }
        let anchor = layer.anchorInBounds
        return Point(x: anchor.x, y: anchor.y)
    }

    func referenceConvert(_ point: Point, from source: Layer?, to target: Layer?) -> Point {
        guard point.x.isFinite, point.y.isFinite else { return Point(x: .nan, y: .nan) }
        let ancestor = referenceAncestor(source, target)
        var p = point
        var node = source
        while let layer = node, layer !== ancestor {
            p = referenceUp(layer, p)
            node = layer.superlayer
        }
        var down: [Layer] = []
        node = target
        while let layer = node, layer !== ancestor {
            down.append(layer)
            node = layer.superlayer
        }
        for layer in down.reversed() { p = referenceDown(layer, p) }
        return p
    }

    func referenceHitTest(_ layer: Layer, _ point: Point) -> Layer? {
        guard !layer.isHidden, let local = layer.transformToSuperlayer.mapFromPlaneReference(point) else { return nil }
        let inside = layer.contains(local)
        if layer.masksToBounds && !inside { return nil }
        let subs = layer.sublayers
        let order = subs.indices.sorted { i, j in
            subs[i].zPosition != subs[j].zPosition ? subs[i].zPosition > subs[j].zPosition : i > j
        }
        for i in order {
            if let hit = referenceHitTest(subs[i], local) { return hit }
        }
        return inside ? layer : nil
    }
}
