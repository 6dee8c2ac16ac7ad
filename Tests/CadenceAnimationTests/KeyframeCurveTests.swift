import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

final class KeyframeCurveTests: XCTestCase {
    // CAKeyframeAnimation keyTimes: invalid or inappropriate arrays are ignored (even spacing).
    func testKeyTimesValidation() {
        XCTAssertEqual(KeyTimes.validated([0, 0.2, 1], count: 3, mode: .linear), [0, 0.2, 1])
        XCTAssertEqual(KeyTimes.validated([0, 0.5], count: 3, mode: .linear), [0, 0.5, 1])  // wrong count
        XCTAssertEqual(KeyTimes.validated([0, 0.7, 0.3], count: 3, mode: .linear), [0, 0.5, 1])  // decreasing
        XCTAssertEqual(KeyTimes.validated([0.1, 0.5, 1], count: 3, mode: .cubic), [0, 0.5, 1])  // first ≠ 0
        XCTAssertEqual(KeyTimes.validated([0, 0.5, 0.9], count: 3, mode: .linear), [0, 0.5, 1])  // last ≠ 1
        XCTAssertEqual(KeyTimes.validated([0, 1.5, 1], count: 3, mode: .linear), [0, 0.5, 1])  // outside 0…1
        XCTAssertEqual(KeyTimes.validated([0, .nan, 1], count: 3, mode: .linear), [0, 0.5, 1])
        // Discrete: n or n + 1 times, first 0; default i/n.
        XCTAssertEqual(KeyTimes.validated([0, 0.1, 0.2], count: 3, mode: .discrete), [0, 0.1, 0.2])
        XCTAssertEqual(KeyTimes.validated([0, 0.1, 0.2, 0.5], count: 3, mode: .discrete), [0, 0.1, 0.2, 0.5])
        XCTAssertEqual(KeyTimes.validated([0.1, 0.2, 0.3], count: 3, mode: .discrete), [0, 1.0 / 3, 2.0 / 3])
        XCTAssertEqual(KeyTimes.validated(nil, count: 1, mode: .linear), [0])
        XCTAssertEqual(KeyTimes.validated(nil, count: 0, mode: .linear), [])
        XCTAssertEqual(KeyTimes.validated([0, 1], count: 2, mode: .paced), [])
    }

    func testLinearWithUnevenKeyTimesAndSegmentTimingFunctions() {
        let curve = KeyframeCurve(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1])
        XCTAssertEqual(curve.value(at: 0), 0)
        XCTAssertEqual(curve.value(at: 0.125), 5)
        XCTAssertEqual(curve.value(at: 0.25), 10)
        XCTAssertEqual(curve.value(at: 0.625), 20)
        XCTAssertEqual(curve.value(at: 1), 30)
        let eased = KeyframeCurve(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, .easeOut])
        XCTAssertEqual(eased.value(at: 0.125)!, 10 * TimingFunction.easeIn.progress(at: 0.5), accuracy: 1e-12)
        // Too few timing functions: the rest of the segments are linear.
        XCTAssertEqual(KeyframeCurve(values: [0.0, 1, 2], timingFunctions: [.easeIn]).timingFunctions, [.easeIn, .linear])
        // A repeated key time: the later keyframe wins there.
        let jump = KeyframeCurve(values: [0.0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1])
        XCTAssertEqual(jump.value(at: 0.5), 5)
        XCTAssertEqual(jump.value(at: 0.25), 0.5)
    }

    // P1: progress is clamped to 0…1 (NaN → 0) before any lookup, in every mode; a
    // segment timing function that overshoots still extrapolates inside its segment.
    func testProgressIsClampedInEveryMode() {
        let values: [Double] = [0, 10, 30]
        for mode in CalculationMode.allCases {
            let curve = KeyframeCurve(values: values, mode: mode, tension: [0.5, -0.5, 0.2])
            let first = curve.value(at: 0)!, last = curve.value(at: 1)!
            for p in [-1, -0.25, -Double.ulpOfOne, -.infinity, -.greatestFiniteMagnitude, .nan] {
                XCTAssertEqual(curve.value(at: p), first, "\(mode) at \(p)")
            }
            for p in [1.25, 2, (1.0).nextUp, .infinity, .greatestFiniteMagnitude] {
                XCTAssertEqual(curve.value(at: p), last, "\(mode) at \(p)")
            }
            XCTAssertEqual(first, 0, "\(mode)")
            XCTAssertEqual(last, 30, "\(mode)")
        }
        // An overshooting segment timing function: the segment's line is extrapolated.
        let back = TimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        let curve = KeyframeCurve(values: values, keyTimes: [0, 0.5, 1], timingFunctions: [back, back])
        let u = back.progress(at: 0.1)
        XCTAssertLessThan(u, 0)
        XCTAssertEqual(curve.value(at: 0.05)!, 10 * u, accuracy: 1e-12)
        XCTAssertLessThan(curve.value(at: 0.05)!, 0)
    }

    // The facts the golden file pins: which given arrays are used.
    func testKeyTimesAndTimingFunctionsUsed() {
        let tf = [TimingFunction.easeIn, .easeOut]
        let used = KeyframeCurve(values: [0.0, 1, 2], keyTimes: [0, 0.3, 1], timingFunctions: tf)
        XCTAssertTrue(used.keyTimesUsed)
        XCTAssertTrue(used.timingFunctionsUsed)
        // Even key times given explicitly are still "used"; an invalid array is not.
        XCTAssertTrue(KeyframeCurve(values: [0.0, 1, 2], keyTimes: [0, 0.5, 1]).keyTimesUsed)
        XCTAssertFalse(KeyframeCurve(values: [0.0, 1, 2], keyTimes: [0, 0.5]).keyTimesUsed)
        XCTAssertFalse(KeyframeCurve(values: [0.0, 1, 2]).keyTimesUsed)
        // Discrete takes n + 1 key times and no timing functions; paced takes neither.
        let discrete = KeyframeCurve(values: [0.0, 1, 2], mode: .discrete, keyTimes: [0, 0.1, 0.2, 0.3], timingFunctions: tf)
        XCTAssertTrue(discrete.keyTimesUsed)
        XCTAssertFalse(discrete.timingFunctionsUsed)
        for mode in [CalculationMode.paced, .cubicPaced] {
            let paced = KeyframeCurve(values: [0.0, 1, 2], mode: mode, keyTimes: [0, 0.3, 1], timingFunctions: tf)
            XCTAssertFalse(paced.keyTimesUsed, "\(mode)")
            XCTAssertFalse(paced.timingFunctionsUsed, "\(mode)")
        }
        XCTAssertTrue(KeyframeCurve(values: [0.0, 1, 2], mode: .cubic, timingFunctions: tf).timingFunctionsUsed)
        // An array of another length is used too: fewer pace the first segments and the
        // rest are linear, more give their first n − 1; an empty one is none.
        let short = KeyframeCurve(values: [0.0, 10, 20, 30], timingFunctions: [.easeIn])
        XCTAssertTrue(short.timingFunctionsUsed)
        XCTAssertEqual(short.value(at: 1.0 / 6)!, 10 * TimingFunction.easeIn.progress(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(short.value(at: 0.5)!, 15, accuracy: 1e-12)
        XCTAssertEqual(short.value(at: 5.0 / 6)!, 25, accuracy: 1e-12)
        let long = KeyframeCurve(values: [0.0, 10], timingFunctions: [.easeOut, .easeIn, .easeIn])
        XCTAssertEqual(long.value(at: 0.5)!, 10 * TimingFunction.easeOut.progress(at: 0.5), accuracy: 1e-12)
        XCTAssertFalse(KeyframeCurve(values: [0.0, 10], timingFunctions: []).timingFunctionsUsed)
        XCTAssertFalse(KeyframeCurve<Double>(values: [], keyTimes: []).keyTimesUsed)
    }

    func testDiscrete() {
        let curve = KeyframeCurve(values: ["a", "b", "c"].map { Double($0.unicodeScalars.first!.value) }, mode: .discrete)
        XCTAssertEqual(curve.value(at: 0.3), 97)
        XCTAssertEqual(curve.value(at: 0.34), 98)
        XCTAssertEqual(curve.value(at: 1), 99)
        let explicit = KeyframeCurve(values: [1.0, 2, 3], mode: .discrete, keyTimes: [0, 0.5, 0.6, 0.9])
        XCTAssertEqual(explicit.value(at: 0.55), 2)
        XCTAssertEqual(explicit.value(at: 0.95), 3)  // after the last time the last value shows
    }

    // Paced: constant velocity by distance; key times and timing functions ignored.
    func testPacedSpeedIsConstant() {
        let points = [Point(0, 0), Point(30, 40), Point(30, 50), Point(0, 50)]  // legs 50, 10, 30
        let curve = KeyframeCurve(values: points, mode: .paced, keyTimes: [0, 0.9, 0.95, 1], timingFunctions: [.easeIn, .easeIn, .easeIn])
        XCTAssertEqual(curve.keyTimes, [0, 50.0 / 90, 60.0 / 90, 1])
        var previous = curve.value(at: 0)!
        for i in 1...900 {
            let p = curve.value(at: Double(i) / 900)!
            XCTAssertEqual(previous.distance(to: p), 0.1, accuracy: 1e-9 * 0.1 + 1e-12, "step \(i)")
            previous = p
        }
        // Zero total distance: the first value throughout.
        XCTAssertEqual(KeyframeCurve(values: [2.0, 2, 2], mode: .paced).value(at: 0.7), 2)
    }

    // Cubic: passes through every keyframe at its key time; with TCB 0 and even spacing it
    // is the uniform Catmull-Rom spline (matrix form).
    func testCubicIsCatmullRomAndHitsKeyframes() {
        let p: [Double] = [0, 4, 2, 7, 5]
        let curve = KeyframeCurve(values: p, mode: .cubic)
        for (i, k) in curve.keyTimes.enumerated() { XCTAssertEqual(curve.value(at: k)!, p[i], accuracy: 1e-12) }
        // Interior segment 1 (from p1 to p2), u = 0.3: Catmull-Rom matrix form.
        let u = 0.3
        let expected = 0.5 * ((2 * p[1]) + (-p[0] + p[2]) * u + (2 * p[0] - 5 * p[1] + 4 * p[2] - p[3]) * u * u
            + (-p[0] + 3 * p[1] - 3 * p[2] + p[3]) * u * u * u)
        XCTAssertEqual(curve.value(at: 0.25 + 0.3 * 0.25)!, expected, accuracy: 1e-12)
    }

    func testDegenerateInputs() {
        XCTAssertNil(KeyframeCurve<Double>(values: []).value(at: 0.5))
        XCTAssertEqual(KeyframeCurve(values: [3.0]).value(at: 0.5), 3)
        XCTAssertEqual(KeyframeCurve(values: [3.0, 5], mode: .cubic).value(at: 0.5), 4)  // two keyframes: a line
        // Transforms in cubic mode interpolate linearly (decomposed) between keyframes.
        let t = KeyframeCurve(values: [Transform3D.identity, Transform3D(translationX: 10, y: 0, z: 0), .identity], mode: .cubic)
        XCTAssertEqual(t.value(at: 0.25)!.m41, 5, accuracy: 1e-12)
    }
}

final class CubicPacedTests: XCTestCase {
    // cubicPaced: the cubic spline at constant speed along its true arc length — equal
    // time steps cover equal arc lengths (1e-9 relative), and the path is the cubic one.
    func testConstantSpeedAlongTheSpline() {
        let points = [Point(0, 0), Point(100, 20), Point(120, 120), Point(10, 200)]
        let paced = KeyframeCurve(values: points, mode: .cubicPaced)
        let shape = KeyframeCurve(values: points, mode: .cubic)
        // Fine polyline length of each step, by subdividing the step 200 times.
        var lengths: [Double] = []
        let steps = 50
        for i in 0..<steps {
            var length = 0.0
            var previous = paced.value(at: Double(i) / Double(steps))!
            for j in 1...200 {
                let p = paced.value(at: (Double(i) + Double(j) / 200) / Double(steps))!
                length += previous.distance(to: p)
                previous = p
            }
            lengths.append(length)
        }
        let mean = lengths.reduce(0, +) / Double(steps)
        for (i, l) in lengths.enumerated() {
            XCTAssertEqual(l, mean, accuracy: 1e-6 * mean, "step \(i)")  // polyline error dominates
        }
        // Endpoints and the keyframes lie on the cubic spline.
        XCTAssertEqual(paced.value(at: 0), points[0])
        XCTAssertEqual(paced.value(at: 1)!.distance(to: points[3]), 0, accuracy: 1e-9)
        XCTAssertEqual(shape.value(at: 1.0 / 3), points[1])
        // Zero length: the first value, and no key times.
        let still = KeyframeCurve(values: [Point(1, 1), Point(1, 1), Point(1, 1)], mode: .cubicPaced)
        XCTAssertEqual(still.value(at: 0.5), Point(1, 1))
        XCTAssertEqual(still.keyTimes, [])
    }

    // keyTimes are the arc-length fractions at which each keyframe is reached.
    func testKeyTimesAreWhereKeyframesAreReached() {
        let points = [Point(0, 0), Point(100, 20), Point(120, 120), Point(10, 200)]
        let paced = KeyframeCurve(values: points, mode: .cubicPaced)
        XCTAssertEqual(paced.keyTimes.count, points.count)
        XCTAssertEqual(paced.keyTimes.first, 0)
        XCTAssertEqual(paced.keyTimes.last, 1)
        for (k, point) in zip(paced.keyTimes, points) {
            XCTAssertEqual(paced.value(at: k)!.distance(to: point), 0, accuracy: 1e-9, "key time \(k)")
        }
    }

    // A value that does not scale has no spline: cubicPaced is paced (chord lengths), as
    // cubic is linear.
    func testValuesWithoutASplineArePaced() {
        let ints = KeyframeCurve(values: [0, 30, 40], mode: .cubicPaced)
        XCTAssertEqual(ints.keyTimes, [0, 0.75, 1])
        XCTAssertEqual(ints.value(at: 0.5), 20)
        XCTAssertEqual(ints.value(at: 0.875), 35)
    }
}
