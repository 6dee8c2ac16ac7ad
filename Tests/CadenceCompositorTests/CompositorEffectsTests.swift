import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

@testable import CadenceCompositor

/// Compositor part 2, pixel by pixel: contents, shadows, masks, transitions and flipped
/// geometry as the rasterizer stacks them (docs/compositor.md § 9–13).
final class CompositorEffectsTests: XCTestCase {
    /// A bitmap of `rows` (top row first) of opaque premultiplied colours.
    func image(_ rows: [[SIMD4<UInt8>]]) throws -> Bitmap {
        var bitmap = try Bitmap(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() { for (x, pixel) in row.enumerated() { bitmap[x, y] = pixel } }
        return bitmap
    }

    /// Timing that puts a one-second animation halfway (or at `progress`) at time 0.
    func timing(at progress: Double) -> MediaTiming {
        var timing = MediaTiming()
        timing.beginTime = -progress
        timing.duration = 1
        return timing
    }

    /// The closed rectangle path `(x, y, width, height)`.
    func rectPath(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: x, y: y))
        path.addLine(to: Point(x: x + width, y: y))
        path.addLine(to: Point(x: x + width, y: y + height))
        path.addLine(to: Point(x: x, y: y + height))
        path.closeSubpath()
        return path
    }

    // MARK: Contents

    /// Background, then contents, then sublayers, then border.
    func testContentsDrawBetweenBackgroundAndSublayers() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        layer.contents = try image([[opaqueGreen, opaqueGreen], [opaqueGreen, opaqueGreen]])
        try layer.addSublayer(makeLayer("s", frame: Rect(x: 10, y: 10, width: 10, height: 10), background: blue))
        layer.borderWidth = 1
        layer.borderColor = .white
        let bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 5], opaqueGreen, "contents over the background")
        XCTAssertEqual(bitmap[15, 15], opaqueBlue, "sublayers over the contents")
        XCTAssertEqual(bitmap[0, 5], opaqueWhite, "border on top")
        XCTAssertEqual(bitmap[25, 25], transparent)
    }

    /// `cornerRadius` does not clip contents unless `masksToBounds`.
    func testContentsAreClippedByCornerRadiusOnlyWithMasksToBounds() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        layer.contents = try image([[opaqueGreen]])
        layer.cornerRadius = 8
        XCTAssertEqual(try render([layer])[0, 0], opaqueGreen)
        layer.masksToBounds = true
        XCTAssertEqual(try render([layer])[0, 0], transparent)
        XCTAssertEqual(try render([layer])[10, 10], opaqueGreen)
    }

    /// The image stays upright on a bottom-left canvas and under a flipped superlayer.
    func testContentsStayUpright() throws {
        func top(origin: Canvas.Origin, flippedParent: Bool) throws -> SIMD4<UInt8> {
            let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 32, height: 32))
            layer.contents = try image([[opaqueRed], [opaqueBlue]])
            let parent = makeLayer("p", frame: Rect(x: 0, y: 0, width: 32, height: 32))
            parent.isGeometryFlipped = flippedParent
            try parent.addSublayer(layer)
            return try render([parent], origin: origin)[16, 2]
        }
        for origin in [Canvas.Origin.topLeft, .bottomLeft] {
            for flipped in [false, true] {
                XCTAssertEqual(try top(origin: origin, flippedParent: flipped), opaqueRed, "\(origin), flipped \(flipped)")
            }
        }
    }

    /// A bitmap first drawn magnified (cached without mipmaps) and then minified gets its
    /// mip chain: the frame equals one from a fresh compositor, and a checkerboard shrunk
    /// 8× is an even grey, not aliased.
    func testCachedBitmapGetsMipmapsWhenMinified() throws {
        var checker = try Bitmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { checker[x, y] = opaqueWhite } }
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 128, height: 128))
        layer.contents = checker
        let compositor = Compositor()
        _ = try render([layer], width: 128, height: 128, compositor: compositor)
        // 64 texels onto 9 pixels (7.1×: bilinear samples between texel centres, which
        // alias without the chain).
        layer.bounds = Rect(x: 0, y: 0, width: 9, height: 9)
        layer.position = Point(x: 4.5, y: 4.5)
        let cached = try render([layer], width: 16, height: 16, compositor: compositor)
        XCTAssertEqual(cached, try render([layer], width: 16, height: 16))
        for y in 1..<8 { for x in 1..<8 { XCTAssertEqual(Double(cached[x, y][3]), 128, accuracy: 3, "(\(x), \(y))") } }
        layer.minificationFilter = .nearest
        let aliased = try render([layer], width: 16, height: 16)
        XCTAssertTrue((1..<8).contains { aliased[$0, 4][3] == 255 || aliased[$0, 4][3] == 0 }, "nearest aliases")
    }

    /// A bitmap whose pixel bytes are missing (shorter than its size says) reads as
    /// transparent: it draws nothing.
    func testContentsWithoutPixelBytesDrawNothing() throws {
        var empty = try Bitmap(width: 4, height: 4, fill: SIMD4(repeating: 255))
        empty.pixels = []
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        layer.contents = empty
        XCTAssertEqual(pixels(of: try render([layer]), notEqualTo: transparent).count, 0)
    }

    // MARK: Shadows

    /// A sharp shadow (radius 0) lies under the layer, moved by the offset.
    func testShadowIsDrawnBelowAndOffset() throws {
        let layer = makeLayer("l", frame: Rect(x: 10, y: 10, width: 10, height: 10), background: red)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 5, height: 5)
        let bitmap = try render([layer])
        XCTAssertEqual(bitmap[17, 17], opaqueRed, "the layer over its shadow")
        XCTAssertEqual(bitmap[22, 22], SIMD4(0, 0, 0, 255), "shadow outside the layer")
        XCTAssertEqual(bitmap[12, 22], transparent)
        XCTAssertEqual(bitmap[26, 26], transparent)
        layer.masksToBounds = true
        let clipped = try render([layer])
        XCTAssertEqual(clipped[22, 22], transparent, "masksToBounds clips the shadow away")
        XCTAssertEqual(clipped[17, 17], opaqueRed)
    }

    /// `shadowPath` is the shape, whatever the layer draws; an empty path casts nothing.
    func testShadowPathIsTheShape() throws {
        let layer = makeLayer("l", frame: Rect(x: 10, y: 10, width: 10, height: 10), background: red)
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 0, height: 0)
        layer.shadowPath = rectPath(-8, 0, 6, 4)
        let bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 12], SIMD4(0, 0, 0, 128), "the path's shadow at opacity 0.5")
        XCTAssertEqual(bitmap[15, 15], opaqueRed)
        XCTAssertEqual(bitmap[5, 16], transparent)
        layer.shadowPath = Path()
        XCTAssertEqual(try render([layer])[5, 12], transparent)
    }

    /// A blurred shadow is symmetric about its shape, spreads 2σ and no further, and keeps
    /// its mass.
    func testBlurredShadowIsSymmetric() throws {
        let layer = makeLayer("l", frame: Rect(x: 24, y: 24, width: 16, height: 16))
        layer.shadowOpacity = 1
        layer.shadowRadius = 3
        layer.shadowOffset = Size(width: 0, height: 0)
        layer.shadowPath = rectPath(0, 0, 16, 16)
        let bitmap = try render([layer], width: 64, height: 64)
        var mass = 0
        for y in 0..<64 {
            for x in 0..<64 {
                XCTAssertLessThanOrEqual(abs(Int(bitmap[x, y][3]) - Int(bitmap[63 - x, y][3])), 1, "(\(x), \(y))")
                XCTAssertLessThanOrEqual(abs(Int(bitmap[x, y][3]) - Int(bitmap[y, x][3])), 1, "(\(x), \(y))")
                mass += Int(bitmap[x, y][3])
            }
        }
        XCTAssertEqual(Double(mass) / 255, 256, accuracy: 256 * 0.02)
        // The kernel is cut at 2σ = 6: the middle, 8 from every edge, is the full shape.
        XCTAssertEqual(bitmap[32, 32][3], 255, "the middle, 2.7σ from every edge")
        // (Φ(0.5/3) − Φ(−2)) / (2Φ(2) − 1) · 255 = 145.2 just inside the edge.
        XCTAssertEqual(Double(bitmap[24, 32][3]), 145.2, accuracy: 4, "just inside the edge")
        // Pixel 18's centre is 5.5 from the edge at 24, pixel 17's 6.5: past the cut.
        XCTAssertGreaterThan(bitmap[18, 32][3], 0, "within 2σ")
        XCTAssertEqual(bitmap[17, 32][3], 0, "beyond 2σ")
    }

    /// Enormous radii are defined: nothing traps, nothing is brighter than the shape.
    func testEnormousShadowRadiusIsDefined() throws {
        let layer = makeLayer("l", frame: Rect(x: 8, y: 8, width: 16, height: 16), background: red)
        layer.shadowOpacity = 1
        for radius in [1e3, 1e6, 1e12, Double.greatestFiniteMagnitude] {
            layer.shadowRadius = radius
            let bitmap = try render([layer])
            XCTAssertEqual(bitmap[16, 16], opaqueRed, "radius \(radius)")
            XCTAssertLessThanOrEqual(bitmap[2, 2][3], 2, "radius \(radius): spread very thin")
        }
    }

    // MARK: Masks

    /// The mask's alpha multiplies the layer; outside it nothing shows.
    func testMaskMultipliesTheLayer() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        let mask = makeLayer("m", frame: Rect(x: 0, y: 0, width: 10, height: 20), background: .white)
        try layer.setMask(mask)
        var bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 5], opaqueRed)
        XCTAssertEqual(bitmap[15, 5], transparent)
        mask.opacity = 0.5
        bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 5], SIMD4(128, 0, 0, 128))
        // A mask's own mask cuts it further.
        mask.opacity = 1
        try mask.setMask(makeLayer("mm", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: .white))
        bitmap = try render([layer])
        XCTAssertEqual(bitmap[5, 5], opaqueRed)
        XCTAssertEqual(bitmap[5, 15], transparent)
    }

    /// A mask's animations apply at the frame's time.
    func testMaskAnimationsApply() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 32, height: 32), background: red)
        let mask = makeLayer("m", frame: Rect(x: 0, y: 0, width: 8, height: 32), background: .white)
        try layer.setMask(mask)
        var move = BasicAnimation<Point>(keyPath: "position")
        move.fromValue = Point(x: 4, y: 16)
        move.toValue = Point(x: 28, y: 16)
        move.timing = timing(at: 0.5)
        mask.add(move, forKey: "move")
        let bitmap = try render([layer])
        XCTAssertEqual(bitmap[16, 5], opaqueRed, "the mask is at x 12…20 halfway")
        XCTAssertEqual(bitmap[2, 5], transparent)
    }

    /// A layer cannot be its own mask, nor mask one of its masks.
    func testMaskCyclesAreRefused() {
        let a = Layer(), b = Layer()
        XCTAssertThrowsError(try a.setMask(a))
        XCTAssertNoThrow(try a.setMask(b))
        XCTAssertThrowsError(try b.setMask(a))
    }

    // MARK: Transitions

    /// A layer (20 wide, at x 0…20, left half of a 40-point canvas) that was red and is blue.
    func transitioned(_ type: TransitionType, _ subtype: TransitionSubtype? = nil, at progress: Double) throws -> Bitmap {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        layer.add(Transition(type: type, subtype: subtype, timing: timing(at: progress)), forKey: "transition", from: nil)
        layer.backgroundColor = blue
        return try render([layer], width: 40, height: 20)
    }

    func testTransitionsMoveAndMix() throws {
        let moveIn = try transitioned(.moveIn, .fromLeft, at: 0.5)
        XCTAssertEqual(moveIn[5, 10], opaqueBlue, "the new content has come halfway in")
        XCTAssertEqual(moveIn[15, 10], opaqueRed, "over the old, at rest")
        let push = try transitioned(.push, .fromLeft, at: 0.5)
        XCTAssertEqual(push[5, 10], opaqueBlue)
        XCTAssertEqual(push[25, 10], opaqueRed, "the old content pushed out to the right")
        let reveal = try transitioned(.reveal, .fromRight, at: 0.25)
        XCTAssertEqual(reveal[17, 10], opaqueBlue, "the old moves left by 5, uncovering the new")
        XCTAssertEqual(reveal[10, 10], opaqueRed, "the old lies over the new")
        let fade = try transitioned(.fade, at: 0.25)
        XCTAssertEqual(fade[10, 10], SIMD4(191, 0, 64, 255), "previous · 0.75 + current · 0.25")
        let done = try transitioned(.push, at: 1.5)
        XCTAssertEqual(done[10, 10], opaqueBlue, "removed after its end")
        XCTAssertEqual(done[30, 10], transparent)
    }

    // MARK: Flipped geometry

    /// A flipped layer puts its sublayers' y axis up from its bottom edge.
    func testGeometryFlippedPlacesSublayersFromTheBottom() throws {
        let parent = makeLayer("p", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        parent.isGeometryFlipped = true
        try parent.addSublayer(makeLayer("s", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red))
        assertRect(try render([parent]), PixelRect(minX: 0, minY: 22, maxX: 10, maxY: 32), is: opaqueRed, elsewhere: transparent)
        let bottomLeft = try render([parent], origin: .bottomLeft)
        assertRect(bottomLeft, PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10), is: opaqueRed, elsewhere: transparent)
    }

    // MARK: Review cases

    /// A layer with a path shadow, a mask, a fade, a blurred alpha shadow and a clip.
    private func busyScene() throws -> Layer {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 64, height: 64), background: .white)
        root.masksToBounds = true
        root.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let card = makeLayer("card", frame: Rect(x: 12, y: 12, width: 30, height: 30), background: red)
        card.shadowOpacity = 1
        card.shadowRadius = 3
        card.shadowOffset = Size(width: 4, height: 4)
        try card.setMask(makeLayer("m", frame: Rect(x: 0, y: 0, width: 40, height: 20), background: .white))
        card.add(Transition(type: .fade, timing: timing(at: 0.5)), forKey: "t", from: nil)
        card.backgroundColor = blue
        try root.addSublayer(card)
        let other = makeLayer("other", frame: Rect(x: 30, y: 30, width: 20, height: 20), background: green)
        other.shadowOpacity = 0.5
        other.shadowRadius = 2
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 20, y: 0))
        path.addLine(to: Point(x: 20, y: 20))
        path.closeSubpath()
        other.shadowPath = path
        try root.addSublayer(other)
        return root
    }

    /// Every scratch block goes back to the pool after a frame, at any limit — a block
    /// kept by an early exit would starve the following frames.
    func testScratchIsReturnedAtAnyLimit() throws {
        let scene = try busyScene()
        for limit in [0, 4_000, 20_000, 60_000, 200_000, Compositor.scratchByteLimit] {
            let compositor = Compositor(scratchByteLimit: limit, threadCount: 3)
            _ = try render([scene], width: 64, height: 64, compositor: compositor)
            XCTAssertEqual(compositor.rasterizers.map(\.pool.bytesInUse), [0, 0, 0], "limit \(limit)")
            _ = try render([scene], width: 64, height: 64, compositor: compositor)
            XCTAssertEqual(compositor.rasterizers.map(\.pool.bytesInUse), [0, 0, 0], "limit \(limit), second frame")
        }
    }

    /// At every limit the bands of a frame fall back as the whole frame does: the same
    /// pixels at 1, 2, 3 and 7 threads, and with a compositor whose pool kept other blocks
    /// from a frame before (what is refused depends on the frame alone).
    func testFallbacksDoNotDependOnBandsOrHistory() throws {
        let scene = try busyScene()
        for limit in [0, 4_000, 20_000, 60_000, 200_000] {
            let expected = try render([scene], width: 64, height: 64, compositor: Compositor(scratchByteLimit: limit, threadCount: 1))
            for threads in [1, 2, 3, 7] {
                let compositor = Compositor(scratchByteLimit: limit, threadCount: threads)
                _ = try render([scene], width: 97, height: 80, scale: 1.3, compositor: compositor)
                XCTAssertEqual(try render([scene], width: 64, height: 64, compositor: compositor), expected,
                               "limit \(limit), \(threads) threads")
            }
        }
    }

    /// A path shadow under a cross-fade keeps its full strength: the fade mixes the two
    /// renderings, and the shadow goes under the result.
    func testPathShadowIsNotFadedByATransition() throws {
        let layer = makeLayer("l", frame: Rect(x: 4, y: 4, width: 10, height: 10), background: red)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 10, height: 0)
        layer.shadowPath = rectPath(0, 0, 10, 10)
        layer.add(Transition(type: .fade, timing: timing(at: 0.25)), forKey: "t", from: nil)
        XCTAssertEqual(try render([layer])[19, 8], SIMD4(0, 0, 0, 255), "the shadow beside the layer, not faded")
    }

    /// A path reaching far from the layer, moved by a large offset, casts all of its shadow.
    func testPathShadowFarFromItsLayer() throws {
        let layer = makeLayer("l", frame: Rect(x: 30, y: 10, width: 2, height: 2))
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 10, height: 0)
        layer.shadowPath = rectPath(-28, 0, 30, 4)
        let bitmap = try render([layer], width: 48, height: 20)
        // The path covers x 2…32, moved to 12…42.
        for x in 12..<42 { XCTAssertEqual(bitmap[x, 11], SIMD4(0, 0, 0, 255), "x \(x)") }
        XCTAssertEqual(bitmap[11, 11], transparent)
        XCTAssertEqual(bitmap[42, 11], transparent)
    }

    /// During a transition the mask stays at rest: it cuts both renderings where the layer is.
    func testMaskStaysAtRestDuringATransition() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        try layer.setMask(makeLayer("m", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: .white))
        layer.add(Transition(type: .moveIn, subtype: .fromLeft, timing: timing(at: 0.25)), forKey: "t", from: nil)
        layer.backgroundColor = blue
        let bitmap = try render([layer], width: 40, height: 20)
        XCTAssertEqual(bitmap[2, 10], opaqueBlue, "the new content, 3/4 of the way out, inside the mask")
        XCTAssertEqual(bitmap[10, 10], opaqueRed, "the old one at rest, inside the mask")
        XCTAssertEqual(bitmap[25, 10], transparent)
    }

    /// Subtypes use Core Animation's y-up names: `fromTop` moves from the layer's max-y
    /// edge, which is the bottom on a top-left canvas.
    func testVerticalSubtypesUseYUpNames() throws {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        layer.add(Transition(type: .moveIn, subtype: .fromTop, timing: timing(at: 0.5)), forKey: "t", from: nil)
        layer.backgroundColor = blue
        let bitmap = try render([layer], width: 20, height: 40)
        XCTAssertEqual(bitmap[10, 15], opaqueBlue, "the new content comes up from y 20…40 to 10…30")
        XCTAssertEqual(bitmap[10, 5], opaqueRed)
        XCTAssertEqual(bitmap[10, 25], opaqueBlue)
    }

    /// A flipped superlayer does not turn its single-sided sublayers away.
    func testFlippedGeometryDoesNotCull() throws {
        let parent = makeLayer("p", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        parent.isGeometryFlipped = true
        let child = makeLayer("c", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        child.isDoubleSided = false
        try parent.addSublayer(child)
        for origin in [Canvas.Origin.topLeft, .bottomLeft] {
            XCTAssertEqual(pixels(of: try render([parent], origin: origin), notEqualTo: transparent).count, 100, "\(origin)")
        }
    }

    /// The shadow's offset turns and scales with the layer (the Jacobian at its centre).
    func testShadowOffsetTurnsWithTheLayer() throws {
        let layer = makeLayer("l", frame: Rect(x: 10, y: 10, width: 8, height: 8), background: red)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 5, height: 0)
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let bitmap = try render([layer], scale: 2)
        // Centre (14, 14) points → (28, 28) pixels; the offset (5, 0) turned by 90° is
        // (0, 5) points, (0, 10) pixels: the shadow spans pixel rows 38…46.
        XCTAssertEqual(bitmap[28, 42], SIMD4(0, 0, 0, 255))
        XCTAssertEqual(bitmap[40, 28], transparent, "not to the right")
    }

    /// `actions["hidden"] = Transition()`: a layer hidden under a fade fades out; one shown
    /// fades in from its hidden (empty) previous rendering.
    func testHidingAndShowingThroughATransition() throws {
        let going = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: red)
        going.add(Transition(type: .fade, timing: timing(at: 0.25)), forKey: "t", from: nil)
        going.isHidden = true
        XCTAssertEqual(try render([going])[10, 10], SIMD4(191, 0, 0, 191), "three quarters of the old rendering left")
        let coming = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: blue)
        coming.isHidden = true
        coming.add(Transition(type: .fade, timing: timing(at: 0.25)), forKey: "t", from: nil)
        coming.isHidden = false
        XCTAssertEqual(try render([coming])[10, 10], SIMD4(0, 0, 64, 64), "a quarter of the new one")
        going.removeAllAnimations()
        XCTAssertEqual(try render([going])[10, 10], transparent, "hidden once the transition is gone")
    }
}
