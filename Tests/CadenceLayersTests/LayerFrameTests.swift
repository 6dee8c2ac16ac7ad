import CadenceGeometry
import CadenceLayers
import XCTest

/// `frame` and `affineTransform` (`Layer+Frame.swift`).
final class LayerFrameTests: XCTestCase {
    let seedBounds = Rect(x: 0, y: 0, width: 120, height: 80)
    let seedFrame = Rect(x: 40, y: 60, width: 120, height: 80)

    // Programming guide, Figure 3: position (100, 100), bounds (0, 0, 120, 80), anchor
    // (0.5, 0.5) → frame (40, 60, 120, 80).
    func testSeedFrameFromPositionAndBounds() {
        let layer = makeLayer("a", bounds: seedBounds, position: Point(x: 100, y: 100))
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // The guide: setting only the frame (40, 60, 120, 80) gives position (100, 100) and
    // bounds (0, 0, 120, 80).
    func testSeedFrameSetterOnANewLayer() {
        let layer = Layer()
        layer.frame = seedFrame
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        XCTAssertEqual(layer.bounds, seedBounds)
    }

    // Figure 4: the same frame with anchor point (0, 0): the same bounds, the position at
    // the frame's origin.
    func testSeedFrameWithAnchorAtOrigin() {
        let layer = makeLayer("a", anchorPoint: .zero)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds, seedBounds)
        XCTAssertEqual(layer.position, Point(x: 40, y: 60))
        XCTAssertEqual(layer.frame, seedFrame)
        // And the getter the other way round: position (100, 100) puts the origin there.
        layer.position = Point(x: 100, y: 100)
        XCTAssertEqual(layer.frame, Rect(x: 100, y: 100, width: 120, height: 80))
    }

    // The guide: the bounds origin is untouched by the setter and does not move the frame.
    func testBoundsOriginIsUntouched() {
        let layer = makeLayer("a", bounds: Rect(x: 7, y: -3, width: 10, height: 10))
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds, Rect(x: 7, y: -3, width: 120, height: 80))
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // Issue 5: a rotated layer's frame is the bounding box of its rotated bounds.
    func testRotatedFrameIsTheBoundingBox() {
        let layer = makeLayer("a", bounds: seedBounds, position: Point(x: 100, y: 100))
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        XCTAssertEqual(layer.frame, Rect(x: 60, y: 40, width: 80, height: 120))
        layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        let side = (120 + 80) / 2.0.squareRoot()
        assertClose(layer.frame, Rect(x: 100 - side / 2, y: 100 - side / 2, width: side, height: side))
        // About the anchor: anchor (0, 0) turns the layer about its top-left corner.
        layer.anchorPoint = .zero
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        XCTAssertEqual(layer.frame, Rect(x: 20, y: 100, width: 80, height: 120))
    }

    // Issue 5: under a scale the setter accounts for it, so the frame reads back.
    func testFrameSetterUnderScale() {
        let layer = Layer()
        layer.transform = Transform3D(scaleX: 2, y: 0.5, z: 1)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds.size, Size(width: 60, height: 160))
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        XCTAssertEqual(layer.frame, seedFrame)
        layer.anchorPoint = Point(x: 0.25, y: 1)
        layer.frame = seedFrame
        XCTAssertEqual(layer.position, Point(x: 70, y: 140))
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // Under a translation the position makes up for it.
    func testFrameSetterUnderTranslation() {
        let layer = Layer()
        layer.transform = Transform3D(translationX: 10, y: -5, z: 3)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds, seedBounds)
        XCTAssertEqual(layer.position, Point(x: 90, y: 105))
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // A flip puts the anchor at the mirrored fraction of the frame.
    func testFrameUnderAFlip() {
        let layer = makeLayer("a", anchorPoint: Point(x: 0, y: 0))
        layer.transform = Transform3D(scaleX: -1, y: 1, z: 1)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds.size, seedBounds.size)
        XCTAssertEqual(layer.position, Point(x: 160, y: 60))
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // A rotation about y foreshortens x: still an axis-aligned scale, solved exactly.
    func testFrameUnderRotationAboutY() {
        let layer = Layer()
        layer.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds.size.width, 240, accuracy: 1e-12)
        assertClose(layer.frame, seedFrame)
    }

    // Zero scale along an axis: the size there is kept, the origin honoured.
    func testFrameSetterUnderZeroScaleKeepsTheSize() {
        let layer = makeLayer("a", bounds: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.transform = Transform3D(scaleX: 0, y: 1, z: 1)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds.size, Size(width: 10, height: 80))
        XCTAssertEqual(layer.frame, Rect(x: 40, y: 60, width: 0, height: 80))
    }

    // Any other transform (Apple: undefined) is ignored by the setter.
    func testFrameSetterUnderRotationIgnoresTheTransform() {
        let layer = Layer()
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        layer.frame = seedFrame
        XCTAssertEqual(layer.bounds, seedBounds)
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        XCTAssertEqual(layer.frame, Rect(x: 60, y: 40, width: 80, height: 120))
    }

    // Issue 5: a negative size is standardised.
    func testNegativeFrameSizeIsStandardised() {
        let layer = Layer()
        layer.frame = Rect(x: 160, y: 140, width: -120, height: -80)
        XCTAssertEqual(layer.bounds, seedBounds)
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        // Negative bounds are standardised when set (Core Animation's behaviour).
        layer.bounds = Rect(x: 120, y: 80, width: -120, height: -80)
        XCTAssertEqual(layer.bounds, Rect(x: 0, y: 0, width: 120, height: 80))
        XCTAssertEqual(layer.frame, seedFrame)
        layer.bounds = Rect(x: 0, y: 0, width: -100, height: -50)
        XCTAssertEqual(layer.bounds, Rect(x: -100, y: -50, width: 100, height: 50))
        XCTAssertEqual(layer.frame, Rect(x: 50, y: 75, width: 100, height: 50))
        // Through key-value coding: the whole rectangle, and one field of it.
        try? layer.setValue(.rect(Rect(x: 10, y: 0, width: -4, height: 2)), forKeyPath: "bounds")
        XCTAssertEqual(layer.bounds, Rect(x: 6, y: 0, width: 4, height: 2))
        try? layer.setValue(.scalar(-10), forKeyPath: "bounds.size.height")
        XCTAssertEqual(layer.bounds, Rect(x: 6, y: -10, width: 4, height: 10))
    }

    // The frame is in the superlayer's space but ignores its sublayerTransform.
    func testFrameIgnoresTheSuperlayersSublayerTransform() throws {
        let parent = makeLayer("p", bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        parent.sublayerTransform = Transform3D(scaleX: 3, y: 3, z: 1)
        let layer = makeLayer("a", bounds: seedBounds, position: Point(x: 100, y: 100))
        try parent.addSublayer(layer)
        XCTAssertEqual(layer.frame, seedFrame)
    }

    // Perspective: the box of the projected corners.
    func testFrameUnderPerspective() {
        let layer = makeLayer("a", bounds: seedBounds, position: Point(x: 100, y: 100))
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(t)
        layer.transform = t
        let local = Transform3D(translationX: -60, y: -40, z: 0).concatenating(t)
            .concatenating(Transform3D(translationX: 100, y: 100, z: 0))
        assertClose(layer.frame, local.boundingBox(of: seedBounds))
        XCTAssertLessThan(layer.frame.width, 120)
    }

    // CALayer `affineTransform`: the affine part, or the identity for a 3D transform;
    // setting it replaces the whole transform.
    func testAffineTransform() {
        let layer = Layer()
        let affine = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        layer.affineTransform = affine
        XCTAssertEqual(layer.transform, Transform3D(affine))
        XCTAssertEqual(layer.affineTransform, affine)
        var perspective = Transform3D(affine)
        perspective.m34 = -0.002
        layer.transform = perspective
        XCTAssertEqual(layer.affineTransform, .identity)
        layer.affineTransform = AffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(layer.transform, Transform3D(scaleX: 2, y: 2, z: 1))
    }
}
