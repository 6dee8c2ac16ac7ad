import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@testable import CadenceCompositor

/// `maskedCorners` and `cornerCurve` as drawn: the background, the border, the clip and the
/// shadow all take the same shape.
final class CompositorCornersTests: XCTestCase {
    /// A 20 × 20 layer at (6, 6) with the corner radius 8.
    private func card(corners: CornerMask, curve: CornerCurve = .circular) -> Layer {
        let layer = makeLayer("card", frame: Rect(x: 6, y: 6, width: 20, height: 20), background: red)
        layer.cornerRadius = 8
        layer.maskedCorners = corners
        layer.cornerCurve = curve
        return layer
    }

    /// Only the masked corner is cut; it is the layer's minimum-x-minimum-y corner: the top
    /// left on a top-left canvas, the bottom left on a bottom-left one. No corners masked
    /// draws the plain rectangle.
    func testOnlyTheMaskedCornersAreRounded() throws {
        let top = try render([card(corners: .layerMinXMinYCorner)])
        XCTAssertEqual(top[6, 6], transparent)
        for (x, y) in [(25, 6), (6, 25), (25, 25)] { XCTAssertEqual(top[x, y], opaqueRed, "(\(x), \(y))") }
        let bottom = try render([card(corners: .layerMinXMinYCorner)], origin: .bottomLeft)
        XCTAssertEqual(bottom[6, 25], transparent)
        for (x, y) in [(25, 6), (6, 6), (25, 25)] { XCTAssertEqual(bottom[x, y], opaqueRed, "(\(x), \(y))") }
        let none = try render([card(corners: [])])
        assertRect(none, PixelRect(minX: 6, minY: 6, maxX: 26, maxY: 26), is: opaqueRed, elsewhere: transparent)
        // The four masks of one corner are the mirror images of each other.
        let masks: [CornerMask] = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        let images = try masks.map { try render([card(corners: $0)]) }
        for y in 0..<32 {
            for x in 0..<32 {
                XCTAssertEqual(images[0][x, y], images[1][31 - x, y])
                XCTAssertEqual(images[0][x, y], images[2][x, 31 - y])
                XCTAssertEqual(images[0][x, y], images[3][31 - x, 31 - y])
            }
        }
    }

    /// The continuous corner starts farther from the corner (1.528 r = 12.2 on a 40 × 40
    /// layer of radius 8): along the top edge, the pixel 9.5 from the corner is full for
    /// the circle and not for it; past 12.2 both are full; along the diagonal they differ
    /// by a small part of a pixel (the same depth at 45°).
    func testTheContinuousCornerStartsFarther() throws {
        func big(_ curve: CornerCurve) throws -> Bitmap {
            let layer = makeLayer("card", frame: Rect(x: 4, y: 4, width: 40, height: 40), background: red)
            layer.cornerRadius = 8
            layer.cornerCurve = curve
            return try render([layer], width: 48, height: 48)
        }
        let circular = try big(.circular), continuous = try big(.continuous)
        XCTAssertEqual(circular[13, 4], opaqueRed)
        XCTAssertLessThan(continuous[13, 4][3], 255)
        XCTAssertEqual(continuous[17, 4], opaqueRed)
        for d in 0..<6 {
            XCTAssertLessThan(abs(Int(circular[4 + d, 4 + d][3]) - Int(continuous[4 + d, 4 + d][3])), 40, "diagonal \(d)")
        }
    }

    /// The border, the clip (`masksToBounds`) and the shadow take the corners' shape.
    func testBorderClipAndShadowFollowTheShape() throws {
        for curve in CornerCurve.allCases {
            // A border alone is the ring of the shape: the same outer edge as the background.
            let filled = card(corners: [.layerMaxXMaxYCorner], curve: curve)
            let ringed = card(corners: [.layerMaxXMaxYCorner], curve: curve)
            ringed.backgroundColor = nil
            ringed.borderWidth = 3
            ringed.borderColor = red
            let a = try render([filled]), b = try render([ringed])
            for (x, y) in [(25, 25), (24, 25), (25, 24), (22, 25), (6, 6), (25, 6)] {
                XCTAssertEqual(a[x, y], b[x, y], "\(curve) border at (\(x), \(y))")
            }
            XCTAssertEqual(b[16, 16], transparent, "\(curve): inside the ring")
            // A clipped sublayer filling the bounds draws the background's shape.
            let clipper = card(corners: [.layerMaxXMaxYCorner], curve: curve)
            clipper.backgroundColor = nil
            clipper.masksToBounds = true
            try clipper.addSublayer(makeLayer("fill", frame: Rect(x: -5, y: -5, width: 30, height: 30), background: red))
            XCTAssertLessThanOrEqual(maxDifference(try render([clipper]), a), 1, "\(curve) clip")
            // The shadow of the layer's alpha, unblurred and moved 40 to the right, is the
            // shape again.
            let shadowed = card(corners: [.layerMaxXMaxYCorner], curve: curve)
            shadowed.shadowOpacity = 1
            shadowed.shadowRadius = 0
            shadowed.shadowColor = red
            shadowed.shadowOffset = Size(width: 40, height: 0)
            let cast = try render([shadowed], width: 80)
            for y in 0..<32 {
                for x in 0..<32 { XCTAssertEqual(cast[x + 40, y], a[x, y], "\(curve) shadow at (\(x), \(y))") }
            }
        }
    }
}
