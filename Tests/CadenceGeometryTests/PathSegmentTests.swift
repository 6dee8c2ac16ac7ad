import CadenceGeometry
import CadenceTestSupport
import XCTest

final class PathSegmentTests: XCTestCase {
    func testStartEndAndControlPoints() {
        let c = PathSegment.cubicCurve(from: Point(0, 0), control1: Point(1, 2), control2: Point(3, 4), to: Point(5, 6))
        XCTAssertEqual(c.start, Point(0, 0))
        XCTAssertEqual(c.end, Point(5, 6))
        XCTAssertEqual(c.controlPoints, [Point(0, 0), Point(1, 2), Point(3, 4), Point(5, 6)])
        XCTAssertEqual(
            PathSegment.quadCurve(from: Point(0, 0), control: Point(1, 2), to: Point(3, 4)).controlPoints.count, 3)
        XCTAssertEqual(PathSegment.line(from: Point(0, 0), to: Point(1, 2)).controlPoints.count, 2)
    }

    // The ends are exact and the point matches de Casteljau's construction (the reference
    // twin's), to a few ulps of the coordinates' size.
    func testPointMatchesDeCasteljau() {
        var rng = SeededGenerator(seed: 0xDE_CA57)
        for i in 0..<500 {
            let s = rng.pathSegment()
            XCTAssertEqual(s.point(at: 0), s.start, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(s.point(at: 1), s.end, "seed \(rng.seed), case \(i)")
            let t = rng.edgeBiased()
            let fast = s.point(at: t)
            let slow = ReferenceArcLength.point(s.points, t)
            // 1e-13: coordinates up to 100, so ~ 8 ulps of 100.
            XCTAssertEqual(fast.x, slow.x, accuracy: 1e-13, "seed \(rng.seed), case \(i), t = \(t)")
            XCTAssertEqual(fast.y, slow.y, accuracy: 1e-13, "seed \(rng.seed), case \(i), t = \(t)")
        }
    }

    func testPointExtrapolatesOutsideUnitInterval() {
        let line = PathSegment.line(from: Point(0, 0), to: Point(2, 4))
        XCTAssertEqual(line.point(at: 2), Point(4, 8))
        XCTAssertEqual(line.point(at: -1), Point(-2, -4))
        let quad = PathSegment.quadCurve(from: Point(0, 0), control: Point(1, 2), to: Point(2, 0))
        XCTAssertEqual(quad.point(at: 2), Point(4, -8))  // y = 4t(1 − t)
    }

    // B′ matches the hodograph (the reference twin's derivative).
    func testDerivativeMatchesHodograph() {
        var rng = SeededGenerator(seed: 0xD0D0)
        for i in 0..<500 {
            let s = rng.pathSegment()
            let t = rng.edgeBiased()
            let fast = s.derivative(at: t)
            let slow = ReferenceArcLength.derivative(s.points, t)
            // 1e-12: derivative coefficients up to 3 · 200, a few ulps of that.
            XCTAssertEqual(fast.x, slow.x, accuracy: 1e-12, "seed \(rng.seed), case \(i), t = \(t)")
            XCTAssertEqual(fast.y, slow.y, accuracy: 1e-12, "seed \(rng.seed), case \(i), t = \(t)")
        }
    }

    func testTangentIsUnitDerivativeDirection() {
        var rng = SeededGenerator(seed: 0x7A_9E27)
        for i in 0..<500 {
            let s = rng.pathSegment()
            let t = rng.unit()
            let d = s.derivative(at: t)
            let u = s.tangent(at: t)
            guard d != .zero else { continue }
            XCTAssertEqual((u.x * u.x + u.y * u.y).squareRoot(), 1, accuracy: 4e-16, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(
                u.x * d.y - u.y * d.x, 0, accuracy: 1e-12 * max(abs(d.x), abs(d.y)), "seed \(rng.seed), case \(i)")
            XCTAssertGreaterThan(u.x * d.x + u.y * d.y, 0, "seed \(rng.seed), case \(i)")
        }
    }

    // Where B′ is zero the tangent is the direction to the next distinct control point.
    func testTangentAtDegenerateEnds() {
        let p0 = Point(1, 1)
        // First control point on the start: towards control2.
        let a = PathSegment.cubicCurve(from: p0, control1: p0, control2: Point(1, 5), to: Point(9, 9))
        XCTAssertEqual(a.derivative(at: 0), .zero)
        XCTAssertEqual(a.tangent(at: 0), Point(0, 1))
        // Both control points on the start: towards the end.
        let b = PathSegment.cubicCurve(from: p0, control1: p0, control2: p0, to: Point(4, 5))
        XCTAssertEqual(b.tangent(at: 0), Point(0.6, 0.8))
        XCTAssertEqual(b.tangent(at: 1), Point(0.6, 0.8))
        // Second control point on the end: arriving from control1.
        let c = PathSegment.cubicCurve(from: p0, control1: Point(6, 5), control2: Point(9, 9), to: Point(9, 9))
        XCTAssertEqual(c.derivative(at: 1), .zero)
        XCTAssertEqual(c.tangent(at: 1), Point(0.6, 0.8))
        // A quadratic whose control point sits on an end.
        let q = PathSegment.quadCurve(from: p0, control: p0, to: Point(1, -3))
        XCTAssertEqual(q.tangent(at: 0), Point(0, -1))
        XCTAssertEqual(q.tangent(at: 1), Point(0, -1))
        // Fully degenerate: the zero vector.
        XCTAssertEqual(PathSegment.cubicCurve(from: p0, control1: p0, control2: p0, to: p0).tangent(at: 0.3), .zero)
        XCTAssertEqual(PathSegment.line(from: p0, to: p0).tangent(at: 0), .zero)
        // A cusp: the direction in which the curve leaves it.
        let cusp = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(1, 1), control2: Point(0, 1), to: Point(1, 0))
        XCTAssertEqual(cusp.derivative(at: 0.5), .zero)
        XCTAssertEqual(cusp.tangent(at: 0.5), Point(0, -1))
        let after = cusp.tangent(at: 0.5 + 1e-6)
        XCTAssertEqual(after.y, -1, accuracy: 1e-5)
    }

    func testTangentOfHugeAndTinySegments() {
        let huge = PathSegment.line(from: Point(-1e308, -1e308), to: Point(1e308, 1e308))
        let h = huge.tangent(at: 0.5)
        XCTAssertEqual(h.x, 0.5.squareRoot(), accuracy: 2e-16)
        let tiny = PathSegment.quadCurve(from: .zero, control: Point(0x1p-1070, 0), to: Point(0x1p-1070, 0x1p-1070))
        let u = tiny.tangent(at: 0)
        XCTAssertEqual(u, Point(1, 0))
    }

    func testTightBounds() {
        // y(t) = 3t(1 − t): peaks at 3/4 when t = 1/2.
        let arch = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(0, 1), control2: Point(1, 1), to: Point(1, 0))
        XCTAssertEqual(arch.bounds, Rect(x: 0, y: 0, width: 1, height: 0.75))
        XCTAssertEqual(arch.controlPointBounds, Rect(x: 0, y: 0, width: 1, height: 1))
        // A quadratic's extremum: y = 2t(1 − t)·4 peaks at 2.
        let quad = PathSegment.quadCurve(from: Point(0, 0), control: Point(1, 4), to: Point(2, 0))
        XCTAssertEqual(quad.bounds, Rect(x: 0, y: 0, width: 2, height: 2))
        // A loop reaches beyond both ends in x.
        let loop = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(4, 1), control2: Point(-3, 1), to: Point(1, 0))
        XCTAssertLessThan(loop.bounds.minX, 0)
        XCTAssertGreaterThan(loop.bounds.maxX, 1)
        XCTAssertEqual(
            PathSegment.line(from: Point(3, 1), to: Point(1, 2)).bounds, Rect(x: 1, y: 1, width: 2, height: 1))
    }

    // The bounds contain every point of the curve, and are tight: each edge is reached
    // (to within the flatness at an extremum) by a dense sample.
    func testBoundsContainAndTouchTheCurve() {
        var rng = SeededGenerator(seed: 0xB0_0D5)
        for i in 0..<300 {
            let s = rng.pathSegment()
            let box = s.bounds
            let control = s.controlPointBounds
            var low = s.start
            var high = s.start
            for j in 0...2000 {
                let p = s.point(at: Double(j) / 2000)
                // 1e-13: the rounding of the curve evaluation and of width = max − min.
                XCTAssert(p.x >= box.minX - 1e-13 && p.x <= box.maxX + 1e-13, "seed \(rng.seed), case \(i), \(s)")
                XCTAssert(p.y >= box.minY - 1e-13 && p.y <= box.maxY + 1e-13, "seed \(rng.seed), case \(i), \(s)")
                low = Point(min(low.x, p.x), min(low.y, p.y))
                high = Point(max(high.x, p.x), max(high.y, p.y))
            }
            // A sample within 1/4000 of an extremum misses it by at most ½·|B″|·(1/4000)²,
            // |B″| ≤ 6 · 400 here: 1e-4.
            XCTAssertEqual(box.minX, low.x, accuracy: 1e-4, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(box.maxX, high.x, accuracy: 1e-4, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(box.minY, low.y, accuracy: 1e-4, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(box.maxY, high.y, accuracy: 1e-4, "seed \(rng.seed), case \(i)")
            XCTAssert(control.minX <= box.minX && control.maxX >= box.maxX - 1e-13, "seed \(rng.seed), case \(i)")
            XCTAssert(control.minY <= box.minY && control.maxY >= box.maxY - 1e-13, "seed \(rng.seed), case \(i)")
        }
    }
}
