import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

@testable import CadenceCompositor

/// A delegate whose drawing is a closure, counting its calls.
final class ClosureDelegate: LayerDelegate {
    var draws = 0
    let body: (Layer, any DrawingContext) throws -> Void
    init(_ body: @escaping (Layer, any DrawingContext) throws -> Void) { self.body = body }
    func draw(_ layer: Layer, in context: any DrawingContext) throws {
        draws += 1
        try body(layer, context)
    }
}

/// A red disc with a blue outline, in the top left 16 × 16 points.
func drawDisc(_ context: any DrawingContext) {
    context.fillColor = red
    context.fill(Path(ellipseIn: Rect(x: 2, y: 2, width: 12, height: 12)))
    context.strokeColor = blue
    context.lineWidth = 1.5
    context.stroke(Path(ellipseIn: Rect(x: 2, y: 2, width: 12, height: 12)))
}

/// Backing stores drawn by the compositor (§ 16) and rasterized subtrees (§ 17).
final class CompositorDisplayTests: XCTestCase {
    // MARK: Backing stores

    func testABackingStoreDrawsWhatAGraphicsContextPaintsAndIsPaintedOnce() throws {
        let delegate = ClosureDelegate { _, context in drawDisc(context) }
        let layer = makeLayer("disc", frame: Rect(x: 8, y: 4, width: 16, height: 16))
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let compositor = Compositor(threadCount: 1)
        let frame = try render([layer], compositor: compositor)
        // The same calls painted directly at the layer's place.
        let direct = try GraphicsContext(width: 32, height: 32)
        direct.translateBy(x: 8, y: 4)
        drawDisc(direct)
        XCTAssertEqual(maxDifference(frame, direct.bitmap), 0)
        for t in [0.5, 1.0] { _ = try compositor.render([layer], at: t, on: Canvas(width: 32, height: 32)) }
        XCTAssertEqual(delegate.draws, 1)
        XCTAssertEqual(compositor.backingStores.paintCount, 1)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        _ = try render([layer], compositor: compositor)
        XCTAssertEqual(delegate.draws, 2)
        XCTAssertEqual(compositor.backingStores.paintCount, 2)
    }

    func testContentsScaleTwoMatchesACanvasOfScaleTwo() throws {
        let delegate = ClosureDelegate { _, context in drawDisc(context) }
        let layer = makeLayer("disc", frame: Rect(x: 0, y: 0, width: 16, height: 16))
        layer.delegate = delegate
        let direct = try GraphicsContext(width: 32, height: 32)
        direct.scaleBy(x: 2, y: 2)
        drawDisc(direct)
        layer.display()
        let blurry = try render([layer], width: 16, height: 16, scale: 2)
        layer.contentsScale = 2
        layer.display()
        XCTAssertEqual(layer.backingStore?.pixelWidth, 32)
        let sharp = try render([layer], width: 16, height: 16, scale: 2)
        XCTAssertEqual(maxDifference(sharp, direct.bitmap), 0)  // one backing pixel per canvas pixel
        XCTAssertGreaterThan(maxDifference(blurry, direct.bitmap), 32)  // scale 1 is magnified
    }

    func testDrawingOutsideTheBoundsIsCutOffAndBadDrawingDrawsNothing() throws {
        let delegate = ClosureDelegate { _, context in
            context.fillColor = green
            context.fill(Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
            context.fill(Path(rect: Rect(x: 0, y: 0, width: .nan, height: 3)))
            context.lineWidth = -1
            context.stroke(Rect(x: 0, y: 0, width: 3, height: 3))
        }
        let layer = makeLayer("a", frame: Rect(x: 10, y: 10, width: 5, height: 6))
        layer.delegate = delegate
        layer.display()
        assertRect(try render([layer]), PixelRect(minX: 10, minY: 10, maxX: 15, maxY: 16), is: opaqueGreen, elsewhere: transparent)
    }

    func testAResizedLayerStretchesItsOldDrawingByItsGravity() throws {
        let delegate = ClosureDelegate { _, context in
            context.fillColor = green
            context.fill(Rect(x: 0, y: 0, width: 4, height: 4))
        }
        let layer = makeLayer("a", frame: Rect(x: 0, y: 0, width: 4, height: 4))
        layer.delegate = delegate
        layer.display()
        layer.bounds.size = Size(width: 8, height: 8)
        layer.position = Point(x: 4, y: 4)
        assertRect(try render([layer]), PixelRect(minX: 0, minY: 0, maxX: 8, maxY: 8), is: opaqueGreen, elsewhere: transparent)
        layer.contentsGravity = .bottomLeft  // Core Animation's names are y-up: the minimum y here
        assertRect(try render([layer]), PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 4), is: opaqueGreen, elsewhere: transparent)
    }

    func testAnAnimatedDisplayKeyRedrawsEveryFrameWithThePresentedValue() throws {
        var drawn: [Double] = []
        let delegate = ClosureDelegate { layer, context in
            guard case .scalar(let progress)? = layer.value(forKeyPath: "progress") else { return }
            drawn.append(progress)
            context.fillColor = green
            context.fill(Rect(x: 0, y: 0, width: 20 * progress, height: 4))
        }
        let layer = makeLayer("bar", frame: Rect(x: 0, y: 0, width: 20, height: 4))
        layer.delegate = delegate
        layer.needsDisplayKeys = ["progress"]
        try layer.setValue(.scalar(1), forKeyPath: "progress")
        layer.displayIfNeeded()
        let model = layer.backingStore
        layer.add(BasicAnimation<Double>(keyPath: "progress", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)),
                  forKey: "grow", beginningAt: 0)
        let compositor = Compositor(threadCount: 1)
        var widths: [Int] = []
        for t in [0.25, 0.5, 0.75, 1.5] {
            let frame = try compositor.render([layer], at: t, on: Canvas(width: 20, height: 4))
            widths.append((0..<20).filter { frame[$0, 1] == opaqueGreen }.count)
        }
        XCTAssertEqual(drawn, [1, 0.25, 0.5, 0.75])  // the model, then one drawing a frame
        XCTAssertEqual(widths, [5, 10, 15, 20])  // after the end: the model's drawing
        XCTAssertTrue(layer.backingStore === model)  // the model layer is not redrawn
        XCTAssertEqual(compositor.backingStores.paintCount, 4)
    }

    // MARK: Rasterization

    /// A root with a background, a border, a sublayer reaching out of its bounds with a
    /// shadow, and a masked sublayer.
    func makeRasterTree() throws -> (root: Layer, child: Layer) {
        let root = makeLayer("root", frame: Rect(x: 6, y: 5, width: 30, height: 20), background: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
        root.borderWidth = 2
        root.borderColor = Color(red: 1, green: 1, blue: 0)
        root.cornerRadius = 4
        let child = makeLayer("child", frame: Rect(x: 20, y: 10, width: 20, height: 14), background: red)
        child.shadowOpacity = 0.5
        child.shadowRadius = 2
        child.shadowOffset = Size(width: 2, height: 2)
        let masked = makeLayer("masked", frame: Rect(x: 2, y: 2, width: 10, height: 10), background: green)
        let mask = makeLayer("mask", frame: Rect(x: 0, y: 0, width: 6, height: 10), background: .black)
        try masked.setMask(mask)
        try root.addSublayer(child)
        try root.addSublayer(masked)
        return (root, child)
    }

    func testARasterizedSubtreeDrawsTheSamePixelsAndIsReusedWhileUnchanged() throws {
        let (root, child) = try makeRasterTree()
        let canvas = Canvas(width: 64, height: 48, background: .white)
        let plain = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        root.shouldRasterize = true
        let compositor = Compositor(threadCount: 1)
        let cached = try compositor.render([root], at: 0, on: canvas)
        // Rendered into a transparent bitmap, then composited: one rounding more per pixel.
        XCTAssertLessThanOrEqual(maxDifference(plain, cached), 1)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 1)
        // Moved by whole pixels, faded: the same bitmap, the same pixels as drawn directly.
        root.position.x += 5
        root.opacity = 0.5
        let moved = try compositor.render([root], at: 0, on: canvas)
        root.shouldRasterize = false
        let movedPlain = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        root.shouldRasterize = true
        XCTAssertLessThanOrEqual(maxDifference(moved, movedPlain), 1)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 1)
        // A change inside the subtree draws it again, once.
        child.backgroundColor = green
        _ = try compositor.render([root], at: 0, on: canvas)
        _ = try compositor.render([root], at: 0, on: canvas)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 2)
        let changed = try compositor.render([root], at: 0, on: canvas)
        // Green at opacity 0.5 over white: (127.5, 255, 127.5), rounded either way.
        let pixel = changed[45, 20]
        XCTAssertTrue([127, 128].contains(pixel[0]) && pixel[1] == 255 && [127, 128].contains(pixel[2]), "\(pixel)")
    }

    func testAnAnimatedSublayerRedrawsTheRasterEveryFrameAndAMovingRootDoesNot() throws {
        let (root, child) = try makeRasterTree()
        root.shouldRasterize = true
        let compositor = Compositor(threadCount: 1)
        let canvas = Canvas(width: 64, height: 48)
        root.add(BasicAnimation<Point>(keyPath: "position", fromValue: Point(x: 21, y: 15), toValue: Point(x: 41, y: 25),
                                       timing: MediaTiming(duration: 1)), forKey: "move", beginningAt: 0)
        for t in [0.0, 0.25, 0.5] { _ = try compositor.render([root], at: t, on: canvas) }
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 1)
        child.add(BasicAnimation<Double>(keyPath: "zPosition", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)),
                  forKey: "z", beginningAt: 0)
        child.add(BasicAnimation<Double>(keyPath: "cornerRadius", fromValue: 0, toValue: 6, timing: MediaTiming(duration: 1)),
                  forKey: "r", beginningAt: 0)
        for t in [0.25, 0.5, 0.75] { _ = try compositor.render([root], at: t, on: canvas) }
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 4)
    }

    func testARotatedOrScaledRasterIsResampledWithinTolerance() throws {
        let (root, _) = try makeRasterTree()
        root.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let canvas = Canvas(width: 64, height: 48, scale: 2, background: .white)
        let plain = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        root.shouldRasterize = true
        let sharp = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        root.rasterizationScale = 0.25
        let coarse = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        // Bilinear resampling of a bitmap at the canvas's density: edges move by under a
        // pixel, so single pixels at edges differ by up to their contrast; the mean error
        // stays small.
        XCTAssertLessThan(meanDifference(plain, sharp), 2.0)
        XCTAssertGreaterThan(meanDifference(plain, coarse), meanDifference(plain, sharp))
    }

    func testBadRasterizationScalesAndHugeSubtreesAreDrawnDirectly() throws {
        let (root, _) = try makeRasterTree()
        let canvas = Canvas(width: 64, height: 48)
        let plain = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        root.shouldRasterize = true
        for scale in [0.0, -1.0, 1e9] {
            root.rasterizationScale = scale
            let compositor = Compositor(threadCount: 1)
            XCTAssertEqual(maxDifference(try compositor.render([root], at: 0, on: canvas), plain), 0, "\(scale)")
            XCTAssertEqual(compositor.rasterization.rasterizationCount, 0)
        }
        root.rasterizationScale = .nan  // refused
        XCTAssertEqual(root.rasterizationScale, 1e9)
        root.rasterizationScale = 1
        let big = makeLayer("big", frame: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6), background: green)
        try root.addSublayer(big)  // covers more than the cache allows
        let compositor = Compositor(threadCount: 1)
        let frame = try compositor.render([root], at: 0, on: canvas)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 0)
        XCTAssertEqual(frame[0, 0], opaqueGreen)
    }

    func testNestedRasterizedLayersAreEachCached() throws {
        let (root, child) = try makeRasterTree()
        root.shouldRasterize = true
        child.shouldRasterize = true
        let canvas = Canvas(width: 64, height: 48, background: .white)
        let compositor = Compositor(threadCount: 1)
        let frame = try compositor.render([root], at: 0, on: canvas)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 2)
        root.shouldRasterize = false
        child.shouldRasterize = false
        XCTAssertLessThanOrEqual(maxDifference(frame, try Compositor(threadCount: 1).render([root], at: 0, on: canvas)), 2)
        root.shouldRasterize = true
        child.shouldRasterize = true
        root.position.y += 1
        _ = try compositor.render([root], at: 0, on: canvas)
        XCTAssertEqual(compositor.rasterization.rasterizationCount, 2)
    }
}

/// The mean per-channel difference between two bitmaps of the same size.
func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    precondition(a.pixels.count == b.pixels.count)
    var total = 0
    for i in a.pixels.indices { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(total) / Double(a.pixels.count)
}
