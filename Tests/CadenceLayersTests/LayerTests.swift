import CadenceAnimation
import CadenceGeometry
@_spi(Testing) import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

/// Properties, defaults, bad values, the style rule and copies (`Layer.swift`).
final class LayerTests: XCTestCase {
    // CALayer class reference: each property's documented default.
    func testDefaultsAreCoreAnimations() {
        let layer = Layer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.anchorPoint, Point(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertEqual(layer.transform, .identity)
        XCTAssertEqual(layer.sublayerTransform, .identity)
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertNil(layer.mask)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, .black)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.shadowColor, .black)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, Size(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.shadowPath)
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsGravity.rawValue, "resize")
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.style)
        XCTAssertNil(layer.actions)
        XCTAssertNil(layer.delegate)
        XCTAssertEqual(layer.timing, MediaTiming(duration: .infinity), "every field at its default but duration, +∞")
        XCTAssertEqual(layer.sublayers.count, 0)
        XCTAssertNil(layer.superlayer)
        XCTAssertEqual(layer.affineTransform, .identity)
    }

    // CAMediaTiming: a new layer reports an infinite duration (Core Animation's value), and
    // a zero duration written later means the same.
    func testLayerTimeSpaceIsInfinite() throws {
        let layer = Layer()
        XCTAssertEqual(layer.timing.duration, .infinity)
        XCTAssertEqual(layer.value(forKeyPath: "duration"), .scalar(.infinity))
        XCTAssertEqual(Layer.defaultValue(forKey: "duration"), .scalar(.infinity))
        XCTAssertEqual(layer.resolvedTiming.duration, .infinity)
        XCTAssertEqual(layer.resolvedTiming.activeDuration, .infinity)
        layer.timing.duration = 2
        XCTAssertEqual(layer.resolvedTiming.duration, 2)
        try layer.setValue(.scalar(0), forKeyPath: "duration")
        XCTAssertEqual(layer.timing.duration, 0)
        XCTAssertEqual(layer.resolvedTiming.duration, .infinity, "0 still means ∞ for a layer")
        for t in [-3.0, 0, 0.5, 7, 1e9] {
            XCTAssertEqual(layer.resolvedTiming.localTime(fromParent: t), Layer().resolvedTiming.localTime(fromParent: t))
            XCTAssertEqual(layer.resolvedTiming.state(atParentTime: t), Layer().resolvedTiming.state(atParentTime: t))
        }
    }

    // A layer's time space follows the whole CAMediaTiming model: a finite one repeats and
    // autoreverses its animations' (and its sublayers') time like an animation group, and
    // outside its active interval (no fill) nothing below it is in effect; an endless one
    // is the linear map. One rule for snapshots, presentationValue and the compositor.
    func testAFiniteLayerTimeSpaceTimesItsAnimationsLikeAGroup() throws {
        let root = Layer()
        let layer = Layer()
        let child = Layer()
        try root.addSublayer(layer)
        try layer.addSublayer(child)
        layer.timing = MediaTiming(beginTime: 1, duration: 1, repeatCount: 2)
        layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)), forKey: "fade")
        child.add(BasicAnimation<Double>(keyPath: "zPosition", fromValue: 0, toValue: 10, timing: MediaTiming(duration: 1)), forKey: "lift")
        func sample(_ t: Double) -> (opacity: Double, z: Double) {
            let snapshot = root.presentation(at: t).sublayers[0]
            return (snapshot.opacity, snapshot.sublayers[0].zPosition)
        }
        XCTAssertEqual(sample(1.25).opacity, 0.25)
        XCTAssertEqual(sample(2.25).opacity, 0.25, "the second repeat starts the layer's time again")
        XCTAssertEqual(sample(2.25).z, 2.5, "sublayers see the wrapped time too")
        XCTAssertEqual(sample(0.5).opacity, 1, "before the layer's interval: nothing in effect, the model shows")
        XCTAssertEqual(sample(0.5).z, 0)
        XCTAssertEqual(sample(3.5).opacity, 1, "after it, the same")
        XCTAssertEqual(layer.presentationValue(forKeyPath: "opacity", at: 2.5), .scalar(0.5))
        XCTAssertEqual(layer.presentationValue(forKeyPath: "opacity", at: 3.5), .scalar(1))
        // A fill holds the end of the last repeat.
        layer.timing.fillMode = .forwards
        XCTAssertEqual(sample(3.5).opacity, 1, "the layer's time holds at 1: the fade has ended (removed)")
        layer.timing = MediaTiming(beginTime: 1, duration: 1, repeatCount: 2, autoreverses: true)
        XCTAssertEqual(sample(1.75).opacity, 0.75)
        XCTAssertEqual(sample(2.25).opacity, 0.75, "the reverse leg runs the layer's time back")
        // The reference snapshot agrees.
        XCTAssertEqual(root.presentationReference(at: 2.25).sublayers[0].opacity, 0.75)
        // Endless layers keep the linear map: a paused layer holds its time offset.
        layer.timing = MediaTiming(speed: 0, timeOffset: 0.5)
        XCTAssertEqual(sample(100).opacity, 0.5)
        XCTAssertEqual(layer.resolvedTiming.layerTime(atParentTime: 100), 0.5)
        // convertTime stays the linear map (stage 1), whatever the duration.
        layer.timing = MediaTiming(beginTime: 1, duration: 1, repeatCount: 2)
        XCTAssertEqual(layer.convertTime(2.25, from: nil), 1.25)
        XCTAssertTrue(layer.resolvedTiming.layerTime(atParentTime: 3.5).isNaN)
    }

    // Bad input: NaN and infinite geometry (Core Animation raises CALayerInvalidGeometry).
    func testNonFiniteValuesAreRefused() {
        let layer = makeLayer("a", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 5, y: 5))
        layer.position = Point(x: .nan, y: 1)
        layer.bounds = Rect(x: 0, y: 0, width: .infinity, height: 1)
        layer.zPosition = -.infinity
        layer.anchorPoint = Point(x: 0.5, y: .nan)
        layer.opacity = .nan
        var t = Transform3D.identity
        t.m34 = .nan
        layer.transform = t
        layer.sublayerTransform = t
        layer.backgroundColor = Color(red: .nan, green: 0, blue: 0)
        layer.frame = Rect(x: .nan, y: 0, width: 1, height: 1)
        XCTAssertEqual(layer.position, Point(x: 5, y: 5))
        XCTAssertEqual(layer.bounds, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.anchorPoint, Point(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.transform, .identity)
        XCTAssertEqual(layer.sublayerTransform, .identity)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.frame, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "position.x")) {
            XCTAssertEqual($0 as? LayerError, .nonFinite(keyPath: "position.x"))
        }
        XCTAssertEqual(layer.position, Point(x: 5, y: 5))
        // Media timing takes any number: a ResolvedTiming sanitises it.
        XCTAssertNoThrow(try layer.setValue(.scalar(.infinity), forKeyPath: "repeatCount"))
        XCTAssertEqual(layer.timing.repeatCount, .infinity)
        XCTAssertNoThrow(try layer.setValue(.scalar(.nan), forKeyPath: "speed"))
        XCTAssertEqual(layer.resolvedTiming.speed, 1)
    }

    // Bad input (compositor part 2): `contentsRect` and `contentsCenter` refuse non-finite
    // fields like every rectangle property, and keep negative sizes (the compositor mirrors
    // or standardises them, docs/compositor.md §9).
    func testContentsRectanglesRefuseNonFiniteAndKeepNegativeSizes() throws {
        let layer = Layer()
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        for bad in [Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: .infinity, height: 1),
                    Rect(x: 0, y: -.infinity, width: 1, height: 1), Rect(x: 0, y: 0, width: 1, height: .nan)] {
            layer.contentsRect = bad
            layer.contentsCenter = bad
            XCTAssertEqual(layer.contentsRect, unit)
            XCTAssertEqual(layer.contentsCenter, unit)
            for key in ["contentsRect", "contentsCenter"] {
                XCTAssertThrowsError(try layer.setValue(.rect(bad), forKeyPath: key)) {
                    XCTAssertEqual($0 as? LayerError, .nonFinite(keyPath: key))
                }
            }
        }
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "contentsRect.size.width"))
        XCTAssertEqual(layer.contentsRect, unit)
        let mirrored = Rect(x: 1, y: 0, width: -1, height: 1)
        layer.contentsRect = mirrored
        layer.contentsCenter = Rect(x: 0.75, y: 0.75, width: -0.5, height: -0.5)
        XCTAssertEqual(layer.contentsRect, mirrored)
        XCTAssertEqual(layer.contentsCenter, Rect(x: 0.75, y: 0.75, width: -0.5, height: -0.5))
        try layer.setValue(.scalar(-2), forKeyPath: "contentsRect.size.height")
        XCTAssertEqual(layer.contentsRect, Rect(x: 1, y: 0, width: -1, height: -2))
    }

    // Bad input: zero-size bounds are valid geometry.
    func testZeroSizeBounds() {
        let layer = makeLayer("a", bounds: .zero, position: Point(x: 7, y: 9))
        XCTAssertEqual(layer.frame, Rect(x: 7, y: 9, width: 0, height: 0))
        XCTAssertFalse(layer.contains(.zero))
        XCTAssertNil(layer.hitTest(Point(x: 7, y: 9)))
        XCTAssertEqual(layer.convert(Point.zero, to: nil), Point(x: 7, y: 9))
    }

    // CALayer `style`: values for properties not set explicitly, shallowest first; never
    // bounds or frame.
    func testStyleSuppliesUnassignedProperties() {
        let layer = Layer()
        let inner = LayerStyle(values: ["opacity": .scalar(0.25), "cornerRadius": .scalar(4), "custom": .scalar(9)])
        layer.style = LayerStyle(
            values: ["opacity": .scalar(0.5), "backgroundColor": .color(.white),
                     "bounds": .rect(Rect(x: 0, y: 0, width: 5, height: 5)), "position": .scalar(3)],
            style: inner)
        XCTAssertEqual(layer.opacity, 0.5)  // the shallowest level wins
        XCTAssertEqual(layer.cornerRadius, 4)  // found one level down
        XCTAssertEqual(layer.backgroundColor, .white)
        XCTAssertEqual(layer.bounds, .zero)  // the seed: bounds never come from the style
        XCTAssertEqual(layer.position, .zero)  // a value of the wrong kind is ignored
        XCTAssertEqual(layer.value(forKeyPath: "opacity"), .scalar(0.5))
        XCTAssertEqual(layer.value(forKeyPath: "custom"), .scalar(9))
        layer.opacity = 0.75
        XCTAssertEqual(layer.opacity, 0.75)  // an explicit value beats the style
        layer.opacity = 1
        XCTAssertEqual(layer.opacity, 1)  // even when it equals the default
        layer.style = nil
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertNil(layer.value(forKeyPath: "custom"))
    }

    func testStyleLooksUpActionsShallowestFirst() {
        struct Named: LayerAction {
            let name: String
            func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {}
        }
        let style = LayerStyle(actions: ["position": Named(name: "outer")],
                               style: LayerStyle(actions: ["position": Named(name: "inner"), "opacity": NullAction()]))
        XCTAssertEqual((style.action(forKey: "position") as? Named)?.name, "outer")
        XCTAssertTrue(style.action(forKey: "opacity") is NullAction)
        XCTAssertNil(style.action(forKey: "bounds"))
        XCTAssertNotNil(style.style)
    }

    func testModelCopyClonesPropertiesButNotHierarchy() throws {
        let parent = Layer(), layer = makeLayer("m", bounds: Rect(x: 1, y: 2, width: 3, height: 4))
        try parent.addSublayer(layer)
        try layer.addSublayer(Layer())
        try layer.setMask(Layer())
        layer.opacity = 0.3
        layer.contents = try Bitmap(width: 2, height: 2)
        layer.timing.speed = 2
        try layer.setValue(.point(Point(x: 1, y: 1)), forKeyPath: "custom")
        let copy = layer.modelCopy()
        XCTAssertEqual(copy.name, "m")
        XCTAssertEqual(copy.bounds, layer.bounds)
        XCTAssertEqual(copy.opacity, 0.3)
        XCTAssertEqual(copy.contents?.pixelSize, Size(width: 2, height: 2))
        XCTAssertEqual(copy.timing.speed, 2)
        XCTAssertEqual(copy.value(forKeyPath: "custom.x"), .scalar(1))
        XCTAssertNil(copy.superlayer)
        XCTAssertTrue(copy.sublayers.isEmpty)
        XCTAssertNil(copy.mask)
        // Independent afterwards.
        copy.opacity = 1
        XCTAssertEqual(layer.opacity, 0.3)

        let other = Layer()
        try parent.addSublayer(other)
        other.copyModelProperties(from: layer)
        XCTAssertEqual(other.opacity, 0.3)
        XCTAssertIdentical(other.superlayer, parent)
    }

    func testDelegateIsWeak() {
        final class Delegate: LayerDelegate {}
        let layer = Layer()
        var delegate: Delegate? = Delegate()
        layer.delegate = delegate
        XCTAssertNotNil(layer.delegate)
        XCTAssertNil(layer.delegate?.action(for: layer, forKey: "position"))
        delegate = nil
        XCTAssertNil(layer.delegate)
    }
}
