import CadenceGeometry
import CadencePixels
import XCTest

final class BitmapTests: XCTestCase {
    // Sizes outside 1…16384 are refused with a typed error, not an allocation.
    func testRefusesBadSizes() {
        XCTAssertThrowsError(try Bitmap(width: 0, height: 10))
        XCTAssertThrowsError(try Bitmap(width: 10, height: -1))
        XCTAssertThrowsError(try Bitmap(width: 20_000, height: 10)) { error in
            XCTAssertEqual(error as? Bitmap.Error, .invalidSize(width: 20_000, height: 10))
        }
    }

    // A new bitmap is filled as asked, row by row, and measures its size in pixels.
    func testFillAndPixelSize() throws {
        var bitmap = try Bitmap(width: 3, height: 2, fill: SIMD4(1, 2, 3, 4))
        XCTAssertEqual(bitmap.bytesPerRow, 12)
        XCTAssertEqual(bitmap.pixels.count, 24)
        XCTAssertEqual(bitmap[2, 1], SIMD4(1, 2, 3, 4))
        bitmap[1, 0] = SIMD4(9, 8, 7, 6)
        XCTAssertEqual(Array(bitmap.pixels[4..<8]), [9, 8, 7, 6])
        XCTAssertEqual(bitmap.pixelSize, Size(width: 3, height: 2))
    }

    // Un-premultiplying rounds to nearest and maps alpha 0 to 0.
    func testUnpremultiplied() {
        XCTAssertEqual(Bitmap.unpremultiplied(64, alpha: 128), 128)  // 64·255/128 = 127.5
        XCTAssertEqual(Bitmap.unpremultiplied(10, alpha: 0), 0)
        XCTAssertEqual(Bitmap.unpremultiplied(255, alpha: 255), 255)
        XCTAssertEqual(Bitmap.unpremultiplied(200, alpha: 100), 255)  // clamped
    }

    // Rectangles of pixels: half-open, every empty one normalised.
    func testPixelRect() {
        let a = PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 3)
        let b = PixelRect(minX: 2, minY: 1, maxX: 6, maxY: 5)
        XCTAssertEqual(a.intersection(b), PixelRect(minX: 2, minY: 1, maxX: 4, maxY: 3))
        XCTAssertEqual(a.union(b), PixelRect(minX: 0, minY: 0, maxX: 6, maxY: 5))
        XCTAssertEqual(a.intersection(PixelRect(minX: 5, minY: 5, maxX: 6, maxY: 6)), .empty)
        XCTAssertEqual(PixelRect(minX: 3, minY: 0, maxX: 1, maxY: 9).area, 0)
        XCTAssertEqual(a.area, 12)
    }
}
