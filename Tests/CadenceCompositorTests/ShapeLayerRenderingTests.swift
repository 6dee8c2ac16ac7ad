import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// Shape layers in the compositor (`docs/compositor.md` § 16): fill then stroke in the
/// layer's space at the frame's resolution, trimmed by strokeStart/strokeEnd, in the
/// compositing order, and bad input. The goldens (`shape-*` scenes) check them against
/// cairo.
final class ShapeLayerRenderingTests: XCTestCase {
    private func shape(_ path: Path?, frame: Rect) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        layer.anchorPoint = Point(x: 0, y: 0)
        layer.position = frame.origin
        layer.path = path
        return layer
    }

    /// The sum of the alpha channel, in pixels (alpha / 255).
    private func coveredArea(_ bitmap: Bitmap) -> Double {
        var sum = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { sum += Int(bitmap[x, y][3]) } }
        return Double(sum) / 255
    }

    /// Crisp at any scale: a 10 × 10 square path in a layer scaled 4× at a whole pixel is
    /// exactly the 40 × 40 pixels (coverage built in device space, not a scaled bitmap).
    func testScaledPathIsExact() throws {
        let layer = shape(Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), frame: Rect(x: 4, y: 4, width: 10, height: 10))
        layer.fillColor = red
        layer.transform = Transform3D(scaleX: 4, y: 4, z: 1)
        layer.anchorPoint = Point(x: 0, y: 0)
        let bitmap = try render([layer], width: 48, height: 48)
        assertRect(bitmap, PixelRect(minX: 4, minY: 4, maxX: 44, maxY: 44), is: opaqueRed, elsewhere: transparent)
    }

    /// Property (seeded): a stroke of width w with round joins and caps along a polyline
    /// that does not come near itself covers the area of its Minkowski sum with a disc of
    /// radius r = w/2 — `L·w + π r² + Σ r² (θ/2 − tan(θ/2))` over the turns θ (each corner
    /// adds a sector outside and loses the rectangles' overlap inside) — within 1 %.
    /// (The coverage is exact area per pixel, rounded to 1/255; the round joins' chords
    /// lose under 10⁻⁴ of the area.)
    func testStrokeCoversItsMinkowskiSum() throws {
        var g = SeededGenerator(seed: 0x5_7E0C)
        for trial in 0..<40 {
            let w = Double.random(in: 1...10, using: &g), r = w / 2
            // Headings within ±45° of +x, turns up to 90°, segments ≥ 3w: non-adjacent
            // segments stay more than w apart, adjacent ones overlap only at their corner.
            var points = [Point(x: 10 + r, y: 150)]
            var heading = Double.random(in: -0.7...0.7, using: &g)
            var expected = Double.pi * r * r
            for k in 0..<Int.random(in: 1...5, using: &g) {
                if k > 0 {
                    let next = Swift.min(Swift.max(heading + .random(in: -1.5...1.5, using: &g), -.pi / 4), .pi / 4)
                    let turn = abs(next - heading)
                    expected += r * r * (turn / 2 - tan(turn / 2))
                    heading = next
                }
                let length = Double.random(in: (3 * w)...30, using: &g)
                let p = points[points.count - 1]
                points.append(Point(x: p.x + length * cos(heading), y: p.y + length * sin(heading)))
                expected += length * w
            }
            var path = Path()
            path.addLines(between: points)
            let layer = shape(path, frame: Rect(x: 0, y: 0, width: 200, height: 300))
            layer.fillColor = nil
            layer.strokeColor = Color(red: 0, green: 0, blue: 0)
            layer.lineWidth = w
            layer.lineJoin = .round
            layer.lineCap = .round
            let area = coveredArea(try render([layer], width: 200, height: 300))
            XCTAssertEqual(area, expected, accuracy: 0.01 * expected, "trial \(trial), w = \(w), seed 0x5_7E0C")
        }
    }

    /// strokeEnd = 0 draws nothing; 1 draws the whole stroke (the untrimmed one, pixel for
    /// pixel); strokeStart ≥ strokeEnd draws nothing; values outside 0…1 clamp.
    func testStrokeEndEnds() throws {
        let circle = Path(ellipseIn: Rect(x: 8, y: 8, width: 40, height: 40))
        func drawn(start: Double, end: Double) throws -> Bitmap {
            let layer = shape(circle, frame: Rect(x: 0, y: 0, width: 56, height: 56))
            layer.fillColor = nil
            layer.strokeColor = blue
            layer.lineWidth = 5
            layer.strokeStart = start
            layer.strokeEnd = end
            return try render([layer], width: 56, height: 56)
        }
        let nothing = try Bitmap(width: 56, height: 56)
        XCTAssertEqual(try drawn(start: 0, end: 0), nothing)
        XCTAssertEqual(try drawn(start: 0.6, end: 0.3), nothing)
        XCTAssertEqual(try drawn(start: 1, end: 1), nothing)
        let whole = try drawn(start: 0, end: 1)
        XCTAssertNotEqual(whole, nothing)
        XCTAssertEqual(try drawn(start: -2, end: 5), whole)
        // Half the circle by arc length covers about half the ring.
        let half = coveredArea(try drawn(start: 0, end: 0.5)), full = coveredArea(whole)
        XCTAssertEqual(half / full, 0.5, accuracy: 0.02)
    }

    /// The layer's parts in Core Animation's order: background, then the shape, then
    /// sublayers, then the border; the shape is clipped by masksToBounds.
    func testCompositingOrder() throws {
        let layer = shape(Path(rect: Rect(x: -10, y: -10, width: 60, height: 60)), frame: Rect(x: 10, y: 10, width: 20, height: 20))
        layer.backgroundColor = red
        layer.fillColor = green
        layer.borderWidth = 2
        layer.borderColor = blue
        let sub = makeLayer("sub", frame: Rect(x: 8, y: 8, width: 4, height: 4), background: red)
        try layer.addSublayer(sub)
        var bitmap = try render([layer], width: 40, height: 40)
        XCTAssertEqual(bitmap[15, 15], opaqueGreen, "the shape over the background")
        XCTAssertEqual(bitmap[20, 20], opaqueRed, "the sublayer over the shape")
        XCTAssertEqual(bitmap[10, 20], opaqueBlue, "the border over the shape")
        XCTAssertEqual(bitmap[5, 5], opaqueGreen, "not clipped without masksToBounds")
        layer.masksToBounds = true
        bitmap = try render([layer], width: 40, height: 40)
        XCTAssertEqual(bitmap[5, 5], transparent, "clipped by masksToBounds")
    }

    /// A translucent shape layer is one group: the stroke over the fill does not show the
    /// fill through (as a single picture faded), and the shadow follows the drawn alpha.
    func testOpacityGroupAndShadow() throws {
        let layer = shape(Path(rect: Rect(x: 4, y: 4, width: 24, height: 24)), frame: Rect(x: 0, y: 0, width: 32, height: 32))
        layer.fillColor = red
        layer.strokeColor = blue
        layer.lineWidth = 4
        layer.opacity = 0.5
        let bitmap = try render([layer], width: 40, height: 40)
        XCTAssertEqual(bitmap[4, 16][0], 0, "the stroke alone, faded: no red below it")
        XCTAssertTrue((127...128).contains(bitmap[4, 16][3]), "\(bitmap[4, 16])")
        let list = Compositor().renderList([layer], at: 0, on: Canvas(width: 40, height: 40))
        XCTAssertNotNil(list.items[0].groupOpacity)

        layer.opacity = 1
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 6, height: 6)
        let shadowed = try render([layer], width: 40, height: 40)
        XCTAssertEqual(shadowed[34, 34], SIMD4(0, 0, 0, 255), "the stroke's shadow, past the fill's")
        XCTAssertEqual(shadowed[1, 1], transparent)
    }

    /// Bad input draws nothing (or only what is valid) and never traps or hangs.
    func testBadInput() throws {
        let nothing = try Bitmap(width: 32, height: 32)
        func drawn(_ configure: (ShapeLayer) -> Void) throws -> Bitmap {
            let layer = shape(Path(rect: Rect(x: 4, y: 4, width: 20, height: 20)), frame: Rect(x: 0, y: 0, width: 32, height: 32))
            layer.fillColor = nil
            layer.strokeColor = red
            configure(layer)
            return try render([layer], width: 32, height: 32)
        }
        XCTAssertEqual(try drawn { $0.path = nil }, nothing)
        XCTAssertEqual(try drawn { $0.path = Path() }, nothing)
        XCTAssertEqual(try drawn {
            var p = Path()
            p.move(to: Point(x: 1, y: 1))
            p.addLine(to: Point(x: .nan, y: 4))
            $0.path = p
            $0.fillColor = red
        }, nothing, "a NaN point refuses the whole path")
        XCTAssertEqual(try drawn { $0.lineWidth = 0 }, nothing)
        XCTAssertEqual(try drawn { $0.lineWidth = -3 }, nothing)
        XCTAssertEqual(try drawn { $0.lineWidth = .nan }, try drawn { _ in }, "a NaN width is refused: the width stays 1")
        let solid = try drawn { _ in }
        XCTAssertEqual(try drawn { $0.lineDashPattern = [0, 0] }, solid, "a pattern of zeros: solid")
        XCTAssertEqual(try drawn { $0.lineDashPattern = [4, -2] }, solid, "a negative length: solid")
        XCTAssertEqual(try drawn { $0.lineDashPattern = [] }, solid)
        // A dash pattern far finer than the path is capped, not looped for ever.
        _ = try drawn { $0.lineDashPattern = [1e-9, 1e-9] }
        XCTAssertEqual(try drawn { $0.strokeColor = Color(red: 1, green: 0, blue: 0, alpha: 0) }, nothing)
    }

    /// The even-odd rule leaves the middle of a pentagram empty; non-zero fills it.
    func testFillRules() throws {
        var star = Path()
        star.addLines(between: [Point(x: 20, y: 2), Point(x: 31, y: 36), Point(x: 2, y: 14), Point(x: 38, y: 14),
                                Point(x: 9, y: 36)])
        star.closeSubpath()
        let layer = shape(star, frame: Rect(x: 0, y: 0, width: 40, height: 40))
        layer.fillColor = red
        XCTAssertEqual(try render([layer], width: 40, height: 40)[20, 20], opaqueRed)
        layer.fillRule = .evenOdd
        XCTAssertEqual(try render([layer], width: 40, height: 40)[20, 20], transparent)
    }
}
