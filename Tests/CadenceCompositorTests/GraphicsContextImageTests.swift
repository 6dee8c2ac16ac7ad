import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@testable import CadenceCompositor

/// Images drawn into rectangles: the compositor's contents path, pixel for pixel.
final class GraphicsContextImageTests: XCTestCase {
    func checkerboard(_ size: Int) throws -> Bitmap {
        var b = try Bitmap(width: size, height: size)
        for y in 0..<size { for x in 0..<size { b[x, y] = (x + y) % 2 == 0 ? SIMD4(255, 0, 0, 255) : SIMD4(0, 0, 128, 128) } }
        return b
    }

    func testImageAtOneTexelAPixelIsCopied() throws {
        let image = try checkerboard(8)
        let context = try GraphicsContext(width: 16, height: 16)
        context.draw(image, in: Rect(x: 4, y: 4, width: 8, height: 8))
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(context.bitmap[x + 4, y + 4], image[x, y], "(\(x), \(y))") } }
        XCTAssertEqual(context.bitmap[2, 2], .zero)
    }

    func testImageEqualsALayerWithTheseContents() throws {
        let image = try checkerboard(8)
        let layer = makeLayer("image", frame: Rect(x: 3.5, y: 2.25, width: 20.5, height: 13))
        layer.contents = image
        let composited = try render([layer])
        let context = try GraphicsContext(width: 32, height: 32)
        context.draw(image, in: Rect(x: 3.5, y: 2.25, width: 20.5, height: 13))
        for y in 0..<32 {
            for x in 0..<32 {
                let d = SIMD4<Int>(truncatingIfNeeded: composited[x, y]) &- SIMD4<Int>(truncatingIfNeeded: context.bitmap[x, y])
                XCTAssertLessThanOrEqual(max(max(abs(d[0]), abs(d[1])), max(abs(d[2]), abs(d[3]))), 1, "(\(x), \(y))")
            }
        }
    }

    func testBadRectanglesDrawNothing() throws {
        let image = try checkerboard(4)
        let context = try GraphicsContext(width: 8, height: 8)
        context.draw(image, in: Rect(x: 0, y: 0, width: 0, height: 8))
        context.draw(image, in: Rect(x: .nan, y: 0, width: 4, height: 4))
        context.scaleBy(x: 0, y: 0)
        context.draw(image, in: Rect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(context.bitmap.pixels.max(), 0)
    }
}
