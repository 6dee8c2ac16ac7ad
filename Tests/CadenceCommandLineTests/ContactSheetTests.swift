import CadencePixels
@testable import CadenceCommandLine
import Cadence
import XCTest

/// `ContactSheet`: thumbnails and their grid.
final class ContactSheetTests: XCTestCase {
    /// Thumbnails are box-filtered by a whole factor and laid out left to right.
    func testContactSheet() throws {
        var sheet = try ContactSheet(frameWidth: 320, frameHeight: 2, frameCount: 3, background: SIMD4(0, 0, 0, 255))
        XCTAssertEqual(sheet.factor, 2)
        XCTAssertEqual(sheet.columns, 3)
        XCTAssertEqual(sheet.bitmap.width, 3 * (160 + 8) + 8)
        XCTAssertEqual(sheet.bitmap.height, 1 + 16)
        var frame = try Bitmap(width: 320, height: 2, fill: SIMD4(200, 100, 0, 255))
        frame[0, 0] = SIMD4(0, 0, 0, 255)  // the first 2 × 2 box averages to 150, 75, 0
        sheet.add(frame)
        sheet.add(try Bitmap(width: 320, height: 2))  // transparent: the background shows
        XCTAssertEqual(sheet.bitmap[8, 8], SIMD4(150, 75, 0, 255))
        XCTAssertEqual(sheet.bitmap[9, 8], SIMD4(200, 100, 0, 255))
        XCTAssertEqual(sheet.bitmap[8 + 168, 8], SIMD4(0, 0, 0, 255))
        XCTAssertEqual(sheet.count, 2)
        XCTAssertEqual(sheet.grid, "3×1")
    }

    /// 24 frames of 640 × 400 make quarter-size thumbnails in a 6 × 4 grid (the demo, now
    /// 640 × 1172, gets the same grid: `DemoCommandTests`).
    func testDemoLayout() throws {
        let sheet = try ContactSheet(frameWidth: 640, frameHeight: 400, frameCount: 24, background: SIMD4(0, 0, 0, 255))
        XCTAssertEqual(sheet.factor, 4)
        XCTAssertEqual(sheet.grid, "6×4")
        XCTAssertEqual(sheet.bitmap.width, 6 * 168 + 8)
        XCTAssertEqual(sheet.bitmap.height, 4 * 108 + 8)
        XCTAssertEqual(try ContactSheet(frameWidth: 100, frameHeight: 50, frameCount: 1, background: .zero).grid, "1×1")
    }
}
