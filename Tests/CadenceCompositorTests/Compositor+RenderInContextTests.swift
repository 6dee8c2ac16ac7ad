import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

@testable import CadenceCompositor

/// `Compositor.render(layerTree:in:)`, Core Animation's `renderInContext:`: the model tree in
/// the root's own bounds space, y up by default, with Apple's documented omissions.
final class CompositorRenderInContextTests: XCTestCase {
    /// A root whose bounds are (0, 0, 20, 10) at a position and transform that must not
    /// apply, with a red background.
    private func placedRoot() -> Layer {
        let root = makeLayer("root", frame: Rect(x: 50, y: 50, width: 20, height: 10), background: red)
        root.transform = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
        return root
    }

    /// y up (the default): the bounds' (0, 0) is the bottom-left pixel; the root's position
    /// and transform are not used.
    func testTheRootDrawsInItsBoundsSpaceYUp() throws {
        let bitmap = try Compositor().render(layerTree: placedRoot(), in: BitmapContext(pixelWidth: 32, pixelHeight: 32))
        assertRect(bitmap, PixelRect(minX: 0, minY: 22, maxX: 20, maxY: 32), is: opaqueRed, elsewhere: transparent)
    }

    /// y down: the bounds' (0, 0) is the top-left pixel.
    func testTheRootDrawsInItsBoundsSpaceYDown() throws {
        let context = BitmapContext(pixelWidth: 32, pixelHeight: 32, origin: .topLeft)
        let bitmap = try Compositor().render(layerTree: placedRoot(), in: context)
        assertRect(bitmap, PixelRect(minX: 0, minY: 0, maxX: 20, maxY: 10), is: opaqueRed, elsewhere: transparent)
    }

    /// The context transform: a translation then a scale of 2 (the translation in user
    /// units, scaled); the bounds origin is a point of user space like any other.
    func testTheContextTransformAndTheBoundsOrigin() throws {
        let root = placedRoot()
        root.bounds = Rect(x: -2, y: -1, width: 20, height: 10)
        let ctm = AffineTransform(translationX: 3, y: 2).concatenating(AffineTransform(scaleX: 0.5, y: 0.5))
        let context = BitmapContext(pixelWidth: 32, pixelHeight: 32, transform: ctm, origin: .topLeft, background: .white)
        let bitmap = try Compositor().render(layerTree: root, in: context)
        // User x from −2 to 18 → (x + 3)/2: 0.5 … 10.5; y from −1 to 9 → 0.5 … 5.5.
        XCTAssertEqual(bitmap[5, 3], opaqueRed)
        XCTAssertEqual(bitmap[0, 3], SIMD4(255, 127, 127, 255), "half covered over white: the weight 0.5 is 128/255 in the 8-bit kernel")
        XCTAssertEqual(bitmap[11, 3], opaqueWhite)
        XCTAssertEqual(bitmap[5, 6], opaqueWhite)
    }

    /// The model is drawn: an animation that moves and recolours the root's sublayer at
    /// every time does not show.
    func testAnimationsAreIgnored() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        let child = makeLayer("child", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        try root.addSublayer(child)
        child.add(BasicAnimation(keyPath: "position", fromValue: Point(x: 20, y: 20), toValue: Point(x: 25, y: 25),
                                 timing: MediaTiming(duration: 1000)), forKey: "move")
        child.add(BasicAnimation(keyPath: "backgroundColor", fromValue: blue, toValue: blue,
                                 timing: MediaTiming(duration: 1000)), forKey: "colour")
        let context = BitmapContext(pixelWidth: 32, pixelHeight: 32, origin: .topLeft)
        let bitmap = try Compositor().render(layerTree: root, in: context)
        assertRect(bitmap, PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10), is: opaqueRed, elsewhere: transparent)
    }

    /// A sublayer with a 3D transform, one under a 3D `sublayerTransform`, and a layer with
    /// a mask are left out with their sublayers; a 2D rotation is drawn.
    func testThreeDTransformsAndMasksAreLeftOut() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let flat = makeLayer("flat", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        flat.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let tilted = makeLayer("tilted", frame: Rect(x: 20, y: 0, width: 10, height: 10), background: green)
        tilted.transform = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
        try tilted.addSublayer(makeLayer("inside", frame: Rect(x: 0, y: 0, width: 5, height: 5), background: blue))
        let masked = makeLayer("masked", frame: Rect(x: 0, y: 20, width: 10, height: 10), background: green)
        try masked.setMask(makeLayer("mask", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: .white))
        let holder = makeLayer("holder", frame: Rect(x: 20, y: 20, width: 10, height: 10))
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        holder.sublayerTransform = perspective
        try holder.addSublayer(makeLayer("far", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: green))
        for layer in [flat, tilted, masked, holder] { try root.addSublayer(layer) }

        let context = BitmapContext(pixelWidth: 40, pixelHeight: 40, origin: .topLeft)
        let list = Compositor().renderList(layerTree: root, in: context)
        XCTAssertEqual(list.items.map(\.name), ["root", "flat", "holder"])
        let bitmap = try Compositor().render(layerTree: root, in: context)
        assertRect(bitmap, PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10), is: opaqueRed, elsewhere: transparent)
        // The same tree composited normally shows all of them.
        XCTAssertEqual(Compositor().renderList([root], at: 0, on: Canvas(width: 40, height: 40)).items.count, 7)
    }

    /// A masked root draws nothing; a hidden root draws nothing.
    func testAMaskedOrHiddenRootDrawsNothing() throws {
        let context = BitmapContext(pixelWidth: 16, pixelHeight: 16)
        let masked = makeLayer("root", frame: Rect(x: 0, y: 0, width: 16, height: 16), background: red)
        try masked.setMask(makeLayer("mask", frame: Rect(x: 0, y: 0, width: 16, height: 16), background: .white))
        XCTAssertTrue(Compositor().renderList(layerTree: masked, in: context).items.isEmpty)
        let hidden = makeLayer("root", frame: Rect(x: 0, y: 0, width: 16, height: 16), background: red)
        hidden.isHidden = true
        let bitmap = try Compositor().render(layerTree: hidden, in: context)
        XCTAssertEqual(pixels(of: bitmap, notEqualTo: transparent).count, 0)
    }

    /// `shadowPath` is ignored: the shadow follows the layer's alpha. A layer with a path
    /// far from its bounds casts the same shadow as the layer without the path.
    func testShadowsFollowTheAlphaNotTheShadowPath() throws {
        func shadowed(path: Path?) throws -> Layer {
            let layer = makeLayer("s", frame: Rect(x: 0, y: 0, width: 40, height: 40))
            try layer.addSublayer(makeLayer("box", frame: Rect(x: 10, y: 10, width: 12, height: 12), background: red))
            layer.shadowOpacity = 1
            layer.shadowRadius = 2
            layer.shadowOffset = Size(width: 3, height: 3)
            layer.shadowPath = path
            return layer
        }
        let context = BitmapContext(pixelWidth: 40, pixelHeight: 40, origin: .topLeft)
        let far = Path(rect: Rect(x: 28, y: 28, width: 8, height: 8))
        let withPath = try Compositor().render(layerTree: try shadowed(path: far), in: context)
        let withoutPath = try Compositor().render(layerTree: try shadowed(path: nil), in: context)
        XCTAssertEqual(withPath, withoutPath)
        XCTAssertEqual(withPath[32, 32], transparent, "nothing where the path is")
        XCTAssertNotEqual(withPath[24, 24], transparent, "the box's shadow, down and right")
        // The normal render does use the path.
        let canvas = try render([try shadowed(path: far)], width: 40, height: 40)
        XCTAssertNotEqual(canvas[32, 32], transparent)
    }

    /// A tree whose root sits at its bounds' place (position = the bounds' middle, identity
    /// transform) looks the same in a y-down context as on a top-left canvas, and in a y-up
    /// context as on a bottom-left canvas: contents upright, flips and clips alike.
    func testMatchesTheCanvasForARootAtRest() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 24, height: 20), background: blue)
        root.isGeometryFlipped = true
        root.cornerRadius = 4
        root.masksToBounds = true
        let image = try Bitmap(width: 2, height: 2, fill: opaqueRed)
        let picture = makeLayer("picture", frame: Rect(x: 3, y: 2, width: 12, height: 9))
        picture.contents = image
        picture.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
        try root.addSublayer(picture)
        try root.addSublayer(makeLayer("edge", frame: Rect(x: 18, y: 14, width: 10, height: 10), background: green))
        for origin in Canvas.Origin.allCases {
            let context = BitmapContext(
                pixelWidth: 48, pixelHeight: 40, transform: AffineTransform(scaleX: 2, y: 2), origin: origin)
            let inContext = try Compositor().render(layerTree: root, in: context)
            let onCanvas = try render([root], width: 24, height: 20, scale: 2, origin: origin)
            XCTAssertEqual(inContext, onCanvas, "\(origin)")
        }
    }

    /// Several trees draw one after another into one bitmap; a bad size throws.
    func testSeveralTreesAndBadSizes() throws {
        let a = makeLayer("a", frame: Rect(x: 0, y: 0, width: 8, height: 8), background: red)
        let b = makeLayer("b", frame: Rect(x: 0, y: 0, width: 4, height: 4), background: green)
        b.zPosition = -10  // not sorted: the second call draws over the first
        let context = BitmapContext(pixelWidth: 8, pixelHeight: 8, origin: .topLeft)
        let bitmap = try Compositor().render(layerTrees: [a, b], in: context)
        XCTAssertEqual(bitmap[1, 1], opaqueGreen)
        XCTAssertEqual(bitmap[6, 6], opaqueRed)
        for (w, h) in [(0, 8), (8, -1), (Bitmap.maxDimension + 1, 8)] {
            XCTAssertThrowsError(try Compositor().render(layerTree: a, in: BitmapContext(pixelWidth: w, pixelHeight: h)))
            XCTAssertEqual(Compositor().renderList(layerTree: a, in: BitmapContext(pixelWidth: w, pixelHeight: h)).pixelWidth, 0)
        }
        let singular = BitmapContext(pixelWidth: 8, pixelHeight: 8, transform: AffineTransform(scaleX: 0, y: 1))
        XCTAssertEqual(pixels(of: try Compositor().render(layerTree: a, in: singular), notEqualTo: transparent).count, 0)
    }

    /// A compositor with several threads draws the context in bands, with the pixels of one
    /// thread (several trees over a background, a shadow, a clip, contents).
    func testBandsDrawTheSamePixelsAsOneThread() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 60, height: 45), background: blue)
        root.cornerRadius = 9
        root.masksToBounds = true
        let picture = makeLayer("picture", frame: Rect(x: 5, y: 4, width: 30, height: 22))
        picture.contents = try Bitmap(width: 3, height: 2, fill: opaqueRed)
        picture.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        picture.shadowOpacity = 0.8
        picture.shadowRadius = 3
        try root.addSublayer(picture)
        let second = makeLayer("second", frame: Rect(x: 20, y: 10, width: 30, height: 30), background: green)
        second.opacity = 0.5
        let context = BitmapContext(
            pixelWidth: 121, pixelHeight: 93, transform: AffineTransform(scaleX: 2, y: 2),
            background: Color(red: 1, green: 1, blue: 1, alpha: 1))
        let one = try Compositor(threadCount: 1).render(layerTrees: [root, second], in: context)
        for threads in [2, 3, 7] {
            let banded = try Compositor(threadCount: threads).render(layerTrees: [root, second], in: context)
            XCTAssertEqual(banded, one, "\(threads) threads")
        }
    }
}
