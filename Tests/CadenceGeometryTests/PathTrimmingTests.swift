import CadenceGeometry
import CadenceTestSupport
import XCTest

/// `Path.trimmed(from:to:)` (strokeStart/strokeEnd) and `PathSegment.portion(from:to:)`.
final class PathTrimmingTests: XCTestCase {
    private let polyline: Path = {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 30, y: 0))
        p.addLine(to: Point(x: 30, y: 40))
        return p
    }()

    func testWholeRangeIsThePathItself() {
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(circle.trimmed(from: 0, to: 1), circle)
        XCTAssertEqual(circle.trimmed(from: -3, to: 7), circle)
        XCTAssertEqual(circle.trimmed(from: .nan, to: .nan), circle)
    }

    func testEmptyWhenStartIsNotBeforeEnd() {
        XCTAssertTrue(polyline.trimmed(from: 0.5, to: 0.5).isEmpty)
        XCTAssertTrue(polyline.trimmed(from: 0.8, to: 0.2).isEmpty)
        XCTAssertTrue(polyline.trimmed(from: 2, to: 3).isEmpty, "both clamp to 1")
        XCTAssertTrue(Path().trimmed(from: 0, to: 0.5).isEmpty)
    }

    func testPolylineCutsAtDistances() {
        // Length 70: 0.2 → 14 along the first line, 0.75 → 52.5, i.e. 22.5 down the second.
        let t = polyline.trimmed(from: 0.2, to: 0.75)
        XCTAssertEqual(t.elements, [
            .moveTo(Point(x: 14, y: 0)), .lineTo(Point(x: 30, y: 0)), .lineTo(Point(x: 30, y: 22.5)),
        ])
        XCTAssertEqual(t.length, 0.55 * 70, accuracy: 1e-12)
    }

    /// Seeded: the trimmed length of random curves is `(end − start) · length`, and the
    /// pieces join (each starts where the previous ended) — 1e-9 relative, the quadrature's
    /// accuracy summed over pieces.
    func testTrimmedLengthIsTheFraction() {
        var g = SeededGenerator(seed: 0x7_21A)
        for trial in 0..<200 {
            var p = Path()
            p.move(to: Point(x: .random(in: -50...50, using: &g), y: .random(in: -50...50, using: &g)))
            for _ in 0..<Int.random(in: 1...5, using: &g) {
                func q() -> Point { Point(x: .random(in: -50...50, using: &g), y: .random(in: -50...50, using: &g)) }
                switch Int.random(in: 0..<4, using: &g) {
                case 0: p.addLine(to: q())
                case 1: p.addQuadCurve(to: q(), control: q())
                case 2: p.addCurve(to: q(), control1: q(), control2: q())
                default: p.closeSubpath(); p.move(to: q())
                }
            }
            let a = Double.random(in: 0...1, using: &g), b = Double.random(in: 0...1, using: &g)
            let (lo, hi) = (Swift.min(a, b), Swift.max(a, b))
            let total = p.length
            let trimmed = p.trimmed(from: lo, to: hi)
            XCTAssertEqual(trimmed.length, (hi - lo) * total, accuracy: 1e-9 * Swift.max(total, 1), "trial \(trial)")
        }
    }

    func testClosedSubpathInsideStaysClosed() {
        var p = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))  // length 40
        p.move(to: Point(x: 0, y: 20))
        p.addLine(to: Point(x: 40, y: 20))                            // length 40
        let t = p.trimmed(from: 0, to: 0.75)
        XCTAssertEqual(t.elements.filter { $0 == .closeSubpath }.count, 1)
        XCTAssertEqual(t.length, 60, accuracy: 1e-12)
        // Cut inside the square: its closing line is trimmed, not closed.
        let cut = p.trimmed(from: 0.05, to: 0.75)
        XCTAssertFalse(cut.elements.contains(.closeSubpath))
        XCTAssertEqual(cut.length, 56, accuracy: 1e-12)
    }

    func testNonFiniteAndDegenerate() {
        var nan = Path()
        nan.move(to: Point(x: 0, y: 0))
        nan.addLine(to: Point(x: .nan, y: 1))
        XCTAssertTrue(nan.trimmed(from: 0, to: 0.5).isEmpty)
        var dot = Path()
        dot.move(to: Point(x: 3, y: 3))
        dot.addLine(to: Point(x: 3, y: 3))
        XCTAssertEqual(dot.trimmed(from: 0.2, to: 0.4), dot, "a path of length 0 is kept whole")
    }

    func testPortionEnds() {
        let c = PathSegment.cubicCurve(
            from: Point(x: 0, y: 0), control1: Point(x: 10, y: 30), control2: Point(x: 40, y: -20), to: Point(x: 50, y: 10))
        let piece = c.portion(from: 0.25, to: 0.6)
        for (got, want) in [(piece.start, c.point(at: 0.25)), (piece.end, c.point(at: 0.6)),
                            (piece.point(at: 0.5), c.point(at: 0.425))] {
            XCTAssertEqual(got.x, want.x, accuracy: 1e-12)
            XCTAssertEqual(got.y, want.y, accuracy: 1e-12)
        }
        XCTAssertEqual(c.portion(from: 0, to: 1), c)
    }
}
