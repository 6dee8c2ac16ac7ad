import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import CadenceTiming
import XCTest

@_spi(Testing) @testable import CadenceCompositor

/// Replicator layers in the render list and on the canvas (`docs/compositor.md` § 16).
final class ReplicatorRenderingTests: XCTestCase {
    /// A replicator of `count` copies of one `10 × 10` red leaf at (5, 5) of its 40 × 40
    /// bounds, at (20, 20).
    private func replicator(count: Int, transform: Transform3D = .identity) throws -> ReplicatorLayer {
        let replicator = ReplicatorLayer()
        replicator.name = "replicator"
        replicator.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        replicator.position = Point(x: 20, y: 20)
        replicator.instanceCount = count
        replicator.instanceTransform = transform
        try replicator.addSublayer(makeLayer("leaf", frame: Rect(x: 5, y: 5, width: 10, height: 10), background: red))
        return replicator
    }

    private func list(_ roots: [Layer], at time: Double = 0, width: Double = 64, height: Double = 64) -> RenderList {
        Compositor(threadCount: 1).renderList(roots, at: time, on: Canvas(width: width, height: height))
    }

    /// Copy 0 is the sublayers as they are; `instanceCount` ≤ 0 draws none of them (the
    /// replicator's own drawing stays).
    func testInstanceCountCopiesTheSublayers() throws {
        for (count, expected) in [(1, 1), (5, 5), (0, 0), (-3, 0)] {
            let r = try replicator(count: count, transform: Transform3D(translationX: 12, y: 0, z: 0))
            let items = list([r]).items
            XCTAssertEqual(items.count, 1 + expected, "instanceCount \(count)")
            XCTAssertEqual(items.first?.subtreeEnd, 1 + expected)
            for (k, item) in items.dropFirst().enumerated() {
                XCTAssertEqual(item.parent, 0)
                XCTAssertEqual(item.matrix.m41, 5 + 12 * Double(k), accuracy: 1e-12, "copy \(k) moved by k · 12")
            }
        }
        let bitmap = try render([try replicator(count: 3, transform: Transform3D(translationX: 12, y: 0, z: 0))], width: 64, height: 32)
        for k in 0..<3 { XCTAssertEqual(bitmap[5 + 12 * k + 5, 10], opaqueRed, "copy \(k)") }
        XCTAssertEqual(bitmap[5 + 36 + 5, 10], transparent, "no fourth copy")
    }

    /// Copy k's transform is `instanceTransform` applied k times about the replicator's
    /// anchor point, between the sublayer's placement and the replicator's sublayer
    /// transform.
    func testInstanceTransformAccumulatesAboutTheAnchorPoint() throws {
        let r = try replicator(count: 4, transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))
        let items = list([r]).items
        // The leaf's middle (10, 10) turns about the replicator's middle (20, 20).
        let expected: [(Double, Double)] = [(10, 10), (30, 10), (30, 30), (10, 30)]
        for (k, (x, y)) in expected.enumerated() {
            let h = items[1 + k].matrix.homogeneous(x: 5, y: 5, z: 0)
            XCTAssertEqual(h.x / h.w, x, accuracy: 1e-9, "copy \(k)")
            XCTAssertEqual(h.y / h.w, y, accuracy: 1e-9, "copy \(k)")
        }
        XCTAssertEqual(r.instanceTransform(copy: 0), Transform3D(translationX: 0, y: 0, z: 0))
    }

    /// Copy k's colours are multiplied by `instanceColor + k · offsets`, clamped to 0…1;
    /// a copy whose alpha multiplier is 0 is not drawn.
    func testColourMultipliersAreClamped() throws {
        let r = try replicator(count: 6)
        (r.sublayers[0]).backgroundColor = .white
        r.instanceColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        r.instanceRedOffset = -0.3
        r.instanceGreenOffset = 0.2
        r.instanceBlueOffset = 0.5
        r.instanceAlphaOffset = -0.25
        let items = list([r]).items
        XCTAssertEqual(items.count, 1 + 4, "copies 4 and 5 have alpha 0")
        for k in 0..<4 {
            let c = items[1 + k].backgroundColor!
            let d = Double(k)
            XCTAssertEqual(c.red, max(0, 1 - 0.3 * d), accuracy: 1e-12)
            XCTAssertEqual(c.green, min(1, 0.5 + 0.2 * d), accuracy: 1e-12)
            XCTAssertEqual(c.blue, min(1, 0.5 * d), accuracy: 1e-12)
            XCTAssertEqual(c.alpha, 1 - 0.25 * d, accuracy: 1e-12)
        }
        r.instanceColor = nil
        XCTAssertEqual(r.instanceColorMultiplier(copy: 0), SIMD4(1, 1, 1, 1), "nil reads as opaque white")
    }

    /// A rasterized sublayer of a replicator is tinted like a drawn one: each copy's colour
    /// multiplies the cached pixels (one bitmap, shared by the copies).
    func testRasterizedSublayersAreTinted() throws {
        func frame(rasterized: Bool) throws -> Bitmap {
            let r = try replicator(count: 3, transform: Transform3D(translationX: 12, y: 0, z: 0))
            r.sublayers[0].backgroundColor = .white
            r.sublayers[0].shouldRasterize = rasterized
            r.instanceColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
            r.instanceGreenOffset = 0.25
            return try render([r], width: 64, height: 64, compositor: Compositor(threadCount: 1))
        }
        let drawn = try frame(rasterized: false)
        XCTAssertEqual(drawn[10, 10], SIMD4(255, 128, 0, 255), "copy 0 tinted")
        XCTAssertLessThanOrEqual(maxDifference(try frame(rasterized: true), drawn), 1)
    }

    /// A copy's multiplier also reaches a shape layer's fill and stroke colours and a
    /// gradient layer's stop colours; copy 0 with a white multiplier draws them as they are.
    func testColourMultipliersTintShapesAndGradients() throws {
        let r = ReplicatorLayer()
        r.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        r.position = Point(x: 20, y: 20)
        r.instanceCount = 3
        r.instanceTransform = Transform3D(translationX: 12, y: 0, z: 0)
        r.instanceColor = .white
        r.instanceGreenOffset = -0.5
        r.instanceBlueOffset = -0.25
        let shape = ShapeLayer()
        shape.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        shape.path = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        shape.fillColor = .white
        shape.strokeColor = Color(red: 0, green: 1, blue: 1, alpha: 1)
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 20, width: 10, height: 10)
        gradient.colors = [.white, Color(red: 1, green: 1, blue: 1, alpha: 0.5)]
        try r.addSublayer(shape)
        try r.addSublayer(gradient)
        let items = list([r]).items
        XCTAssertEqual(items.count, 1 + 2 * 3)
        for k in 0..<3 {
            let multiplier = Color(red: 1, green: max(0, 1 - 0.5 * Double(k)), blue: 1 - 0.25 * Double(k), alpha: 1)
            guard case .shape(let drawn)? = items[1 + 2 * k].drawing, case .gradient(let ramp)? = items[2 + 2 * k].drawing
            else { return XCTFail("copy \(k) lost its drawing") }
            XCTAssertEqual(drawn.fillColor, multiplier, "copy \(k) fill")
            XCTAssertEqual(drawn.strokeColor, Color(red: 0, green: multiplier.green, blue: multiplier.blue, alpha: 1), "copy \(k) stroke")
            XCTAssertEqual(ramp.gradient.colors, [multiplier, Color(multiplier.components * SIMD4(1, 1, 1, 0.5))], "copy \(k) stops")
        }
        // On the canvas: copy 1's fill is white × (1, 0.5, 0.75), copy 0's is white.
        let bitmap = try render([r], width: 64, height: 48)
        XCTAssertEqual(bitmap[5, 5], SIMD4(255, 255, 255, 255))
        XCTAssertEqual(bitmap[17, 5], SIMD4(255, 128, 191, 255))
    }

    /// `instanceDelay`: copy k shows its subtree as it is k · delay earlier.
    func testInstanceDelayShiftsEachCopysTime() throws {
        let r = try replicator(count: 3, transform: Transform3D(translationX: 12, y: 0, z: 0))
        r.instanceDelay = 0.25
        var fade = BasicAnimation<Double>(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.timing = MediaTiming(beginTime: 0, duration: 1, fillMode: .both)
        r.sublayers[0].add(fade, forKey: "fade")
        let presented = r.presentation(at: 0.75) as! ReplicatorLayer
        XCTAssertEqual(presented.delayedInstances.count, 2)
        XCTAssertEqual(presented.sublayers[0].opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(presented.delayedInstances[0][0].opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(presented.delayedInstances[1][0].opacity, 0.25, accuracy: 1e-12)
        let items = list([r], at: 0.75).items
        XCTAssertEqual(items.map(\.opacity), [1, 0.75, 0.5, 0.25].map { Double($0) })
        r.instanceDelay = 0
        XCTAssertTrue((r.presentation(at: 0.75) as! ReplicatorLayer).delayedInstances.isEmpty, "no delay: no copies made")
    }

    /// A delayed copy's layer names the replicator's snapshot as its superlayer without
    /// being one of its sublayers; kept after the snapshot is gone, it reads `nil` (the
    /// reference is not owned: the snapshot clears it when destroyed, never leaving it to
    /// dangle).
    func testDelayedCopiesOutlivingTheirSnapshotHaveNoSuperlayer() throws {
        let r = try replicator(count: 3, transform: Transform3D(translationX: 12, y: 0, z: 0))
        r.instanceDelay = 0.25
        var kept: [Layer] = []
        do {
            let presented = r.presentation(at: 0.75) as! ReplicatorLayer
            kept = presented.delayedInstances.flatMap { $0 }
            XCTAssertEqual(kept.count, 2)
            XCTAssertTrue(kept.allSatisfy { $0.superlayer === presented })
        }
        XCTAssertTrue(kept.allSatisfy { $0.superlayer == nil })
    }

    /// The property of issue 18 § 5: copy k of a replicator of n draws exactly what one layer
    /// draws whose superlayer carries the accumulated transform (`instanceTransformᵏ`
    /// before the sublayer transform), with the accumulated colour and the animations
    /// shifted by k · delay. Seeded; compared as render-list items (matrices within 1e-9
    /// of the canvas size, colours within 1e-12) and as pixels (within 1 level: the time
    /// shift and the matrix products round differently).
    func testCopyKMatchesOneLayerWithTheAccumulatedTransformAndColour() throws {
        var g = SeededGenerator(seed: 0x5E9_1CA7)
        let compositor = Compositor(threadCount: 1)
        let canvas = Canvas(width: 96, height: 96)
        for trial in 0..<60 {
            let n = Int.random(in: 1...8, using: &g)
            let k = Int.random(in: 0..<n, using: &g)
            let angle = Double.random(in: -1...1, using: &g)
            let scale = Double.random(in: 0.8...1.1, using: &g)
            let step = Transform3D(scaleX: scale, y: scale, z: 1)
                .concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: Double.random(in: -6...6, using: &g), y: Double.random(in: -6...6, using: &g), z: 0))
            let sublayerTransform = Bool.random(using: &g)
                ? Transform3D(rotationAngle: Double.random(in: -0.5...0.5, using: &g), x: 0, y: 0, z: 1) : .identity
            let base = Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
                             blue: .random(in: 0...1, using: &g), alpha: .random(in: 0.5...1, using: &g))
            let offsets = (0..<4).map { _ in Double.random(in: -0.3...0.3, using: &g) }
            let delay = [0, 0.1, -0.2][Int.random(in: 0..<3, using: &g)]
            let leafColor = Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: 1, alpha: 1)

            func leaf(shift: Double) -> Layer {
                let layer = makeLayer("leaf", frame: Rect(x: 30, y: 34, width: 22, height: 14), background: leafColor)
                var fade = BasicAnimation<Double>(keyPath: "opacity")
                fade.fromValue = 0.2
                fade.toValue = 1
                fade.timing = MediaTiming(beginTime: -1 + shift, duration: 2, fillMode: .both)
                layer.add(fade, forKey: "fade")
                return layer
            }
            let r = ReplicatorLayer()
            r.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
            r.position = Point(x: 48, y: 48)
            r.anchorPoint = Point(x: .random(in: 0.3...0.7, using: &g), y: .random(in: 0.3...0.7, using: &g))
            r.sublayerTransform = sublayerTransform
            r.instanceCount = n
            r.instanceTransform = step
            r.instanceDelay = delay
            r.instanceColor = base
            (r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset) =
                (offsets[0], offsets[1], offsets[2], offsets[3])
            try r.addSublayer(leaf(shift: 0))

            // One layer: a plain superlayer whose sublayer transform is stepᵏ · S, a leaf
            // whose colour is multiplied and whose animation begins k · delay later.
            let plain = Layer()
            plain.bounds = r.bounds
            plain.position = r.position
            plain.anchorPoint = r.anchorPoint
            var power = Transform3D.identity
            for _ in 0..<k { power = power.concatenating(step) }
            plain.sublayerTransform = power.concatenating(sublayerTransform)
            let single = leaf(shift: Double(k) * delay)
            let m = r.instanceColorMultiplier(copy: k)
            single.backgroundColor = Color(leafColor.components * m)
            try plain.addSublayer(single)

            let message = "seed \(g.seed) trial \(trial) n \(n) k \(k)"
            let copies = compositor.renderList([r], at: 0.3, on: canvas).items
            let expected = compositor.renderList([plain], at: 0.3, on: canvas).items
            guard m.w > 0 else {
                XCTAssertFalse(copies.contains { $0.backgroundColor == single.backgroundColor }, message)
                continue
            }
            let index = 1 + (0..<k).filter { r.instanceColorMultiplier(copy: $0).w > 0 }.count
            XCTAssertGreaterThan(copies.count, index, message)
            guard copies.count > index, expected.count == 2 else { continue }
            let got = copies[index], want = expected[1]
            for (a, b) in zip([got.matrix.r1, got.matrix.r2, got.matrix.r3, got.matrix.r4],
                              [want.matrix.r1, want.matrix.r2, want.matrix.r3, want.matrix.r4]) {
                XCTAssertLessThan(largest(a - b), 1e-9 * 96, message)
            }
            XCTAssertEqual(got.opacity, want.opacity, accuracy: 1e-9, message)
            let (c, e) = (got.backgroundColor?.components ?? .zero, want.backgroundColor?.components ?? .zero)
            XCTAssertLessThan(largest(c - e), 1e-12, message)

            // Pixels: copy k alone (its item under the replicator's) against the one layer.
            var alone = RenderList(pixelWidth: 96, pixelHeight: 96, items: [copies[0], got])
            alone.items[0].subtreeEnd = 2
            alone.items[1].subtreeEnd = 2
            alone.items[0].groupOpacity = nil
            var a = try Bitmap(width: 96, height: 96), b = try Bitmap(width: 96, height: 96)
            compositor.draw(alone, over: &a)
            compositor.draw(compositor.renderList([plain], at: 0.3, on: canvas), over: &b)
            XCTAssertLessThanOrEqual(maxDifference(a, b), 1, message)
        }
    }

    /// Bad input: 10⁶ copies are cut at `ReplicatorLayer.maxCopiedLayers`; nested
    /// replicators whose counts multiply share that budget; a delayed replicator's copies
    /// too; a singular instance transform culls the copies it collapses; a non-finite
    /// delay cannot be stored.
    func testCopiesAreBounded() throws {
        let huge = try replicator(count: 1_000_000, transform: Transform3D(translationX: 1e-3, y: 0, z: 0))
        XCTAssertEqual(list([huge]).items.count, 2 + ReplicatorLayer.maxCopiedLayers, "the replicator, copy 0, the budget")
        huge.instanceDelay = 1e-6
        let presented = huge.presentation(at: 0) as! ReplicatorLayer
        XCTAssertEqual(presented.delayedInstances.count, ReplicatorLayer.maxCopiedLayers)
        XCTAssertEqual(list([huge]).items.count, 2 + ReplicatorLayer.maxCopiedLayers)

        let outer = try replicator(count: 1000)
        outer.sublayers[0].removeFromSuperlayer()
        try outer.addSublayer(try replicator(count: 1000))
        let nested = list([outer]).items.count
        XCTAssertLessThanOrEqual(nested, 2 + 2 * ReplicatorLayer.maxCopiedLayers + 1000, "nested counts share the budget")

        let singular = try replicator(count: 4, transform: Transform3D(scaleX: 0, y: 1, z: 1))
        XCTAssertEqual(list([singular]).items.count, 2, "copies 1… collapse to a line and are culled")
        let r = try replicator(count: 2)
        r.instanceDelay = .nan
        XCTAssertEqual(r.instanceDelay, 0, "refused")
        XCTAssertThrowsError(try r.setValue(.scalar(.infinity), forKeyPath: "instanceCount"))
        XCTAssertEqual(r.instanceCount, 2, "refused")
    }

    private func largest(_ v: SIMD4<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z), abs(v.w)) }
}
