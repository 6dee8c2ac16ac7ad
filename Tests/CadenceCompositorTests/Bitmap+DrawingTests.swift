import CadenceCompositor
import CadenceGeometry
import CadencePixels
import XCTest

/// Anti-aliased strokes and discs (Bitmap+Drawing.swift).
final class BitmapDrawingTests: XCTestCase {
    private let black = SIMD4<UInt8>(0, 0, 0, 255)
    private let white = SIMD4<UInt8>(255, 255, 255, 255)

    private func canvas(_ size: Int = 20) throws -> Bitmap {
        try Bitmap(width: size, height: size, fill: white)
    }

    /// A one-pixel line on pixel centres covers exactly its pixels.
    func testPixelAlignedLineIsCrisp() throws {
        var bitmap = try canvas()
        bitmap.strokeLine(from: Point(x: 2.5, y: 5.5), to: Point(x: 12.5, y: 5.5), width: 1, color: black)
        for x in 2...12 {
            XCTAssertEqual(bitmap[x, 5], black, "x \(x)")
            XCTAssertEqual(bitmap[x, 4], white, "x \(x)")
            XCTAssertEqual(bitmap[x, 6], white, "x \(x)")
        }
        XCTAssertEqual(bitmap[14, 5], white)
    }

    /// A line between pixel rows shares its ink between the two: half each.
    func testLineBetweenRowsIsShared() throws {
        var bitmap = try canvas()
        bitmap.strokeLine(from: Point(x: 2, y: 5), to: Point(x: 12, y: 5), width: 1, color: black)
        XCTAssertEqual(bitmap[6, 4], SIMD4(128, 128, 128, 255))
        XCTAssertEqual(bitmap[6, 5], SIMD4(128, 128, 128, 255))
    }

    /// A polyline blends each pixel once: a joint is not darker than the segments.
    func testPolylineJointsAreNotDoubleBlended() throws {
        var once = try canvas()
        once.strokeLine(from: Point(x: 2, y: 5.3), to: Point(x: 16, y: 5.3), width: 1.5, color: SIMD4(0, 0, 0, 128))
        var joined = try canvas()
        joined.strokePolyline([Point(x: 2, y: 5.3), Point(x: 9, y: 5.3), Point(x: 16, y: 5.3)], width: 1.5,
            color: SIMD4(0, 0, 0, 128))
        XCTAssertEqual(once, joined)
    }

    func testDiscIsSymmetricAndSolidInside() throws {
        var bitmap = try canvas()
        bitmap.fillDisc(center: Point(x: 10, y: 10), radius: 4, color: black)
        XCTAssertEqual(bitmap[9, 9], black)
        XCTAssertEqual(bitmap[10, 10], black)
        XCTAssertEqual(bitmap[0, 0], white)
        for (x, y) in [(6, 9), (9, 6), (13, 10), (10, 13)] {
            XCTAssertEqual(bitmap[x, y], bitmap[6, 9], "(\(x), \(y))")
        }
        XCTAssertEqual(bitmap[13, 9], bitmap[6, 10], "mirror images")
    }

    /// Non-finite points are skipped; shapes off the bitmap, huge ones and degenerate
    /// widths do not trap.
    func testBadInputDoesNotTrap() throws {
        var bitmap = try canvas()
        let before = bitmap
        bitmap.strokePolyline([Point(x: .nan, y: 1), Point(x: .infinity, y: 2)], width: 2, color: black)
        bitmap.strokePolyline([], width: 2, color: black)
        bitmap.strokeLine(from: Point(x: -100, y: -100), to: Point(x: -50, y: -50), width: 3, color: black)
        bitmap.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 5, y: 5), width: 0, color: black)
        bitmap.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 5, y: 5), width: .nan, color: black)
        XCTAssertEqual(bitmap, before)
        // Far beyond the bitmap: clipped, drawn as if the bitmap were all there was.
        bitmap.strokeLine(from: Point(x: -1e6, y: 10.5), to: Point(x: 1e6, y: 10.5), width: 1, color: black)
        XCTAssertEqual(bitmap[0, 10], black)
        XCTAssertEqual(bitmap[19, 10], black)
        XCTAssertEqual(bitmap[19, 9], white)
        // Astronomically far: precision is lost, but nothing traps.
        bitmap.strokeLine(from: Point(x: -1e300, y: 1e300), to: Point(x: 1e300, y: -1e300), width: 1e300, color: black)
    }

    // Source-over with coverage: opaque over opaque stays exact, 255 stays 255.
    func testBlendRounding() throws {
        var bitmap = try Bitmap(width: 1, height: 1, fill: SIMD4(10, 20, 30, 255))
        bitmap.blend(x: 0, y: 0, color: SIMD4(255, 255, 255, 255), coverage: 1)
        XCTAssertEqual(bitmap[0, 0], SIMD4(255, 255, 255, 255))
        bitmap.blend(x: 0, y: 0, color: SIMD4(0, 0, 0, 255), coverage: 0.5)
        XCTAssertEqual(bitmap[0, 0], SIMD4(128, 128, 128, 255))
        bitmap.blend(x: 5, y: 5, color: SIMD4(0, 0, 0, 255), coverage: 1)  // outside: ignored
    }
}
