import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The rasterizer's rules, pixel by pixel (docs/compositor.md).
final class CompositorTests: XCTestCase {
    // MARK: Coverage

    /// A rectangle from (10, 10) to (20, 20) covers exactly those 100 pixels, fully, and
    /// touches nothing else — on a transparent and on an opaque canvas.
    func testPixelAlignedRectCoversExactlyItsPixels() throws {
        for (background, outside) in [(nil, transparent), (Color.white, opaqueWhite)] {
            let bitmap = try render([makeLayer("r", frame: Rect(x: 10, y: 10, width: 10, height: 10), background: red)],
                                    background: background)
            assertRect(bitmap, PixelRect(minX: 10, minY: 10, maxX: 20, maxY: 20), is: opaqueRed, elsewhere: outside)
        }
    }

    /// An edge through the middle of a pixel column covers it half (127.5 rounds to 128);
    /// a slab a quarter of a pixel wide covers a quarter.
    func testPartialCoverageIsTheCoveredArea() throws {
        let half = try render([makeLayer("r", frame: Rect(x: 10.5, y: 10, width: 10, height: 10), background: red)])
        XCTAssertEqual(half[10, 15], SIMD4(128, 0, 0, 128))
        XCTAssertEqual(half[20, 15], SIMD4(128, 0, 0, 128))
        XCTAssertEqual(half[11, 15], opaqueRed)
        let corner = try render([makeLayer("r", frame: Rect(x: 10.5, y: 10.5, width: 10, height: 10), background: red)])
        XCTAssertEqual(corner[10, 10], SIMD4(64, 0, 0, 64), "a quarter of the pixel: 63.75")
        let thin = try render([makeLayer("r", frame: Rect(x: 10.25, y: 10, width: 0.25, height: 10), background: red)])
        XCTAssertEqual(thin[10, 15], SIMD4(64, 0, 0, 64))
        XCTAssertEqual(thin[9, 15], transparent)
        XCTAssertEqual(thin[11, 15], transparent)
    }

    /// Rounded corners are symmetric under both mirrors and the transpose; the corner pixel
    /// is empty, the edges' midpoints full; a radius past half the shorter side is clamped.
    func testRoundedCornersAreSymmetricAndClamped() throws {
        func rounded(_ radius: Double) throws -> Bitmap {
            let layer = makeLayer("r", frame: Rect(x: 4, y: 4, width: 24, height: 24), background: blue)
            layer.cornerRadius = radius
            return try render([layer])
        }
        let bitmap = try rounded(8)
        for y in 0..<32 {
            for x in 0..<32 {
                XCTAssertEqual(bitmap[x, y], bitmap[31 - x, y], "mirror x at (\(x), \(y))")
                XCTAssertEqual(bitmap[x, y], bitmap[x, 31 - y], "mirror y at (\(x), \(y))")
                XCTAssertEqual(bitmap[x, y], bitmap[y, x], "transpose at (\(x), \(y))")
            }
        }
        XCTAssertEqual(bitmap[4, 4], transparent)
        XCTAssertEqual(bitmap[4, 16], opaqueBlue)
        XCTAssertEqual(bitmap[16, 16], opaqueBlue)
        XCTAssertGreaterThan(bitmap[6, 6][3], 0, "inside the arc's anti-aliased band or beyond")
        XCTAssertEqual(try rounded(100), try rounded(12), "clamped to half the shorter side: a disc")
        // On the arc the coverage falls from 1 to 0 within about a pixel: along the
        // diagonal, the pixel whose centre lies on the circle is about half covered.
        let disc = try rounded(12)
        XCTAssertEqual(disc[16, 5], opaqueBlue)
        XCTAssertEqual(disc[16, 4], SIMD4(0, 0, 252, 252), "centre 11.51 from the middle: 0.99 covered")
        XCTAssertEqual(disc[4, 4], transparent)
    }

    // MARK: Order

    /// The border is inset inside the bounds, measured inward, drawn above the sublayers;
    /// a sublayer outside the bounds (no clip) still shows.
    func testBorderIsInsetAndDrawnOverSublayers() throws {
        let parent = makeLayer("parent", frame: Rect(x: 4, y: 4, width: 20, height: 20), background: blue)
        parent.borderWidth = 2
        parent.borderColor = red
        try parent.addSublayer(makeLayer("child", frame: Rect(x: -4, y: -4, width: 28, height: 28), background: green))
        let bitmap = try render([parent])
        XCTAssertEqual(bitmap[4, 4], opaqueRed)
        XCTAssertEqual(bitmap[5, 14], opaqueRed)
        XCTAssertEqual(bitmap[6, 14], opaqueGreen, "inside the border: the sublayer over the background")
        XCTAssertEqual(bitmap[23, 14], opaqueRed)
        XCTAssertEqual(bitmap[24, 14], opaqueGreen, "outside the bounds: the sublayer, no border")
        XCTAssertEqual(bitmap[1, 1], opaqueGreen)
    }

    /// A rounded border with no background: a ring whose inner corners have radius
    /// `cornerRadius − borderWidth`, symmetric.
    func testRoundedBorderRing() throws {
        let layer = makeLayer("ring", frame: Rect(x: 4, y: 4, width: 24, height: 24))
        layer.borderWidth = 3
        layer.borderColor = red
        layer.cornerRadius = 6
        let bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 16], opaqueRed)
        XCTAssertEqual(bitmap[7, 16], transparent)
        XCTAssertEqual(bitmap[16, 16], transparent)
        XCTAssertEqual(bitmap[4, 4], transparent)
        for y in 0..<32 {
            for x in 0..<32 { XCTAssertEqual(bitmap[x, y], bitmap[31 - y, 31 - x], "(\(x), \(y))") }
        }
    }

    /// Siblings are painted by zPosition, then index: the layer with the highest z wins
    /// wherever they overlap, and among equal z the later one.
    func testZPositionOrdering() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        let frame = Rect(x: 8, y: 8, width: 16, height: 16)
        let front = makeLayer("front", frame: frame, background: red)
        front.zPosition = 1
        try root.addSublayer(front)
        try root.addSublayer(makeLayer("a", frame: frame, background: green))
        try root.addSublayer(makeLayer("b", frame: frame, background: blue))
        XCTAssertEqual(try render([root])[16, 16], opaqueRed)
        front.zPosition = -1
        XCTAssertEqual(try render([root])[16, 16], opaqueBlue, "equal z: the later index in front")
        let list = Compositor().renderList([root], at: 0, on: Canvas(width: 32, height: 32))
        XCTAssertEqual(list.items.map(\.name), ["root", "front", "a", "b"])
    }

    // MARK: Groups

    /// A layer with opacity 0.5 and two overlapping sublayers is one group: where they
    /// overlap only the front one shows, at half alpha — not the back one through it, as
    /// multiplying each sublayer's alpha would give.
    func testGroupOpacityDiffersFromPerChildAlpha() throws {
        let parent = makeLayer("parent", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        parent.opacity = 0.5
        try parent.addSublayer(makeLayer("back", frame: Rect(x: 2, y: 2, width: 16, height: 16), background: red))
        try parent.addSublayer(makeLayer("front", frame: Rect(x: 10, y: 10, width: 16, height: 16), background: blue))
        let bitmap = try render([parent])
        XCTAssertEqual(bitmap[14, 14], SIMD4(0, 0, 128, 128), "group: half of the front layer")
        let perChild = referenceOver(SIMD4(0, 0, 255, 255), weight: 0.5, referenceOver(SIMD4(255, 0, 0, 255), weight: 0.5, transparent))
        XCTAssertNotEqual(bitmap[14, 14], perChild, "per-child alpha would show the back layer")
        XCTAssertEqual(bitmap[4, 4], SIMD4(128, 0, 0, 128))
        XCTAssertEqual(bitmap[30, 30], transparent)
        let list = Compositor().renderList([parent], at: 0, on: Canvas(width: 32, height: 32))
        XCTAssertEqual(list.items[0].groupOpacity, 0.5)
        XCTAssertEqual(list.items[0].extent, PixelRect(minX: 1, minY: 1, maxX: 27, maxY: 27), "the sublayers' extent")
        XCTAssertEqual(list.items[1].drawOpacity, 1)
    }

    /// The fast paths give the pixels a group would: a single layer's background and border
    /// blended in one pass, and a container with one sublayer passing its opacity down.
    func testOpacityFastPathsMatchGroups() throws {
        func leaf() -> Layer {
            let layer = makeLayer("leaf", frame: Rect(x: 5.3, y: 4.7, width: 20, height: 18), background: blue)
            layer.borderWidth = 3
            layer.borderColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.6)
            layer.cornerRadius = 5
            layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
            return layer
        }
        let fast = leaf()
        fast.opacity = 0.4
        let passed = makeLayer("container", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        passed.opacity = 0.4
        try passed.addSublayer(leaf())
        let grouped = makeLayer("group", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        grouped.opacity = 0.4
        try grouped.addSublayer(leaf())
        try grouped.addSublayer(makeLayer("empty", frame: Rect(x: 0, y: 0, width: 1, height: 1)))

        let compositor = Compositor()
        let canvas = Canvas(width: 32, height: 32, background: .white)
        XCTAssertNil(compositor.renderList([fast], at: 0, on: canvas).items[0].groupOpacity)
        XCTAssertEqual(compositor.renderList([passed], at: 0, on: canvas).items.map(\.groupOpacity), [nil, nil])
        XCTAssertEqual(compositor.renderList([passed], at: 0, on: canvas).items[1].drawOpacity, 0.4)
        XCTAssertEqual(compositor.renderList([grouped], at: 0, on: canvas).items[0].groupOpacity, 0.4)
        let reference = try compositor.render([grouped], at: 0, on: canvas)
        // The group rounds once more (into its 8-bit buffer): at most 1 apart.
        XCTAssertLessThanOrEqual(maxDifference(try compositor.render([fast], at: 0, on: canvas), reference), 1)
        XCTAssertLessThanOrEqual(maxDifference(try compositor.render([passed], at: 0, on: canvas), reference), 1)
    }

    /// Nested groups: the inner group's opacity multiplies the outer's.
    func testNestedGroups() throws {
        let outer = makeLayer("outer", frame: Rect(x: 0, y: 0, width: 32, height: 32), background: red)
        outer.opacity = 0.5
        let inner = makeLayer("inner", frame: Rect(x: 8, y: 8, width: 16, height: 16), background: green)
        inner.opacity = 0.5
        try inner.addSublayer(makeLayer("x", frame: Rect(x: 0, y: 0, width: 8, height: 8), background: blue))
        try outer.addSublayer(inner)
        let bitmap = try render([outer])
        // Inside the outer group: blue over (green at 0.5 over red) ... then × 0.5.
        let innerGroup = referenceOver(SIMD4(0, 0, 255, 255), weight: 1, referenceOver(SIMD4(0, 255, 0, 255), weight: 1, transparent))
        let composed = referenceOver(SIMD4<Double>(innerGroup), weight: 0.5, opaqueRed)
        XCTAssertEqual(bitmap[10, 10], referenceOver(SIMD4<Double>(composed), weight: 0.5, transparent))
        XCTAssertEqual(bitmap[2, 2], SIMD4(128, 0, 0, 128))
    }

    // MARK: Clips

    /// `masksToBounds` on a rotated layer, and on one turned in perspective, clips its
    /// sublayers to the transformed rounded bounds: the clipped sublayer paints exactly
    /// where the layer's own background would (to the rounding of the mask), nowhere else.
    func testClipUnderRotationAndPerspective() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 40
        let turns = [
            Transform3D(rotationAngle: .pi / 5, x: 0, y: 0, z: 1),
            Transform3D(rotationAngle: 0.7, x: 1, y: 1, z: 0).concatenating(perspective),
        ]
        for turn in turns {
            func layer(clipping: Bool) throws -> Layer {
                let layer = makeLayer("clip", frame: Rect(x: 8, y: 8, width: 16, height: 16), background: clipping ? nil : green)
                layer.transform = turn
                layer.cornerRadius = 3
                if clipping {
                    layer.masksToBounds = true
                    try layer.addSublayer(makeLayer("fill", frame: Rect(x: -30, y: -30, width: 80, height: 80), background: green))
                }
                return layer
            }
            let clipped = try render([try layer(clipping: true)])
            let shape = try render([try layer(clipping: false)])
            XCTAssertLessThanOrEqual(maxDifference(clipped, shape), 1, "\(turn)")
            XCTAssertEqual(clipped[0, 0], transparent)
            XCTAssertEqual(clipped[16, 16], opaqueGreen)
            XCTAssertGreaterThan(pixels(of: clipped, notEqualTo: transparent).count, 150)
        }
    }

    /// Nested clips intersect: a sublayer inside two clipping layers shows only where both
    /// cover, with coverage the product of theirs (to rounding).
    func testNestedClipsIntersect() throws {
        func scene(outerOnly: Bool = false, innerOnly: Bool = false) throws -> Layer {
            let outer = makeLayer("outer", frame: Rect(x: 4, y: 4, width: 20, height: 20))
            outer.cornerRadius = 6
            outer.masksToBounds = !innerOnly
            let inner = makeLayer("inner", frame: Rect(x: 8, y: 8, width: 20, height: 20))
            inner.cornerRadius = 6
            inner.masksToBounds = !outerOnly
            inner.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
            try inner.addSublayer(makeLayer("fill", frame: Rect(x: -40, y: -40, width: 100, height: 100), background: green))
            try outer.addSublayer(inner)
            return outer
        }
        let both = try render([try scene()])
        let a = try render([try scene(outerOnly: true)])
        let b = try render([try scene(innerOnly: true)])
        for y in 0..<32 {
            for x in 0..<32 {
                let expected = Double(a[x, y][3]) * Double(b[x, y][3]) / 255
                XCTAssertEqual(Double(both[x, y][3]), expected, accuracy: 1.01, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(both[16, 16], opaqueGreen)
        XCTAssertEqual(both[14, 6], transparent, "inside the outer clip only")
        XCTAssertEqual(a[14, 6], opaqueGreen)
        XCTAssertEqual(both[26, 26], transparent, "inside the inner clip only")
        XCTAssertEqual(b[26, 26], opaqueGreen)
    }

    /// Pixel-aligned clips are exact scissors, nested ones intersect exactly.
    func testPixelAlignedClipsAreExact() throws {
        let outer = makeLayer("outer", frame: Rect(x: 4, y: 4, width: 16, height: 16))
        outer.masksToBounds = true
        let inner = makeLayer("inner", frame: Rect(x: 8, y: 8, width: 16, height: 16))
        inner.masksToBounds = true
        try inner.addSublayer(makeLayer("fill", frame: Rect(x: -40, y: -40, width: 100, height: 100), background: red))
        try outer.addSublayer(inner)
        let bitmap = try render([outer])
        assertRect(bitmap, PixelRect(minX: 12, minY: 12, maxX: 20, maxY: 20), is: opaqueRed, elsewhere: transparent)
    }

    // MARK: 3D

    /// A layer turned about y under its superlayer's perspective is a trapezoid: the edge
    /// nearer the viewer is taller.
    func testPerspectiveQuad() throws {
        let stage = makeLayer("stage", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 100
        stage.sublayerTransform = perspective
        let card = makeLayer("card", frame: Rect(x: 16, y: 16, width: 32, height: 32), background: red)
        card.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        try stage.addSublayer(card)
        let bitmap = try render([stage], width: 64, height: 64)
        func height(at x: Int) -> Int { (0..<64).filter { bitmap[x, $0][3] > 127 }.count }
        let columns = (0..<64).filter { height(at: $0) > 0 }
        let left = height(at: columns.first! + 1), right = height(at: columns.last! - 1)
        XCTAssertNotEqual(left, right)
        XCTAssertGreaterThan(abs(left - right), 4, "left \(left), right \(right)")
        XCTAssertLessThan(columns.count, 32, "foreshortened")
    }

    // MARK: Canvas

    /// Scale 2 doubles every pixel edge (still exact); a bottom-left origin flips y.
    func testCanvasScaleAndBottomLeftOrigin() throws {
        let layer = makeLayer("r", frame: Rect(x: 10, y: 10, width: 10, height: 5), background: red)
        let doubled = try render([layer], scale: 2)
        XCTAssertEqual(doubled.width, 64)
        assertRect(doubled, PixelRect(minX: 20, minY: 20, maxX: 40, maxY: 30), is: opaqueRed, elsewhere: transparent)
        let flipped = try render([layer], height: 30, origin: .bottomLeft)
        assertRect(flipped, PixelRect(minX: 10, minY: 15, maxX: 20, maxY: 20), is: opaqueRed, elsewhere: transparent)
        let both = try render([layer], height: 30, scale: 2, origin: .bottomLeft)
        XCTAssertEqual(both[20, 30], opaqueRed)
        XCTAssertEqual(both[20, 29], transparent)
        XCTAssertEqual(both[20, 39], opaqueRed)
        XCTAssertEqual(both[20, 40], transparent)
    }

    /// The canvas background is premultiplied and rounded once.
    func testCanvasBackground() throws {
        let bitmap = try render([], width: 4, height: 4, background: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        XCTAssertEqual(bitmap[0, 0], SIMD4(128, 64, 0, 128))
    }

    /// One compositor renders the same frame the same way every time (its scratch memory
    /// is reused, never leaked into the picture).
    func testScratchReuseIsInvisible() throws {
        let parent = makeLayer("p", frame: Rect(x: 2, y: 2, width: 28, height: 28), background: blue)
        parent.opacity = 0.7
        parent.cornerRadius = 5
        parent.masksToBounds = true
        parent.transform = Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1)
        try parent.addSublayer(makeLayer("c", frame: Rect(x: 10, y: -4, width: 30, height: 12), background: red))
        let compositor = Compositor()
        let first = try render([parent], compositor: compositor)
        _ = try render([parent], width: 20, height: 40, compositor: compositor)
        XCTAssertEqual(try render([parent], compositor: compositor), first)
        XCTAssertEqual(try render([parent]), first)
    }

    /// Layers in perspective draw each row's interior as a uniform run
    /// (`projectiveSpans`): the pixels of sampling every pixel, bit for bit, at 1, 2 and 7
    /// threads. Seeded rounded, bordered, translucent layers turned about x and y under a
    /// perspective sublayer transform, one of them clipping its sublayers (a mask drawn
    /// from the same interiors).
    func testProjectiveSpansMatchSamplingEveryPixel() throws {
        var g = SeededGenerator(seed: 0x9E_75AA)
        for trial in 0..<16 {
            let stage = makeLayer("stage", frame: Rect(x: 0, y: 0, width: 220, height: 160))
            var perspective = Transform3D.identity
            perspective.m34 = -1 / (150 + 400 * g.unit())
            stage.sublayerTransform = perspective
            for k in 0..<4 {
                let layer = makeLayer("\(k)", frame: Rect(x: 150 * g.unit(), y: 90 * g.unit(), width: 30 + 90 * g.unit(), height: 30 + 70 * g.unit()))
                layer.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                layer.cornerRadius = [0, 3, 11.5, 40][Int(g.next() % 4)]
                if g.next() % 3 == 0 { layer.cornerCurve = .continuous }
                if g.next() % 4 == 0 { layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }
                if g.next() % 2 == 0 {
                    layer.borderWidth = [0.7, 2.5, 6][Int(g.next() % 3)]
                    layer.borderColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                }
                if g.next() % 3 == 0 { layer.opacity = 0.7 }
                layer.transform = Transform3D(rotationAngle: 1.2 * (g.unit() - 0.5), x: 0, y: 1, z: 0)
                    .concatenating(Transform3D(rotationAngle: 1.2 * (g.unit() - 0.5), x: 1, y: 0, z: 0))
                if k == 0 {
                    layer.masksToBounds = true
                    try layer.addSublayer(makeLayer("\(k).inner", frame: Rect(x: -10, y: 10, width: 200, height: 20),
                                                    background: Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.8)))
                }
                try stage.addSublayer(layer)
            }
            let every = Compositor(threadCount: 1)
            every.rasterizer.shortcuts.projectiveSpans = false
            let expected = try render([stage], width: 220, height: 160, compositor: every)
            for threads in [1, 2, 7] {
                let got = try render([stage], width: 220, height: 160, compositor: Compositor(threadCount: threads))
                XCTAssertTrue(got == expected, "seed \(g.seed) trial \(trial), \(threads) threads: \(maxDifference(got, expected)) apart")
            }
        }
    }

    /// Rounded layers leave out their corners' empty pixels and clip masks sample only
    /// their rows' supports (`cornerSupport`): the pixels of drawing the slabs' whole spans
    /// and sampling every pixel of a mask's rows, bit for bit, at 1, 2 and 7 threads. Seeded
    /// circles and rounded rectangles at fractional places, turned, scaled and sheared,
    /// bordered (borders up to wider than the radius), translucent and opaque, two of them
    /// clipping their sublayers (one inside the other, so a mask is made under a mask), over
    /// a translucent canvas.
    func testCornerSupportMatchesSamplingEveryPixel() throws {
        try assertMatchesClippedRoundedScenes(seed: 0xC0_4E75) { $0.rasterizer.shortcuts.cornerSupport = false }
    }

    /// Pieces under a clip mask leave out the mask's leading groups of eight zeros and its
    /// trailing zeros (`maskZeros`): the pixels of drawing the whole pieces, bit for bit, at
    /// 1, 2 and 7 threads, on the scenes of `testCornerSupportMatchesSamplingEveryPixel`
    /// (turned clips, so the masks' zeros fill half their boxes' rows).
    func testMaskZerosMatchDrawingWholePieces() throws {
        try assertMatchesClippedRoundedScenes(seed: 0x3A_5C0) { $0.rasterizer.shortcuts.maskZeros = false }
    }

    /// Sixteen seeded scenes of five rounded, bordered, turned, scaled and sheared layers,
    /// two of them clipping, rendered by a one-thread compositor set up by `reference` and by
    /// default compositors at 1, 2 and 7 threads: the same bytes.
    private func assertMatchesClippedRoundedScenes(seed: UInt64, reference: (Compositor) -> Void) throws {
        var g = SeededGenerator(seed: seed)
        for trial in 0..<16 {
            let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 200, height: 150))
            var parent = root
            for k in 0..<5 {
                let side = 20 + 80 * g.unit()
                let height = k % 2 == 0 ? side : 20 + 80 * g.unit()
                let layer = makeLayer("\(k)", frame: Rect(x: 140 * g.unit() - 20, y: 100 * g.unit() - 20, width: side, height: height))
                layer.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: [1, g.edgeBiased()][k % 2])
                layer.cornerRadius = [min(side, height) / 2, 3 + 20 * g.unit(), 100, 0.4][Int(g.next() % 4)]
                if g.next() % 2 == 0 {
                    layer.borderWidth = [0.7, 2.5, 6, 30][Int(g.next() % 4)]
                    layer.borderColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                }
                if g.next() % 3 == 0 { layer.opacity = 0.7 }
                switch g.next() % 4 {
                case 0: layer.transform = Transform3D(rotationAngle: 2 * .pi * g.unit(), x: 0, y: 0, z: 1)
                case 1: layer.transform = Transform3D(scaleX: 0.5 + 1.5 * g.unit(), y: 0.5 + 1.5 * g.unit(), z: 1)
                case 2:
                    var shear = Transform3D.identity
                    shear.m21 = g.unit() - 0.5
                    layer.transform = shear.concatenating(Transform3D(rotationAngle: g.unit(), x: 0, y: 0, z: 1))
                default: break
                }
                if k < 2 { layer.masksToBounds = true }
                try parent.addSublayer(layer)
                if k < 2 { parent = layer }
            }
            let every = Compositor(threadCount: 1)
            reference(every)
            let canvas = Color(red: 0.1, green: 0.3, blue: 0.2, alpha: 0.5)
            let expected = try render([root], width: 200, height: 150, background: canvas, compositor: every)
            for threads in [1, 2, 7] {
                let got = try render([root], width: 200, height: 150, background: canvas, compositor: Compositor(threadCount: threads))
                XCTAssertTrue(got == expected, "seed \(g.seed) trial \(trial), \(threads) threads: \(maxDifference(got, expected)) apart")
            }
        }
    }

    /// Layers whose bounds land on pixel edges draw as uniform runs (`alignedSpans`): the
    /// same pixels, bit for bit, as the general path that samples their coverage. Seeded
    /// rectangles at whole-pixel positions and sizes, at scale 1 and 2, with borders of
    /// whole and fractional widths (the latter take the general path), translucent colours
    /// and opacities, over a translucent canvas.
    /// Steady rows (`steadyRows`: an axis-aligned layer's rows away from its top and bottom
    /// edges and corners copy the first steady row's coverage and spans) draw the pixels
    /// of sampling every row, bit for bit, at 1, 2 and 7 threads — so a band cut inside a
    /// steady run does not show. Seeded long, thin and ordinary layers at fractional
    /// positions, with circular and continuous corners, some corners masked, borders
    /// thinner and wider than the radius, axis-aligned scales and a few rotations.
    func testSteadyRowsMatchSamplingEveryRow() throws {
        var g = SeededGenerator(seed: 0x57EAD)
        for trial in 0..<24 {
            var roots: [Layer] = []
            for k in 0..<5 {
                let long = g.next() % 2 == 0
                let width = long ? 150 + 90 * g.unit() : 6 + 60 * g.unit(), height = long ? 2 + 6 * g.unit() : 6 + 60 * g.unit()
                let layer = makeLayer("\(k)", frame: Rect(x: 160 * g.unit() - 20, y: 110 * g.unit() - 10, width: width, height: height))
                layer.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                layer.cornerRadius = [0, 0.4, 3, 11.5, 40][Int(g.next() % 5)]
                if g.next() % 3 == 0 { layer.cornerCurve = .continuous }
                if g.next() % 4 == 0 { layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }
                if g.next() % 2 == 0 {
                    layer.borderWidth = [0.7, 1, 2.5, 14][Int(g.next() % 4)]
                    layer.borderColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                }
                switch g.next() % 4 {
                case 0: layer.transform = .init(scaleX: 1 + g.unit(), y: 0.5 + g.unit(), z: 1)
                case 1: layer.transform = .init(rotationAngle: 0.3 * g.unit(), x: 0, y: 0, z: 1)
                default: break
                }
                roots.append(layer)
            }
            let every = Compositor(threadCount: 1)
            every.rasterizer.shortcuts.steadyRows = false
            let expected = try render(roots, width: 200, height: 130, compositor: every)
            for threads in [1, 2, 7] {
                let got = try render(roots, width: 200, height: 130, compositor: Compositor(threadCount: threads))
                XCTAssertTrue(got == expected, "seed \(g.seed) trial \(trial), \(threads) threads: \(maxDifference(got, expected)) apart")
            }
        }
    }

    func testAlignedSpansMatchTheGeneralPath() throws {
        var g = SeededGenerator(seed: 0xA1_16ED)
        for trial in 0..<60 {
            let scale = trial % 3 == 0 ? 2.0 : 1
            var roots: [Layer] = []
            for k in 0..<4 {
                let x = Double(g.next() % 30) - 5, y = Double(g.next() % 30) - 5
                let layer = makeLayer("\(k)", frame: Rect(x: x, y: y, width: Double(1 + g.next() % 24), height: Double(1 + g.next() % 24)))
                if g.next() % 4 != 0 {
                    layer.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                }
                if g.next() % 2 == 0 {
                    layer.borderWidth = [1, 2, 0.5, 1.5, 30][Int(g.next() % 5)]
                    layer.borderColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                }
                layer.opacity = g.next() % 2 == 0 ? 1 : g.unit()
                roots.append(layer)
            }
            let background = Color(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.6)
            let fast = Compositor(), general = Compositor(threadCount: 3)
            general.rasterizer.shortcuts.alignedSpans = false
            let a = try render(roots, scale: scale, background: background, compositor: fast)
            let b = try render(roots, scale: scale, background: background, compositor: general)
            XCTAssertEqual(a, b, "seed \(g.seed) trial \(trial): \(maxDifference(a, b)) apart")
        }
    }

    /// Under a clip mask, the interior's run of full mask coverage drawn by the uniform
    /// kernels (`maskedSpans`), and a mask's steady rows copied from its first one
    /// (`steadyRows`), give the pixels of the per-pixel path, bit for bit, at 1, 2 and 7
    /// threads. Seeded rounded clips (some turned, some nested in another clip, some with
    /// an opacity group) holding rounded, bordered, translucent sublayers that reach past
    /// the clip's edges, a few turned.
    func testMaskedSpansMatchThePerPixelPath() throws {
        var g = SeededGenerator(seed: 0x3A5C)
        func card(_ name: String, in size: Double) -> Layer {
            let layer = makeLayer(name, frame: Rect(x: size * g.unit() - 20, y: size * g.unit() - 20,
                                                    width: 10 + 70 * g.unit(), height: 6 + 60 * g.unit()))
            layer.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
            layer.cornerRadius = [0, 2, 7.5, 30][Int(g.next() % 4)]
            if g.next() % 2 == 0 {
                layer.borderWidth = [1, 2.5, 12][Int(g.next() % 3)]
                layer.borderColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
                if g.next() % 4 == 0 { layer.backgroundColor = nil }
            }
            if g.next() % 5 == 0 { layer.transform = .init(rotationAngle: 0.3 * g.unit(), x: 0, y: 0, z: 1) }
            if g.next() % 3 == 0 { layer.opacity = g.unit() }
            return layer
        }
        for trial in 0..<24 {
            var roots: [Layer] = []
            for k in 0..<2 {
                let clip = makeLayer("clip\(k)", frame: Rect(x: 100 * g.unit() - 10, y: 60 * g.unit() - 10,
                                                            width: 60 + 100 * g.unit(), height: 50 + 90 * g.unit()))
                clip.masksToBounds = true
                clip.cornerRadius = [0.5, 9, 24][Int(g.next() % 3)]
                if g.next() % 2 == 0 { clip.backgroundColor = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: 1) }
                if g.next() % 4 == 0 { clip.transform = .init(rotationAngle: 0.2 * g.unit(), x: 0, y: 0, z: 1) }
                if g.next() % 3 == 0 { clip.opacity = 0.85 }
                for c in 0..<4 { try clip.addSublayer(card("\(k).\(c)", in: 120)) }
                if g.next() % 2 == 0 {
                    let inner = card("\(k).inner", in: 80)
                    inner.masksToBounds = true
                    inner.cornerRadius = 12
                    for c in 0..<3 { try inner.addSublayer(card("\(k).inner.\(c)", in: 60)) }
                    try clip.addSublayer(inner)
                }
                roots.append(clip)
            }
            let general = Compositor(threadCount: 1)
            general.rasterizer.shortcuts.maskedSpans = false
            general.rasterizer.shortcuts.steadyRows = false
            let expected = try render(roots, width: 240, height: 180, compositor: general)
            for threads in [1, 2, 7] {
                let got = try render(roots, width: 240, height: 180, compositor: Compositor(threadCount: threads))
                XCTAssertTrue(got == expected, "seed \(g.seed) trial \(trial), \(threads) threads: \(maxDifference(got, expected)) apart")
            }
        }
    }
}
