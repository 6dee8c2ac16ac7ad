import CadenceGeometry
import CadenceTestSupport
import XCTest

/// The Core Graphics shape constructors (`Path+Shapes.swift`) and SVG's elliptical arcs.
final class PathShapesTests: XCTestCase {
    /// Every curve of `path`, sampled: the largest distance of a sampled point from the
    /// ellipse `((x − c)/rx)² + ((y − c)/ry)² = 1` (axes turned by `rotation`), in units of
    /// the larger radius (so a perfect arc gives 0).
    private func worstEllipseError(_ path: Path, center: Point, rx: Double, ry: Double, rotation: Double = 0) -> Double {
        var worst = 0.0
        for segment in path.segments {
            guard case .cubicCurve = segment else { continue }
            for i in 0...32 {
                let p = segment.point(at: Double(i) / 32)
                let (dx, dy) = (p.x - center.x, p.y - center.y)
                let (x, y) = (cos(rotation) * dx + sin(rotation) * dy, -sin(rotation) * dx + cos(rotation) * dy)
                let r = ((x / rx) * (x / rx) + (y / ry) * (y / ry)).squareRoot()
                worst = Swift.max(worst, Swift.abs(r - 1))
            }
        }
        return worst
    }

    func testRect() {
        let path = Path(rect: Rect(x: 10, y: 20, width: -4, height: 5))  // standardised
        XCTAssertEqual(path.elements, [
            .moveTo(Point(6, 20)), .lineTo(Point(10, 20)), .lineTo(Point(10, 25)), .lineTo(Point(6, 25)), .closeSubpath,
        ])
        XCTAssertTrue(Path(rect: Rect(x: .nan, y: 0, width: 1, height: 1)).isEmpty)
    }

    // Four quarter arcs from the rightmost point, through the bottom first; every point
    // within 2.8e-4 of the radius of the true ellipse (the quarter-turn cubic's bound).
    func testEllipse() {
        let path = Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(path.elements.first, .moveTo(Point(200, 50)))
        XCTAssertEqual(path.elements.count, 6)
        XCTAssertEqual(path.elements.last, .closeSubpath)
        guard case .curveTo(_, _, let firstEnd) = path.elements[1] else { return XCTFail("a curve") }
        XCTAssertEqual(firstEnd.x, 100, accuracy: 1e-12)
        XCTAssertEqual(firstEnd.y, 100, accuracy: 1e-12, "through the bottom first")
        XCTAssertLessThan(worstEllipseError(path, center: Point(100, 50), rx: 100, ry: 50), 2.8e-4)
        let bounds = path.bounds!
        XCTAssertEqual(bounds.minX, 0, accuracy: 1e-12)
        XCTAssertEqual(bounds.maxY, 100, accuracy: 1e-12)
    }

    // One radius or one per corner; radii that do not fit scale down together (CSS);
    // bad radii read as 0.
    func testRoundedRect() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 60)
        let path = Path(roundedRect: rect, cornerRadius: 10)
        XCTAssertEqual(path.elements.first, .moveTo(Point(10, 0)))
        XCTAssertEqual(path.elements.filter { if case .curveTo = $0 { return true } else { return false } }.count, 4)
        XCTAssertEqual(path.bounds!.size, Size(width: 100, height: 60))
        let corners = path.segments.filter { if case .cubicCurve = $0 { return true } else { return false } }
        for (corner, center) in [(0, Point(90, 10)), (1, Point(90, 50)), (2, Point(10, 50)), (3, Point(10, 10))] {
            guard case .cubicCurve(let from, let c1, let c2, let to) = corners[corner] else { return XCTFail("a corner") }
            var curve = Path()
            curve.move(to: from)
            curve.addCurve(to: to, control1: c1, control2: c2)
            XCTAssertLessThan(worstEllipseError(curve, center: center, rx: 10, ry: 10), 2.8e-4, "corner \(corner)")
        }
        // Per corner: the top-left sharp.
        let mixed = Path(roundedRect: rect, cornerRadii: CornerRadii(topLeft: 0, topRight: 20, bottomRight: 5, bottomLeft: .nan))
        XCTAssertEqual(mixed.elements.first, .moveTo(Point(0, 0)))
        XCTAssertEqual(mixed.elements.filter { if case .curveTo = $0 { return true } else { return false } }.count, 2)
        // Too large: 50 + 50 on a 60-high side scales every radius by 0.6 → 30, a stadium.
        let stadium = Path(roundedRect: rect, cornerRadius: 50)
        XCTAssertEqual(stadium.elements.first, .moveTo(Point(30, 0)))
        XCTAssertTrue(stadium.elements.contains(.lineTo(Point(100, 30))))
    }

    // CGPathAddArc: a line from the current point to the start; clockwise sweeps towards
    // decreasing angles; a whole turn or more is one circle.
    func testArc() {
        var path = Path()
        path.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path.elements.first, .moveTo(Point(10, 0)))
        XCTAssertEqual(path.elements.count, 2)
        XCTAssertEqual(path.currentPoint!.x, 0, accuracy: 1e-12)
        XCTAssertEqual(path.currentPoint!.y, 10, accuracy: 1e-12)
        var clockwise = Path()
        clockwise.move(to: Point(-5, 0))
        clockwise.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(clockwise.elements[1], .lineTo(Point(10, 0)))
        XCTAssertEqual(clockwise.elements.count, 5, "three quarters the other way round")
        XCTAssertEqual(clockwise.currentPoint!.y, 10, accuracy: 1e-12)
        XCTAssertLessThan(worstEllipseError(clockwise, center: .zero, rx: 10, ry: 10), 2.8e-4)
        var circle = Path()
        circle.addArc(center: Point(5, 5), radius: 2, startAngle: 1, endAngle: 1 + 3 * .pi, clockwise: false)
        XCTAssertEqual(circle.elements.count, 5)
        var bad = Path()
        bad.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        bad.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 1, clockwise: false)
        XCTAssertTrue(bad.isEmpty)
    }

    // SVG 1.1 F.6: the endpoint parameterisation, its flags and its out-of-range rules,
    // checked against the ellipse equation and the end points.
    func testSVGArcs() throws {
        // A half circle over the top (sweep-flag 1: positive angles, clockwise on screen).
        let half = try Path(svgPathData: "M0 0 A 10 10 0 0 1 20 0")
        XCTAssertEqual(half.currentPoint, Point(20, 0), "ends exactly on the end point")
        XCTAssertLessThan(worstEllipseError(half, center: Point(10, 0), rx: 10, ry: 10), 2.8e-4)
        XCTAssertEqual(half.bounds!.minY, -10, accuracy: 1e-9, "over the top")
        let below = try Path(svgPathData: "M0 0 A 10 10 0 0 0 20 0")
        XCTAssertEqual(below.bounds!.maxY, 10, accuracy: 1e-9)
        // Large-arc flag: the longer way round a circle of radius 10 through two points 10 apart.
        let large = try Path(svgPathData: "M0 0 A10 10 0 1 1 10 0")
        let small = try Path(svgPathData: "M0 0 A10 10 0 0 1 10 0")
        XCTAssertGreaterThan(PathArcLengthTable(large).length, 3 * PathArcLengthTable(small).length)
        // A rotated ellipse: every point on it.
        let turned = try Path(svgPathData: "M 10 20 a 30 10 30 1 0 40 5")
        XCTAssertEqual(turned.currentPoint, Point(50, 25))
        // Radii too small grow to just reach (a half ellipse); zero radius is a line; an arc
        // to its own start draws nothing.
        let grown = try Path(svgPathData: "M0 0 A 1 1 0 0 1 20 0")
        XCTAssertLessThan(worstEllipseError(grown, center: Point(10, 0), rx: 10, ry: 10), 2.8e-4)
        XCTAssertEqual(try Path(svgPathData: "M0 0 A 0 5 0 0 1 20 0").elements, [.moveTo(.zero), .lineTo(Point(20, 0))])
        XCTAssertEqual(try Path(svgPathData: "M3 4 A 5 5 0 0 1 3 4").elements, [.moveTo(Point(3, 4))])
        // Compact flags and repeated groups; negative radii are their magnitude.
        let compact = try Path(svgPathData: "M0 0a10 10 0 0120 0 10 10 0 0 1 20 0")
        XCTAssertEqual(compact.currentPoint, Point(40, 0))
        XCTAssertEqual(try Path(svgPathData: "M0 0 A -10 -10 0 0 1 20 0"), half)
        // A following S or T does not reflect an arc's control point.
        let after = try Path(svgPathData: "M0 0 A 10 10 0 0 1 20 0 S 30 10 40 0")
        guard case .curveTo(let c1, _, _) = after.elements.last else { return XCTFail("a curve") }
        XCTAssertEqual(c1, Point(20, 0))
        // Random arcs: each is one smooth curve (every piece leaves where the previous one
        // arrived, in its direction) ending exactly on its end point.
        var rng = SeededGenerator(seed: 0xA2C5)
        for trial in 0..<200 {
            let (rx, ry) = (1 + rng.unit() * 50, 1 + rng.unit() * 50)
            let phi = rng.unit() * 360 - 180
            let end = Point(x: rng.unit() * 60 - 30, y: rng.unit() * 60 - 30)
            let (fa, fs) = (rng.unit() < 0.5 ? 0 : 1, rng.unit() < 0.5 ? 0 : 1)
            let path = try Path(svgPathData: "M0 0 A \(rx) \(ry) \(phi) \(fa) \(fs) \(end.x) \(end.y)")
            XCTAssertEqual(path.currentPoint, end, "trial \(trial)")
            XCTAssertTrue(path.isFinite, "trial \(trial)")
            let pieces = path.segments
            for (a, b) in zip(pieces, pieces.dropFirst()) {
                guard case .cubicCurve(_, _, let c2, let joint) = a, case .cubicCurve(let start, let c1, _, _) = b else { continue }
                let (u, v) = (SIMD2(joint.x - c2.x, joint.y - c2.y), SIMD2(c1.x - start.x, c1.y - start.y))
                let cross = u.x * v.y - u.y * v.x
                XCTAssertLessThan(Swift.abs(cross), 1e-9 * (u * u).sum().squareRoot() * (v * v).sum().squareRoot() + 1e-12, "trial \(trial): a corner")
                XCTAssertGreaterThan((u * v).sum(), 0, "trial \(trial): turning back")
            }
        }
    }
}
