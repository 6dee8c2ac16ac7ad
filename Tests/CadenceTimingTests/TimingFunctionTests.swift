import CadenceGeometry
import CadenceTestSupport
@testable import CadenceTiming
import XCTest

final class TimingFunctionTests: XCTestCase {
    /// The curves that break other engines (the foundation issue's list) and the named ones.
    static let hardCurves: [(Double, Double, Double, Double)] = [
        (0, 0, 1, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
        (0, 1, 0, 1), (1, 0, 0, 1), (0, 0, 1.0 / 3, 1), (0.9, 0, 0.1, 1), (0.5, -1, 0.5, 2),
        (1e-7, 0, 1 - 1e-7, 1), (1 - 1e-7, 0, 1e-7, 1), (1e-7, 1e-7, 1 - 1e-7, 1 - 1e-7),
        (0, 0, 0, 1), (1, 0, 1, 1), (0, 1, 1, 0),
    ]

    // Seed: CAMediaTimingFunction reference, "Predefined Timing Functions"; the default's
    // printed (0.25, 0.1), (0.25, 0.1) is a misprint for (0.25, 0.1), (0.25, 1.0).
    func testNamedFunctionsHaveApplesControlPoints() {
        XCTAssertEqual(TimingFunction.linear.controlPoints, [0, 0, 1, 1])
        XCTAssertEqual(TimingFunction.easeIn.controlPoints, [0.42, 0, 1, 1])
        XCTAssertEqual(TimingFunction.easeOut.controlPoints, [0, 0, 0.58, 1])
        XCTAssertEqual(TimingFunction.easeInEaseOut.controlPoints, [0.42, 0, 0.58, 1])
        XCTAssertEqual(TimingFunction.default.controlPoints, [0.25, 0.1, 0.25, 1])
        for name in TimingFunction.Name.allCases {
            XCTAssertEqual(TimingFunction(named: name).description, name.rawValue)
        }
    }

    // Seed: getControlPointAtIndex:values: — index 0…3, ends fixed at (0,0) and (1,1).
    func testControlPointAtIndex() {
        let f = TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        XCTAssertEqual(f.controlPoint(at: 0), Point(x: 0, y: 0))
        XCTAssertEqual(f.controlPoint(at: 1), Point(x: 0.1, y: 0.2))
        XCTAssertEqual(f.controlPoint(at: 2), Point(x: 0.3, y: 0.4))
        XCTAssertEqual(f.controlPoint(at: 3), Point(x: 1, y: 1))
        XCTAssertNil(f.controlPoint(at: 4))
        XCTAssertNil(f.controlPoint(at: -1))
    }

    // Core Animation clamps the input: −0.5 gives 0, 1.5 gives 1; NaN reads as 0.
    func testInputIsClampedAndEndsAreExact() {
        for (a, b, c, d) in Self.hardCurves {
            let f = TimingFunction(controlPoints: a, b, c, d)
            XCTAssertEqual(f.progress(at: 0), 0)
            XCTAssertEqual(f.progress(at: 1), 1)
            XCTAssertEqual(f.progress(at: -0.5), 0)
            XCTAssertEqual(f.progress(at: 1.5), 1)
            XCTAssertEqual(f.progress(at: -.infinity), 0)
            XCTAssertEqual(f.progress(at: .infinity), 1)
            XCTAssertEqual(f.progress(at: .nan), 0)
            XCTAssertEqual(f.progress(at: -0.0), 0)
        }
    }

    // x control points outside 0…1 are clamped when stored (Core Animation's storage).
    func testXControlPointsAreClamped() {
        let f = TimingFunction(controlPoints: 1.5, 0.2, -0.5, 0.8)
        XCTAssertEqual(f.controlPoints, [1, 0.2, 0, 0.8])
        XCTAssertEqual(f, TimingFunction(controlPoints: 1, 0.2, 0, 0.8))
        let g = TimingFunction(controlPoints: -.infinity, 0, .infinity, 1)
        XCTAssertEqual(g.controlPoints, [0, 0, 1, 1])
    }

    // Non-finite y, or NaN x, control points have no curve: the function is linear.
    func testNonFiniteControlPointsFallBackToLinear() {
        for f in [
            TimingFunction(controlPoints: .nan, 0, 1, 1), TimingFunction(controlPoints: 0, .nan, 1, 1),
            TimingFunction(controlPoints: 0.3, .infinity, 0.6, 1),
            TimingFunction(controlPoints: 0.3, 0, 0.6, -.infinity),
        ] {
            XCTAssertEqual(f, .linear)
            XCTAssertEqual(f.progress(at: 0.3), 0.3)
        }
    }

    /// Whether X'(t) vanishes at an interior t (the curve is vertical inside).
    static func isVerticalInside(_ c: (Double, Double, Double, Double)) -> Bool {
        let p1 = min(max(c.0, 0), 1), p2 = min(max(c.2, 0), 1)
        // X'(t)/3 = (1−t)² p1 + 2(1−t)t (p2 − p1) + t² (1 − p2): a quadratic in Bernstein
        // form; scan it finely for a zero inside.
        for i in 1..<10_000 {
            let t = Double(i) / 10_000
            let d = (1 - t) * (1 - t) * p1 + 2 * (1 - t) * t * (p2 - p1) + t * t * (1 - p2)
            if d < 1e-6 { return true }
        }
        return false
    }

    // Where the curve is vertical inside, the correctly rounded result is the exact value
    // for some input within 4 ulps of x: it lies between the exact values at x ∓ 4 ulps.
    func testBackwardErrorOnVerticalCurves() {
        let f = TimingFunction(controlPoints: 1, 0, 0, 1)
        let reference = ReferenceTimingFunction(1, 0, 0, 1)
        var rng = SeededGenerator(seed: 7)
        var xs = [0.5, 0.5.nextUp, 0.5.nextDown, 0.5 + 1e-12, 0.5 - 1e-9]
        for _ in 0..<500 { xs.append(0.5 + (rng.unit() - 0.5) * 1e-3) }
        for x in xs {
            let below = reference.progress(at: rng.stepped(x, ulps: -4))
            let above = reference.progress(at: rng.stepped(x, ulps: 4))
            let y = f.correctlyRoundedProgress(at: x)
            XCTAssert(y >= below - 1e-15 && y <= above + 1e-15, "x \(x): \(y) not in [\(below), \(above)]")
            // The default rounds such a value to its 40-bit grid: within 2^-41 more.
            let grid = f.progress(at: x)
            XCTAssert(grid >= below - 0x1p-41 && grid <= above + 0x1p-41, "x \(x): \(grid) not near [\(below), \(above)]")
        }
    }

    // The batch API agrees with the scalar one bit for bit, including clamped lanes,
    // NaN lanes and a tail shorter than a SIMD group.
    func testBatchMatchesScalar() {
        var rng = SeededGenerator(seed: 99)
        var xs = (0..<4099).map { _ in rng.edgeBiased(in: -0.2...1.2) }
        xs[5] = .nan
        xs[6] = .infinity
        for curve in Self.hardCurves {
            let f = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
            var ys = [Double](repeating: -7, count: xs.count)
            xs.withUnsafeBufferPointer { input in
                ys.withUnsafeMutableBufferPointer { f.progress(at: input, into: $0) }
            }
            for i in xs.indices {
                XCTAssertEqual(ys[i].bitPattern, f.progress(at: xs[i]).bitPattern, "curve \(curve) x \(xs[i])")
            }
        }
    }

    // The batch against the scalar call on many uniform inputs per curve (the vector test's
    // largest-bound path and the lanes it leaves to the scalar function, in chunks of 64
    // groups and a tail), named and random curves, bit for bit.
    func testBatchMatchesScalarOnUniformInputs() {
        let seed: UInt64 = 0xBA7C_4
        var rng = SeededGenerator(seed: seed)
        var curves = Self.hardCurves
        for _ in 0..<24 { curves.append((rng.edgeBiased(), rng.unit() * 3 - 1, rng.edgeBiased(), rng.unit() * 3 - 1)) }
        let count = 20_003
        for curve in curves {
            let f = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
            let xs = (0..<count).map { k in k % 97 == 0 ? rng.edgeBiased() : rng.unit() }
            var ys = [Double](repeating: -7, count: count)
            xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.progress(at: input, into: $0) } }
            var mismatches = 0
            for i in xs.indices where ys[i].bitPattern != f.progress(at: xs[i]).bitPattern {
                mismatches += 1
                if mismatches <= 3 { XCTFail("seed \(seed) curve \(curve) x \(xs[i]): \(ys[i]) ≠ \(f.progress(at: xs[i]))") }
            }
            XCTAssertEqual(mismatches, 0, "seed \(seed) curve \(curve)")
            // In place (the output is the input): the lanes the vector test leaves are
            // finished from their saved inputs, not from the overwritten buffer.
            var inPlace = xs
            inPlace.withUnsafeMutableBufferPointer { f.progress(at: UnsafeBufferPointer($0), into: $0) }
            XCTAssertEqual(inPlace.map(\.bitPattern), ys.map(\.bitPattern), "seed \(seed) curve \(curve), in place")
        }
    }

    // The batch's two vector routes: calls shorter than `Table.Batch.splitCount` pick each
    // lane's coefficients; longer ones split their inputs by half into two packed lists and
    // merge the outputs back. Lengths around both routes' edges (a chunk of 30 groups, the
    // lists' part-empty last groups, a tail), inputs all in one half, alternating halves and
    // runs of each, NaN and out-of-range inputs, bit for bit against the scalar call, into
    // another buffer and in place.
    func testBatchSplitByHalfMatchesScalar() {
        let seed: UInt64 = 0x5EED_12
        var rng = SeededGenerator(seed: seed)
        let split = TimingFunction.Table.Batch.splitCount, chunk = 4 * TimingFunction.Table.Batch.chunkGroups
        let counts = [4, 7, split - 1, split, split + 3, chunk + 1, 2 * chunk, 2 * chunk + 4, 3 * chunk - 5, 1_000]
        let patterns: [(String, (Int) -> Double)] = [
            ("uniform", { _ in rng.unit() }),
            ("lower half", { _ in 0.5 * rng.unit() }),
            ("upper half", { _ in 0.5 + 0.5 * rng.unit() }),
            ("alternating", { k in k % 2 == 0 ? 0.5 * rng.unit() : 1 - 0.5 * rng.unit() }),
            ("runs of 7", { k in (k / 7) % 2 == 0 ? 0.5 * rng.unit() : 0.5 + 0.5 * rng.unit() }),
            ("edges", { k in k % 5 == 0 ? [.nan, -0.1, 1.5, 0.5, 0, 1][k % 6] : rng.edgeBiased() }),
        ]
        for curve in [(0.42, 0.0, 0.58, 1.0), (0.42, 0, 1, 1), (0.9, 0, 0.1, 1), (0.25, 0.1, 0.25, 1), (0, 0, 0, 1)] {
            let f = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
            for (name, input) in patterns {
                for count in counts {
                    let xs = (0..<count).map(input)
                    var ys = [Double](repeating: -7, count: count)
                    xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.progress(at: input, into: $0) } }
                    let expected = xs.map { f.progress(at: $0).bitPattern }
                    XCTAssertEqual(ys.map(\.bitPattern), expected, "seed \(seed) curve \(curve) \(name) × \(count)")
                    var inPlace = xs
                    inPlace.withUnsafeMutableBufferPointer { f.progress(at: UnsafeBufferPointer($0), into: $0) }
                    XCTAssertEqual(inPlace.map(\.bitPattern), expected, "seed \(seed) curve \(curve) \(name) × \(count), in place")
                }
            }
        }
    }

    // The batch's vector loops take a different path per mode of the curve (`Fast.mode`:
    // `√h` or not, 0, 1 or 2 Newton steps). Seeded curves, up to three of each mode the
    // vector loops serve, each on both routes (a short call and a long one, inputs
    // edge-biased one in three) bit for bit against the scalar call. The count of modes met
    // is asserted, so that a mode no curve reaches any more shows up here rather than
    // leaving its path through the loops untested.
    func testBatchMatchesScalarInEveryMode() {
        let seed: UInt64 = 0x40DE_5
        var rng = SeededGenerator(seed: seed)
        typealias Fast = TimingFunction.Table.Fast
        var curves: [String: [(Double, Double, Double, Double)]] = [:]
        var candidates = Self.hardCurves
        for _ in 0..<400 { candidates.append((rng.edgeBiased(), rng.unit() * 3 - 1, rng.edgeBiased(), rng.unit() * 3 - 1)) }
        for curve in candidates {
            let f = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
            guard let elements = f.table?.elements, TimingFunction.Table.Batch.applies(elements) else { continue }
            let mode = elements[Fast.base + Fast.mode]
            let key = "rooted \(mode[0] != 0), steps \(Int(mode[1]))"
            if curves[key, default: []].count < 3 { curves[key, default: []].append(curve) }
        }
        // Measured with this seed: all six modes (easeInEaseOut's is plain, no step).
        XCTAssertEqual(curves.count, 6, "seed \(seed): modes met \(curves.keys.sorted())")
        // In the modes' order, so that the seeded inputs are the same from run to run (a
        // dictionary's order is not).
        for mode in curves.keys.sorted() {
            for curve in curves[mode]! {
                let f = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
                for count in [128, 1_000] {
                    let xs = (0..<count).map { k in k % 3 == 0 ? rng.edgeBiased() : rng.unit() }
                    var ys = [Double](repeating: -7, count: count)
                    xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.progress(at: input, into: $0) } }
                    XCTAssertEqual(ys.map(\.bitPattern), xs.map { f.progress(at: $0).bitPattern },
                                   "seed \(seed) \(mode) curve \(curve) × \(count)")
                }
            }
        }
    }

    // Mismatched buffer lengths: a debug build stops at the assertion; a release build
    // processes the shorter length and leaves the rest alone. `clampedProgress(at:into:)`
    // is what the release build runs after the (compiled-out) assertion, so it is tested
    // here in any build; lengths past a SIMD group and a tail check the bounds.
    func testBatchWithMismatchedLengthsClampsToTheShorter() {
        let xs: [Double] = (1...11).map { Double($0) / 12 }
        var ys = [Double](repeating: -1, count: 6)
        xs.withUnsafeBufferPointer { input in
            ys.withUnsafeMutableBufferPointer { TimingFunction.easeIn.clampedProgress(at: input, into: $0) }
        }
        XCTAssertEqual(ys, xs.prefix(6).map { TimingFunction.easeIn.progress(at: $0) })
        var long = [Double](repeating: -1, count: 14)
        xs.withUnsafeBufferPointer { input in
            long.withUnsafeMutableBufferPointer { TimingFunction.easeIn.clampedProgress(at: input, into: $0) }
        }
        XCTAssertEqual(Array(long.prefix(11)), xs.map { TimingFunction.easeIn.progress(at: $0) })
        XCTAssertEqual(Array(long.suffix(3)), [-1, -1, -1])
    }

    // dy/dx against a central difference of the reference, and the special ends.
    func testVelocity() {
        let f = TimingFunction.easeInEaseOut
        let reference = ReferenceTimingFunction(0.42, 0, 0.58, 1)
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let numeric = (reference.progress(at: x + h) - reference.progress(at: x - h)) / (2 * h)
            XCTAssertEqual(f.velocity(at: x), numeric, accuracy: 1e-7, "x \(x)")
        }
        XCTAssertEqual(f.velocity(at: 0), 0)  // Y'(0) = 0, X'(0) = 1.26
        XCTAssertEqual(f.velocity(at: 1), 0)
        XCTAssertEqual(f.velocity(at: -1), 0)
        XCTAssertEqual(f.velocity(at: 2), 0)
        XCTAssertEqual(TimingFunction.linear.velocity(at: 0.3), 1)
        // (0, 1, 0, 1): y = 1 − (1 − x^(1/3))³ is vertical at 0.
        XCTAssertEqual(TimingFunction(controlPoints: 0, 1, 0, 1).velocity(at: 0), .infinity)
        // (0, 0, 1, 1) is y = x as a curve: both derivatives vanish at the ends, l'Hôpital gives 1.
        XCTAssertEqual(TimingFunction(controlPoints: 0, 0, 1, 1).velocity(at: 0), 1)
        // Vertical inside at x = 0.5: the slope there is as steep as the rounding of t allows.
        XCTAssertGreaterThan(TimingFunction(controlPoints: 1, 0, 0, 1).velocity(at: 0.5), 1e9)
    }

    // CSS Easing Level 1 extrapolation along the end tangents.
    func testExtrapolation() {
        let f = TimingFunction(controlPoints: 0.25, 0.5, 0.75, 1.25)
        XCTAssertEqual(f.extrapolatedProgress(at: -1), -2)  // slope 0.5 / 0.25
        XCTAssertEqual(f.extrapolatedProgress(at: 2), 0)  // slope (1.25 − 1)/(0.75 − 1) = −1
        XCTAssertEqual(f.extrapolatedProgress(at: 0.5), f.progress(at: 0.5))
        let easeIn = TimingFunction.easeIn  // c2 = (1, 1): the end slope comes from c1
        XCTAssertEqual(easeIn.endSlope, (0 - 1) / (0.42 - 1))
        XCTAssertEqual(TimingFunction(controlPoints: 0, 0, 0, 1).startSlope, 0)
        XCTAssertEqual(TimingFunction(controlPoints: 0, 0, 0.5, 1).startSlope, 2)
        XCTAssertEqual(f.extrapolatedProgress(at: .nan), 0)
    }
}
