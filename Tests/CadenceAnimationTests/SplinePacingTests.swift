@testable import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import XCTest

/// The arc-length inversion of `cubicPaced` against an independent measure of the same
/// spline's length (`ArcReference`: the Bézier derivative evaluated as vectors, adaptive
/// 16-point Gauss–Legendre with nodes computed here), and its behaviour on degenerate and
/// extreme input.
final class SplinePacingTests: XCTestCase {
    func testArcLengthAtEveryFraction() {
        var rng = SeededGenerator(seed: 0x5EED5)
        for _ in 0..<20 {
            let n = 2 + Int(rng.next() % 5)
            let points = (0..<n).map { _ in Point(rng.unit() * 200, rng.unit() * 200) }
            let curve = KeyframeCurve(values: points, mode: .cubicPaced)
            guard let pacing = curve.pacing else { continue }
            let reference = ArcReference(curve)
            for k in 0...40 {
                let f = Double(k) / 40
                let (segment, u) = pacing.location(at: f)
                XCTAssertEqual(reference.arc(segment, u), f * reference.total, accuracy: 1e-10 * reference.total, "seed \(rng.seed) f \(f)")
            }
        }
    }

    // The property "cubicPaced speed constant": for random splines — random points, tension,
    // continuity and bias in −1…1 with the ends and 0 favoured, coincident keyframes and so
    // zero-length segments — equal steps of progress cover equal lengths. Measured as the
    // arc length to each of 257 evenly spaced fractions against that fraction of the total:
    // the worst error over the run is printed. Tolerance 1e-13 of the total: the documented
    // bound (`arcTolerance`; the solver's residual is 1e-15).
    func testEqualStepsOfProgressCoverEqualLengths() {
        var rng = SeededGenerator(seed: 0xC0_57A7)
        var worst = 0.0, worstStep = 0.0, splines = 0
        var steps = [Int](repeating: 0, count: SplinePacing.maxSolveSteps + 1)
        for trial in 0..<300 {
            let n = 2 + Int(rng.next() % 7)
            let scalar = trial % 3 == 0
            var points: [Point] = []
            for i in 0..<n {
                if i > 0 && rng.next() % 4 == 0 { points.append(points[i - 1]); continue }  // coincident
                points.append(Point(rng.unit() * 200 - 100, scalar ? 0 : rng.unit() * 200 - 100))
            }
            func parameters() -> [Double] {
                (0..<n).map { _ in
                    switch rng.next() % 6 { case 0: -1; case 1: 1; case 2: 0; default: rng.unit() * 2 - 1 }
                }
            }
            let (tension, continuity, bias) = (parameters(), parameters(), parameters())
            let label = "seed \(rng.seed) trial \(trial)"
            if scalar {
                let curve = KeyframeCurve(values: points.map(\.x), mode: .cubicPaced, tension: tension, continuity: continuity, bias: bias)
                guard let pacing = curve.pacing else { continue }
                Self.checkConstantSpeed(pacing, ArcReference(curve), label, &worst, &worstStep, &steps)
                Self.checkPassesThroughKeyframes(curve, label)
            } else {
                let curve = KeyframeCurve(values: points, mode: .cubicPaced, tension: tension, continuity: continuity, bias: bias)
                guard let pacing = curve.pacing else { continue }
                Self.checkConstantSpeed(pacing, ArcReference(curve), label, &worst, &worstStep, &steps)
                Self.checkPassesThroughKeyframes(curve, label)
            }
            splines += 1
        }
        XCTAssertGreaterThan(splines, 250)
        let queries = steps.reduce(0, +)
        print("cubicPaced constant speed, seed 0xC057A7: \(splines) splines, worst arc error \(worst) of the total, "
            + "worst step error \(worstStep) of a step; solver steps per query: "
            + steps.enumerated().filter { $0.element > 0 }.map { "\($0.offset): \($0.element)" }.joined(separator: ", "))
        // Construction sizes pieces for one step; more only next to points of zero speed.
        XCTAssertGreaterThan(Double(steps[0] + steps[1]), 0.99 * Double(queries))
    }

    static func checkConstantSpeed(
        _ pacing: SplinePacing, _ reference: ArcReference, _ label: String,
        _ worst: inout Double, _ worstStep: inout Double, _ steps: inout [Int]
    ) {
        let count = 256
        var previous = 0.0
        for k in 0...count {
            let f = Double(k) / Double(count)
            let found = pacing.solve(f)
            steps[found.steps] += 1
            let arc = reference.arc(found.segment, found.u)
            let error = Swift.abs(arc - f * reference.total) / reference.total
            worst = Swift.max(worst, error)
            XCTAssertLessThanOrEqual(error, 1e-13, "\(label) f \(f)")
            if k > 0 {
                let step = (arc - previous) / (reference.total / Double(count))
                worstStep = Swift.max(worstStep, Swift.abs(step - 1))
            }
            previous = arc
        }
    }

    /// At each keyframe's key time the value is that keyframe exactly; the last one is
    /// de Casteljau's evaluation at u = 1 exactly, within its rounding: a few ulps of the
    /// largest point or control (1e-14 of it).
    static func checkPassesThroughKeyframes<V: LinearAnimatableValue & Equatable>(_ curve: KeyframeCurve<V>, _ label: String) {
        let n = curve.values.count
        XCTAssertEqual(curve.keyTimes.count, n, label)
        for i in 0..<(n - 1) {
            XCTAssertEqual(curve.value(at: curve.keyTimes[i]), curve.values[i], "\(label) keyframe \(i)")
        }
        let scale = (curve.values + curve.controls!.flatMap { [$0.0, $0.1] }).map { V.zero.distance(to: $0) }.max()!
        XCTAssertEqual(curve.value(at: 1)!.distance(to: curve.values[n - 1]), 0, accuracy: 1e-14 * scale, label)
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

    // Values of any magnitude are paced on a copy scaled by a power of two: the tables of a
    // spline and of the same spline times 2^k are the same, built with the same work.
    // (Before, a speed that overflowed to ∞ made every adaptive integral recurse to its
    // depth limit: about 30 s a segment.)
    func testHugeAndTinyValuesArePacedAsTheirScaledCopies() {
        let shape = [0.875, 0.0, 0.375, 0.375, 1.125]  // few bits: exact at every scale below
        let plain = KeyframeCurve(values: shape, mode: .cubicPaced, tension: [0, 0.5, 0, 1, 0])
        let reference = try! XCTUnwrap(plain.pacing)
        for k in [1020, 600, -600, -1000] {
            let scale = Double(sign: .plus, exponent: k, significand: 1)
            let curve = KeyframeCurve(values: shape.map { $0 * scale }, mode: .cubicPaced, tension: [0, 0.5, 0, 1, 0])
            let pacing = try! XCTUnwrap(curve.pacing, "2^\(k)")
            XCTAssertEqual(pacing.speedEvaluations, reference.speedEvaluations, "2^\(k)")
            XCTAssertEqual(pacing.keyTimes, reference.keyTimes, "2^\(k)")
            XCTAssertEqual(pacing.pieces.map(\.lower), reference.pieces.map(\.lower), "2^\(k)")
            for f in stride(from: 0.0, through: 1, by: 1.0 / 64) {
                XCTAssertEqual(pacing.solve(f).u, reference.solve(f).u, "2^\(k) f \(f)")
                XCTAssertEqual(curve.value(at: f)! / scale, plain.value(at: f)!, accuracy: 1e-15, "2^\(k) f \(f)")
            }
        }
        // The fuzzer's case: two keyframes, a straight line, traversed linearly (M5).
        let huge = KeyframeCurve(values: [9e307, 0], mode: .cubicPaced)
        XCTAssertEqual(huge.keyTimes, [0, 1])
        for p in [0, 0.25, 0.5, 0.9] { XCTAssertEqual(huge.value(at: p)!, 9e307 * (1 - p), accuracy: 1e-15 * 9e307) }
        // Points near the largest finite value whose differences stay finite.
        let far = [Point(1e308, 0.5e308), Point(1.2e308, 1e308), Point(0.6e308, 1.3e308), Point(1.1e308, 0.9e308)]
        let farCurve = KeyframeCurve(values: far, mode: .cubicPaced)
        let farPacing = try! XCTUnwrap(farCurve.pacing)
        XCTAssertLessThanOrEqual(farPacing.speedEvaluations, SplinePacing.maxSpeedEvaluations(segments: 3))
        Self.checkPassesThroughKeyframes(farCurve, "near 1e308")
        XCTAssertEqual(farPacing.speedEvaluations, KeyframeCurve(values: far.map { Point($0.x * 0x1p-1000, $0.y * 0x1p-1000) }, mode: .cubicPaced).pacing!.speedEvaluations)
    }

    // Input with no finite spline falls back as documented: the first value for every
    // progress and no key times, as over zero length. Everything else builds within the
    // evaluation bound and answers every query within the step budget.
    func testNonFiniteAndDegenerateInputIsBounded() {
        let fallbacks: [(String, [Double])] = [
            ("NaN", [0, .nan, 1]), ("+∞", [0, .infinity]), ("−∞", [-.infinity, 5, 6]),
            ("differences overflow", [1.7e308, -1.7e308, 0]), ("all equal", [3, 3, 3]),
        ]
        for (name, values) in fallbacks {
            let curve = KeyframeCurve(values: values, mode: .cubicPaced)
            XCTAssertNil(curve.pacing, name)
            XCTAssertEqual(curve.keyTimes, [], name)
            for p in [0, 0.3, 1] { XCTAssertEqual(curve.value(at: p)?.bitPattern, values[0].bitPattern, name) }
        }
        let pointFallback = KeyframeCurve(values: [Point(1.7e308, 0), Point(-1.7e308, 1)], mode: .cubicPaced)
        XCTAssertNil(pointFallback.pacing)
        XCTAssertEqual(pointFallback.value(at: 0.5), Point(1.7e308, 0))

        let degenerate: [(String, [Double], [Double])] = [
            ("denormals", [5e-324, 1.5e-323, 0, 2.5e-323], []),
            ("zero-length segments", [0, 0, 1, 1, 1, 2], [1, 1, 1, 1, 1, 1]),
            ("a zero-length last segment", [0, 1, 1], [1, 1, 1]),
            ("a zero-length first segment", [4, 4, -1], [1, 1, 0]),
            ("turning back (speed 0 inside)", [0, 1, 0, 1, 0], []),
            ("a near-cusp", [0, 1, 1 + 1e-9, 0], [0, -1, 1, 0]),
        ]
        for (name, values, tension) in degenerate {
            let curve = KeyframeCurve(values: values, mode: .cubicPaced, tension: tension)
            let pacing = try! XCTUnwrap(curve.pacing, name)
            XCTAssertLessThanOrEqual(pacing.speedEvaluations, SplinePacing.maxSpeedEvaluations(segments: values.count - 1), name)
            for k in 0...1000 {
                XCTAssertLessThanOrEqual(pacing.solve(Double(k) / 1000).steps, SplinePacing.maxSolveSteps, name)
            }
            Self.checkPassesThroughKeyframes(curve, name)
            let reference = ArcReference(curve)
            for k in 0...64 {
                let f = Double(k) / 64, (segment, u) = pacing.location(at: f)
                XCTAssertEqual(reference.arc(segment, u), f * reference.total, accuracy: 1e-13 * reference.total, "\(name) f \(f)")
            }
        }
        // A zero-length last segment: p = 1 is the last keyframe exactly.
        XCTAssertEqual(KeyframeCurve(values: [0.0, 1, 1], mode: .cubicPaced, tension: [1, 1, 1]).value(at: 1), 1)
    }

    // A value that is not a vector of components is measured through Gram–Schmidt on its
    // distances: the same coordinates up to rotation, so the same pacing as the points.
    func testValuesKnownOnlyByTheirDistancesArePacedAsPoints() {
        var rng = SeededGenerator(seed: 0xD15_7A4CE)
        for _ in 0..<30 {
            let n = 2 + Int(rng.next() % 6)
            let points = (0..<n).map { i in i > 0 && rng.next() % 5 == 0 ? Point(0, 0) : Point(rng.unit() * 100, rng.unit() * 100) }
            let tension = (0..<n).map { _ in rng.next() % 3 == 0 ? 1.0 : 0 }
            let plain = KeyframeCurve(values: points, mode: .cubicPaced, tension: tension)
            let opaque = KeyframeCurve(values: points.map { Opaque(x: $0.x, y: $0.y) }, mode: .cubicPaced, tension: tension)
            XCTAssertEqual(plain.keyTimes.count, opaque.keyTimes.count, "seed \(rng.seed)")
            for (a, b) in zip(plain.keyTimes, opaque.keyTimes) { XCTAssertEqual(a, b, accuracy: 1e-14, "seed \(rng.seed)") }
            guard let p = plain.pacing, let o = opaque.pacing else { continue }
            for k in 0...32 {
                let f = Double(k) / 32
                let (a, b) = (plain.value(at: f)!, opaque.value(at: f)!)
                XCTAssertEqual(a.distance(to: Point(b.x, b.y)), 0, accuracy: 1e-12, "seed \(rng.seed) f \(f)")
                XCTAssertEqual(p.location(at: f).segment, o.location(at: f).segment, "seed \(rng.seed) f \(f)")
            }
        }
    }

    // Gram–Schmidt on distances keeps every length and dot product, in one to four
    // dimensions, with dependent, zero and tiny vectors: to a few ulps of the largest.
    func testOrthonormalCoordinatesKeepLengths() {
        var rng = SeededGenerator(seed: 0x6A5C)
        func random() -> Rect { Rect(x: rng.unit() - 0.5, y: rng.unit() - 0.5, width: rng.unit() - 0.5, height: rng.unit() - 0.5) }
        for trial in 0..<200 {
            let a = random(), b = random()
            let c: Rect
            switch trial % 4 {
            case 0: c = random()
            case 1: c = a.scaled(by: rng.unit() * 3 - 1.5).adding(b.scaled(by: 0.25))  // in the span of a and b
            case 2: c = .zero
            default: c = a.scaled(by: 1e-9)
            }
            let values = [a, b, trial % 8 == 1 ? a.scaled(by: -2) : c]
            let x = SplinePacing.Velocity.orthonormalCoordinates(values[0], values[1], values[2])
            let coordinates = [x.0, x.1, x.2]
            for i in 0..<3 {
                for j in 0..<3 {
                    let expected = values[i].subtracting(values[j])
                    let d = coordinates[i] - coordinates[j]
                    XCTAssertEqual((d * d).sum().squareRoot(), Rect.zero.distance(to: expected), accuracy: 1e-15, "trial \(trial) \(i) \(j)")
                }
                XCTAssertEqual((coordinates[i] * coordinates[i]).sum().squareRoot(), Rect.zero.distance(to: values[i]), accuracy: 1e-15)
            }
        }
        // Numbers: one dimension, signs kept as directions.
        let x = SplinePacing.Velocity.orthonormalCoordinates(3.0, -1.5, 0)
        XCTAssertEqual(Swift.abs(x.0[0] - x.1[0]), 4.5, accuracy: 1e-15)
        XCTAssertEqual(x.2, .zero)
        XCTAssertEqual((x.0 * x.0).sum(), 9, accuracy: 1e-14)
    }

    // Each rule of a step is exact where the speed is a polynomial of low degree: Gauss–
    // Kronrod 15 to degree 22, its 7-point Gauss rule to 13, the partial lengths (the
    // interpolant of the 15 speeds) to 14. Speed 1 + 2u + 3u² on a step of 0.3…0.8.
    func testStepRulesAreExactForPolynomialSpeeds() {
        let velocity = SplinePacing.Velocity(a: SIMD4(3, 0, 0, 0), b: SIMD4(2, 0, 0, 0), c: SIMD4(1, 0, 0, 0))
        let step = SplinePacing.Step(velocity, 0.3, 0.8)
        func integral(_ a: Double, _ b: Double) -> Double { (b + b * b + b * b * b) - (a + a * a + a * a * a) }
        XCTAssertEqual(step.length, integral(0.3, 0.8), accuracy: 1e-15)
        XCTAssertEqual(step.gauss, integral(0.3, 0.8), accuracy: 1e-15)
        XCTAssertEqual(step.quarter, integral(0.3, 0.425), accuracy: 1e-15)
        XCTAssertEqual(step.middle, integral(0.3, 0.55), accuracy: 1e-15)
        XCTAssertEqual(step.threeQuarters, integral(0.3, 0.675), accuracy: 1e-15)
        XCTAssertEqual(step.endSpeed, 1 + 1.6 + 3 * 0.64, accuracy: 1e-14)
        // The query's rule on the piece's quartic: the length to u = 0.3 + t.
        for t in [0.0, 0.1, 0.37, 0.5] {
            XCTAssertEqual(step.quartic.arc(to: t), integral(0.3, 0.3 + t), accuracy: 1e-15, "t \(t)")
        }
    }

    // The pieces tile 0…1 in order; a bucket names the last piece starting by its start.
    func testPiecesAndBucketsAreConsistent() {
        var rng = SeededGenerator(seed: 0xB0C4E7)
        for _ in 0..<50 {
            let n = 2 + Int(rng.next() % 12)
            let points = (0..<n).map { _ in Point(rng.unit() * 50, rng.unit() * 50) }
            guard let pacing = KeyframeCurve(values: points, mode: .cubicPaced).pacing else { continue }
            let pieces = pacing.pieces
            XCTAssertEqual(pieces.first?.start, 0, "seed \(rng.seed)")
            for (a, b) in zip(pieces, pieces.dropFirst()) {
                XCTAssertLessThanOrEqual(a.start, b.start, "seed \(rng.seed)")
                XCTAssertEqual(a.start + 1 / a.inverseWidth, b.start, accuracy: 1e-15, "seed \(rng.seed)")
                if a.segment == b.segment { XCTAssertEqual(a.upper, b.lower, "seed \(rng.seed)") }
            }
            let last = pacing.buckets.count - 1
            for (b, k) in pacing.buckets.enumerated() {
                let edge = Double(b) / Double(last)
                XCTAssertLessThanOrEqual(pieces[Int(k)].start, edge)
                if Int(k) + 1 < pieces.count { XCTAssertGreaterThan(pieces[Int(k) + 1].start, edge) }
            }
            // The lookup is the last piece starting by p, at the starts themselves and between.
            let probes = pieces.map(\.start) + pieces.map { $0.start.nextDown } + (0..<64).map { _ in rng.unit() }
            for p in probes where p >= 0 && p < 1 {
                XCTAssertEqual(pacing.pieceIndex(at: p), pieces.lastIndex { $0.start <= p }, "seed \(rng.seed) p \(p)")
            }
        }
    }
}

/// A point that the pacing knows only by its distances (not a `VectorAnimatableValue`).
struct Opaque: LinearAnimatableValue, Equatable {
    var x, y: Double
    static var zero: Opaque { Opaque(x: 0, y: 0) }
    static func interpolate(_ a: Opaque, _ b: Opaque, _ t: Double) -> Opaque { Opaque(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
    func adding(_ o: Opaque) -> Opaque { Opaque(x: x + o.x, y: y + o.y) }
    func subtracting(_ o: Opaque) -> Opaque { Opaque(x: x - o.x, y: y - o.y) }
    func multiplied(byCount n: Int) -> Opaque { Opaque(x: x * Double(n), y: y * Double(n)) }
    func scaled(by f: Double) -> Opaque { Opaque(x: x * f, y: y * f) }
    func distance(to o: Opaque) -> Double { ((o.x - x) * (o.x - x) + (o.y - y) * (o.y - y)).squareRoot() }
}

/// The arc length of a keyframe curve's spline, measured independently of `SplinePacing`:
/// the derivative `3[(1−u)²(B1 − P0) + 2u(1−u)(B2 − B1) + u²(P3 − B2)]` evaluated as a
/// vector (values as 2-vectors), its norm integrated by adaptive 16-point Gauss–Legendre
/// (nodes and weights by Newton's method on the Legendre polynomial) over 64 equal panels
/// per segment, each split until its halves agree with the whole to 1e-16 of the segment's
/// scale (up to 40 levels). Where the speed has a deep minimum (a kink, where a scalar
/// spline turns back), found by sampling at 4096 points and golden-section search, a
/// panel ends there, so no rule straddles a kink (adaptive rules can stop early on one).
struct ArcReference {
    typealias Derivative = (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    let derivatives: [Derivative]
    /// Per segment, the panel edges (64 equal steps and the deep minima of the speed) and
    /// the length from 0 to each.
    let edges: [[Double]]
    let lengths: [[Double]]
    let starts: [Double]
    let total: Double

    init(_ curve: KeyframeCurve<Point>) {
        self.init(points: curve.values.map { SIMD2($0.x, $0.y) }, controls: curve.controls!.map { (SIMD2($0.0.x, $0.0.y), SIMD2($0.1.x, $0.1.y)) })
    }

    init(_ curve: KeyframeCurve<Double>) {
        self.init(points: curve.values.map { SIMD2($0, 0) }, controls: curve.controls!.map { (SIMD2($0.0, 0), SIMD2($0.1, 0)) })
    }

    init(points: [SIMD2<Double>], controls: [(SIMD2<Double>, SIMD2<Double>)]) {
        derivatives = controls.indices.map { i in
            let (b1, b2) = controls[i]
            return (3 * (b1 - points[i]), 3 * (b2 - b1), 3 * (points[i + 1] - b2))
        }
        edges = derivatives.map { Set((0...64).map { Double($0) / 64 } + Self.minima($0)).sorted() }
        lengths = zip(derivatives, edges).map { d, edges in
            var sum = 0.0
            return [0] + zip(edges, edges.dropFirst()).map { a, b in
                sum += Self.length(d, a, b)
                return sum
            }
        }
        var starts: [Double] = [], sum = 0.0
        for segment in derivatives.indices {
            starts.append(sum)
            sum += lengths[segment].last!
        }
        self.starts = starts
        total = sum
    }

    /// The length from the start of the spline to `u` in `segment`.
    func arc(_ segment: Int, _ u: Double) -> Double { starts[segment] + length(segment, 0, u) }

    /// The length of `segment` between `a` and `b`.
    func length(_ segment: Int, _ a: Double, _ b: Double) -> Double { position(segment, b) - position(segment, a) }

    /// The length of `segment` from 0 to `u`: whole panels, then part of one.
    func position(_ segment: Int, _ u: Double) -> Double {
        let edges = edges[segment]
        let j = (edges.lastIndex { $0 <= u } ?? 0)
        return lengths[segment][j] + Self.length(derivatives[segment], edges[j], u)
    }

    static func speed(_ d: Derivative, _ u: Double) -> Double {
        let v = (1 - u) * (1 - u) * d.0 + 2 * u * (1 - u) * d.1 + u * u * d.2
        return (v * v).sum().squareRoot()
    }

    /// The deep minima of the speed (below 1e-3 of its largest sample) inside 0…1.
    static func minima(_ d: Derivative) -> [Double] {
        let n = 4096
        let samples = (0...n).map { speed(d, Double($0) / Double(n)) }
        let top = samples.max()!
        var minima: [Double] = []
        for i in 1..<n where samples[i] <= samples[i - 1] && samples[i] <= samples[i + 1] && samples[i] < 1e-3 * top {
            // Golden-section search between the neighbouring samples.
            var (a, b) = (Double(i - 1) / Double(n), Double(i + 1) / Double(n))
            let ratio = (5.0.squareRoot() - 1) / 2
            for _ in 0..<100 {
                let c = b - ratio * (b - a), e = a + ratio * (b - a)
                if speed(d, c) < speed(d, e) { b = e } else { a = c }
            }
            minima.append(0.5 * (a + b))
        }
        return minima
    }

    /// The length between `a` and `b` within one panel (no kink inside).
    static func length(_ d: Derivative, _ a: Double, _ b: Double) -> Double {
        let scale = [d.0, d.1, d.2].map { ($0 * $0).sum().squareRoot() }.max()!
        guard scale > 0, b > a else { return 0 }
        func rule(_ a: Double, _ b: Double) -> Double {
            let c = 0.5 * (a + b), h = 0.5 * (b - a)
            var sum = 0.0
            for (x, w) in zip(legendre.nodes, legendre.weights) { sum += w * (speed(d, c - h * x) + speed(d, c + h * x)) }
            return sum * h
        }
        func adaptive(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) -> Double {
            let m = 0.5 * (a + b)
            let left = rule(a, m), right = rule(m, b)
            if depth >= 40 || Swift.abs(left + right - whole) <= 1e-16 * scale { return left + right }
            return adaptive(a, m, left, depth + 1) + adaptive(m, b, right, depth + 1)
        }
        return adaptive(a, b, rule(a, b), 0)
    }

    /// The positive nodes of the 16-point Gauss–Legendre rule and their weights.
    static let legendre: (nodes: [Double], weights: [Double]) = {
        let n = 16
        var nodes: [Double] = [], weights: [Double] = []
        for i in 1...(n / 2) {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var (p0, p1) = (1.0, x)
                for k in 2...n { (p0, p1) = (p1, ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)) }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let step = p1 / derivative
                x -= step
                if Swift.abs(step) < 1e-17 { break }
            }
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return (nodes, weights)
    }()
}
