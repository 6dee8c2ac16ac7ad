import CadenceAnimation
import CadenceGeometry
import CadenceTiming
@_spi(Testing) @testable import CadenceLayers
import XCTest

/// `path`, `colors` and `locations` on layers (`LayerListKey`): key-value coding, explicit
/// and implicit animations, and presentation snapshots.
final class ListPropertyAnimationTests: XCTestCase {
    let star = try! Path(svgPathData: "M50 0 L61 35 L98 35 L68 57 L79 91 L50 70 Z")
    let pentagon = try! Path(svgPathData: "M50 10 L90 40 L90 40 L75 85 L25 85 Z")

    func testKeyValueCoding() throws {
        let shape = ShapeLayer()
        XCTAssertEqual(shape.value(forKeyPath: "path"), .path(Path()))
        try shape.setValue(.path(star), forKeyPath: "path")
        XCTAssertEqual(shape.path, star)
        try shape.setValue(.path(Path()), forKeyPath: "path")
        XCTAssertNil(shape.path)
        let gradient = GradientLayer()
        try gradient.setValue(.colorList([.black, .white]), forKeyPath: "colors")
        try gradient.setValue(.numberList([0, 0.4]), forKeyPath: "locations")
        XCTAssertEqual(gradient.colors, [.black, .white])
        XCTAssertEqual(gradient.value(forKeyPath: "locations"), .numberList([0, 0.4]))
        try gradient.setValue(nil, forKeyPath: "colors")
        XCTAssertNil(gradient.colors)
        // Wrong kinds, fields and non-finite values are refused, changing nothing.
        XCTAssertThrowsError(try gradient.setValue(.numberList([1]), forKeyPath: "colors"))
        XCTAssertThrowsError(try gradient.setValue(.numberList([.nan]), forKeyPath: "locations"))
        XCTAssertThrowsError(try shape.setValue(.path(Path(elements: [.moveTo(Point(x: .nan, y: 0))])), forKeyPath: "path"))
        XCTAssertThrowsError(try shape.setValue(.scalar(1), forKeyPath: "path.x"))
        XCTAssertEqual(gradient.locations, [0, 0.4])
        XCTAssertEqual(Layer.defaultValue(forKey: "path"), .path(Path()))
        XCTAssertEqual(LayerKeyPaths.properties["path"], .path)
        XCTAssertEqual(LayerKeyPaths.properties["colors"], .colorList)
        XCTAssertEqual(LayerKeyPaths.properties["locations"], .numberList)
    }

    func testExplicitAnimationsPresent() {
        let shape = ShapeLayer()
        shape.path = star
        shape.add(BasicAnimation<Path>(keyPath: "path", fromValue: star, toValue: pentagon, timing: MediaTiming(duration: 2)),
                  forKey: "morph")
        // Other properties animated with it are presented too (through the layer, in order).
        shape.add(BasicAnimation<Double>(keyPath: "lineWidth", fromValue: 0, toValue: 4, timing: MediaTiming(duration: 2)),
                  forKey: "width")
        let mid = shape.presentation(at: 1) as! ShapeLayer
        XCTAssertEqual(mid.path, Path.interpolate(star, pentagon, 0.5))
        XCTAssertEqual(mid.lineWidth, 2)
        XCTAssertEqual((shape.presentation(at: 0) as! ShapeLayer).path, star)
        XCTAssertEqual(shape.path, star)  // the model is untouched
        XCTAssertEqual(shape.presentationValue(forKeyPath: "path", at: 1), .path(Path.interpolate(star, pentagon, 0.5)))
        XCTAssertEqual((shape.presentationReference(at: 1) as! ShapeLayer).path, mid.path)

        let gradient = GradientLayer()
        gradient.colors = [.black, .white]
        gradient.add(BasicAnimation<[Color]>(keyPath: "colors", toValue: [.white, .black], timing: MediaTiming(duration: 1)),
                     forKey: nil)
        gradient.add(BasicAnimation<[Double]>(keyPath: "locations", fromValue: [0, 1], toValue: [0.5, 1], timing: MediaTiming(duration: 1)),
                     forKey: nil)
        let presented = gradient.presentation(at: 0.5) as! GradientLayer
        XCTAssertEqual(presented.colors?.first, Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        XCTAssertEqual(presented.locations, [0.25, 1])
    }

    // An animation that gives NaN points leaves the model value in the snapshot.
    func testNonFiniteValuesKeepTheModel() {
        let shape = ShapeLayer()
        shape.path = star
        let bad = Path(elements: [.moveTo(Point(x: .nan, y: 0))] + star.elements.dropFirst())
        shape.add(BasicAnimation<Path>(keyPath: "path", fromValue: bad, toValue: bad, timing: MediaTiming(duration: 1)), forKey: nil)
        XCTAssertEqual((shape.presentation(at: 0.5) as! ShapeLayer).path, star)
    }

    // Setting the properties in a transaction animates them from the presented value.
    func testImplicitAnimations() throws {
        let clock = ManualMediaClock(0)
        let context = TransactionContext(clock: clock)
        let shape = ShapeLayer(), gradient = GradientLayer()
        shape.path = star
        gradient.colors = [.black]
        gradient.locations = [0]
        context.attach(shape)
        context.attach(gradient)
        context.begin()
        context.animationDuration = 1
        shape.path = pentagon
        gradient.colors = [.white]
        gradient.locations = [1]
        context.commit()
        XCTAssertEqual(shape.animationKeys(), ["path"])
        XCTAssertEqual(gradient.animationKeys(), ["colors", "locations"])
        XCTAssertEqual((shape.presentation(at: 0.5) as! ShapeLayer).path, Path.interpolate(star, pentagon, 0.5))
        XCTAssertEqual((gradient.presentation(at: 0.5) as! GradientLayer).locations, [0.5])
        XCTAssertEqual((gradient.presentation(at: 2) as! GradientLayer).colors, [.white])
        XCTAssertNotNil(Layer.defaultAction(forKey: "path"))
        XCTAssertNotNil(Layer.defaultAction(forKey: "colors"))
        // Through key-value coding too.
        context.begin()
        try shape.setValue(.path(star), forKeyPath: "path")
        context.commit()
        XCTAssertEqual(shape.animationKeys(), ["path"])
    }
}
