@testable import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import XCTest

/// The arc-length inversion of `cubicPaced` against an independent adaptive integral of
/// the same speed: the arc length from the start to `location(at: f)` is `f · total` to
/// 1e-10 relative (the property "cubicPaced speed constant").
final class SplinePacingTests: XCTestCase {
    func testArcLengthAtEveryFraction() {
        var rng = SeededGenerator(seed: 0x5EED5)
        for _ in 0..<20 {
            let n = 2 + Int(rng.next() % 5)
            let points = (0..<n).map { _ in Point(rng.unit() * 200, rng.unit() * 200) }
            guard let pacing = KeyframeCurve(values: points, mode: .cubicPaced).pacing else { continue }
            for k in 0...40 {
                let f = Double(k) / 40
                let (segment, u) = pacing.location(at: f)
                var arc = pacing.starts[segment]
                arc += SplinePacing<Point>.adaptive(0, u, depth: 0) { SplinePacing<Point>.speed(pacing.derivatives[segment], pacing.zero, $0) }
                XCTAssertEqual(arc, f * pacing.total, accuracy: 1e-10 * pacing.total, "seed \(rng.seed) f \(f)")
            }
        }
    }

    // Tension 1 stops the spline at every keyframe (speed 0 there). Next to a keyframe a
    // Newton step from below leaves its bracket and the inverse bisects; with too small a
    // step budget (12) it stopped at u ≈ 1e-5, 6e-9 away from the keyframe.
    func testInverseNextToAKeyframeWhereTheSpeedIsZero() {
        let points = [Point(0, 0), Point(10, 10), Point(20, 0), Point(30, 10), Point(40, 0)]
        let curve = KeyframeCurve(values: points, mode: .cubicPaced, tension: [1, 1, 1, 1, 1])
        for (k, expected) in zip(curve.keyTimes, [0, 0.25, 0.5, 0.75, 1]) { XCTAssertEqual(k, expected, accuracy: 1e-15) }
        for (k, point) in zip(curve.keyTimes, points) {
            for p in [k.nextDown, k, k.nextUp] where p >= 0 && p <= 1 {
                // The distance moved in one ulp of p is about 1e-14: allow 1e-12.
                XCTAssertEqual(curve.value(at: p)!.distance(to: point), 0, accuracy: 1e-12, "p \(p)")
            }
        }
    }
}
