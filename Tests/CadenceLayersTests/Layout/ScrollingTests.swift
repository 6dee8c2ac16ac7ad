import CadenceGeometry
@testable import CadenceLayers
import CadenceTiming
import XCTest

/// Scroll layers and the scrolling methods of every layer.
final class ScrollingTests: XCTestCase {
    /// A scroll layer showing (0, 0, 100, 100) of a 1000 × 1000 content layer.
    private func makeScroller(mode: ScrollMode = .both) throws -> (scroller: Layer, content: Layer) {
        let scroller = Layer.scrollLayer(mode: mode)
        scroller.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        scroller.position = Point(x: 50, y: 50)
        let content = makeFramedLayer("content", Rect(x: 0, y: 0, width: 1000, height: 1000))
        try scroller.addSublayer(content)
        return (scroller, content)
    }

    func testTheModesHaveCoreAnimationsNamesAndAScrollLayerItsDefaults() {
        XCTAssertEqual(ScrollMode.allCases.map(\.rawValue), ["none", "vertically", "horizontally", "both"])
        let scroller = Layer.scrollLayer()
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertTrue(scroller.masksToBounds)
        XCTAssertNil(Layer().scrollMode)
    }

    func testScrollToAPointMovesTheBoundsOriginAlongTheAllowedAxes() throws {
        let expectations: [(ScrollMode, Point)] = [
            (.both, Point(x: 30, y: 40)), (.horizontally, Point(x: 30, y: 0)),
            (.vertically, Point(x: 0, y: 40)), (.none, .zero),
        ]
        for (mode, expected) in expectations {
            let (scroller, _) = try makeScroller(mode: mode)
            scroller.scroll(to: Point(x: 30, y: 40))
            XCTAssertEqual(scroller.bounds.origin, expected, "\(mode)")
            XCTAssertEqual(scroller.bounds.size, Size(width: 100, height: 100))
        }
        let plain = makeFramedLayer("plain", Rect(x: 0, y: 0, width: 10, height: 10))
        plain.scroll(to: Point(x: 3, y: 3))
        XCTAssertEqual(plain.bounds.origin, .zero)
    }

    func testScrollToANonFinitePointLeavesThatAxis() throws {
        let (scroller, _) = try makeScroller()
        scroller.scroll(to: Point(x: .nan, y: 40))
        XCTAssertEqual(scroller.bounds.origin, Point(x: 0, y: 40))
        scroller.scroll(to: Point(x: 10, y: .infinity))
        XCTAssertEqual(scroller.bounds.origin, Point(x: 10, y: 40))
        scroller.scroll(to: Rect(x: .nan, y: 0, width: 1, height: 1))
        XCTAssertEqual(scroller.bounds.origin, Point(x: 10, y: 40))
    }

    func testScrollToARectMovesTheLeastDistance() throws {
        let (scroller, _) = try makeScroller()
        scroller.scroll(to: Point(x: 100, y: 100))
        scroller.scroll(to: Rect(x: 120, y: 150, width: 10, height: 10))  // visible: nothing
        XCTAssertEqual(scroller.bounds.origin, Point(x: 100, y: 100))
        scroller.scroll(to: Rect(x: 250, y: 50, width: 10, height: 10))  // after in x, before in y
        XCTAssertEqual(scroller.bounds.origin, Point(x: 160, y: 50))
        scroller.scroll(to: Rect(x: 0, y: 500, width: 300, height: 20))  // longer than the bounds: near edge
        XCTAssertEqual(scroller.bounds.origin, Point(x: 0, y: 420))
        scroller.scroll(to: Rect(x: 40, y: 30, width: -20, height: -10))  // standardised first
        XCTAssertEqual(scroller.bounds.origin, Point(x: 0, y: 20))
    }

    func testScrollPointAndScrollRectToVisibleScrollTheClosestScrollLayerAbove() throws {
        let (scroller, content) = try makeScroller()
        let outer = Layer.scrollLayer()
        outer.bounds = Rect(x: 0, y: 0, width: 500, height: 500)
        try outer.addSublayer(scroller)
        let item = makeFramedLayer("item", Rect(x: 300, y: 400, width: 50, height: 50))
        try content.addSublayer(item)
        item.scroll(Point(x: 10, y: 10))  // item (10, 10) is content (310, 410)
        XCTAssertEqual(scroller.bounds.origin, Point(x: 310, y: 410))
        XCTAssertEqual(outer.bounds.origin, .zero)
        item.scrollRectToVisible(Rect(x: -300, y: -400, width: 20, height: 20))  // content (0, 0, 20, 20)
        XCTAssertEqual(scroller.bounds.origin, .zero)
        item.scrollRectToVisible(item.bounds)
        XCTAssertEqual(scroller.bounds.origin, Point(x: 250, y: 350))
        // A scroll layer scrolls the one above it, not itself; without one, nothing.
        scroller.scroll(Point(x: 7, y: 7))
        XCTAssertEqual(outer.bounds.origin, Point(x: 7 - 250, y: 7 - 350))  // (7, 7) less its bounds origin
        XCTAssertIdentical(item.enclosingScrollLayer, scroller)
        outer.scroll(Point(x: 1, y: 1))
        outer.scrollRectToVisible(Rect(x: 1, y: 1, width: .nan, height: 1))
        XCTAssertNil(outer.enclosingScrollLayer)
    }

    func testVisibleRectIsTheScrollLayersBoundsInTheLayersSpace() throws {
        let (scroller, content) = try makeScroller()
        XCTAssertEqual(content.visibleRect, Rect(x: 0, y: 0, width: 100, height: 100))
        scroller.scroll(to: Point(x: 950, y: 20))
        XCTAssertEqual(content.visibleRect, Rect(x: 950, y: 20, width: 50, height: 100))
        let item = makeFramedLayer("item", Rect(x: 900, y: 0, width: 100, height: 100))
        try content.addSublayer(item)
        XCTAssertEqual(item.visibleRect, Rect(x: 50, y: 20, width: 50, height: 80))
        scroller.scroll(to: Point(x: 0, y: 500))  // the item is out of sight
        XCTAssertEqual(item.visibleRect, Rect(x: 0, y: 500, width: 0, height: 0))
        XCTAssertEqual(scroller.visibleRect, scroller.bounds)  // no scroll layer above
    }

    func testAScrollAnimatesUnderATransaction() throws {
        let (scroller, content) = try makeScroller()
        let context = TransactionContext(clock: ManualMediaClock(0))
        context.attach(scroller)
        context.begin()
        context.animationDuration = 1
        scroller.scroll(to: Point(x: 0, y: 200))
        context.commit()
        XCTAssertEqual(scroller.presentation(at: 0.5).bounds.origin, Point(x: 0, y: 100))
        XCTAssertEqual(content.frame.minY, 0, "the content does not move: the bounds do")
    }
}
