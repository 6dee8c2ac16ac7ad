@testable import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

/// `KeyframePath`, rule by rule (`Reference/README.md`, "Paths", R1–R6, and P1–P2).
final class KeyframePathTests: XCTestCase {
    static func path(_ svg: String) -> Path { try! Path(svgPathData: svg) }

    /// The angle of `keyframes` at `p` with `auto` rotation.
    static func angle(_ keyframes: KeyframePath, _ p: Double) -> Double {
        keyframes.sample(at: p, rotationMode: .auto)!.rotation!
    }

    // R1: a path of lines evaluates like `values` of its points, in linear (and cubic, which
    // is linear on a path), paced and discrete, with and without key times.
    func testPathOfLinesEqualsValuesOfItsPoints() {
        var rng = SeededGenerator(seed: 0x11AE5)
        for _ in 0..<200 {
            let n = 2 + Int(rng.next() % 6)
            var points = (0..<n).map { _ in Point(rng.edgeBiased(in: -100...100), rng.edgeBiased(in: -100...100)) }
            if rng.next() % 4 == 0 { points[Int(rng.next() % UInt64(n - 1)) + 1] = points[0] }  // a repeat
            var path = Path()
            path.move(to: points[0])
            for point in points.dropFirst() { path.addLine(to: point) }
            var keyTimes = (0..<n).map { _ in rng.unit() }.sorted()
            keyTimes[0] = 0
            keyTimes[n - 1] = 1
            let scale = max(1, points.map { max(abs($0.x), abs($0.y)) }.max()!)
            let cases: [(CalculationMode, CalculationMode, [Double]?, Double)] = [
                (.linear, .linear, nil, 1e-13), (.linear, .linear, keyTimes, 1e-13), (.cubic, .linear, keyTimes, 1e-13),
                // Paced: chord fractions against the table's lengths, both to a few ulps.
                (.paced, .paced, nil, 1e-12), (.cubicPaced, .paced, nil, 1e-12),
                (.discrete, .discrete, nil, 0), (.discrete, .discrete, keyTimes.map { $0 * 0.9 } + [0.95], 0),  // n + 1 times
            ]
            for (pathMode, valuesMode, times, tolerance) in cases {
                let keyframes = KeyframePath(path: path, mode: pathMode, keyTimes: times)
                let curve = KeyframeCurve(values: points, mode: valuesMode, keyTimes: times)
                XCTAssertEqual(keyframes.keyframeCount, n)
                XCTAssertEqual(keyframes.keyTimesUsed, curve.keyTimesUsed, "seed \(rng.seed) \(pathMode)")
                let probes = (0...32).map { Double($0) / 32 } + curve.keyTimes + (0..<8).map { _ in rng.unit() }
                for p in probes {
                    let a = keyframes.point(at: p)!, b = curve.value(at: p)!
                    XCTAssertLessThanOrEqual(max(abs(a.x - b.x), abs(a.y - b.y)), tolerance * scale,
                                             "seed \(rng.seed) \(pathMode) p \(p): \(a) vs \(b)")
                }
            }
        }
    }

    // P2, R3: no line or curve gives no value; a path of zero length shows its first point.
    func testEmptyMoveToOnlyAndZeroLengthPaths() {
        for svg in ["", "M 5 5", "M 5 5 M 6 6 Z"] {
            for mode in CalculationMode.allCases {
                let keyframes = KeyframePath(path: Self.path(svg), mode: mode, keyTimes: [0, 1])
                XCTAssertEqual(keyframes.keyframeCount, 0, svg)
                XCTAssertEqual(keyframes.keyTimes, [], svg)
                XCTAssertFalse(keyframes.keyTimesUsed, svg)
                XCTAssertNil(keyframes.point(at: 0.5), svg)
                XCTAssertNil(keyframes.sample(at: 0, rotationMode: .auto), svg)
            }
        }
        let still = Self.path("M 5 5 L 5 5 C 5 5 5 5 5 5")
        for mode in CalculationMode.allCases {
            let keyframes = KeyframePath(path: still, mode: mode)
            XCTAssertEqual(keyframes.keyframeCount, 3)
            for p in [0, 0.3, 1] {
                let sample = keyframes.sample(at: p, rotationMode: .auto)!
                XCTAssertEqual(sample.point, Point(5, 5), "\(mode)")
                XCTAssertEqual(sample.rotation, 0, "\(mode): a point's angle is 0")
                XCTAssertEqual(keyframes.sample(at: p, rotationMode: .autoReverse)!.rotation, .pi, "\(mode)")
            }
        }
        XCTAssertEqual(KeyframePath(path: still, mode: .paced).keyTimes, [], "no paced key times over zero length")
    }

    // R6: at a corner the later segment leaves; R5: discrete keyframes arrive.
    func testCornersUseTheLaterSegment() {
        let corner = Self.path("M 0 0 L 100 0 L 100 100")
        for mode in [CalculationMode.linear, .cubic, .paced, .cubicPaced] {
            let keyframes = KeyframePath(path: corner, mode: mode)
            XCTAssertEqual(keyframes.point(at: 0.5), Point(100, 0), "\(mode)")
            XCTAssertEqual(Self.angle(keyframes, 0.5), .pi / 2, "\(mode)")
            XCTAssertEqual(Self.angle(keyframes, 0.5.nextDown), 0, "\(mode)")
            XCTAssertEqual(Self.angle(keyframes, 1), .pi / 2, "\(mode)")
        }
        // Discrete (even key times i/3): keyframe 0 leaves along segment 0, keyframe j ≥ 1
        // arrives along segment j − 1.
        let discrete = KeyframePath(path: corner, mode: .discrete)
        XCTAssertEqual(discrete.keyTimes, [0, 1.0 / 3, 2.0 / 3])
        XCTAssertEqual(discrete.sample(at: 0.2, rotationMode: .auto)!.point, Point(0, 0))
        XCTAssertEqual(Self.angle(discrete, 0.2), 0)
        XCTAssertEqual(discrete.sample(at: 0.5, rotationMode: .auto)!.point, Point(100, 0))
        XCTAssertEqual(Self.angle(discrete, 0.5), 0)
        XCTAssertEqual(discrete.sample(at: 0.9, rotationMode: .auto)!.point, Point(100, 100))
        XCTAssertEqual(Self.angle(discrete, 0.9), .pi / 2)
        // A zero-length segment at a corner: linear shows its angle 0 inside its interval;
        // paced passes over it to the next segment with a length.
        let pause = Self.path("M 0 0 L 50 0 L 50 0 L 50 50")
        let linear = KeyframePath(path: pause, mode: .linear, keyTimes: [0, 0.25, 0.5, 1])
        XCTAssertEqual(Self.angle(linear, 0.3), 0)
        XCTAssertEqual(Self.angle(linear, 0.5), .pi / 2)
        let paced = KeyframePath(path: pause, mode: .paced)
        XCTAssertEqual(paced.keyTimes, [0, 0.5, 0.5, 1])
        XCTAssertEqual(paced.location(at: 0.5), PathLocation(segmentIndex: 2, t: 0))
        XCTAssertEqual(Self.angle(paced, 0.5), .pi / 2)
        // A zero-length first segment: paced starts on the first segment with a length.
        let late = KeyframePath(path: Self.path("M 0 0 L 0 0 L 0 10"), mode: .paced)
        XCTAssertEqual(late.location(at: 0), PathLocation(segmentIndex: 1, t: 0))
        XCTAssertEqual(Self.angle(late, 0), .pi / 2)
    }

    // R1: across a move-to the jump takes no time; at its key time the later start shows.
    func testMoveToInsideThePath() {
        let jump = Self.path("M 0 0 L 10 0 M 20 0 L 30 0")
        for mode in [CalculationMode.linear, .paced] {
            let keyframes = KeyframePath(path: jump, mode: mode)
            XCTAssertEqual(keyframes.keyframeCount, 3)
            XCTAssertEqual(keyframes.keyTimes, [0, 0.5, 1], "\(mode)")
            XCTAssertEqual(keyframes.point(at: 0.5), Point(20, 0), "\(mode)")
            XCTAssertEqual(keyframes.point(at: 0.25), Point(5, 0), "\(mode)")
            XCTAssertEqual(keyframes.point(at: 0.75), Point(25, 0), "\(mode)")
        }
    }

    // R5, R6: p = 1 takes the arriving direction, also where the last control point sits on
    // the end (the direction from the first control point).
    func testArrivingDirectionAtTheEnd() {
        let hook = Self.path("M 0 0 L 100 0 C 150 50 200 0 200 0")
        for mode in CalculationMode.allCases where mode != .discrete {
            XCTAssertEqual(Self.angle(KeyframePath(path: hook, mode: mode), 1), -.pi / 4, accuracy: 1e-15, "\(mode)")
        }
        XCTAssertEqual(Self.angle(KeyframePath(path: hook, mode: .discrete), 1), -.pi / 4, accuracy: 1e-15)
        // A closed square ends arriving upwards along the closing line (y down: −π/2).
        let square = KeyframePath(path: Self.path("M 0 0 L 10 0 L 10 10 L 0 10 Z"), mode: .paced)
        XCTAssertEqual(square.keyframeCount, 5)
        XCTAssertEqual(square.point(at: 1), Point(0, 0))
        XCTAssertEqual(Self.angle(square, 1), -.pi / 2)
        XCTAssertEqual(Self.angle(square, 0), 0)
    }

    // docs/paths.md's degenerate tangents: a control point on the start heads to the next,
    // an interior cusp gives the direction out of it.
    func testCuspAndDegenerateControlPoints() {
        let start = KeyframePath(path: Self.path("M 0 0 C 0 0 100 100 100 0"), mode: .linear)
        XCTAssertEqual(Self.angle(start, 0), .pi / 4, accuracy: 1e-15)
        let both = KeyframePath(path: Self.path("M 0 0 C 0 0 0 0 0 -10"), mode: .linear)
        XCTAssertEqual(Self.angle(both, 0), -.pi / 2, accuracy: 1e-15)
        // B′(0.5) = 0 exactly; B″(0.5) = (0, −600): it leaves the cusp upwards.
        let cusp = KeyframePath(path: Self.path("M 0 0 C 100 100 0 100 100 0"), mode: .linear)
        XCTAssertEqual(cusp.point(at: 0.5), Point(50, 75))
        XCTAssertEqual(Self.angle(cusp, 0.5), -.pi / 2)
        XCTAssertEqual(cusp.sample(at: 0.5, rotationMode: .autoReverse)!.rotation!, .pi / 2, accuracy: 1e-15)
    }

    // R5: autoReverse is auto + π, in (0, 2π].
    func testAutoReverseAddsPi() {
        var rng = SeededGenerator(seed: 0xA070)
        for _ in 0..<50 {
            let path = Self.randomPath(&rng)
            for mode in CalculationMode.allCases {
                let keyframes = KeyframePath(path: path, mode: mode)
                for _ in 0..<10 {
                    let p = rng.edgeBiased()
                    let auto = Self.angle(keyframes, p)
                    let reverse = keyframes.sample(at: p, rotationMode: .autoReverse)!.rotation!
                    XCTAssertEqual(reverse, auto + .pi, "seed \(rng.seed) \(mode) p \(p)")
                    XCTAssertTrue(auto > -.pi && auto <= .pi, "seed \(rng.seed) \(mode) p \(p): \(auto)")
                    XCTAssertTrue(reverse > 0 && reverse <= 2 * .pi, "seed \(rng.seed) \(mode) p \(p): \(reverse)")
                    XCTAssertNil(keyframes.sample(at: p, rotationMode: nil)!.rotation)
                }
            }
        }
    }

    // K1–K4 and T1 on a path: s + 1 key times (linear, cubic), s + 1 or s + 2 (discrete),
    // none (paced); s timing functions (linear, cubic only).
    func testKeyTimesAndTimingFunctionsOnPaths() {
        let path = Self.path("M 0 0 Q 50 100 100 0 L 150 50 C 160 100 220 100 250 0")  // 3 segments
        let four = [0, 0.5, 0.6, 1.0], three = [0, 0.5, 1.0], five = [0, 0.2, 0.4, 0.6, 0.8]
        XCTAssertTrue(KeyframePath(path: path, keyTimes: four).keyTimesUsed)
        XCTAssertEqual(KeyframePath(path: path, keyTimes: four).keyTimes, four)
        XCTAssertTrue(KeyframePath(path: path, mode: .cubic, keyTimes: four).keyTimesUsed)
        XCTAssertFalse(KeyframePath(path: path, keyTimes: three).keyTimesUsed)  // the count of segments
        XCTAssertEqual(KeyframePath(path: path, keyTimes: three).keyTimes, [0, 1.0 / 3, 2.0 / 3, 1])
        XCTAssertFalse(KeyframePath(path: path, keyTimes: [0, 0.5, 0.6, 0.9]).keyTimesUsed)  // last ≠ 1
        XCTAssertFalse(KeyframePath(path: path, keyTimes: [0, .nan, 0.6, 1]).keyTimesUsed)
        XCTAssertTrue(KeyframePath(path: path, mode: .discrete, keyTimes: five).keyTimesUsed)
        XCTAssertTrue(KeyframePath(path: path, mode: .discrete, keyTimes: [0, 0.1, 0.2, 0.3]).keyTimesUsed)
        XCTAssertFalse(KeyframePath(path: path, mode: .discrete, keyTimes: three).keyTimesUsed)
        XCTAssertEqual(KeyframePath(path: path, mode: .discrete).keyTimes, [0, 0.25, 0.5, 0.75])
        for mode in [CalculationMode.paced, .cubicPaced] {
            XCTAssertFalse(KeyframePath(path: path, mode: mode, keyTimes: four).keyTimesUsed, "\(mode)")
            XCTAssertFalse(KeyframePath(path: path, mode: mode, timingFunctions: [.easeIn, .easeIn, .easeIn]).timingFunctionsUsed)
        }
        // Uneven key times: segment 1 spans 0.5…0.6 by its Bézier parameter.
        XCTAssertEqual(KeyframePath(path: path, keyTimes: four).point(at: 0.55)!.x, 125, accuracy: 1e-12)
        // Timing functions: one per segment, mapping u before the segment is evaluated; an
        // overshooting one extrapolates the segment's polynomial.
        let back = TimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        let functions = [TimingFunction.easeIn, back, .easeOut]
        for mode in [CalculationMode.linear, .cubic] {
            let eased = KeyframePath(path: path, mode: mode, keyTimes: four, timingFunctions: functions)
            XCTAssertTrue(eased.timingFunctionsUsed)
            let u = back.progress(at: 0.1)
            XCTAssertLessThan(u, 0)
            let expected = PathSegment.line(from: Point(100, 0), to: Point(150, 50)).point(at: u)
            XCTAssertEqual(eased.point(at: 0.51)!.x, expected.x, accuracy: 1e-12)
            XCTAssertLessThan(eased.point(at: 0.51)!.x, 100)
            XCTAssertEqual(eased.point(at: 0.25)!, PathSegment.quadCurve(from: Point(0, 0), control: Point(50, 100), to: Point(100, 0))
                .point(at: TimingFunction.easeIn.progress(at: 0.5)))
        }
        // Fewer than the segments: the given ones, then linear.
        let short = KeyframePath(path: path, keyTimes: four, timingFunctions: [.easeIn])
        XCTAssertTrue(short.timingFunctionsUsed)
        XCTAssertEqual(short.point(at: 0.25)!, PathSegment.quadCurve(from: Point(0, 0), control: Point(50, 100), to: Point(100, 0))
            .point(at: TimingFunction.easeIn.progress(at: 0.5)))
        XCTAssertEqual(short.point(at: 0.55)!, KeyframePath(path: path, keyTimes: four).point(at: 0.55)!)
        XCTAssertFalse(KeyframePath(path: path, timingFunctions: []).timingFunctionsUsed)
        XCTAssertFalse(KeyframePath(path: path, mode: .discrete, timingFunctions: functions).timingFunctionsUsed)
    }

    // R3: paced moves at constant speed: the arc length to the point at p is p · L, measured
    // on the curve split there (de Casteljau) and integrated afresh, to 1e-9 relative.
    func testPacedSpeedIsConstant() {
        var rng = SeededGenerator(seed: 0x9ACED)
        for _ in 0..<100 {
            let path = Self.randomPath(&rng)
            let keyframes = KeyframePath(path: path, mode: rng.next() % 2 == 0 ? .paced : .cubicPaced)
            let segments = path.segments
            let total = path.length
            guard total > 0 else { continue }
            var previous = 0.0
            let steps = 64
            for k in 0...steps {
                let p = Double(k) / Double(steps)
                let location = keyframes.location(at: p)!
                let segment = segments[location.segmentIndex]
                XCTAssertEqual(keyframes.point(at: p), segment.point(at: location.t), "seed \(rng.seed)")
                let before = segments[..<location.segmentIndex].reduce(0) { $0 + $1.length }
                let arc = before + Self.split(segment, at: location.t).length
                XCTAssertEqual(arc, p * total, accuracy: 1e-9 * total, "seed \(rng.seed) p \(p)")
                if k > 0 {
                    XCTAssertEqual((arc - previous) * Double(steps), total, accuracy: 1e-9 * total, "seed \(rng.seed) speed at p \(p)")
                }
                previous = arc
            }
        }
    }

    // P1: NaN reads as 0, ±∞ and anything outside 0…1 clamp, in every mode.
    func testProgressOutsideTheUnitIntervalIsClamped() {
        let path = Self.path("M 0 0 L 100 0 C 150 50 200 0 200 100")
        for mode in CalculationMode.allCases {
            let keyframes = KeyframePath(path: path, mode: mode)
            let first = keyframes.sample(at: 0, rotationMode: .auto)!, last = keyframes.sample(at: 1, rotationMode: .auto)!
            XCTAssertEqual(first.point, Point(0, 0))
            XCTAssertEqual(last.point, Point(200, 100))
            for p in [Double.nan, -Double.infinity, -1, -Double.leastNonzeroMagnitude] {
                let sample = keyframes.sample(at: p, rotationMode: .auto)!
                XCTAssertEqual(sample.point, first.point, "\(mode) \(p)")
                XCTAssertEqual(sample.rotation, first.rotation, "\(mode) \(p)")
            }
            for p in [Double.infinity, 2, (1.0).nextUp, .greatestFiniteMagnitude] {
                let sample = keyframes.sample(at: p, rotationMode: .auto)!
                XCTAssertEqual(sample.point, last.point, "\(mode) \(p)")
                XCTAssertEqual(sample.rotation, last.rotation, "\(mode) \(p)")
            }
        }
    }

    /// A random path of 1–6 lines, quadratics and cubics, sometimes with a move-to, a close,
    /// a zero-length line or a control point on an end.
    static func randomPath(_ rng: inout SeededGenerator) -> Path {
        func point() -> Point { Point(rng.edgeBiased(in: -100...100), rng.edgeBiased(in: -100...100)) }
        var path = Path()
        path.move(to: point())
        for _ in 0..<(1 + Int(rng.next() % 6)) {
            let current = path.currentPoint!
            switch rng.next() % 8 {
            case 0: path.addLine(to: current)
            case 1, 2: path.addLine(to: point())
            case 3: path.addQuadCurve(to: point(), control: point())
            case 4: path.addCurve(to: point(), control1: current, control2: point())
            case 5: path.closeSubpath()
            case 6: path.move(to: point()); path.addLine(to: point())
            default: path.addCurve(to: point(), control1: point(), control2: point())
            }
        }
        if path.segments.isEmpty { path.addLine(to: point()) }
        return path
    }

    /// The part of `segment` for parameters 0…t (de Casteljau), as a segment of its own,
    /// moved so that it starts at the origin: a short segment far from the origin is then
    /// split without the rounding of its large coordinates (which its length does not see).
    static func split(_ segment: PathSegment, at t: Double) -> PathSegment {
        let o = segment.start
        let q = segment.controlPoints.map { Point($0.x - o.x, $0.y - o.y) }
        func mix(_ a: Point, _ b: Point) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
        switch q.count {
        case 2:
            return .line(from: q[0], to: mix(q[0], q[1]))
        case 3:
            let (ab, bc) = (mix(q[0], q[1]), mix(q[1], q[2]))
            return .quadCurve(from: q[0], control: ab, to: mix(ab, bc))
        default:
            let (ab, bc, cd) = (mix(q[0], q[1]), mix(q[1], q[2]), mix(q[2], q[3]))
            let (abc, bcd) = (mix(ab, bc), mix(bc, cd))
            return .cubicCurve(from: q[0], control1: ab, control2: abc, to: mix(abc, bcd))
        }
    }
}
