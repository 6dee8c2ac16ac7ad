import CadenceImageIO
import CadencePixels
import CZlib
import XCTest

final class PNGEncoderTests: XCTestCase {
    func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], crcOK: Bool)] {
        var result: [(String, [UInt8], Bool)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(png[(i + 8)..<(i + 8 + length)])
            let stored = UInt32(png[i + 8 + length]) << 24 | UInt32(png[i + 9 + length]) << 16
                | UInt32(png[i + 10 + length]) << 8 | UInt32(png[i + 11 + length])
            let body = Array(png[(i + 4)..<(i + 8 + length)])
            let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            result.append((type, data, crc == stored))
            i += 12 + length
        }
        return result
    }

    // PNG specification: signature, IHDR (8-bit RGBA), IDAT, IEND; CRCs valid; the image
    // data inflates to filtered rows of non-premultiplied pixels.
    func testEncodesNonPremultipliedRGBA() throws {
        var bitmap = try Bitmap(width: 3, height: 2)
        bitmap[0, 0] = SIMD4(255, 0, 0, 255)
        bitmap[1, 0] = SIMD4(64, 32, 0, 128)  // premultiplied half-transparent orange
        bitmap[2, 1] = SIMD4(0, 0, 0, 0)
        let png = try PNGEncoder.encode(bitmap)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let parts = chunks(png)
        XCTAssertEqual(parts.map(\.type), ["IHDR", "IDAT", "IEND"])
        XCTAssert(parts.allSatisfy(\.crcOK))
        XCTAssertEqual(parts[0].data, [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        var raw = [UInt8](repeating: 0, count: 2 * (1 + 12))
        var length = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            parts[1].data.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        XCTAssertEqual(status, Z_OK)
        XCTAssertEqual(Int(length), raw.count)
        // Undo the filter of row 0 (its previous row is zero) and check the pixels.
        let filter = raw[0]
        var row = Array(raw[1..<13])
        for i in 0..<12 {
            let left = i >= 4 ? Int(row[i - 4]) : 0
            let predictor = [0, left, 0, left / 2, left][Int(filter)]
            row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
        }
        XCTAssertEqual(Array(row[0..<4]), [255, 0, 0, 255])
        XCTAssertEqual(Array(row[4..<8]), [128, 64, 0, 128])  // 64·255/128 rounds to 128
    }
}
