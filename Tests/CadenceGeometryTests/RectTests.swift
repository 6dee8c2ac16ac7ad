import CadenceGeometry
import XCTest

final class RectTests: XCTestCase {
    // Core Graphics: a negative size is standardised to the same area.
    func testStandardizedAndEdges() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        XCTAssertEqual(r.standardized, Rect(x: 6, y: 14, width: 4, height: 6))
        XCTAssertEqual(r.minX, 6)
        XCTAssertEqual(r.maxX, 10)
        XCTAssertEqual(r.minY, 14)
        XCTAssertEqual(r.maxY, 20)
        XCTAssertEqual(r.width, 4)
        XCTAssertEqual(r.height, 6)
        XCTAssertEqual(Rect(x: 0, y: 0, width: 100, height: 50).midX, 50)
    }

    func testCodableRoundTrip() throws {
        let r = Rect(origin: Point(1.5, -2), size: Size(width: 3, height: 4))
        let data = try JSONEncoder().encode(r)
        XCTAssertEqual(try JSONDecoder().decode(Rect.self, from: data), r)
        XCTAssertEqual(Point.zero, Point(x: 0, y: 0))
        XCTAssertEqual(Size.zero.description, "(0.0 × 0.0)")
    }

    // The common area, standardized; no overlap: no area at the larger minimum corner.
    func testIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(a.intersection(Rect(x: 5, y: -5, width: 20, height: 8)), Rect(x: 5, y: 0, width: 5, height: 3))
        XCTAssertEqual(Rect(x: 10, y: 10, width: -10, height: -10).intersection(Rect(x: 2, y: 2, width: 2, height: 2)),
                       Rect(x: 2, y: 2, width: 2, height: 2), "negative sizes are standardized")
        XCTAssertEqual(a.intersection(Rect(x: 20, y: 3, width: 5, height: 5)), Rect(x: 20, y: 3, width: 0, height: 5))
        XCTAssertEqual(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)).width, 0, "touching edges")
    }
}
