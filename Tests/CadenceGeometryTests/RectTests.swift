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
}
