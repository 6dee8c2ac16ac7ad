import CadenceTestSupport
import XCTest

@testable import CadenceGeometry

final class PathArcLengthTableTests: XCTestCase {
    /// A 3-4-5 line, a zero-length line, then a move and a half-circle-like arch.
    static var sample: Path {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(3, 4))
        p.addLine(to: Point(3, 4))
        p.move(to: Point(10, 0))
        p.addCurve(to: Point(20, 0), control1: Point(10, 6), control2: Point(20, 6))
        return p
    }

    func testLocationRules() throws {
        let table = PathArcLengthTable(Self.sample)
        XCTAssertEqual(table.segments.count, 3)
        let arch = table.segments[2].length
        XCTAssertEqual(table.length, 5 + arch)
        XCTAssertEqual(table.distance(toEndOfSegment: 0), 5)
        XCTAssertEqual(table.distance(toEndOfSegment: 1), 5)
        XCTAssertEqual(table.distance(toEndOfSegment: 2), table.length)
        XCTAssertNil(table.distance(toEndOfSegment: 3))
        XCTAssertNil(table.distance(toEndOfSegment: -1))
        // Start, clamping and NaN.
        XCTAssertEqual(table.location(atDistance: 0), PathLocation(segmentIndex: 0, t: 0))
        XCTAssertEqual(table.location(atDistance: -3), PathLocation(segmentIndex: 0, t: 0))
        XCTAssertEqual(table.location(atDistance: .nan), PathLocation(segmentIndex: 0, t: 0))
        XCTAssertEqual(table.location(atDistance: .infinity), PathLocation(segmentIndex: 2, t: 1))
        XCTAssertEqual(table.location(atDistance: table.length), PathLocation(segmentIndex: 2, t: 1))
        // On the line, exactly proportional.
        XCTAssertEqual(table.location(atDistance: 2.5), PathLocation(segmentIndex: 0, t: 0.5))
        XCTAssertEqual(table.point(atDistance: 2.5), Point(1.5, 2))
        // A boundary belongs to the earlier segment; the zero-length one is skipped, and the
        // move-to adds no distance: just past 5 is the start of the arch.
        XCTAssertEqual(table.location(atDistance: 5), PathLocation(segmentIndex: 0, t: 1))
        let justPast = try XCTUnwrap(table.location(atDistance: 5 + 1e-9))
        XCTAssertEqual(justPast.segmentIndex, 2)
        XCTAssertLessThan(justPast.t, 1e-9)
        // The arch is symmetric: half its length is at t = 1/2, at its top (y = 4.5).
        let middle = try XCTUnwrap(table.point(atDistance: 5 + arch / 2))
        XCTAssertEqual(middle.x, 15, accuracy: 1e-13)
        XCTAssertEqual(middle.y, 4.5, accuracy: 1e-13)
        let tangent = try XCTUnwrap(table.tangent(atDistance: 5 + arch / 2))
        XCTAssertEqual(tangent.x, 1, accuracy: 1e-13)
        XCTAssertEqual(table.distance(to: PathLocation(segmentIndex: 2, t: 1)), table.length)
        XCTAssertEqual(table.distance(to: PathLocation(segmentIndex: 0, t: 0.5)), 2.5)
        XCTAssertNil(table.distance(to: PathLocation(segmentIndex: 5, t: 0.5)))
        // Leading zero-length segment: distance 0 lands on it.
        var p = Path()
        p.move(to: Point(1, 1))
        p.addLine(to: Point(1, 1))
        p.addLine(to: Point(2, 1))
        XCTAssertEqual(p.location(atDistance: 0), PathLocation(segmentIndex: 0, t: 0))
        XCTAssertEqual(p.location(atDistance: 0.25), PathLocation(segmentIndex: 1, t: 0.25))
    }

    // The table and the path-level and segment-level functions agree bit for bit.
    func testTableAgreesWithPathAndSegments() {
        var rng = SeededGenerator(seed: 0x7AB1E)
        for i in 0..<60 {
            let path = rng.randomPath()
            let table = PathArcLengthTable(path)
            XCTAssertEqual(table.length, path.length, "seed \(rng.seed), case \(i)")
            XCTAssertEqual(table._invariantViolations(), [], "seed \(rng.seed), case \(i)")
            for _ in 0..<5 {
                let d = rng.edgeBiased(in: 0...table.length)
                let location = table.location(atDistance: d)
                XCTAssertEqual(location, path.location(atDistance: d), "seed \(rng.seed), case \(i), d = \(d)")
                guard let location else { continue }
                let segment = table.segments[location.segmentIndex]
                let before = location.segmentIndex == 0 ? 0 : table.distance(toEndOfSegment: location.segmentIndex - 1)!
                let expected =
                    d == table.distance(toEndOfSegment: location.segmentIndex)
                    ? 1 : segment.parameter(atLength: d - before)
                XCTAssertEqual(location.t, expected, "seed \(rng.seed), case \(i), d = \(d)")
            }
        }
    }

    // distance(to: location(atDistance: d)) ≈ d, and the distance is monotone along the path.
    func testRoundTripAndMonotonicity() {
        var rng = SeededGenerator(seed: 0x2A_7A)
        for i in 0..<60 {
            let path = rng.randomPath()
            let table = PathArcLengthTable(path)
            guard !table.segments.isEmpty else {
                XCTAssertNil(table.location(atDistance: 0))
                continue
            }
            let distances = (0..<20).map { _ in rng.edgeBiased(in: 0...table.length) }.sorted()
            var previous: PathLocation?
            for d in distances {
                guard let location = table.location(atDistance: d), let back = table.distance(to: location) else {
                    XCTFail("seed \(rng.seed), case \(i)")
                    continue
                }
                // 1e-13 of the total: the segment inverse's 1e-14 of the distance within its
                // segment, plus the cumulative sums' rounding.
                XCTAssertEqual(back, d, accuracy: 1e-13 * max(table.length, 1), "seed \(rng.seed), case \(i)")
                if let previous {
                    XCTAssert(
                        previous.segmentIndex < location.segmentIndex
                            || (previous.segmentIndex == location.segmentIndex && previous.t <= location.t),
                        "seed \(rng.seed), case \(i): \(previous) then \(location)")
                }
                previous = location
            }
        }
    }

    // Paced animations space keyframes by distance: the points at equal distances are equal
    // chords apart on a straight path, and the arc between them is equal on a curved one
    // (checked against the reference twin).
    func testEqualDistancesAreEqualArcs() throws {
        let arch = PathSegment.cubicCurve(
            from: Point(0, 0), control1: Point(0, 80), control2: Point(100, 80), to: Point(100, 0))
        var path = Path()
        path.move(to: arch.start)
        path.addCurve(to: arch.end, control1: Point(0, 80), control2: Point(100, 80))
        let table = PathArcLengthTable(path)
        var previousT = 0.0
        for k in 1...8 {
            let t = try XCTUnwrap(table.location(atDistance: table.length * Double(k) / 8)).t
            let arc = ReferenceArcLength.length(arch.points, from: previousT, to: t)
            XCTAssertEqual(arc, table.length / 8, accuracy: 1e-9 * table.length, "piece \(k)")
            previousT = t
        }
    }
}
