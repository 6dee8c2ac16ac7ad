import CadenceGeometry
import CadenceTestSupport
import XCTest

final class PathTests: XCTestCase {
    func testBuilderRecordsElementsAndCurrentPoint() {
        var p = Path()
        XCTAssert(p.isEmpty)
        XCTAssertNil(p.currentPoint)
        p.move(to: Point(1, 2))
        XCTAssertEqual(p.currentPoint, Point(1, 2))
        p.addLine(to: Point(3, 4))
        p.addQuadCurve(to: Point(5, 6), control: Point(4, 7))
        p.addCurve(to: Point(9, 9), control1: Point(6, 0), control2: Point(8, 1))
        XCTAssertEqual(p.currentPoint, Point(9, 9))
        p.closeSubpath()
        XCTAssertEqual(p.currentPoint, Point(1, 2), "a close returns to the subpath's start")
        XCTAssertEqual(
            p.elements,
            [
                .moveTo(Point(1, 2)), .lineTo(Point(3, 4)), .quadCurveTo(control: Point(4, 7), end: Point(5, 6)),
                .curveTo(control1: Point(6, 0), control2: Point(8, 1), end: Point(9, 9)), .closeSubpath,
            ])
        XCTAssertFalse(p.isEmpty)
        XCTAssertEqual(p.elements.map(\.endPoint), [Point(1, 2), Point(3, 4), Point(5, 6), Point(9, 9), nil])
    }

    // Skia's rule: a line or curve with no current point starts from an implicit move to
    // the origin, so a non-empty path always begins with a move-to.
    func testDrawingWithoutCurrentPointMovesToOriginFirst() {
        var p = Path()
        p.addLine(to: Point(3, 4))
        XCTAssertEqual(p.elements, [.moveTo(.zero), .lineTo(Point(3, 4))])
        var q = Path()
        q.addCurve(to: Point(1, 1), control1: Point(0, 1), control2: Point(1, 0))
        XCTAssertEqual(q.elements.first, .moveTo(.zero))
        var r = Path()
        r.addQuadCurve(to: Point(1, 1), control: Point(0, 1))
        XCTAssertEqual(r.elements.first, .moveTo(.zero))
    }

    func testCloseOnEmptyPathDoesNothing() {
        var p = Path()
        p.closeSubpath()
        XCTAssert(p.isEmpty)
        XCTAssertEqual(
            Path(elements: [.closeSubpath, .lineTo(Point(1, 0))]).elements, [.moveTo(.zero), .lineTo(Point(1, 0))])
    }

    func testSegmentsResolveStartsAndCloses() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(10, 0))
        p.addQuadCurve(to: Point(10, 10), control: Point(20, 5))
        p.closeSubpath()  // back to (0, 0): a segment
        p.move(to: Point(50, 50))
        p.addLine(to: Point(60, 50))
        p.addLine(to: Point(50, 50))
        p.closeSubpath()  // already at the start: no segment
        p.move(to: Point(100, 100))  // a lone move: no segment
        XCTAssertEqual(
            p.segments,
            [
                .line(from: Point(0, 0), to: Point(10, 0)),
                .quadCurve(from: Point(10, 0), control: Point(20, 5), to: Point(10, 10)),
                .line(from: Point(10, 10), to: Point(0, 0)),
                .line(from: Point(50, 50), to: Point(60, 50)),
                .line(from: Point(60, 50), to: Point(50, 50)),
            ])
        XCTAssertEqual(p.currentPoint, Point(100, 100))
    }

    // After a close, a line continues from the closed subpath's start (Core Graphics, and
    // SVG 1.1 8.3.3), and a second close returns there again.
    func testDrawingAfterCloseContinuesFromSubpathStart() {
        var p = Path()
        p.move(to: Point(1, 1))
        p.addLine(to: Point(5, 1))
        p.closeSubpath()
        p.addLine(to: Point(1, 9))
        p.closeSubpath()
        XCTAssertEqual(
            p.segments,
            [
                .line(from: Point(1, 1), to: Point(5, 1)), .line(from: Point(5, 1), to: Point(1, 1)),
                .line(from: Point(1, 1), to: Point(1, 9)), .line(from: Point(1, 9), to: Point(1, 1)),
            ])
    }

    func testZeroLengthLineIsStillASegment() {
        var p = Path()
        p.move(to: Point(2, 2))
        p.addLine(to: Point(2, 2))
        XCTAssertEqual(p.segments, [.line(from: Point(2, 2), to: Point(2, 2))])
        XCTAssertEqual(p.length, 0)
    }

    func testConsecutiveMovesAreKept() {
        var p = Path()
        p.move(to: Point(1, 1))
        p.move(to: Point(2, 2))
        p.addLine(to: Point(3, 3))
        XCTAssertEqual(p.elements.count, 3)
        XCTAssertEqual(p.segments, [.line(from: Point(2, 2), to: Point(3, 3))])
    }

    func testInitFromElementsReplaysTheBuilder() {
        var rng = SeededGenerator(seed: 0x9A7B)
        for i in 0..<100 {
            let p = rng.randomPath()
            let q = Path(elements: p.elements)
            XCTAssertEqual(q, p, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(q.currentPoint, p.currentPoint, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(q.hashValue, p.hashValue)
        }
    }

    func testEqualityIsElementwise() {
        var a = Path()
        a.move(to: Point(0, 0))
        a.addLine(to: Point(1, 0))
        var b = Path()
        b.move(to: Point(0, 0))
        XCTAssertNotEqual(a, b)
        b.addLine(to: Point(1, 0))
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        var c = Path()
        var d = Path()
        c.move(to: Point(.nan, 0))
        d.move(to: Point(.nan, 0))
        XCTAssertNotEqual(c, d, "NaN coordinates compare unequal, as Double does")
    }

    func testIsFinite() {
        var p = Path()
        XCTAssert(p.isFinite)
        p.move(to: Point(0, 0))
        p.addCurve(to: Point(1, 1), control1: Point(0, 1), control2: Point(1, 0))
        XCTAssert(p.isFinite)
        p.addQuadCurve(to: Point(2, 2), control: Point(.infinity, 0))
        XCTAssertFalse(p.isFinite)
    }

    func testEmptyAndMoveOnlyPathsMeasureNothing() {
        let empty = Path()
        XCTAssertEqual(empty.length, 0)
        XCTAssertNil(empty.bounds)
        XCTAssertNil(empty.controlPointBounds)
        XCTAssertNil(empty.location(atDistance: 0))
        XCTAssertNil(empty.point(atDistance: 1))
        XCTAssertEqual(empty.segments, [])
        var moves = Path()
        moves.move(to: Point(3, 4))
        moves.closeSubpath()
        XCTAssertEqual(moves.length, 0)
        XCTAssertEqual(moves.segments, [])
        XCTAssertNil(moves.location(atDistance: 0))
        // A lone move-to counts for the bounds, as in Core Graphics.
        XCTAssertEqual(moves.bounds, Rect(x: 3, y: 4, width: 0, height: 0))
        XCTAssertEqual(moves.controlPointBounds, Rect(x: 3, y: 4, width: 0, height: 0))
    }

    func testPathBounds() {
        var p = Path()
        p.move(to: Point(0, 0))
        // y(t) = 3t(1 − t)·(−4)·… : the curve peaks at y = −3 (up, in y-down space), while
        // its control points reach −4.
        p.addCurve(to: Point(4, 0), control1: Point(0, -4), control2: Point(4, -4))
        p.move(to: Point(-1, 1))
        XCTAssertEqual(p.bounds, Rect(x: -1, y: -3, width: 5, height: 4))
        XCTAssertEqual(p.controlPointBounds, Rect(x: -1, y: -4, width: 5, height: 5))
        var nan = p
        nan.addLine(to: Point(.nan, 0))
        XCTAssert(nan.bounds!.origin.x.isNaN)
        XCTAssert(nan.controlPointBounds!.size.width.isNaN)
    }

    func testPathLengthIsSumOfSegmentLengths() {
        var rng = SeededGenerator(seed: 0x5E6_5E6)
        for i in 0..<100 {
            let p = rng.randomPath()
            var sum = 0.0
            for segment in p.segments { sum += segment.length }
            // The same lengths, added in the same order: equal to the last bit.
            XCTAssertEqual(p.length, sum, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(PathArcLengthTable(p).length, sum, "seed \(rng.seed), case \(i)")
        }
    }

    func testNonFinitePathLength() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(1, 0))
        p.addCurve(to: Point(2, 2), control1: Point(.nan, 0), control2: Point(1, 1))
        XCTAssert(p.length.isNaN)
        XCTAssertEqual(p.location(atDistance: 0.5), PathLocation(segmentIndex: 0, t: 0))
        var q = Path()
        q.move(to: Point(0, 0))
        q.addLine(to: Point(.infinity, 0))
        XCTAssertEqual(q.length, .infinity)
        XCTAssertEqual(q.location(atDistance: 5), PathLocation(segmentIndex: 0, t: 0))
    }
}
