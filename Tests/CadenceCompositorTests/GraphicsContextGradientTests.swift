import CadenceGeometry
import CadencePixels
import XCTest

@testable import CadenceCompositor

/// Gradients: the colour at each pixel centre against the formula, the options at the
/// ends, the stops' bad input.
final class GraphicsContextGradientTests: XCTestCase {
    let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 1, green: 1, blue: 1)

    func testLinearGradientIsTheProjectionOnItsAxis() throws {
        let context = try GraphicsContext(width: 64, height: 4)
        context.drawLinearGradient(Gradient(colors: [black, white]), start: Point(0, 0), end: Point(64, 0))
        for x in 0..<64 {
            // t = (x + 0.5) / 64, rounded to a byte once.
            let expected = Int(((Double(x) + 0.5) / 64 * 255).rounded())
            XCTAssertEqual(Int(context.bitmap[x, 2][0]), expected, accuracy: 1, "x \(x)")
            XCTAssertEqual(context.bitmap[x, 2][3], 255)
        }
    }

    func testEndsArePaintedOnlyWithTheirOptions() throws {
        for options: GradientDrawingOptions in [[], [.drawsBeforeStartLocation], [.drawsAfterEndLocation]] {
            let context = try GraphicsContext(width: 32, height: 2)
            context.drawLinearGradient(Gradient(colors: [black, white]), start: Point(8, 0), end: Point(24, 0), options: options)
            XCTAssertEqual(context.bitmap[2, 0][3], options.contains(.drawsBeforeStartLocation) ? 255 : 0, "\(options)")
            XCTAssertEqual(context.bitmap[30, 0][3], options.contains(.drawsAfterEndLocation) ? 255 : 0, "\(options)")
            XCTAssertEqual(context.bitmap[16, 0][3], 255)
        }
    }

    func testRadialGradientFollowsTheRadius() throws {
        let context = try GraphicsContext(width: 64, height: 64)
        context.drawRadialGradient(Gradient(colors: [white, black]), startCenter: Point(32, 32), startRadius: 0,
                                   endCenter: Point(32, 32), endRadius: 32)
        for x in [32, 40, 50, 60] {
            let d = ((Double(x) + 0.5 - 32) * (Double(x) + 0.5 - 32) + 0.25).squareRoot()
            let expected = Int(((1 - d / 32) * 255).rounded())
            XCTAssertEqual(Int(context.bitmap[x, 32][0]), expected, accuracy: 1, "x \(x)")
        }
        XCTAssertEqual(context.bitmap[0, 0][3], 0)  // outside the end circle, not extended
    }

    func testStopsAndBadInput() throws {
        // Locations out of order are sorted; a mismatched count spreads the stops evenly.
        let sorted = Gradient(colors: [white, black], locations: [1, 0]).stops()
        XCTAssertEqual(sorted.map(\.location), [0, 1])
        XCTAssertEqual(sorted[0].color, SIMD4(0, 0, 0, 255))
        XCTAssertEqual(Gradient(colors: [white, black, white], locations: [0.5]).stops().map(\.location), [0, 0.5, 1])
        XCTAssertEqual(Gradient(colors: [white, black], locations: [.nan, 0.3]).stops().map(\.location), [0.3])
        let context = try GraphicsContext(width: 8, height: 8)
        context.drawLinearGradient(Gradient(colors: []), start: Point(0, 0), end: Point(8, 0))
        context.drawLinearGradient(Gradient(colors: [white]), start: Point(1, 1), end: Point(1, 1))
        context.drawRadialGradient(Gradient(colors: [white]), startCenter: Point(1, 1), startRadius: -1,
                                   endCenter: Point(.nan, 0), endRadius: 3)
        XCTAssertEqual(context.bitmap.pixels.max(), 0)
        // The clip bounds a gradient.
        context.clip(to: Rect(x: 0, y: 0, width: 4, height: 8))
        context.drawLinearGradient(Gradient(colors: [white]), start: Point(0, 0), end: Point(8, 0))
        XCTAssertEqual(context.bitmap[3, 3][3], 255)
        XCTAssertEqual(context.bitmap[5, 3][3], 0)
    }
}
