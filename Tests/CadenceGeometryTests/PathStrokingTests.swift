import CadenceGeometry
import CadenceTestSupport
import XCTest

/// The stroker's outlines: areas of simple cases in closed form, and its bad input.
final class PathStrokingTests: XCTestCase {
    /// The area the outline's polygons enclose, summed with sign (each polygon's shoelace).
    /// For outlines whose pieces do not overlap this is the stroke's area.
    func signedArea(_ path: Path) -> Double {
        var total = 0.0
        var ring: [Point] = []
        func finish() {
            guard ring.count > 2 else { ring = []; return }
            for i in ring.indices {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                total += (a.x * b.y - b.x * a.y) / 2
            }
            ring = []
        }
        for e in path.elements {
            switch e {
            case .moveTo(let p): finish(); ring = [p]
            case .lineTo(let p): ring.append(p)
            case .closeSubpath: finish()
            default: XCTFail("outlines are made of lines")
            }
        }
        finish()
        return total
    }

    func line(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        p.addLines(between: points)
        if closed { p.closeSubpath() }
        return p
    }

    func testButtLineIsARectangle() throws {
        let outline = try line([Point(0, 0), Point(10, 0)]).stroked(StrokeStyle(lineWidth: 2))
        XCTAssertEqual(signedArea(outline), 20, accuracy: 1e-12)
    }

    func testCapsAddTheirArea() throws {
        let square = try line([Point(0, 0), Point(10, 0)]).stroked(StrokeStyle(lineWidth: 2, lineCap: .square))
        XCTAssertEqual(signedArea(square), 24, accuracy: 1e-12)
        let round = try line([Point(0, 0), Point(10, 0)]).stroked(StrokeStyle(lineWidth: 2, lineCap: .round))
        // Two half discs of radius 1 as inscribed polygons within 1/128 of the circle.
        XCTAssertEqual(signedArea(round), 20 + .pi, accuracy: 2 * .pi / 128)
        XCTAssertLessThan(signedArea(round), 20 + .pi)
    }

    func testClosedSquareIsARingWithMiteredCorners() throws {
        let square = line([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)
        let outline = try square.stroked(StrokeStyle(lineWidth: 2, lineJoin: .miter))
        // The ring is 80: the inner corners turn where the offset lines meet (no loop).
        XCTAssertEqual(abs(signedArea(outline)), 80, accuracy: 1e-9)
        let bevel = try square.stroked(StrokeStyle(lineWidth: 2, lineJoin: .bevel))
        XCTAssertEqual(abs(signedArea(bevel)), 78, accuracy: 1e-9)  // each corner loses half of 1 × 1
        // A miter limit below √2 (the square corner's ratio) bevels.
        let limited = try square.stroked(StrokeStyle(lineWidth: 2, lineJoin: .miter, miterLimit: 1.4))
        XCTAssertEqual(abs(signedArea(limited)), 78, accuracy: 1e-9)
    }

    func testDashesCutByArcLength() throws {
        // 10 long, dashes of 2 with gaps of 3, phase 1: dashes at 0…1, 4…6, 9…10.
        let style = StrokeStyle(lineWidth: 2, dashPattern: [2, 3], dashPhase: 1)
        let outline = try line([Point(0, 0), Point(10, 0)]).stroked(style)
        XCTAssertEqual(signedArea(outline), 8, accuracy: 1e-9)
        XCTAssertEqual(outline.elements.filter { $0 == .closeSubpath }.count, 3)
        // An odd pattern repeats: [1] is 1 on, 1 off.
        let odd = try line([Point(0, 0), Point(10, 0)]).stroked(StrokeStyle(lineWidth: 2, dashPattern: [1]))
        XCTAssertEqual(signedArea(odd), 10, accuracy: 1e-9)
    }

    func testIgnoredDashPatternsStrokeSolid() throws {
        let path = line([Point(0, 0), Point(10, 0)])
        let solid = try path.stroked(StrokeStyle(lineWidth: 2))
        for pattern in [[0.0, 0.0], [-1, 2], [.nan, 1], [.infinity, 1], []] {
            XCTAssertEqual(try path.stroked(StrokeStyle(lineWidth: 2, dashPattern: pattern)), solid, "\(pattern)")
        }
        // A non-finite phase reads as 0.
        XCTAssertEqual(try path.stroked(StrokeStyle(lineWidth: 2, dashPattern: [2, 3], dashPhase: .nan)),
                       try path.stroked(StrokeStyle(lineWidth: 2, dashPattern: [2, 3])))
    }

    func testBadInputStrokesNothing() throws {
        let path = line([Point(0, 0), Point(10, 0)])
        for width in [0, -1, .nan, .infinity] {
            XCTAssertTrue(try path.stroked(StrokeStyle(lineWidth: width)).isEmpty, "width \(width)")
        }
        XCTAssertTrue(try line([Point(0, 0), Point(.nan, 0), Point(5, 5)]).stroked(StrokeStyle()).isEmpty)
        XCTAssertTrue(try Path().stroked(StrokeStyle()).isEmpty)
        XCTAssertThrowsError(try path.stroked(StrokeStyle(), tolerance: 0))
        XCTAssertThrowsError(try path.stroked(StrokeStyle(), tolerance: .nan))
    }

    func testZeroLengthSubpathsAreDotsOrSquares() throws {
        let dot = line([Point(5, 5), Point(5, 5)])
        XCTAssertTrue(try dot.stroked(StrokeStyle(lineWidth: 4, lineCap: .butt)).isEmpty)
        XCTAssertEqual(signedArea(try dot.stroked(StrokeStyle(lineWidth: 4, lineCap: .square))), 16, accuracy: 1e-12)
        XCTAssertEqual(signedArea(try dot.stroked(StrokeStyle(lineWidth: 4, lineCap: .round))), 4 * .pi, accuracy: 0.1)  // chords within 1/128 of the circle
        var lone = Path()
        lone.move(to: Point(1, 1))
        XCTAssertTrue(try lone.stroked(StrokeStyle(lineWidth: 4, lineCap: .round)).isEmpty)
    }

    func testShortSegmentsTurnThroughTheCorner() throws {
        // Segments too short for the offset lines' meeting point: the inner side runs
        // through the corner, so the signed sum is the two rectangles and the bevel's
        // triangle, the rectangles' overlap [0, 1]² counted twice (winding 2 there): 4.5,
        // where the union is 3.5.
        let outline = try line([Point(0, 0), Point(1, 0), Point(1, 1)]).stroked(StrokeStyle(lineWidth: 2, lineJoin: .bevel))
        XCTAssertEqual(signedArea(outline), 4.5, accuracy: 1e-9)
    }

    func testSlightRoundJoinIsTheOffsetLinesMeetingPoint() throws {
        // Two segments of 10 turning by θ, width 3, round joins, butt caps. The exact stroke
        // is 2 · 10 · 3 plus the join's wedge, half² · θ / 2, less the inner overlap,
        // half² · tan(θ/2).
        let half = 1.5, tolerance = 1.0 / 128
        func stroke(turning degrees: Double) throws -> (points: [Point], area: Double, exact: Double) {
            let theta = degrees * .pi / 180
            let corner = Point(10, 0)
            let path = line([Point(0, 0), corner, Point(10 + 10 * cos(theta), 10 * sin(theta))])
            let outline = try path.stroked(StrokeStyle(lineWidth: 2 * half, lineJoin: .round), tolerance: tolerance)
            var points: [Point] = []
            for case .lineTo(let p) in outline.elements { points.append(p) }
            for case .moveTo(let p) in outline.elements { points.append(p) }
            let exact = 60 + half * half * (theta / 2 - tan(theta / 2))
            return (points, signedArea(outline), exact)
        }
        // 2°: the miter point is half · (sec 1° − 1) ≈ 2.3e-4 outside the arc, within the
        // tolerance: one point on each side at the corner, six in all (four ends, two corners).
        let slight = try stroke(turning: 2)
        XCTAssertEqual(slight.points.count, 6)
        for p in slight.points where hypot(p.x - 10, p.y) < 2 * half {
            XCTAssertEqual(hypot(p.x - 10, p.y), half, accuracy: tolerance)
        }
        XCTAssertEqual(slight.area, slight.exact, accuracy: 1e-3)
        // 30°: the miter point would be 0.05 outside; the arc gets its ends and chords.
        let sharp = try stroke(turning: 30)
        XCTAssertGreaterThan(sharp.points.count, 7)
        XCTAssertEqual(sharp.area, sharp.exact, accuracy: tolerance * half * .pi / 6)
        XCTAssertLessThan(sharp.area, sharp.exact)
    }

    func testBackTrackingRoundJoinIsAHalfDisc() throws {
        // Out 10 and back 5, width 2, round joins, butt caps: 10 × 2 plus a half disc.
        let outline = try line([Point(0, 0), Point(10, 0), Point(5, 0)]).stroked(StrokeStyle(lineWidth: 2, lineJoin: .round))
        // The doubled part counts twice in the signed sum: 10·2 + 5·2 + π/2.
        XCTAssertEqual(signedArea(outline), 30 + .pi / 2, accuracy: 0.02)
    }

    func testWorkIsCapped() {
        // 10⁶ units of dashes 10⁻⁶ long: far more pieces than the cap allows.
        let style = StrokeStyle(lineWidth: 1, dashPattern: [1e-6, 1e-6])
        XCTAssertThrowsError(try line([Point(0, 0), Point(1e6, 0)]).stroked(style)) { error in
            XCTAssertEqual(error as? StrokeError, .tooComplex(limit: Path.maxStrokePoints))
        }
    }

    func testHugeCoordinatesDoNotTrap() throws {
        let outline = try line([Point(-1e300, 0), Point(1e300, 1e300), Point(0, 1e-300)])
            .stroked(StrokeStyle(lineWidth: 1e200, lineCap: .round, lineJoin: .round))
        XCTAssertFalse(outline.isEmpty)
        let tiny = try line([Point(0, 0), Point(1e-300, 0)]).stroked(StrokeStyle(lineWidth: 1e-300))
        _ = tiny
    }
}

extension PathStrokingTests {
    /// The shared measures (each segment's direction found once for both sides, a round
    /// corner's meeting point found once for both) give the points, polygon ends, fold
    /// discs and overlap flag of the reference, where each side measures its own: seeded
    /// polylines open and closed, dashed or not, with every join and cap, turns of 0°
    /// (collinear), a few degrees either way (the slight round joins), near 90° and 180°
    /// (back-tracking), segments from 0.01 to 40 units (inner lines meeting past half a
    /// segment), widths 0.1 to 40, and curves. Points are compared with `==` (a side's zero
    /// coordinate may differ in sign, which no pixel sees).
    func testSharedMeasuresMatchTheReferenceSides() throws {
        var rng = SeededGenerator(seed: 18_10)
        let joins = LineJoin.allCases, caps = LineCap.allCases
        let turns: [Double] = [0, 0.3, 1.8, 5, 11, 30, 89.9, 90, 135, 179.99, 180]
        let lengths: [Double] = [0.01, 0.3, 1.3, 3, 9, 40]
        let widths: [Double] = [0.1, 0.7, 3, 9, 40]
        for trial in 0..<600 {
            let n = 2 + Int(rng.unit() * 30)
            var heading = rng.unit() * 2 * .pi
            var point = Point(rng.unit() * 100, rng.unit() * 100)
            var path = Path()
            path.move(to: point)
            for k in 1..<n {
                let turn = turns[Int(rng.unit() * Double(turns.count))] * .pi / 180
                heading += rng.unit() < 0.5 ? turn : -turn
                let step = lengths[Int(rng.unit() * Double(lengths.count))] * (0.5 + rng.unit())
                let next = Point(point.x + step * cos(heading), point.y + step * sin(heading))
                if k % 7 == 3 && rng.unit() < 0.5 {
                    path.addQuadCurve(to: next, control: Point(point.x + step, point.y - step))
                } else {
                    path.addLine(to: next)
                }
                point = next
            }
            if rng.unit() < 0.3 { path.closeSubpath() }
            let style = StrokeStyle(
                lineWidth: widths[Int(rng.unit() * Double(widths.count))],
                lineCap: caps[Int(rng.unit() * Double(caps.count))],
                lineJoin: rng.unit() < 0.6 ? .round : joins[Int(rng.unit() * Double(joins.count))],
                miterLimit: 1 + rng.unit() * 9,
                dashPattern: rng.unit() < 0.2 ? [5, 2, 0.5, 1] : [])
            var shared = PolygonSet(), reference = PolygonSet()
            try path.strokeOutline(style, tolerance: 1.0 / 128, into: &shared)
            Path.referenceSidesForTests = true
            defer { Path.referenceSidesForTests = false }
            try path.strokeOutline(style, tolerance: 1.0 / 128, into: &reference)
            let context = "seed \(rng.seed), trial \(trial), \(style)"
            XCTAssertEqual(shared.points, reference.points, context)
            XCTAssertEqual(shared.ends, reference.ends, context)
            XCTAssertEqual(shared.folds, reference.folds, context)
            XCTAssertEqual(shared.mayOverlapThinly, reference.mayOverlapThinly, context)
        }
    }
}

extension PathStrokingTests {
    func testAddLinesMovesThenLines() {
        var p = Path()
        p.addLines(between: [Point(1, 2), Point(3, 4), Point(5, 6)])
        XCTAssertEqual(p.elements, [.moveTo(Point(1, 2)), .lineTo(Point(3, 4)), .lineTo(Point(5, 6))])
        var empty = Path()
        empty.addLines(between: [])
        XCTAssertTrue(empty.isEmpty)
    }
}
