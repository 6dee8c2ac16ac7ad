import CadenceAnimation
import CadenceGeometry
import CadenceTiming
@_spi(Testing) @testable import CadenceLayers
import XCTest

/// The one table of layer properties (`LayerKey`'s declarations) and what is derived from
/// it: the animatable key paths, defaults, key-value coding, actions, presentation; and the
/// two properties added through it alone (`shouldRasterize`, `rasterizationScale`).
final class LayerPropertyTableTests: XCTestCase {
    // The key-path table: properties, structure fields, frame not animatable.
    func testKeyPathTable() {
        XCTAssertEqual(LayerKeyPaths.kind(of: "position"), .point)
        XCTAssertEqual(LayerKeyPaths.kind(of: "position.x"), .scalar)
        XCTAssertEqual(LayerKeyPaths.kind(of: "bounds.size.width"), .scalar)
        XCTAssertEqual(LayerKeyPaths.kind(of: "bounds.origin"), .point)
        XCTAssertEqual(LayerKeyPaths.kind(of: "transform.rotation.z"), .scalar)
        XCTAssertEqual(LayerKeyPaths.kind(of: "transform.scale"), .scalar)
        XCTAssertEqual(LayerKeyPaths.kind(of: "transform.translation"), .size)
        XCTAssertEqual(LayerKeyPaths.kind(of: "sublayerTransform.translation.x"), .scalar)
        XCTAssertEqual(LayerKeyPaths.kind(of: "backgroundColor"), .color)
        XCTAssertEqual(LayerKeyPaths.kind(of: "shadowOffset.height"), .scalar)
        XCTAssertNil(LayerKeyPaths.kind(of: "frame"))
        XCTAssertNil(LayerKeyPaths.kind(of: "position.z"))
        XCTAssertNil(LayerKeyPaths.kind(of: "opacity.x"))
        XCTAssertNil(LayerKeyPaths.kind(of: "nonsense"))
    }

    // The animatable properties derived from the table are exactly Core Animation's: the
    // guide's "Animatable Properties" (with `anchorPointZ` and `contentsCenter`) and the
    // reference's `shouldRasterize` and `rasterizationScale`; not `frame`, `geometryFlipped`,
    // `maskedCorners`, `contentsScale`, `minificationFilterBias` or the media timing.
    func testAnimatablePropertiesAreCoreAnimations() {
        XCTAssertLessThanOrEqual(LayerKey.allCases.count, 128, "a key's bit must fit the two words of assigned keys")
        let expected: [String: ValueKind] = [
            "anchorPoint": .point, "anchorPointZ": .scalar, "backgroundColor": .color,
            "backgroundFilters": .discrete, "borderColor": .color, "borderWidth": .scalar,
            "bounds": .rect, "compositingFilter": .discrete, "contents": .discrete,
            "contentsRect": .rect, "contentsCenter": .rect, "cornerRadius": .scalar,
            "doubleSided": .boolean, "filters": .discrete, "hidden": .boolean, "mask": .discrete,
            "masksToBounds": .boolean, "opacity": .scalar, "position": .point,
            "shadowColor": .color, "shadowOffset": .size, "shadowOpacity": .scalar,
            "shadowPath": .discrete, "shadowRadius": .scalar, "sublayers": .discrete,
            "sublayerTransform": .transform, "transform": .transform, "zPosition": .scalar,
            "shouldRasterize": .boolean, "rasterizationScale": .scalar,
            // The specialised classes' (CAShapeLayer.h, CAGradientLayer.h, CAReplicatorLayer.h,
            // CATextLayer.h, CAEmitterLayer.h: "Animatable"); `preservesDepth`, `wrapped` and the names are not.
            "fillColor": .color, "strokeColor": .color, "lineWidth": .scalar, "miterLimit": .scalar,
            "lineDashPhase": .scalar, "strokeStart": .scalar, "strokeEnd": .scalar,
            "startPoint": .point, "endPoint": .point,
            "instanceCount": .scalar, "instanceDelay": .scalar, "instanceTransform": .transform,
            "instanceColor": .color, "instanceRedOffset": .scalar, "instanceGreenOffset": .scalar,
            "instanceBlueOffset": .scalar, "instanceAlphaOffset": .scalar,
            "path": .path, "colors": .colorList, "locations": .numberList,
            "fontSize": .scalar, "foregroundColor": .color,
            // CAEmitterLayer.h: the emitter's geometry and multipliers.
            "emitterPosition": .point, "emitterZPosition": .scalar, "emitterSize": .size, "emitterDepth": .scalar,
            "birthRate": .scalar, "lifetime": .scalar, "velocity": .scalar, "scale": .scalar, "spin": .scalar,
        ]
        XCTAssertEqual(LayerKeyPaths.properties, expected)
    }

    // Each declaration's accessors reach the storage field the public property reads: a
    // value stored by key reads back through the typed getter, for every stored key.
    func testDeclarationsMatchThePublicProperties() throws {
        let layer = Layer()
        layer.shouldRasterize = true
        layer.rasterizationScale = 2.5
        layer.opacity = 0.25
        layer.maskedCorners = [.layerMinXMinYCorner]
        XCTAssertEqual(layer.value(forKeyPath: "shouldRasterize"), .boolean(true))
        XCTAssertEqual(layer.value(forKeyPath: "rasterizationScale"), .scalar(2.5))
        XCTAssertEqual(layer.value(forKeyPath: "opacity"), .scalar(0.25))
        XCTAssertEqual(layer.value(forKeyPath: "maskedCorners"), .scalar(1))
        XCTAssertEqual(Bool.read(.shouldRasterize, of: layer), true)
        XCTAssertEqual(Double.read(.rasterizationScale, of: layer), 2.5)
        XCTAssertNil(Double.read(.shouldRasterize, of: layer), "a key of another type reads nil")
        XCTAssertNil(Point.read(.opacity, of: layer))
        XCTAssertEqual(Rect.read(.frame, of: layer), layer.frame, "frame is derived, not stored")
        XCTAssertTrue(layer.storageInvariantViolations.isEmpty)
        // The storage fields themselves (the getters read through the same table, so this
        // is what ties the table to the fields the renderer and the copies read).
        XCTAssertEqual(layer.storage.opacity, 0.25)
        XCTAssertEqual(layer.storage.rasterizationScale, 2.5)
        XCTAssertTrue(layer.storage.shouldRasterize)
        XCTAssertEqual(layer.storage.maskedCorners, [.layerMinXMinYCorner])

        // Every number has a field of its own: distinct values written to all of them read
        // back distinct (two keys wired to one field would read the same).
        let probe = Layer()
        let numbers = LayerKey.allCases.filter { $0.kind == .scalar && $0 != .maskedCorners }
        for (i, key) in numbers.enumerated() { try probe.setValue(.scalar(Double(i) + 2), forKeyPath: key.name) }
        for (i, key) in numbers.enumerated() {
            XCTAssertEqual(probe.value(forKeyPath: key.name), .scalar(Double(i) + 2), key.name)
        }
    }

    // The rasterization properties, which took one declaration, one storage field and one
    // accessor each: defaults, key-value coding, the style rule, the finite check, copies.
    func testRasterizationProperties() throws {
        let layer = Layer()
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertEqual(Layer.defaultValue(forKey: "shouldRasterize"), .boolean(false))
        XCTAssertEqual(Layer.defaultValue(forKey: "rasterizationScale"), .scalar(1))

        try layer.setValue(.boolean(true), forKeyPath: "shouldRasterize")
        try layer.setValue(.scalar(3), forKeyPath: "rasterizationScale")
        XCTAssertTrue(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 3)
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "rasterizationScale")) {
            XCTAssertEqual($0 as? LayerError, .nonFinite(keyPath: "rasterizationScale"))
        }
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "shouldRasterize"))
        layer.rasterizationScale = .infinity
        XCTAssertEqual(layer.rasterizationScale, 3, "a non-finite number is refused, as by every setter")

        // A copy shares the values and then goes its own way (the cold box is copied on write).
        let copy = layer.modelCopy()
        copy.rasterizationScale = 0.5
        XCTAssertEqual(layer.rasterizationScale, 3)
        XCTAssertEqual(copy.rasterizationScale, 0.5)
        XCTAssertTrue(copy.shouldRasterize)

        // Unassigned, they read the style; assigned, their own value.
        let styled = Layer()
        styled.style = LayerStyle(values: ["rasterizationScale": .scalar(2), "shouldRasterize": .boolean(true)])
        XCTAssertEqual(styled.rasterizationScale, 2)
        XCTAssertTrue(styled.shouldRasterize)
        styled.rasterizationScale = 4
        XCTAssertEqual(styled.rasterizationScale, 4)
        XCTAssertTrue(styled.storageInvariantViolations.isEmpty)
    }

    // Animatable as the reference says: `rasterizationScale` gets the default action of a
    // number and is presented interpolated; `shouldRasterize` (a Boolean, animated
    // discretely on Core Animation) has no default action.
    func testRasterizationPropertiesAnimate() throws {
        let (_, _, layer) = makeAttachedLayer()
        XCTAssertTrue(layer.action(forKey: "rasterizationScale") is Animation)
        XCTAssertNil(layer.action(forKey: "shouldRasterize"))
        XCTAssertTrue(Layer.defaultAction(forKey: "rasterizationScale") is Animation)

        let plain = Layer()
        plain.add(BasicAnimation<Double>(keyPath: "rasterizationScale", fromValue: 1, toValue: 3,
                                         timing: MediaTiming(duration: 1)), forKey: "scale")
        XCTAssertEqual(plain.presentation(at: 0.5).rasterizationScale, 2)
        XCTAssertEqual(plain.rasterizationScale, 1, "the model is untouched")
    }
}
