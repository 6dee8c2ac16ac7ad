import CadenceTestSupport
import CadenceTiming
import XCTest

/// `Spring` (CASpringAnimation's oscillator) against the 50-digit oracle's goldens
/// (`Reference/oracle/spring.py`, `springs.json`) and the properties of its closed form.
final class SpringTests: XCTestCase {
    // Every golden case: progress within 1e-13 and velocity within 1e-12 · (1 + √(k/m))
    // (absolute; the progress is of order 1, the velocity of order √(k/m)); the settling
    // duration within 1e-13 relative.
    func testAgainstTheOracle() throws {
        let golden = try XCTUnwrap(Golden.load("springs.json") as? [String: Any])
        let cases = try XCTUnwrap(golden["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.count, 14)
        var worst = (progress: 0.0, velocity: 0.0, settling: 0.0)
        for entry in cases {
            let name = entry["name"] as? String ?? "?"
            let spring = Spring(
                mass: try XCTUnwrap(Golden.number(entry["mass"])), stiffness: try XCTUnwrap(Golden.number(entry["stiffness"])),
                damping: try XCTUnwrap(Golden.number(entry["damping"])),
                initialVelocity: try XCTUnwrap(Golden.number(entry["initialVelocity"])))
            let settling = try XCTUnwrap(Golden.number(entry["settlingDuration"]))
            if settling.isInfinite {
                XCTAssertEqual(spring.settlingDuration, settling, name)
            } else {
                let error = Swift.abs(spring.settlingDuration - settling) / settling
                worst.settling = Swift.max(worst.settling, error)
                XCTAssertLessThanOrEqual(error, 1e-13, name)
            }
            let scale = 1 + (Swift.max(spring.stiffness, 0) / Swift.max(spring.mass, 1e-300)).squareRoot()
            for sample in try XCTUnwrap(entry["samples"] as? [[Any]]) {
                let t = try XCTUnwrap(Golden.number(sample[0]))
                let progress = try XCTUnwrap(Golden.number(sample[1])), velocity = try XCTUnwrap(Golden.number(sample[2]))
                let p = Swift.abs(spring.progress(atTime: t) - progress)
                let v = Swift.abs(spring.velocity(atTime: t) - velocity) / scale
                worst.progress = Swift.max(worst.progress, p)
                worst.velocity = Swift.max(worst.velocity, v)
                XCTAssertLessThanOrEqual(p, 1e-13, "\(name), t = \(t)")
                XCTAssertLessThanOrEqual(v, 1e-12, "\(name), t = \(t)")
            }
        }
        print("Springs against the oracle: worst progress error \(worst.progress), velocity \(worst.velocity) (scaled), settling \(worst.settling) (relative)")
    }

    // Core Animation's defaults: mass 1, stiffness 100, damping 10, under-damped with
    // ratio 0.5; the regimes by damping ratio.
    func testDefaultsAndRegimes() {
        let spring = Spring()
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 10)
        XCTAssertEqual(spring.initialVelocity, 0)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-15)
        XCTAssertEqual(Spring(damping: 20).dampingRatio, 1, accuracy: 1e-15)
        XCTAssertGreaterThan(spring.progress(atTime: 0.3), 1, "an under-damped spring overshoots")
        for damping in [20.0, 40] {
            let heavy = Spring(damping: damping)
            var previous = 0.0
            for i in 1...400 {
                let p = heavy.progress(atTime: Double(i) / 100)
                XCTAssertGreaterThanOrEqual(p, previous, "a critically or over-damped spring from rest never turns back")
                XCTAssertLessThanOrEqual(p, 1)
                previous = p
            }
        }
        // The settling duration of the defaults, in closed form: ln(R / 0.001) / 5 with
        // R = 2 / √3.
        XCTAssertEqual(spring.settlingDuration, log(2 / 3.0.squareRoot() / 0.001) / 5, accuracy: 1e-14)
    }

    // Property: the closed form solves the equation — a seeded spread of springs, the
    // velocity matches a central difference of the progress, the progress starts at 0
    // with the initial velocity, and stays within the tolerance after settling.
    func testPropertiesOnSeededSprings() {
        var rng = SeededGenerator(seed: 0x5971_06)
        for _ in 0..<300 {
            let spring = Spring(
                mass: 0.1 + rng.unit() * 5, stiffness: 1 + rng.unit() * 500, damping: rng.unit() * 60,
                initialVelocity: (rng.unit() - 0.5) * 20)
            XCTAssertEqual(spring.progress(atTime: 0), 0)
            XCTAssertEqual(spring.velocity(atTime: 0), spring.initialVelocity, accuracy: 1e-12)
            let t = rng.unit() * 2, h = 1e-6
            let slope = (spring.progress(atTime: t + h) - spring.progress(atTime: t - h)) / (2 * h)
            XCTAssertEqual(spring.velocity(atTime: t), slope, accuracy: 1e-5 * (1 + Swift.abs(slope)))
            let settle = spring.settlingDuration
            for i in 0..<50 {
                XCTAssertLessThanOrEqual(Swift.abs(spring.progress(atTime: settle + Double(i) * 0.05) - 1), 0.001 * (1 + 1e-9))
            }
        }
    }

    // Bad input reads as documented; times outside the range.
    func testBadInputAndEdgeTimes() {
        XCTAssertEqual(Spring(mass: 0, stiffness: -1).progress(atTime: 0.3), Spring().progress(atTime: 0.3))
        XCTAssertEqual(Spring(mass: .nan, stiffness: .infinity).settlingDuration, Spring().settlingDuration)
        XCTAssertEqual(Spring(damping: -5).settlingDuration, .infinity)
        XCTAssertEqual(Spring(damping: .nan).progress(atTime: 0.1), Spring(damping: 0).progress(atTime: 0.1))
        XCTAssertEqual(Spring(initialVelocity: .infinity).velocity(atTime: 0), 0)
        let spring = Spring()
        XCTAssertEqual(spring.progress(atTime: -3), 0)
        XCTAssertTrue(spring.progress(atTime: .nan).isNaN)
        XCTAssertEqual(spring.progress(atTime: .infinity), 1)
        XCTAssertEqual(spring.velocity(atTime: .infinity), 0)
        XCTAssertEqual(spring.progress(atTime: 1e300), 1)
        XCTAssertTrue(Spring(damping: 0).progress(atTime: .infinity).isNaN)
        XCTAssertEqual(Spring(damping: 1e6).progress(atTime: 1e6), 1, "over-damped, long times: no overflow")
        XCTAssertTrue(Spring(damping: 1e6).settlingDuration.isFinite)
    }
}
