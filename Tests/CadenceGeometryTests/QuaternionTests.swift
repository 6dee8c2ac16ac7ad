@_spi(Testing) import CadenceGeometry
import CadenceTestSupport
import Foundation
import XCTest

/// The fast kernels of `Quaternion.slerp` (a polynomial `acos`, one two-lane sine
/// polynomial) and the branch-free `Quaternion(rows:)` against their libm-based twins.
final class QuaternionTests: XCTestCase {
    /// The slerp Cadence had before the polynomials, kept as the reference: libm's `acos`
    /// and `sin`, the same short-way and nearly-equal rules.
    static func referenceSlerp(_ a: Quaternion, _ b: Quaternion, _ t: Double) -> SIMD4<Double> {
        var other = b.vector
        var dot = (a.vector * other).sum()
        if dot < 0 {
            other = -other
            dot = -dot
        }
        if dot > 1 - 1e-12 { return Quaternion(a.vector + (other - a.vector) * t).normalized.vector }
        let theta = acos(min(dot, 1))
        let sinTheta = ((1 - dot) * (1 + dot)).squareRoot()
        return a.vector * (sin((1 - t) * theta) / sinTheta) + other * (sin(t * theta) / sinTheta)
    }

    /// A random unit quaternion.
    static func randomQuaternion(_ rng: inout SeededGenerator) -> Quaternion {
        var v: SIMD4<Double>
        repeat {
            v = SIMD4(rng.unit(), rng.unit(), rng.unit(), rng.unit()) * 2 - 1
        } while (v * v).sum() < 0.01
        return Quaternion(v).normalized
    }

    /// `other` turned away from `q` by exactly the angle whose cosine is `dot` (in a random
    /// plane through q), so the pair's dot product is `dot` up to rounding.
    static func quaternion(at dot: Double, from q: Quaternion, _ rng: inout SeededGenerator) -> Quaternion {
        var u = randomQuaternion(&rng).vector
        u -= q.vector * (u * q.vector).sum()
        u /= (u * u).sum().squareRoot()
        return Quaternion(q.vector * dot + u * ((1 - dot) * (1 + dot)).squareRoot())
    }

    // acos: the polynomial against libm on 0…1, edge-biased towards 0, 1/2 (where the two
    // forms meet) and 1. Tolerance 4e-16 absolute: the polynomial is within 1.6e-16
    // relative of asin on 0…1/2 (fitted against 50-digit values); the result is then at most
    // π/2 (one ulp 2.2e-16) plus libm's own half ulp.
    func testFastAcosMatchesLibm() {
        var rng = SeededGenerator(seed: 31)
        var worst = 0.0
        for i in 0..<200_000 {
            var d = rng.edgeBiased(in: 0...1)
            if i % 5 == 0 { d = 0.5 + (rng.unit() - 0.5) * 1e-6 }  // around the switch
            let error = abs(Quaternion.fastAcos(d) - acos(d))
            worst = max(worst, error)
            XCTAssertLessThanOrEqual(error, 4e-16, "seed \(rng.seed): acos(\(d))")
            if error > 4e-16 { return }
        }
        print("fast acos vs libm: worst absolute error \(worst) (seed 31)")
    }

    // Sine: the polynomial against libm on −π…π (t in −1…2 keeps slerp's angles there).
    // Tolerance 1.5e-15 absolute, and 4e-16 relative below π/2: towards ±π the polynomial's
    // terms cancel (x³/6 is 5 at π) and it loses a few ulps of the largest term, up to
    // 1.21e-15 on these inputs; below π/2 it is within 2e-16 relative of 50-digit values;
    // plus libm's half ulp.
    func testFastSineMatchesLibm() {
        var rng = SeededGenerator(seed: 32)
        var worstAbsolute = 0.0, worstRelative = 0.0
        for _ in 0..<200_000 {
            let x = rng.edgeBiased(in: -Double.pi...Double.pi)
            let (fast, exact) = (Quaternion.fastSine(x), sin(x))
            let error = abs(fast - exact)
            worstAbsolute = max(worstAbsolute, error)
            XCTAssertLessThanOrEqual(error, 1.5e-15, "seed \(rng.seed): sin(\(x))")
            if abs(x) <= .pi / 2 && exact != 0 {
                worstRelative = max(worstRelative, error / abs(exact))
                XCTAssertLessThanOrEqual(error / abs(exact), 4e-16, "seed \(rng.seed): sin(\(x))")
            }
            if error > 1.5e-15 { return }
        }
        print("fast sine vs libm: worst absolute error \(worstAbsolute), relative below π/2 \(worstRelative) (seed 32)")
    }

    // Slerp against the libm formula: random pairs and pairs at chosen dot products (near 1,
    // just either side of the 1 − 1e-12 switch, near 0 of both signs, exactly 0), t in
    // 0…1, overshooting to −1…2 (the polynomial path) and far outside (the libm path).
    // Tolerance 2e-15 per component, times max(1, |t|) for the extrapolation: the angle is
    // within a few ulps of libm's, and an error δ in θ moves the weights by at most
    // about |t|·δ/sin θ·θ ≤ |t|·δ·π/2 (sin θ ≥ 2θ/π on 0…π/2); the sines add up to 1.5e-15.
    func testSlerpMatchesLibmReference() {
        var rng = SeededGenerator(seed: 33)
        let dots: [Double] = [
            1 - 1e-16, 1 - 1e-13, 1 - 1e-12, 1 - 1.0000001e-12, 1 - 1e-11, 1 - 1e-9, 1 - 1e-6, 0.999, 0.9,
            0.5000001, 0.5, 0.4999999, 0.1, 1e-9, 0, -1e-9, -0.3, -0.5, -0.999999, -(1 - 1e-13),
        ]
        var worst = 0.0
        for i in 0..<100_000 {
            let a = Self.randomQuaternion(&rng)
            let b = i % 2 == 0 ? Self.randomQuaternion(&rng) : Self.quaternion(at: dots[i / 2 % dots.count], from: a, &rng)
            let t: Double
            switch i % 4 {
            case 0: t = rng.edgeBiased(in: 0...1)
            case 1: t = rng.unit()
            case 2: t = rng.unit() * 3 - 1  // overshoot: still the polynomial
            default: t = (rng.unit() - 0.5) * 40  // far out: libm's sines
            }
            let fast = a.slerp(to: b, t).vector, reference = Self.referenceSlerp(a, b, t)
            let error = largest(fast - reference)
            worst = max(worst, error / max(1, abs(t)))
            XCTAssertLessThanOrEqual(error, 2e-15 * max(1, abs(t)), "seed \(rng.seed): \(a) → \(b) at \(t)")
            if error > 2e-15 * max(1, abs(t)) { return }
        }
        print("slerp vs libm formula: worst error / max(1, |t|) \(worst) (seed 33)")
    }

    // Quaternion(rows:) picks its case without branches: rotations on every side of the
    // case boundaries (trace near 0, two equal largest diagonal entries: half turns about
    // axes in the coordinate planes and diagonals) come back as ±q to 1e-15, and unit to
    // 2e-15 (the rows themselves carry a few ulps of rounding from q).
    func testQuaternionFromRowsOnCaseBoundaries() {
        var rng = SeededGenerator(seed: 34)
        var angles: [Double] = [0, .pi, -.pi, 2 * .pi / 3, .pi / 2, 1e-9, .pi - 1e-9]
        var axes: [SIMD3<Double>] = [
            SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, 1, 0), SIMD3(1, 0, 1), SIMD3(0, 1, 1),
            SIMD3(1, 1, 1), SIMD3(1, -1, 0), SIMD3(-1, 1, 1),
        ]
        for _ in 0..<200 {
            angles.append(rng.edgeBiased(in: -Double.pi...Double.pi))
            axes.append(SIMD3(rng.unit(), rng.unit(), rng.unit()) * 2 - 1)
        }
        for angle in angles {
            for axis in axes {
                let q = Quaternion(angle: angle, axis: axis)
                let (r0, r1, r2) = q.rows
                let back = Quaternion(rows: r0, r1, r2).vector
                let sign: Double = (back * q.vector).sum() < 0 ? -1 : 1
                XCTAssertLessThanOrEqual(largest(back * sign - q.vector), 1e-15, "\(angle) about \(axis)")
                XCTAssertEqual((back * back).sum(), 1, accuracy: 2e-15, "\(angle) about \(axis)")
            }
        }
    }
}

/// The largest magnitude among the lanes.
func largest(_ v: SIMD4<Double>) -> Double {
    max(max(abs(v[0]), abs(v[1])), max(abs(v[2]), abs(v[3])))
}
