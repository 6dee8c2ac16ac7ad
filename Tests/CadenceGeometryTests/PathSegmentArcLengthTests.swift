import CadenceTestSupport
import XCTest

@testable import CadenceGeometry

final class PathSegmentArcLengthTests: XCTestCase {
    /// The contract of the brief and of `PathSegment.length`'s documentation.
    static let contract = 1e-9

    // MARK: The rule

    // QUADPACK's qk21: the Kronrod rule is exact for polynomials of degree ≤ 31 and the
    // embedded Gauss rule for degree ≤ 19. A mistyped digit in a node or weight breaks it.
    func testGaussKronrodRuleIsExactOnPolynomials() {
        typealias R = _GaussKronrod21
        for degree in 0...33 {
            func f(_ x: SIMD8<Double>) -> SIMD8<Double> {
                var y = SIMD8<Double>(repeating: 1)
                for _ in 0..<degree { y *= x }
                return y
            }
            // As the kernel forms them: folded sums f(−x) + f(x) for the outer nodes.
            let fa = f(-R.nodesA) + f(R.nodesA)
            let fb = f(R.nodesB)
            let kronrod = (R.kronrodA * fa + R.kronrodB * fb).sum()
            let gauss = (R.gaussA * fa + R.gaussB * fb).sum()
            let exact = degree % 2 == 0 ? 2 / Double(degree + 1) : 0
            if degree <= 31 {
                XCTAssertEqual(kronrod, exact, accuracy: 4e-16, "Kronrod, degree \(degree)")
            }
            if degree <= 19 {
                XCTAssertEqual(gauss, exact, accuracy: 4e-16, "Gauss, degree \(degree)")
            } else if degree % 2 == 0 {
                XCTAssertGreaterThan(Swift.abs(gauss - exact), 1e-7, "Gauss is not exact at degree \(degree)")
            }
        }
    }

    // MARK: Exact and closed forms

    func testLineLengthIsExact() {
        XCTAssertEqual(PathSegment.line(from: Point(1, 2), to: Point(4, 6)).length, 5)
        XCTAssertEqual(PathSegment.line(from: Point(0, 0), to: Point(3e300, 4e300)).length, 5e300)
        XCTAssertEqual(
            PathSegment.line(from: Point(0, 0), to: Point(-3 * 0x1p-1040, 4 * 0x1p-1040)).length, 5 * 0x1p-1040)
        XCTAssertEqual(PathSegment.line(from: Point(-1e308, 0), to: Point(1e308, 0)).length, .infinity)
        XCTAssertEqual(PathSegment.line(from: Point(7, 7), to: Point(7, 7)).length, 0)
        let line = PathSegment.line(from: Point(0, 0), to: Point(30, 40))
        XCTAssertEqual(line.length(to: 0.25), 12.5)
        XCTAssertEqual(line.parameter(atLength: 12.5), 0.25)
    }

    // The cusp (0,0) (1,1) (0,1) (1,0): B′(t) = 3((1 − 2t)², 1 − 2t) vanishes at t = 1/2,
    // and ∫|B′| = 2∫₀¹ 3u√(u² + 1) du / 2 = 2√2 − 1.
    func testCuspMatchesClosedForm() {
        let cusp = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(1, 1), control2: Point(0, 1), to: Point(1, 0))
        let exact = 2 * 2.0.squareRoot() - 1
        XCTAssertLessThan(relativeDifference(cusp.length, exact), 1e-15)
        XCTAssertLessThan(relativeDifference(cusp.length(to: 0.5), exact / 2), 1e-15)
        XCTAssertEqual(cusp.parameter(atLength: exact / 2), 0.5, accuracy: 1e-7)  // flat there: √ of the length error
        XCTAssertEqual(cusp.tangent(at: 0.5).x, 0, accuracy: 1e-15)
    }

    /// Lengths from 0 to 1 and to 0.3 by mpmath at 40 digits (`quad` split at the zeros of
    /// d|B′|²/dt, tanh-sinh; the near-cusp checked with Gauss–Legendre on geometric pieces
    /// around its speed minimum). Control points are exact doubles.
    static let goldens: [(name: String, segment: PathSegment, length: Double, lengthTo03: Double)] = [
        (
            "quadratic", .quadCurve(from: Point(0, 0), control: Point(1, 2), to: Point(3, 0)),
            3.75463641231710674654402, 1.100851530135548380678859
        ),
        (
            "s-curve",
            .cubicCurve(from: Point(0, 0), control1: Point(0.25, 1.5), control2: Point(0.75, -1.5), to: Point(1, 0)),
            2.087520702304115796845515, 0.6047848894185393561807725
        ),
        (
            "cusp", .cubicCurve(from: Point(0, 0), control1: Point(1, 1), control2: Point(0, 1), to: Point(1, 0)),
            1.828427124746190097603377, 0.7895344447454925811766063
        ),
        (
            "loop", .cubicCurve(from: Point(0, 0), control1: Point(2, 1), control2: Point(-1, 1), to: Point(1, 0)),
            2.536242651904533165807405, 0.9993570772869822962577739
        ),
        (
            "near cusp",
            .cubicCurve(from: Point(0, 0), control1: Point(1, 1), control2: Point(0, 1), to: Point(1, 1e-3)),
            1.827806000905906358290851, 0.7895580730473349031036045
        ),
        (
            "wild",
            .cubicCurve(
                from: Point(10, 20), control1: Point(-300, 45), control2: Point(310, -800), to: Point(5.5, 12.25)),
            850.6386978942669787384983, 206.4745172968652205322746
        ),
        (
            "first control on start",
            .cubicCurve(from: Point(0, 0), control1: Point(0, 0), control2: Point(1, 1), to: Point(2, 0)),
            2.243487417825188033160695, 0.308287738557547776007011
        ),
        (
            "unit square far from the origin",
            .cubicCurve(
                from: Point(1e6, 1e6), control1: Point(1e6 + 1, 1e6), control2: Point(1e6 + 1, 1e6 + 1),
                to: Point(1e6, 1e6 + 1)),
            2.0, 0.684
        ),
    ]

    func testMatchesMpmathGoldens() {
        var worst = 0.0
        for golden in Self.goldens {
            let e1 = relativeDifference(golden.segment.length, golden.length)
            let e2 = relativeDifference(golden.segment.length(to: 0.3), golden.lengthTo03)
            worst = max(worst, e1, e2)
            // 1e-14: the panel sums' rounding (tens of ulps at most); the 1e-9 contract is
            // far away.
            XCTAssertLessThan(e1, 1e-14, golden.name)
            XCTAssertLessThan(e2, 1e-14, "\(golden.name), to t = 0.3")
        }
        print("path arc length vs mpmath goldens: worst relative error \(worst)")
    }

    /// (0,0) (1,1) (0,1) (1,ε): the cusp above, opened by ε. The speed dips to about
    /// 12(ε/8)² at t ≈ 1/2 + ε/8, a dip about 2(ε/8)² wide, which neither quadrature rule
    /// sees from a wide panel: the case `widestPanel(at:)` grades for. Lengths by mpmath
    /// at 40 digits (Gauss–Legendre on pieces graded by 2⁻ᵏ, k ≤ 59, around the minimum).
    static let nearCusps: [(epsilon: Double, length: Double)] = [
        (0.1, 1.76839053314172942258017), (0.30000000000000004, 1.663955945242173585813964),
        (0.01, 1.822233680653530268800453), (0.03, 1.80996759158517678108263),
        (0.001, 1.827806000905906358290851), (0.003, 1.826564934409071946211102),
        (0.0001, 1.828364994675788555306219), (0.00030000000000000003, 1.828240746320866741318036),
        (1e-05, 1.828420911562392968465951), (3.0000000000000004e-05, 1.828408485312631667557415),
        (1e-06, 1.828426503426042921556954), (3e-06, 1.828425260786926873194213),
        (1e-07, 1.828427062614157705474007), (3e-07, 1.828426938350104704226728),
        (1e-08, 1.828427118532986681645299), (3.0000000000000004e-08, 1.82842710610657996755923),
        (1e-09, 1.828427124124869754240118), (3.0000000000000004e-09, 1.828427122882229068691901),
        (1e-10, 1.828427124684058063249377), (3e-10, 1.828427124559793994553159),
    ]

    func testNearCuspsMatchMpmath() {
        var worst = 0.0
        var worstReference = 0.0
        for (epsilon, length) in Self.nearCusps {
            let segment = PathSegment.cubicCurve(
                from: Point(0, 0), control1: Point(1, 1), control2: Point(0, 1), to: Point(1, epsilon))
            let error = relativeDifference(segment.length, length)
            worst = max(worst, error)
            // 1e-15: about 4 ulps; without the grading ε = 0.003 was off by 1e-12.
            XCTAssertLessThan(error, 1e-15, "ε = \(epsilon)")
            let referenceError = relativeDifference(ReferenceArcLength.length(segment.points), length)
            worstReference = max(worstReference, referenceError)
            // The twin's own accuracy on these: its graded pieces' rounding, ~3e-13.
            XCTAssertLessThan(referenceError, 1e-12, "reference, ε = \(epsilon)")
        }
        print(
            "path arc length, near cusps vs mpmath: worst relative error \(worst) (reference twin: \(worstReference))")
    }

    // MARK: Against the slow twin

    func testLengthMatchesReference() {
        var rng = SeededGenerator(seed: 0x5EED_A7C1)
        var worst = 0.0
        var worstCase = ""
        for i in 0..<60 {
            let segment = rng.pathSegment()
            let fast = segment.length
            let slow = ReferenceArcLength.length(segment.points)
            let error = relativeDifference(fast, slow)
            if error > worst {
                worst = error
                worstCase = "\(segment)"
            }
            XCTAssertLessThan(error, Self.contract, "seed \(rng.seed), case \(i): \(segment): \(fast) vs \(slow)")
            let t = rng.unit()
            let partialError = relativeDifference(
                segment.length(to: t), ReferenceArcLength.length(segment.points, to: t))
            XCTAssertLessThan(partialError, Self.contract, "seed \(rng.seed), case \(i), t = \(t): \(segment)")
        }
        print("path arc length vs polygon reference: worst relative error \(worst) (\(worstCase))")
    }

    func testReferenceMatchesGoldens() {
        // The twin itself, against mpmath.
        for golden in Self.goldens {
            // The twin's documented accuracy: ~1e-15 on smooth curves, ~3e-13 near cusps.
            XCTAssertLessThan(
                relativeDifference(ReferenceArcLength.length(golden.segment.points), golden.length), 1e-12, golden.name)
        }
    }

    // MARK: Properties

    func testLengthToIsMonotoneAndEndsExactly() {
        var rng = SeededGenerator(seed: 0xA4C_0001)
        for i in 0..<300 {
            let segment = rng.pathSegment()
            let ts = (0..<12).map { _ in rng.edgeBiased() }.sorted()
            var previous = 0.0
            for t in ts {
                let s = segment.length(to: t)
                // Inside a panel the partial Kronrod rule can wobble by its rounding: allow
                // 1e-14 of the length (a few ulps of each panel sum).
                XCTAssertGreaterThanOrEqual(
                    s, previous - 1e-14 * segment.length, "seed \(rng.seed), case \(i), t = \(t)")
                previous = max(previous, s)
            }
            XCTAssertEqual(segment.length(to: 0), 0)
            XCTAssertEqual(segment.length(to: 1), segment.length, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(segment.length(to: 7), segment.length)
            XCTAssertEqual(segment.length(to: -7), 0)
            XCTAssertEqual(segment.length(to: .nan), 0)
        }
    }

    func testInverseRoundTrips() {
        var rng = SeededGenerator(seed: 0x1A7E_25E)
        var worstLength = 0.0
        for i in 0..<300 {
            let segment = rng.pathSegment()
            let length = segment.length
            guard length > 0 else { continue }
            // length(parameter(s)) ≈ s: the documented 1e-14, relative to s.
            let s = rng.edgeBiased(in: 0...length)
            let t = segment.parameter(atLength: s)
            XCTAssert((0...1).contains(t), "seed \(rng.seed), case \(i)")
            let back = segment.length(to: t)
            let error = Swift.abs(back - s) / Swift.max(s, 1e-300)
            worstLength = max(worstLength, error)
            XCTAssert(
                error <= 1e-13 || Swift.abs(back - s) <= 1e-15 * length,
                "seed \(rng.seed), case \(i): s = \(s), t = \(t), back = \(back), \(segment)")
            // parameter(length(t)) ≈ t where the curve moves (speed well away from 0).
            let u = rng.unit()
            let speed = PathSegment._length(PathSegment._v(segment.derivative(at: u)))
            if speed > 1e-3 * length {
                XCTAssertEqual(
                    segment.parameter(atLength: segment.length(to: u)), u, accuracy: 1e-12,
                    "seed \(rng.seed), case \(i), u = \(u): \(segment)")
            }
        }
        print("path arc-length inverse: worst relative length error \(worstLength)")
    }

    func testInverseAgainstReference() {
        var rng = SeededGenerator(seed: 0x1A7E_25F)
        for i in 0..<20 {
            let segment = rng.pathSegment()
            let length = segment.length
            guard length > 0 else { continue }
            let s = rng.unit() * length
            let t = segment.parameter(atLength: s)
            let slow = ReferenceArcLength.length(segment.points, to: t)
            XCTAssertLessThan(Swift.abs(slow - s), Self.contract * length, "seed \(rng.seed), case \(i): \(segment)")
        }
    }

    // Scaling by a power of two is exact, so the length scales exactly: nothing overflows
    // or underflows at either end of the double range.
    func testPowerOfTwoScalingIsExactAtExtremeMagnitudes() {
        var rng = SeededGenerator(seed: 0x5CA1E)
        for i in 0..<100 {
            let segment = rng.pathSegment()
            let length = segment.length
            for exponent in [-1060, -900, -300, 300, 900, 1015] {
                let factor = Double(sign: .plus, exponent: exponent, significand: 1)
                let scaled = segment.scaled(by: factor)
                let expected = length * factor
                guard expected.isFinite, expected == 0 || expected.isNormal else { continue }
                // Below 2^-1022 the scaled coordinates themselves are rounded (subnormal).
                let tolerance = exponent < -1000 ? 1e-6 : 1e-15
                XCTAssertLessThan(
                    relativeDifference(scaled.length, expected), tolerance, "seed \(rng.seed), case \(i), 2^\(exponent)"
                )
            }
        }
        // Coordinates whose differences overflow: (−1e308 … 1e308) in x.
        let wide = PathSegment.quadCurve(from: Point(-1e308, 0), control: Point(0, 1e308), to: Point(1e308, 0))
        let unit = PathSegment.quadCurve(from: Point(-1, 0), control: Point(0, 1), to: Point(1, 0))
        XCTAssertEqual(wide.length, .infinity)  // 2.96e308 is beyond Double
        let half = PathSegment.quadCurve(from: Point(-4e307, 0), control: Point(0, 4e307), to: Point(4e307, 0))
        XCTAssertLessThan(relativeDifference(half.length, unit.length * 4e307), 1e-15)
    }

    // MARK: Degenerate and non-finite

    func testDegenerateSegments() {
        let p = Point(3, -4)
        for segment in [
            PathSegment.line(from: p, to: p), .quadCurve(from: p, control: p, to: p),
            .cubicCurve(from: p, control1: p, control2: p, to: p),
        ] {
            XCTAssertEqual(segment.length, 0)
            XCTAssertEqual(segment.length(to: 0.5), 0)
            XCTAssertEqual(segment.parameter(atLength: 0), 0)
            XCTAssertEqual(segment.parameter(atLength: 1), 0)
            XCTAssertEqual(segment.parameter(atLength: -1), 0)
            XCTAssertEqual(segment.tangent(at: 0.5), .zero)
            XCTAssertEqual(segment.bounds, Rect(x: 3, y: -4, width: 0, height: 0))
        }
        // A cubic that runs out along a line and back: length is twice the excursion.
        let backAndForth = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(3, 0), control2: Point(3, 0), to: Point(0, 0))
        // x(t) = 9t(1 − t), peaking at 9/4.
        XCTAssertLessThan(relativeDifference(backAndForth.length, 4.5), 1e-15)
        // Collinear control points strictly inside: the curve is the straight line.
        let straight = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(1, 1), control2: Point(2, 2), to: Point(3, 3))
        XCTAssertLessThan(relativeDifference(straight.length, 3 * 2.0.squareRoot()), 1e-15)
    }

    func testNonFiniteCoordinatesPropagateWithoutTrapping() {
        let nan = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(.nan, 1), control2: Point(2, 2), to: Point(3, 3))
        XCTAssert(nan.length.isNaN)
        XCTAssert(nan.length(to: 0.5).isNaN)
        XCTAssertEqual(nan.parameter(atLength: 1), 0)
        XCTAssert(nan.point(at: 0.5).x.isNaN)
        XCTAssert(nan.tangent(at: 0.5).x.isNaN)
        XCTAssert(nan.bounds.origin.x.isNaN && nan.bounds.size.height.isNaN)
        let inf = PathSegment.quadCurve(from: Point(0, 0), control: Point(.infinity, 1), to: Point(3, 3))
        XCTAssertEqual(inf.length, .infinity)
        XCTAssertEqual(inf.parameter(atLength: 1), 0)
        let infLine = PathSegment.line(from: Point(0, 0), to: Point(-.infinity, 1))
        XCTAssertEqual(infLine.length, .infinity)
        XCTAssertEqual(infLine.tangent(at: 0), Point(-1, 0))
    }

    func testParameterAtLengthEdges() {
        let curve = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(1, 2), control2: Point(3, 2), to: Point(4, 0))
        let length = curve.length
        XCTAssertEqual(curve.parameter(atLength: 0), 0)
        XCTAssertEqual(curve.parameter(atLength: -1), 0)
        XCTAssertEqual(curve.parameter(atLength: .nan), 0)
        XCTAssertEqual(curve.parameter(atLength: length), 1)
        XCTAssertEqual(curve.parameter(atLength: length * 2), 1)
        XCTAssertEqual(curve.parameter(atLength: .infinity), 1)
        // Symmetric curve: half the length is at t = 1/2.
        XCTAssertEqual(curve.parameter(atLength: length / 2), 0.5, accuracy: 1e-14)
    }
}
