import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import XCTest

final class AnimatableValueTests: XCTestCase {
    // Interpolation is not clamped: overshooting timing functions extrapolate.
    func testInterpolationExtrapolates() {
        XCTAssertEqual(Double.interpolate(0, 10, 1.5), 15)
        XCTAssertEqual(Point.interpolate(Point(0, 0), Point(10, 20), -0.5), Point(-5, -10))
        XCTAssertEqual(Rect.interpolate(.zero, Rect(x: 10, y: 10, width: 100, height: 50), 0.5), Rect(x: 5, y: 5, width: 50, height: 25))
        XCTAssertEqual(Color.interpolate(.black, .white, 0.25), Color(red: 0.25, green: 0.25, blue: 0.25))
        XCTAssertEqual(Int.interpolate(0, 3, 0.5), 2)  // 1.5 rounds away from zero
        XCTAssertEqual(Int.interpolate(0, 3, .nan), 0)
        XCTAssertEqual(Float.interpolate(1, 3, 0.5), 2)
    }

    // Colours interpolate unpremultiplied: half way from transparent red to opaque blue keeps
    // full red and blue halves, not a darkened premultiplied mix.
    func testColoursInterpolateUnpremultiplied() {
        let a = Color(red: 1, green: 0, blue: 0, alpha: 0), b = Color(red: 0, green: 0, blue: 1, alpha: 1)
        XCTAssertEqual(Color.interpolate(a, b, 0.5), Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
    }

    // Adding, subtracting and cumulative multiples, componentwise.
    func testArithmetic() {
        XCTAssertEqual(Size(width: 1, height: 2).adding(Size(width: 3, height: 4)), Size(width: 4, height: 6))
        XCTAssertEqual(Point(5, 5).subtracting(Point(1, 2)), Point(4, 3))
        XCTAssertEqual(Point(1, 2).multiplied(byCount: 3), Point(3, 6))
        XCTAssertEqual(Point(1, 2).multiplied(byCount: 0), Point(0, 0))
        XCTAssertEqual(Point(0, 0).distance(to: Point(3, 4)), 5)
        XCTAssertEqual(Int.max.adding(1), Int.min)  // wraps, never traps
    }

    // An additive transform animation applies on top of the model transform: the
    // animation's transform acts first, in the layer's own space.
    func testTransformAdditiveOrder() {
        let model = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let animation = Transform3D(translationX: 10, y: 0, z: 0)
        let combined = model.adding(animation)
        XCTAssertEqual(combined, animation.concatenating(model))
        // The translation happens in the layer's space, then the model's quarter turn.
        XCTAssertEqual(combined.apply(to: Point(0, 0)), Point(0, 10))
        // subtracting inverts adding.
        let back = combined.subtracting(model)
        for (x, y) in zip(back.fields, animation.fields) { XCTAssertEqual(x, y, accuracy: 1e-12) }
        // Cumulative: n repeats of a translation.
        XCTAssertEqual(animation.multiplied(byCount: 3), Transform3D(translationX: 30, y: 0, z: 0))
        XCTAssertEqual(animation.multiplied(byCount: 0), .identity)
        XCTAssertEqual(animation.multiplied(byCount: -2), Transform3D(translationX: -20, y: 0, z: 0))
    }

    // Transform distance is over decomposed parameters: translation by (3, 4) is 5; a
    // rotation by 0.5 rad is 0.5.
    func testTransformDistance() {
        XCTAssertEqual(Transform3D.identity.distance(to: Transform3D(translationX: 3, y: 4, z: 0)), 5, accuracy: 1e-12)
        XCTAssertEqual(Transform3D.identity.distance(to: Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)), 0.5, accuracy: 1e-7)
        XCTAssertEqual(AffineTransform.identity.distance(to: AffineTransform(translationX: 3, y: 4)), 5, accuracy: 1e-12)
    }

    func testAnimatableVector() {
        let a = AnimatableVector([1, 2, 3]), b = AnimatableVector([3, 2, 1, 100])
        XCTAssertEqual(AnimatableVector.interpolate(a, b, 0.5).values, [2, 2, 2])
        XCTAssertEqual(a.adding(a).values, [2, 4, 6])
        XCTAssertEqual(AnimatableVector(Array(repeating: 1, count: 20)).count, 16)
        XCTAssertEqual(a.distance(to: b), 8.0.squareRoot(), accuracy: 1e-15)
    }
}
