import CadenceImageIO
import CadencePixels
@testable import CadenceCommandLine
import Cadence
import XCTest

/// `FramePipeline`: files handed on in order whatever order the encoders finish in, at
/// most `framesInFlight` frames drawn and not handed on, and the first error thrown.
final class FramePipelineTests: XCTestCase {
    private struct Stop: Error, Equatable {}

    /// Frame `i` is a bitmap of width `i + 1`: each file decodes to the width of its index.
    func testFilesComeInOrderWithBoundedFramesInFlight() throws {
        for framesInFlight in [1, 2, 5] {
            var drawn = 0, delivered: [Int] = []
            let timing = try FramePipeline(level: 1, framesInFlight: framesInFlight).run(
                count: 12,
                draw: { index, bitmap in
                    XCTAssertLessThan(drawn - delivered.count, framesInFlight, "frames in flight")
                    bitmap = try Bitmap(width: index + 1, height: 3, fill: SIMD4(9, 9, 9, 255))
                    drawn += 1
                },
                deliver: { index, file in
                    XCTAssertEqual(index, delivered.count)
                    XCTAssertEqual(try PNGDecoder.decode(file).width, index + 1)
                    delivered.append(index)
                })
            XCTAssertEqual(delivered, Array(0..<12))
            XCTAssertEqual(timing.frames, 12)
            XCTAssertGreaterThan(timing.wall, 0)
        }
    }

    /// An error of the drawing or of the delivery stops the run and is thrown; nothing
    /// after it is handed on.
    func testTheFirstErrorStopsTheRun() {
        var delivered: [Int] = []
        XCTAssertThrowsError(try FramePipeline(level: 1, framesInFlight: 3).run(
            count: 10,
            draw: { index, bitmap in
                if index == 4 { throw Stop() }
                bitmap = try Bitmap(width: 2, height: 2)
            },
            deliver: { index, _ in delivered.append(index) })) { XCTAssertEqual($0 as? Stop, Stop()) }
        XCTAssertTrue(delivered.allSatisfy { $0 < 4 }, "\(delivered)")
        delivered = []
        XCTAssertThrowsError(try FramePipeline(level: 1, framesInFlight: 2).run(
            count: 10,
            draw: { _, bitmap in bitmap = try Bitmap(width: 2, height: 2) },
            deliver: { index, _ in
                if index == 2 { throw Stop() }
                delivered.append(index)
            })) { XCTAssertEqual($0 as? Stop, Stop()) }
        XCTAssertEqual(delivered, [0, 1])
    }
}
