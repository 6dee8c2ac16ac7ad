import CadenceGeometry
import CadenceTiming
@testable import CadenceAnimation
import XCTest

/// Paths and lists as animatable values (`Path+Animatable.swift`, `AnimatableList.swift`)
/// and as animations in the closed representation (`PropertyAnimation.Storage`).
final class PathAndListAnimationTests: XCTestCase {
    /// A rounded-corner-free square and a diamond: the same structure (move, 3 lines, close).
    let square = try! Path(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z")
    let diamond = try! Path(svgPathData: "M5 -2 L12 5 L5 12 L-2 5 Z")
    let curve = try! Path(svgPathData: "M0 0 C1 2 3 4 5 6 Q7 8 9 10")
    let curve2 = try! Path(svgPathData: "M10 10 C11 12 13 14 15 16 Q17 18 19 20")

    func testSameStructureInterpolatesPointByPoint() {
        XCTAssertTrue(square.hasSameStructure(as: diamond))
        XCTAssertEqual(Path.interpolate(square, diamond, 0.5), try Path(svgPathData: "M2.5 -1 L11 2.5 L7.5 11 L-1 7.5 Z"))
        // Control points too.
        XCTAssertEqual(Path.interpolate(curve, curve2, 0.25), try Path(svgPathData: "M2.5 2.5 C3.5 4.5 5.5 6.5 7.5 8.5 Q9.5 10.5 11.5 12.5"))
        // Overshoot extrapolates.
        XCTAssertEqual(Path.interpolate(curve, curve2, 2), try Path(svgPathData: "M20 20 C21 22 23 24 25 26 Q27 28 29 30"))
    }

    // The ends are the values themselves, bit for bit (0.1 + (0.3 − 0.1) · 1 is not 0.3).
    func testEndsAreExact() {
        let a = Path(elements: [.moveTo(Point(x: 0.1, y: 0.7)), .lineTo(Point(x: 1e-300, y: 3))])
        let b = Path(elements: [.moveTo(Point(x: 0.3, y: 0.1)), .lineTo(Point(x: 1e300, y: -3))])
        XCTAssertEqual(Path.interpolate(a, b, 0), a)
        XCTAssertEqual(Path.interpolate(a, b, 1), b)
        let c1 = [Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.7)], c2 = [Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.3)]
        XCTAssertEqual([Color].interpolate(c1, c2, 0), c1)
        XCTAssertEqual([Color].interpolate(c1, c2, 1), c2)
        XCTAssertEqual([Double].interpolate([0.1], [0.3], 1), [0.3])
    }

    // Different structures (or counts): the nearer end, switching at 0.5.
    func testMismatchedStructuresTakeTheNearerEnd() {
        XCTAssertFalse(square.hasSameStructure(as: curve))
        XCTAssertEqual(Path.interpolate(square, curve, 0.49), square)
        XCTAssertEqual(Path.interpolate(square, curve, 0.5), curve)
        XCTAssertEqual(Path.interpolate(square, Path(), 0.2), square)
        XCTAssertEqual([Double].interpolate([0, 1], [0, 0.5, 1], 0.4), [0, 1])
        XCTAssertEqual([Double].interpolate([0, 1], [0, 0.5, 1], 0.6), [0, 0.5, 1])
        // Adding or subtracting another structure leaves the receiver; their distance is 0.
        XCTAssertEqual(square.adding(curve), square)
        XCTAssertEqual(square.subtracting(curve), square)
        XCTAssertEqual(square.distance(to: curve), 0)
        XCTAssertEqual([1.0, 2].adding([1]), [1, 2])
        XCTAssertEqual([1.0].distance(to: [1, 2]), 0)
    }

    func testArithmeticIsPointByPoint() {
        XCTAssertEqual(square.adding(diamond).subtracting(diamond), square)
        XCTAssertEqual(square.multiplied(byCount: 2), try Path(svgPathData: "M0 0 L20 0 L20 20 L0 20 Z"))
        XCTAssertEqual(Path.additiveIdentity(like: square), try Path(svgPathData: "M0 0 L0 0 L0 0 L0 0 Z"))
        XCTAssertEqual(Path.interpolate(square, square.adding(Path.additiveIdentity(like: square)), 0.3), square)
        XCTAssertEqual([1.0, 2].adding([3, 4]), [4, 6])
        XCTAssertEqual([1.0, 2].multiplied(byCount: 3), [3, 6])
        XCTAssertEqual([0.0, 0].distance(to: [3, 4]), 5)
        XCTAssertEqual(try Path(svgPathData: "M0 0").distance(to: try Path(svgPathData: "M3 4")), 5)
    }

    // Colours in a list interpolate unpremultiplied, as a lone colour does and as a gradient
    // draws between its stops: from clear black to red through dark, half-transparent red.
    func testColorListsInterpolateUnpremultiplied() {
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0), red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let mid = [Color].interpolate([clear], [red], 0.5)[0]
        XCTAssertEqual(mid, Color(red: 0.5, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(Color.interpolate(clear, red, 0.5), mid)
        XCTAssertEqual([Color].interpolate([clear], [clear], 0.5), [clear])
    }

    // NaN points interpolate like any number (the layer refuses to store them).
    func testNaNPointsStayNaN() {
        let bad = Path(elements: [.moveTo(Point(x: .nan, y: 0)), .lineTo(Point(x: 1, y: 1))])
        let good = Path(elements: [.moveTo(Point(x: 0, y: 0)), .lineTo(Point(x: 3, y: 3))])
        let mid = Path.interpolate(bad, good, 0.5)
        XCTAssertFalse(mid.isFinite)
        XCTAssertEqual(mid.elements[1], .lineTo(Point(x: 2, y: 2)))
    }

    // The closed representation holds paths and lists in their own cases and evaluates them.
    func testStorageAndEvaluation() {
        let basic = BasicAnimation<Path>(keyPath: "path", fromValue: square, toValue: diamond, timing: MediaTiming(duration: 1))
        let animation = PropertyAnimation(basic)
        guard case .path = animation.storage else { return XCTFail("not held as a path") }
        XCTAssertEqual(animation.basic(of: Path.self)?.toValue, diamond)
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: "path", model: .path(Path()), animations: [.property(animation)], atTime: 0.5)
        XCTAssertEqual(sample.value, .path(Path.interpolate(square, diamond, 0.5)))

        let colors = PropertyAnimation(KeyframeAnimation<[Color]>(
            keyPath: "colors", values: [[.black, .white], [.white, .black]], timing: MediaTiming(duration: 1)))
        guard case .colorList = colors.storage else { return XCTFail("not held as a colour list") }
        let locations = PropertyAnimation(BasicAnimation<[Double]>(
            keyPath: "locations", byValue: [0.5, 0.5], timing: MediaTiming(duration: 1), isAdditive: true))
        guard case .numberList = locations.storage else { return XCTFail("not held as a number list") }
        let value = AnimationEvaluator.presentationValue(
            ofProperty: "locations", model: .numberList([0, 0.5]), animations: [.property(locations)], atTime: 0.5)
        // Additive by-animation: from the zero list to by, added to the model.
        XCTAssertEqual(value.value, .numberList([0.25, 0.75]))
    }

    // Cumulative: each finished repeat adds the change (to − from) once.
    func testCumulativePathAnimation() {
        let from = try! Path(svgPathData: "M0 0 L1 0"), to = try! Path(svgPathData: "M0 0 L2 0")
        let basic = BasicAnimation<Path>(
            keyPath: "path", fromValue: from, toValue: to, timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: "path", model: .path(from), animations: [Animation(basic)], atTime: 1.5)
        XCTAssertEqual(sample.value, .path(try! Path(svgPathData: "M0 0 L2.5 0")))
    }
}
