import CadenceGeometry
import CadenceLayers
import XCTest

@testable import CadenceCompositor

/// `ContentsLayout`: where each gravity puts the contents, and which image point each layer
/// point shows (`docs/compositor.md` § 9). The numbers are worked by hand for a 40 × 20
/// pixel image in 100 × 80 bounds.
final class ContentsLayoutTests: XCTestCase {
    private let unit = Rect(x: 0, y: 0, width: 1, height: 1)
    private let image = Size(width: 40, height: 20)

    private func layout(
        _ gravity: ContentsGravity = .resize, bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 80),
        image: Size? = nil, rect: Rect? = nil, center: Rect? = nil, scale: Double = 1, rowZeroAtUnitYZero: Bool = true
    ) -> ContentsLayout? {
        ContentsLayout(
            bounds: bounds, imageSize: image ?? self.image, gravity: gravity, contentsRect: rect ?? unit,
            contentsCenter: center ?? unit, contentsScale: scale, rowZeroAtUnitYZero: rowZeroAtUnitYZero)
    }

    private func assertPoint(
        _ l: ContentsLayout?, _ p: (Double, Double), _ expected: (Double, Double), accuracy: Double = 1e-12,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let l else { return XCTFail("no layout", file: file, line: line) }
        let q = l.imagePoint(Point(x: p.0, y: p.1))
        XCTAssertEqual(q.x, expected.0, accuracy: accuracy, "x of \(p)", file: file, line: line)
        XCTAssertEqual(q.y, expected.1, accuracy: accuracy, "y of \(p)", file: file, line: line)
    }

    /// Every gravity's `D`. Scale 1: `N` = 40 × 20. `resizeAspect`: the factor is
    /// min(100/40, 80/20) = 2.5, so 100 × 50, centred at y = 15. `resizeAspectFill`: factor
    /// max(2.5, 4) = 4, so 160 × 80, overflowing to x = −30. Positioning: `top` is the
    /// maximum y (80 − 20 = 60), `bottom` y = 0, centred x = 30, `right` x = 60. Scale 2:
    /// `N` = 20 × 10, centred at (40, 35), `top` at y = 70, `right` at x = 80.
    func testGravityDestinations() {
        let expected: [Double: [ContentsGravity: Rect]] = [
            1: [
                .resize: Rect(x: 0, y: 0, width: 100, height: 80),
                .resizeAspect: Rect(x: 0, y: 15, width: 100, height: 50),
                .resizeAspectFill: Rect(x: -30, y: 0, width: 160, height: 80),
                .center: Rect(x: 30, y: 30, width: 40, height: 20),
                .top: Rect(x: 30, y: 60, width: 40, height: 20),
                .bottom: Rect(x: 30, y: 0, width: 40, height: 20),
                .left: Rect(x: 0, y: 30, width: 40, height: 20),
                .right: Rect(x: 60, y: 30, width: 40, height: 20),
                .topLeft: Rect(x: 0, y: 60, width: 40, height: 20),
                .topRight: Rect(x: 60, y: 60, width: 40, height: 20),
                .bottomLeft: Rect(x: 0, y: 0, width: 40, height: 20),
                .bottomRight: Rect(x: 60, y: 0, width: 40, height: 20),
            ],
            2: [
                .resize: Rect(x: 0, y: 0, width: 100, height: 80),
                .resizeAspect: Rect(x: 0, y: 15, width: 100, height: 50),
                .resizeAspectFill: Rect(x: -30, y: 0, width: 160, height: 80),
                .center: Rect(x: 40, y: 35, width: 20, height: 10),
                .top: Rect(x: 40, y: 70, width: 20, height: 10),
                .bottom: Rect(x: 40, y: 0, width: 20, height: 10),
                .left: Rect(x: 0, y: 35, width: 20, height: 10),
                .right: Rect(x: 80, y: 35, width: 20, height: 10),
                .topLeft: Rect(x: 0, y: 70, width: 20, height: 10),
                .topRight: Rect(x: 80, y: 70, width: 20, height: 10),
                .bottomLeft: Rect(x: 0, y: 0, width: 20, height: 10),
                .bottomRight: Rect(x: 80, y: 0, width: 20, height: 10),
            ],
        ]
        for (scale, table) in expected {
            XCTAssertEqual(Set(table.keys), Set(ContentsGravity.allCases))
            for (gravity, d) in table {
                let l = layout(gravity, scale: scale)
                XCTAssertEqual(l?.destination, d, "\(gravity) at scale \(scale)")
                XCTAssertEqual(l?.naturalSize, Size(width: 40 / scale, height: 20 / scale))
                // Bounds elsewhere (and given with negative sizes) move D with them.
                let moved = layout(gravity, bounds: Rect(x: 110, y: 75, width: -100, height: -80), scale: scale)
                XCTAssertEqual(moved?.destination, Rect(x: d.origin.x + 10, y: d.origin.y - 5, width: d.width, height: d.height),
                               "\(gravity) at scale \(scale), moved")
            }
        }
    }

    /// A plain stretch: `D`'s corners are the image's, image row 0 at the layer's minimum y
    /// (y down on the canvas) or at its maximum (y up).
    func testPlainStretchAndOrientation() {
        let down = layout()
        assertPoint(down, (0, 0), (0, 0))
        assertPoint(down, (100, 80), (40, 20))
        assertPoint(down, (25, 60), (10, 15))
        let up = layout(rowZeroAtUnitYZero: false)
        assertPoint(up, (0, 0), (0, 20))
        assertPoint(up, (100, 80), (40, 0))
        assertPoint(up, (25, 60), (10, 5))
        // Points outside D show D's edge.
        assertPoint(down, (-7, 95), (0, 20))
        assertPoint(layout(.center), (0, 0), (0, 0))
        assertPoint(layout(.center), (31, 49), (1, 19))
    }

    /// `contentsRect` picks a part of the image; a negative size mirrors it. On a y-down
    /// layer (0, 0, 1, 0.5) is the top half of the image, on a y-up layer the bottom half.
    func testContentsRect() {
        let part = layout(rect: Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.5))
        XCTAssertEqual(part?.naturalSize, Size(width: 20, height: 10))
        assertPoint(part, (0, 0), (10, 10))
        assertPoint(part, (100, 80), (30, 20))
        assertPoint(part, (50, 40), (20, 15))
        let mirrored = layout(rect: Rect(x: 0.75, y: 0, width: -0.5, height: 1))
        XCTAssertEqual(mirrored?.naturalSize, Size(width: 20, height: 20))
        assertPoint(mirrored, (0, 0), (30, 0))
        assertPoint(mirrored, (100, 80), (10, 20))
        assertPoint(mirrored, (25, 40), (25, 10))
        let topHalfDown = layout(rect: Rect(x: 0, y: 0, width: 1, height: 0.5))
        assertPoint(topHalfDown, (0, 0), (0, 0))
        assertPoint(topHalfDown, (0, 80), (0, 10))
        let topHalfUp = layout(rect: Rect(x: 0, y: 0, width: 1, height: 0.5), rowZeroAtUnitYZero: false)
        assertPoint(topHalfUp, (0, 0), (0, 20))
        assertPoint(topHalfUp, (0, 80), (0, 10))
        // Outside the unit square: image coordinates beyond the image (the sampler clamps).
        assertPoint(layout(rect: Rect(x: -0.5, y: 0, width: 2, height: 1)), (0, 0), (-20, 0))
        // The natural size follows |cr|: center gravity places 20 × 10 points.
        XCTAssertEqual(layout(.center, rect: Rect(x: 1, y: 1, width: -0.5, height: -0.5))?.destination,
                       Rect(x: 40, y: 35, width: 20, height: 10))
    }

    /// Nine parts, `C` = (0.25, 0.25, 0.5, 0.5) of a 40 × 20 image at scale 1: margins 10
    /// (left, right) and 5 (bottom, top) points. x: 0…10 → 0…10 (slope 1), 10…90 → 10…30
    /// (slope 1/4), 90…100 → 30…40; y: 0…5 → 0…5, 5…75 → 5…15 (slope 1/7), 75…80 → 15…20.
    func testNinePartMapping() {
        let l = layout(center: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        XCTAssertEqual(l?.x.start, 10)
        XCTAssertEqual(l?.x.end, 90)
        XCTAssertEqual(l?.y.start, 5)
        XCTAssertEqual(l?.y.end, 75)
        XCTAssertEqual(l?.x.isLinear, false)
        // Corners: fixed size.
        assertPoint(l, (3, 2), (3, 2))
        assertPoint(l, (97, 78), (37, 18))
        assertPoint(l, (97, 2), (37, 2))
        // Edges: stretched along one axis.
        assertPoint(l, (50, 2), (20, 2))
        assertPoint(l, (3, 40), (3, 10))
        assertPoint(l, (30, 78), (15, 18))
        // Centre: both.
        assertPoint(l, (50, 40), (20, 10))
        assertPoint(l, (70, 12), (25, 6))
        XCTAssertEqual(l?.x.slope(at: 50), 0.25)
        XCTAssertEqual(l?.y.slope(at: 1), 1)
        XCTAssertEqual(l!.y.slope(at: 40), 1.0 / 7, accuracy: 1e-15)
        // The grid follows the contents' unit square: on a y-up layer the bottom margin
        // (layer y 0…5) shows the image's bottom rows.
        let up = layout(center: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), rowZeroAtUnitYZero: false)
        assertPoint(up, (3, 2), (3, 18))
        assertPoint(up, (3, 78), (3, 2))
        // With a contentsRect: the margins are fractions of the part (20 × 10 pixels).
        let part = layout(rect: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5), center: Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        assertPoint(part, (2, 0), (22, 0))
        assertPoint(part, (50, 0), (30, 0))
        assertPoint(part, (98, 80), (38, 10))
        // Positioning gravities ignore the grid.
        let placed = layout(.center, center: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        XCTAssertEqual(placed?.x.isLinear, true)
        assertPoint(placed, (35, 31), (5, 1))
    }

    /// Margins wider than `D` shrink by one factor: 10 + 10 in 16 → 8 + 8, the centre part
    /// squeezed out (the map jumps from the left part's end to the right part's start);
    /// 20 + 10 in 16 → 32/3 + 16/3.
    func testNinePartShrink() {
        let l = layout(bounds: Rect(x: 0, y: 0, width: 16, height: 80), center: Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(l?.x.start, 8)
        XCTAssertEqual(l?.x.end, 8)
        assertPoint(l, (4, 0), (5, 0))
        assertPoint(l, (7.9, 0), (9.875, 0))
        assertPoint(l, (8, 0), (30, 0))
        assertPoint(l, (12, 0), (35, 0))
        assertPoint(l, (16, 0), (40, 0))
        let uneven = layout(bounds: Rect(x: 0, y: 0, width: 16, height: 80), center: Rect(x: 0.5, y: 0, width: 0.25, height: 1))
        XCTAssertEqual(uneven!.x.start, 32.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(uneven!.x.end, 32.0 / 3, accuracy: 1e-12)
        assertPoint(uneven, (16, 0), (40, 0))
        assertPoint(uneven, (16 - 8.0 / 3, 0), (35, 0), accuracy: 1e-12)
        // Exactly filling D: no shrink, centre of zero length.
        let exact = layout(bounds: Rect(x: 0, y: 0, width: 20, height: 80), center: Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(exact?.x.start, 10)
        XCTAssertEqual(exact?.x.end, 10)
        assertPoint(exact, (5, 0), (5, 0))
        assertPoint(exact, (15, 0), (35, 0))
    }

    /// Sanitising: NaN or infinite rectangles read as the unit square, a scale that is not
    /// finite or not positive as 1; `contentsCenter` standardised, clamped, and widened to
    /// one source pixel when empty; nothing is drawn for an empty image, a degenerate
    /// natural size, or a resize gravity on empty bounds.
    func testSanitising() {
        let plain = layout()
        XCTAssertEqual(layout(rect: Rect(x: .nan, y: 0, width: 1, height: 1)), plain)
        XCTAssertEqual(layout(rect: Rect(x: 0, y: 0, width: .infinity, height: 1)), plain)
        XCTAssertEqual(layout(center: Rect(x: 0, y: -.infinity, width: 1, height: 1)), plain)
        XCTAssertEqual(layout(center: Rect(x: 0.2, y: 0.1, width: .nan, height: 1)), plain)
        for scale: Double in [0, -1, .nan, .infinity, -.infinity] {
            XCTAssertEqual(layout(.center, scale: scale)?.destination, Rect(x: 30, y: 30, width: 40, height: 20), "\(scale)")
        }
        // Standardised and clamped.
        XCTAssertEqual(layout(center: Rect(x: 0.75, y: 0.75, width: -0.5, height: -0.5)),
                       layout(center: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)))
        XCTAssertEqual(layout(center: Rect(x: -1, y: 0.5, width: 1.5, height: 9)),
                       layout(center: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)))
        // A zero-width centre is one source pixel (1/40 of the width) centred on it.
        func assertRect(_ a: Rect, _ b: Rect, line: UInt = #line) {
            for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.maxX, b.maxX), (a.maxY, b.maxY)] {
                XCTAssertEqual(x, y, accuracy: 1e-15, "\(a) vs \(b)", line: line)
            }
        }
        assertRect(ContentsLayout.sanitizedCenter(Rect(x: 0.5, y: 0.25, width: 0, height: 0.5), pixels: SIMD2(40, 20)),
                   Rect(x: 0.4875, y: 0.25, width: 0.025, height: 0.5))
        assertRect(ContentsLayout.sanitizedCenter(Rect(x: 2, y: 0, width: 0, height: 0), pixels: SIMD2(40, 20)),
                   Rect(x: 0.9875, y: 0, width: 0.0125, height: 0.025))
        // Nothing drawn.
        XCTAssertNil(layout(image: Size(width: 0, height: 20)))
        XCTAssertNil(layout(image: Size(width: 40, height: 0)))
        XCTAssertNil(layout(image: Size(width: .nan, height: 20)))
        XCTAssertNil(layout(image: Size(width: .infinity, height: 20)))
        XCTAssertNil(layout(rect: Rect(x: 0, y: 0, width: 0, height: 1)))
        XCTAssertNil(layout(.center, rect: Rect(x: 0, y: 0, width: 1, height: 0)))
        XCTAssertNil(layout(.center, scale: 0x1p-1070))
        for gravity in [ContentsGravity.resize, .resizeAspect, .resizeAspectFill] {
            XCTAssertNil(layout(gravity, bounds: Rect(x: 0, y: 0, width: 0, height: 80)), "\(gravity)")
            XCTAssertNil(layout(gravity, bounds: Rect(x: 0, y: 0, width: 100, height: 0)), "\(gravity)")
        }
        // A positioning gravity still draws in empty bounds.
        XCTAssertEqual(layout(.center, bounds: Rect(x: 10, y: 10, width: 0, height: 0))?.destination,
                       Rect(x: -10, y: 0, width: 40, height: 20))
        // NaN layer points read as D's minimum corner.
        assertPoint(layout(), (.nan, .nan), (0, 0))
    }
}
