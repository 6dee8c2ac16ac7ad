import CadenceAnimation
import CadenceGeometry
import XCTest

@testable import CadenceLayers

/// `maskedCorners` and `cornerCurve`: defaults, Core Animation's raw values, key-value
/// coding, copies and snapshots, no default action, and hit testing left alone.
final class LayerCornerTests: XCTestCase {
    func testDefaultsAndRawValues() {
        let layer = Layer()
        XCTAssertEqual(layer.maskedCorners, .all)
        XCTAssertEqual(layer.cornerCurve, .circular)
        // kCALayerMinXMinYCorner … kCALayerMaxXMaxYCorner.
        XCTAssertEqual(
            [CornerMask.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner].map(\.rawValue),
            [1, 2, 4, 8])
        XCTAssertEqual(CornerMask.all.rawValue, 15)
        XCTAssertEqual(CornerMask(rawValue: 0xF3).rawValue, 3, "bits past the four corners are dropped")
        XCTAssertEqual(CornerCurve.allCases.map(\.rawValue), ["circular", "continuous"])
        XCTAssertEqual(Layer.defaultValue(forKey: "maskedCorners"), .scalar(15))
        XCTAssertEqual(Layer.defaultValue(forKey: "cornerCurve"), .string("circular"))
    }

    func testKeyValueCodingOfTheMask() throws {
        let layer = Layer()
        try layer.setValue(.scalar(6), forKeyPath: "maskedCorners")
        XCTAssertEqual(layer.maskedCorners, [.layerMaxXMinYCorner, .layerMinXMaxYCorner])
        XCTAssertEqual(layer.value(forKeyPath: "maskedCorners"), .scalar(6))
        // Numbers are truncated; the four low bits of the unsigned integer are kept.
        for (number, mask) in [(9.9, 9.0), (-1, 15), (-16, 0), (31, 15), (1e20, 0)] {
            try layer.setValue(.scalar(number), forKeyPath: "maskedCorners")
            XCTAssertEqual(layer.value(forKeyPath: "maskedCorners"), .scalar(mask), "\(number)")
        }
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "maskedCorners"))
        XCTAssertThrowsError(try layer.setValue(.string("all"), forKeyPath: "maskedCorners"))
        // The style supplies it to a layer that has not set it.
        let styled = Layer()
        styled.style = LayerStyle(values: ["maskedCorners": .scalar(8)])
        XCTAssertEqual(styled.maskedCorners, .layerMaxXMaxYCorner)
        styled.maskedCorners = .all
        XCTAssertEqual(styled.maskedCorners, .all)
    }

    func testKeyValueCodingOfTheCurve() throws {
        let layer = Layer()
        try layer.setValue(.string("continuous"), forKeyPath: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .continuous)
        XCTAssertEqual(layer.value(forKeyPath: "cornerCurve"), .string("continuous"))
        try layer.setValue(.string("squircle"), forKeyPath: "cornerCurve")
        XCTAssertEqual(layer.value(forKeyPath: "cornerCurve"), .string("squircle"), "stored as given")
        XCTAssertEqual(layer.cornerCurve, .circular, "an unknown curve acts as circular")
        layer.cornerCurve = .continuous
        XCTAssertEqual(layer.value(forKeyPath: "cornerCurve"), .string("continuous"), "the typed setter forgets the name")
        try layer.setValue(nil, forKeyPath: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: "cornerCurve"))
    }

    func testCopiesAndSnapshotsKeepThem() {
        let layer = Layer()
        layer.maskedCorners = [.layerMinXMinYCorner]
        layer.cornerCurve = .continuous
        for copy in [layer.modelCopy(), layer.presentation(at: 0), layer.modelTreeCopy()] {
            XCTAssertEqual(copy.maskedCorners, [.layerMinXMinYCorner])
            XCTAssertEqual(copy.cornerCurve, .continuous)
        }
    }

    /// Not animatable on Core Animation: no default action, so a change in a transaction
    /// adds no animation.
    func testNoDefaultAction() {
        XCTAssertNil(Layer.defaultAction(forKey: "maskedCorners"))
        XCTAssertNil(Layer.defaultAction(forKey: "cornerCurve"))
    }

    /// Hit testing ignores the corners, as it ignores `cornerRadius`: a point in a rounded
    /// corner's cut-away part still hits.
    func testHitTestingIgnoresTheCorners() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Point(x: 50, y: 50)
        root.cornerRadius = 40
        root.maskedCorners = [.layerMinXMinYCorner]
        for curve in CornerCurve.allCases {
            root.cornerCurve = curve
            XCTAssertTrue(root.contains(Point(x: 1, y: 1)), "\(curve)")
            XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === root, "\(curve)")
        }
    }
}
