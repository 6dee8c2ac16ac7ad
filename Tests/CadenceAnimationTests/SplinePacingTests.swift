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
}
