import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// Key-value coding (`Layer+KeyValueCoding.swift`).
final class LayerKeyValueCodingTests: XCTestCase {
    // Guide, "Modifying a Transform Using Key Paths": transform.rotation.z by key path.
    func testTransformRotationZ() throws {
        let layer = Layer()
        try layer.setValue(.scalar(0.5), forKeyPath: "transform.rotation.z")
        assertClose(layer.transform, Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
        guard case .scalar(let angle)? = layer.value(forKeyPath: "transform.rotation.z") else {
            return XCTFail("no rotation")
        }
        XCTAssertEqual(angle, 0.5, accuracy: 1e-12)
        // `rotation` is the same field; the translation is kept by a rotation write.
        try layer.setValue(.size(Size(width: 3, height: 4)), forKeyPath: "transform.translation")
        try layer.setValue(.scalar(.pi / 2), forKeyPath: "transform.rotation")
        XCTAssertEqual(layer.transform.m41, 3)
        XCTAssertEqual(layer.transform.m42, 4)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.x"), .scalar(3))
        try layer.setValue(.scalar(2), forKeyPath: "sublayerTransform.scale")
        assertClose(layer.sublayerTransform, Transform3D(scaleX: 2, y: 2, z: 2))
    }

    // Guide, "Key Path Support for Structure Fields": points, sizes, rectangles.
    func testStructureFields() throws {
        let layer = Layer()
        try layer.setValue(.scalar(12), forKeyPath: "position.x")
        XCTAssertEqual(layer.position, Point(x: 12, y: 0))
        XCTAssertEqual(layer.value(forKeyPath: "position.x"), .scalar(12))
        try layer.setValue(.scalar(120), forKeyPath: "bounds.size.width")
        try layer.setValue(.size(Size(width: 120, height: 80)), forKeyPath: "bounds.size")
        try layer.setValue(.scalar(-4), forKeyPath: "bounds.origin.y")
        XCTAssertEqual(layer.bounds, Rect(x: 0, y: -4, width: 120, height: 80))
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size.width"), .scalar(120))
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin"), .point(Point(x: 0, y: -4)))
        try layer.setValue(.scalar(-3), forKeyPath: "shadowOffset.height")
        XCTAssertEqual(layer.value(forKeyPath: "shadowOffset"), .size(Size(width: 0, height: -3)))
        // `frame` goes through its setter: it moves the position.
        try layer.setValue(.rect(Rect(x: 40, y: 60, width: 120, height: 80)), forKeyPath: "frame")
        XCTAssertEqual(layer.position, Point(x: 100, y: 100))
        try layer.setValue(.scalar(0), forKeyPath: "frame.origin.x")
        XCTAssertEqual(layer.position, Point(x: 60, y: 100))
    }

    func testPropertyNamesAndTiming() throws {
        let layer = Layer()
        try layer.setValue(.boolean(true), forKeyPath: "hidden")
        try layer.setValue(.boolean(false), forKeyPath: "doubleSided")
        try layer.setValue(.color(.white), forKeyPath: "backgroundColor")
        try layer.setValue(.scalar(2), forKeyPath: "speed")
        try layer.setValue(.boolean(true), forKeyPath: "autoreverses")
        XCTAssertTrue(layer.isHidden)
        XCTAssertFalse(layer.isDoubleSided)
        XCTAssertEqual(layer.backgroundColor, .white)
        XCTAssertEqual(layer.timing.speed, 2)
        XCTAssertTrue(layer.timing.autoreverses)
        // A colour property takes nil (no colour) and reads nil.
        try layer.setValue(nil, forKeyPath: "backgroundColor")
        XCTAssertNil(layer.backgroundColor)
        XCTAssertNil(layer.value(forKeyPath: "backgroundColor"))
    }

    // Every animatable property of `LayerKeyPaths` that a `KeyPathValue` carries reads
    // back what is written, with the kind the table gives; so does every structure field.
    func testEveryAnimatablePropertyAndField() throws {
        var rng = SeededGenerator(seed: 5)
        func sample(_ kind: ValueKind) -> KeyPathValue {
            let n = { rng.edgeBiased(in: 0.25...2) }
            switch kind {
            case .scalar: return .scalar(n())
            case .point: return .point(Point(x: n(), y: n()))
            case .size: return .size(Size(width: n(), height: n()))
            case .rect: return .rect(Rect(x: n(), y: n(), width: n(), height: n()))
            case .color: return .color(Color(red: n() / 2, green: n() / 2, blue: n() / 2, alpha: n() / 2))
            case .transform: return .transform(Transform3D(translationX: n(), y: n(), z: n()))
            case .boolean: return .boolean(true)
            case .path: return .path(Path(elements: [.moveTo(Point(x: n(), y: n())), .lineTo(Point(x: n(), y: n()))]))
            case .colorList: return .colorList([Color(red: n() / 2, green: n() / 2, blue: n() / 2, alpha: n() / 2)])
            case .numberList: return .numberList([n(), n()])
            case .string, .discrete: fatalError()
            }
        }
        for (key, kind) in LayerKeyPaths.properties.sorted(by: { $0.key < $1.key }) {
            let layer = Layer()
            guard kind != .discrete else {
                XCTAssertNil(layer.value(forKeyPath: key), key)
                XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: key), key)
                continue
            }
            let value = sample(kind)
            try layer.setValue(value, forKeyPath: key)
            XCTAssertEqual(layer.value(forKeyPath: key), value, "seed 5, \(key)")
            for (field, fieldKind) in LayerKeyPaths.structureFields[kind] ?? [:] {
                let path = "\(key).\(field)"
                XCTAssertEqual(layer.value(forKeyPath: path)?.kind, fieldKind, path)
                XCTAssertEqual(LayerKeyPaths.kind(of: path), fieldKind, path)
            }
        }
    }

    // Every key reaches its own property and no other: a write by key changes what that
    // key reads and nothing else (but `frame`, which is derived from the geometry), with the
    // kind `LayerKeyPaths` gives; only the media timing takes non-finite numbers. Pins the
    // one table of getters and setters by key (`LayerPropertyValue`).
    func testEveryKeyReachesItsOwnProperty() throws {
        let frameInputs: Set<LayerKey> = [.bounds, .position, .anchorPoint, .anchorPointZ, .transform]
        let timing: Set<String> = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                                   "autoreverses"]
        for key in LayerKey.allCases {
            if let kind = LayerKeyPaths.properties[key.name] { XCTAssertEqual(key.kind, kind, key.name) }
            XCTAssertEqual(key.isMediaTiming, timing.contains(key.name), key.name)
            let layer = Layer()
            let before = LayerKey.allCases.map { $0.read(layer) }
            let value: KeyPathValue
            switch key.kind {
            case .scalar: value = .scalar(key == .maskedCorners ? 5 : 0.75)  // a whole mask
            case .boolean: value = .boolean(key.read(layer) != .boolean(true))
            case .point: value = .point(Point(x: 0.25, y: 0.75))
            case .size: value = .size(Size(width: 2, height: 5))
            case .rect: value = .rect(Rect(x: 1, y: 2, width: 3, height: 4))
            case .color: value = .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
            case .transform: value = .transform(Transform3D(translationX: 1, y: 2, z: 3))
            case .string, .discrete, .path, .colorList, .numberList:
                return XCTFail("\(key.name): a key-value coding key holds a value of fixed size")
            }
            XCTAssertNotEqual(before[key.rawValue], value, key.name)
            try layer.setValue(value, forKeyPath: key.name)
            XCTAssertEqual(layer.value(forKeyPath: key.name), value, key.name)
            for other in LayerKey.allCases where other != key {
                let derived = (other == .frame && frameInputs.contains(key))
                    || (key == .frame && [.bounds, .position].contains(other))
                if !derived { XCTAssertEqual(other.read(layer), before[other.rawValue], "\(key.name) changed \(other.name)") }
            }
            let wrong: KeyPathValue = key.kind == .scalar ? .boolean(true) : .scalar(1)
            XCTAssertThrowsError(try layer.setValue(wrong, forKeyPath: key.name)) {
                XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: key.name, expected: key.kind, found: wrong.kind))
            }
            if key.kind == .scalar {
                XCTAssertEqual((try? layer.setValue(.scalar(.nan), forKeyPath: key.name)) != nil, key.isMediaTiming, key.name)
            }
        }
    }

    // Guide, "Key-Value Coding Compliant Container Classes": arbitrary keys.
    func testExtraKeys() throws {
        let layer = Layer()
        XCTAssertNil(layer.value(forKeyPath: "someKey"))
        try layer.setValue(.scalar(50), forKeyPath: "someKey")
        XCTAssertEqual(layer.value(forKeyPath: "someKey"), .scalar(50))
        try layer.setValue(.rect(Rect(x: 1, y: 2, width: 3, height: 4)), forKeyPath: "area")
        try layer.setValue(.scalar(9), forKeyPath: "area.origin.x")
        XCTAssertEqual(layer.value(forKeyPath: "area"), .rect(Rect(x: 9, y: 2, width: 3, height: 4)))
        XCTAssertEqual(layer.value(forKeyPath: "area.size.height"), .scalar(4))
        try layer.setValue(nil, forKeyPath: "someKey")
        XCTAssertNil(layer.value(forKeyPath: "someKey"))
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "missing.x")) {
            XCTAssertEqual($0 as? LayerError, .unknownKeyPath("missing.x"))
        }
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "someKey.x"))
    }

    // Bad input: unknown fields, wrong kinds, properties a KeyPathValue cannot carry.
    func testBadKeyPaths() {
        let layer = Layer()
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
        XCTAssertNil(layer.value(forKeyPath: "transform.skew"))
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "position.z")) {
            XCTAssertEqual($0 as? LayerError, .unknownKeyPath("position.z"))
            XCTAssertEqual(($0 as? LayerError)?.description, "position.z: no such key path")
        }
        XCTAssertThrowsError(try layer.setValue(.point(.zero), forKeyPath: "opacity")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "opacity", expected: .scalar, found: .point))
            XCTAssertEqual(($0 as? LayerError)?.description, "opacity: expected a scalar, got a point")
        }
        XCTAssertThrowsError(try layer.setValue(nil, forKeyPath: "position")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "position", expected: .point, found: nil))
        }
        XCTAssertThrowsError(try layer.setValue(.point(.zero), forKeyPath: "position.x")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "position.x", expected: .scalar, found: .point))
        }
        XCTAssertThrowsError(try layer.setValue(.boolean(true), forKeyPath: "name")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "name", expected: .string, found: .boolean))
            XCTAssertEqual(($0 as? LayerError)?.description, "name: expected a string, got a boolean")
        }
        XCTAssertThrowsError(try layer.setValue(.string("x"), forKeyPath: "contents")) {
            XCTAssertEqual($0 as? LayerError, .notKeyValueCodable("contents"))
        }
        XCTAssertNil(layer.value(forKeyPath: "contents"))
        XCTAssertNil(layer.value(forKeyPath: "mask"))
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.opacity, 1)
    }

    // Core Animation's string-valued properties are strings through key-value coding: a
    // known name sets the typed property; an unknown one is kept as given and acts as the
    // default; the typed setter forgets it.
    func testStringValuedProperties() throws {
        let layer = Layer()
        XCTAssertEqual(layer.value(forKeyPath: "contentsGravity"), .string("resize"))
        XCTAssertEqual(layer.value(forKeyPath: "magnificationFilter"), .string("linear"))
        XCTAssertEqual(layer.value(forKeyPath: "minificationFilter"), .string("linear"))
        XCTAssertEqual(layer.value(forKeyPath: "fillMode"), .string("removed"))
        XCTAssertNil(layer.value(forKeyPath: "name"))

        try layer.setValue(.string("resizeAspectFill"), forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resizeAspectFill)
        XCTAssertEqual(layer.value(forKeyPath: "contentsGravity"), .string("resizeAspectFill"))
        try layer.setValue(.string("sideways"), forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.value(forKeyPath: "contentsGravity"), .string("sideways"), "stored as given")
        XCTAssertEqual(layer.contentsGravity, .resize, "an unknown gravity acts as resize")
        // Copies and snapshots keep the name.
        XCTAssertEqual(layer.modelCopy().value(forKeyPath: "contentsGravity"), .string("sideways"))
        XCTAssertEqual(layer.presentation(at: 0).value(forKeyPath: "contentsGravity"), .string("sideways"))
        layer.contentsGravity = .center
        XCTAssertEqual(layer.value(forKeyPath: "contentsGravity"), .string("center"), "the typed setter forgets the name")
        try layer.setValue(nil, forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resize)

        try layer.setValue(.string("nearest"), forKeyPath: "magnificationFilter")
        try layer.setValue(.string("trilinear"), forKeyPath: "minificationFilter")
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        XCTAssertEqual(layer.minificationFilter, .trilinear)
        try layer.setValue(.string("lanczos"), forKeyPath: "minificationFilter")
        XCTAssertEqual(layer.minificationFilter, .linear, "an unknown filter acts as linear")
        XCTAssertEqual(layer.value(forKeyPath: "minificationFilter"), .string("lanczos"))

        try layer.setValue(.string("both"), forKeyPath: "fillMode")
        XCTAssertEqual(layer.timing.fillMode, .both)
        try layer.setValue(.string("sometimes"), forKeyPath: "fillMode")
        XCTAssertEqual(layer.timing.fillMode, .removed, "an unknown fill mode acts as removed")
        XCTAssertEqual(layer.value(forKeyPath: "fillMode"), .string("sometimes"))
        layer.timing.duration = 3
        XCTAssertEqual(layer.value(forKeyPath: "fillMode"), .string("sometimes"), "another timing field keeps it")
        try layer.setValue(.string("removed"), forKeyPath: "fillMode")
        XCTAssertEqual(layer.value(forKeyPath: "fillMode"), .string("removed"))
        try layer.setValue(.string("sometimes"), forKeyPath: "fillMode")
        layer.timing.fillMode = .forwards
        XCTAssertEqual(layer.value(forKeyPath: "fillMode"), .string("forwards"))

        try layer.setValue(.string("card"), forKeyPath: "name")
        XCTAssertEqual(layer.name, "card")
        XCTAssertEqual(layer.value(forKeyPath: "name"), .string("card"))
        try layer.setValue(nil, forKeyPath: "name")
        XCTAssertNil(layer.name)

        // Bad input: another kind, a field of a name.
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "fillMode")) {
            XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: "fillMode", expected: .string, found: .scalar))
        }
        XCTAssertThrowsError(try layer.setValue(.string("x"), forKeyPath: "fillMode.x")) {
            XCTAssertEqual($0 as? LayerError, .unknownKeyPath("fillMode.x"))
        }
        XCTAssertEqual(layer.timing.fillMode, .forwards, "a refused write changes nothing")
        XCTAssertNil(layer.value(forKeyPath: "fillMode.x"))
    }

    // CALayer `defaultValueForKey:`.
    func testDefaultValueForKey() {
        XCTAssertEqual(Layer.defaultValue(forKey: "anchorPoint"), .point(Point(x: 0.5, y: 0.5)))
        XCTAssertEqual(Layer.defaultValue(forKey: "opacity"), .scalar(1))
        XCTAssertEqual(Layer.defaultValue(forKey: "transform"), .transform(.identity))
        XCTAssertEqual(Layer.defaultValue(forKey: "shadowOffset"), .size(Size(width: 0, height: -3)))
        XCTAssertEqual(Layer.defaultValue(forKey: "shadowRadius"), .scalar(3))
        // Core Animation has no default object for the geometry keys, although a new
        // layer's bounds and position are zero.
        XCTAssertNil(Layer.defaultValue(forKey: "bounds"))
        XCTAssertNil(Layer.defaultValue(forKey: "position"))
        XCTAssertNil(Layer.defaultValue(forKey: "frame"))
        XCTAssertEqual(Layer().bounds, .zero)
        XCTAssertEqual(Layer.defaultValue(forKey: "duration"), .scalar(.infinity))
        XCTAssertEqual(Layer.defaultValue(forKey: "fillMode"), .string("removed"))
        XCTAssertEqual(Layer.defaultValue(forKey: "contentsGravity"), .string("resize"))
        XCTAssertEqual(Layer.defaultValue(forKey: "minificationFilter"), .string("linear"))
        XCTAssertNil(Layer.defaultValue(forKey: "name"))
        XCTAssertEqual(Layer.defaultValue(forKey: "doubleSided"), .boolean(true))
        XCTAssertEqual(Layer.defaultValue(forKey: "borderColor"), .color(.black))
        XCTAssertEqual(Layer.defaultValue(forKey: "contentsRect"), .rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        XCTAssertNil(Layer.defaultValue(forKey: "backgroundColor"))
        XCTAssertNil(Layer.defaultValue(forKey: "contents"))
        XCTAssertNil(Layer.defaultValue(forKey: "someKey"))
        // A fresh layer reads its defaults.
        let layer = Layer()
        for key in LayerKeyPaths.properties.keys where !Layer.noDefaultObject.contains(key) {
            XCTAssertEqual(layer.value(forKeyPath: key), Layer.defaultValue(forKey: key), key)
        }
    }
}
