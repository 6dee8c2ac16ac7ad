import CadenceGeometry
import CadenceLayers
import XCTest

/// The public contents placement (`ContentsGravity.destination(in:naturalSize:)`,
/// `Layer.contentsDestination(imageSize:)`): the rectangle the compositor draws contents
/// into.
final class ContentsPlacementTests: XCTestCase {
    func testEveryGravity() {
        let bounds = Rect(x: 10, y: 20, width: 100, height: 50)
        let natural = Size(width: 40, height: 10)
        let expected: [ContentsGravity: Rect] = [
            .resize: bounds,
            .resizeAspect: Rect(x: 10, y: 32.5, width: 100, height: 25),
            .resizeAspectFill: Rect(x: -40, y: 20, width: 200, height: 50),
            .center: Rect(x: 40, y: 40, width: 40, height: 10),
            .top: Rect(x: 40, y: 60, width: 40, height: 10),  // y-up names: top is the maximum y
            .bottom: Rect(x: 40, y: 20, width: 40, height: 10),
            .left: Rect(x: 10, y: 40, width: 40, height: 10),
            .right: Rect(x: 70, y: 40, width: 40, height: 10),
            .topLeft: Rect(x: 10, y: 60, width: 40, height: 10),
            .topRight: Rect(x: 70, y: 60, width: 40, height: 10),
            .bottomLeft: Rect(x: 10, y: 20, width: 40, height: 10),
            .bottomRight: Rect(x: 70, y: 20, width: 40, height: 10),
        ]
        XCTAssertEqual(Set(expected.keys), Set(ContentsGravity.allCases))
        for (gravity, rect) in expected {
            XCTAssertEqual(gravity.destination(in: bounds, naturalSize: natural), rect, "\(gravity)")
        }
    }

    func testNaturalSizeAndTheLayer() throws {
        XCTAssertEqual(ContentsGravity.naturalSize(imageSize: Size(width: 200, height: 100), contentsScale: 2), Size(width: 100, height: 50))
        XCTAssertEqual(ContentsGravity.naturalSize(imageSize: Size(width: 200, height: 100), contentsScale: .nan,
                                                   contentsRect: Rect(x: 0, y: 0, width: -0.5, height: 0.25)),
                       Size(width: 100, height: 25), "a bad scale reads as 1, a mirrored rect by its magnitude")
        XCTAssertNil(ContentsGravity.naturalSize(imageSize: Size(width: 0, height: 10)))
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.contentsGravity = .resizeAspect
        layer.contentsScale = 2
        XCTAssertEqual(layer.contentsDestination(imageSize: Size(width: 100, height: 50)), Rect(x: 0, y: 25, width: 100, height: 50))
        try layer.setValue(.string("sideways"), forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.contentsDestination(imageSize: Size(width: 100, height: 50)), layer.bounds, "an unknown gravity places as resize")
        // Nothing drawn: scaling on empty bounds, bad sizes.
        XCTAssertNil(ContentsGravity.resizeAspect.destination(in: .zero, naturalSize: Size(width: 1, height: 1)))
        XCTAssertNil(ContentsGravity.center.destination(in: .zero, naturalSize: Size(width: .infinity, height: 1)))
        XCTAssertNil(ContentsGravity.resize.destination(in: .zero, naturalSize: Size(width: 1, height: 1)))
    }
}
