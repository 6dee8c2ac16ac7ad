import CadenceGeometry
@testable import CadenceLayers
import CadenceTiming
import XCTest

/// `ConstraintLayoutManager`: solving, dependency order, and what it ignores.
final class ConstraintLayoutTests: XCTestCase {
    /// A superlayer with bounds `bounds` laid out by constraints, and its sublayers.
    private func layOut(_ sublayers: [Layer], bounds: Rect = Rect(x: 0, y: 0, width: 400, height: 300)) throws -> Layer {
        let superlayer = Layer()
        superlayer.bounds = bounds
        superlayer.layoutManager = ConstraintLayoutManager()
        for sublayer in sublayers { try superlayer.addSublayer(sublayer) }
        superlayer.layoutIfNeeded()
        return superlayer
    }

    private func named(_ name: String, size: Size = .zero, _ constraints: [Constraint]) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.bounds.size = size
        layer.constraints = constraints
        return layer
    }

    func testTheAttributesHaveCoreAnimationsValues() {
        XCTAssertEqual(Constraint.Attribute.allCases.map(\.rawValue), Array(0...7))
        XCTAssertEqual(Constraint.Attribute.height.rawValue, 7)
        let c = Constraint(attribute: .minX, relativeTo: "a", attribute: .maxX)
        XCTAssertEqual(c.scale, 1)
        XCTAssertEqual(c.offset, 0)
    }

    // The guide's listing 1: layerA centred; layerB as wide as A, centred on it, its max
    // edge 10 before A's min edge and its min edge 10 after the superlayer's.
    func testTheGuidesExample() throws {
        let a = named("layerA", size: Size(width: 100, height: 25), [
            Constraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY),
            Constraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
        ])
        let b = named("layerB", [
            Constraint(attribute: .width, relativeTo: "layerA", attribute: .width),
            Constraint(attribute: .midX, relativeTo: "layerA", attribute: .midX),
            Constraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10),
            Constraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10),
        ])
        _ = try layOut([a, b])
        XCTAssertEqual(a.frame, Rect(x: 150, y: 137.5, width: 100, height: 25))
        XCTAssertEqual(b.frame, Rect(x: 150, y: 10, width: 100, height: 117.5))
    }

    func testASiblingIsSolvedBeforeTheLayersThatReadIt() throws {
        // b reads a, a reads the superlayer; b comes first among the sublayers.
        let b = named("b", size: Size(width: 10, height: 10), [Constraint(attribute: .minX, relativeTo: "a", attribute: .maxX, offset: 5)])
        let a = named("a", size: Size(width: 20, height: 10), [Constraint(attribute: .maxX, relativeTo: "", attribute: .maxX)])
        _ = try layOut([b, a])
        XCTAssertEqual(a.frame.minX, 380)
        XCTAssertEqual(b.frame.minX, 405)
    }

    func testOneEdgeKeepsTheSizeTwoEdgesSetItAndAnAxisWithoutConstraintsStays() throws {
        let layer = named("a", size: Size(width: 30, height: 20), [
            Constraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10),
            Constraint(attribute: .maxX, relativeTo: "superlayer", attribute: .midX),
        ])
        layer.position = Point(x: 7, y: 9)
        _ = try layOut([layer])
        XCTAssertEqual(layer.frame, Rect(x: 10, y: -1, width: 190, height: 20))
        let single = named("b", size: Size(width: 30, height: 20), [Constraint(attribute: .maxY, relativeTo: "", attribute: .maxY)])
        _ = try layOut([single])
        XCTAssertEqual(single.frame, Rect(x: -15, y: 280, width: 30, height: 20))
    }

    func testMinAndMidAndMidAndMaxGiveTheExtent() throws {
        let a = named("a", [
            Constraint(attribute: .minX, relativeTo: "", attribute: .minX, offset: 100),
            Constraint(attribute: .midX, relativeTo: "", attribute: .midX),
            Constraint(attribute: .midY, relativeTo: "", attribute: .midY),
            Constraint(attribute: .maxY, relativeTo: "", attribute: .maxY),
        ])
        _ = try layOut([a])
        XCTAssertEqual(a.frame, Rect(x: 100, y: 0, width: 200, height: 300))
    }

    func testScaleAndOffsetAndTheSuperlayersBoundsOrigin() throws {
        let a = named("a", [
            Constraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5),
            Constraint(attribute: .height, relativeTo: "superlayer", attribute: .width, scale: 0.25, offset: 1),
            Constraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX),
            Constraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY),
        ])
        _ = try layOut([a], bounds: Rect(x: -50, y: 20, width: 400, height: 300))
        XCTAssertEqual(a.frame, Rect(x: -50, y: 20, width: 200, height: 101))
    }

    func testAWidthFromOwnHeightIsNotACycle() throws {
        let a = named("a", size: Size(width: 1, height: 1), [
            Constraint(attribute: .width, relativeTo: "a", attribute: .height, scale: 2),
            Constraint(attribute: .height, relativeTo: "", attribute: .height, scale: 0.1),
        ])
        _ = try layOut([a])
        XCTAssertEqual(a.frame.size, Size(width: 60, height: 30))
    }

    // A cycle is cut where it closes: a.x reads b.x, which reads a.x (still being solved),
    // so b reads a as it stands; then a reads the new b.
    func testACycleIsCutWhereItClosesAndNeverLoops() throws {
        let a = named("a", size: Size(width: 10, height: 10), [Constraint(attribute: .minX, relativeTo: "b", attribute: .maxX)])
        let b = named("b", size: Size(width: 20, height: 10), [Constraint(attribute: .minX, relativeTo: "a", attribute: .maxX)])
        a.position = Point(x: 5, y: 5)  // a spans 0…10
        let superlayer = try layOut([a, b])
        XCTAssertEqual(b.frame.minX, 10)
        XCTAssertEqual(a.frame.minX, 30)
        // Each layout applies each constraint once: a second layout moves them again, no loop.
        superlayer.setNeedsLayout()
        superlayer.layoutIfNeeded()
        XCTAssertEqual(b.frame.minX, 40)
        XCTAssertEqual(a.frame.minX, 60)
        // A layer read by its own axis is read as it stands.
        let c = named("c", size: Size(width: 10, height: 10), [Constraint(attribute: .minX, relativeTo: "c", attribute: .maxX)])
        _ = try layOut([c])
        XCTAssertEqual(c.frame.minX, 5)
    }

    func testMissingNamesAndNonFiniteNumbersAreIgnored() throws {
        let a = named("a", size: Size(width: 10, height: 10), [
            Constraint(attribute: .minX, relativeTo: "nobody", attribute: .minX, offset: 50),
            Constraint(attribute: .minY, relativeTo: "", attribute: .minY, scale: .nan),
            Constraint(attribute: .maxY, relativeTo: "", attribute: .maxY, offset: .infinity),
            Constraint(attribute: .width, relativeTo: "", attribute: .width, scale: 1e308, offset: 0),
        ])
        _ = try layOut([a])
        XCTAssertEqual(a.frame, Rect(x: -5, y: -5, width: 10, height: 10))
        XCTAssertFalse(Constraint(attribute: .minX, relativeTo: "", attribute: .minX, scale: -.infinity).isUsable)
    }

    func testTheFirstOfRepeatedNamesWinsAndSuperlayerMeansTheSuperlayer() throws {
        let first = named("twin", size: Size(width: 10, height: 10), [])
        first.position = Point(x: 100, y: 0)
        let second = named("twin", size: Size(width: 10, height: 10), [])
        second.position = Point(x: 200, y: 0)
        let impostor = named("superlayer", size: Size(width: 10, height: 10), [])
        let reader = named("reader", size: Size(width: 10, height: 10), [
            Constraint(attribute: .minX, relativeTo: "twin", attribute: .maxX),
            Constraint(attribute: .minY, relativeTo: "superlayer", attribute: .maxY),
        ])
        _ = try layOut([first, second, impostor, reader])
        XCTAssertEqual(reader.frame.minX, 105)
        XCTAssertEqual(reader.frame.minY, 300)
    }

    func testANegativeExtentBecomesZero() throws {
        let a = named("a", [
            Constraint(attribute: .minX, relativeTo: "", attribute: .minX, offset: 100),
            Constraint(attribute: .maxX, relativeTo: "", attribute: .minX, offset: 50),
        ])
        _ = try layOut([a])
        XCTAssertEqual(a.frame.minX, 100)
        XCTAssertEqual(a.frame.width, 0)
    }

    func testTheSuperlayersResizeReLaysOutAtTheCommit() throws {
        let a = named("a", size: Size(width: 10, height: 10), [
            Constraint(attribute: .maxX, relativeTo: "", attribute: .maxX, offset: -10),
        ])
        let superlayer = try layOut([a])
        XCTAssertEqual(a.frame.maxX, 390)
        let context = TransactionContext(clock: ManualMediaClock(0))
        context.attach(superlayer)
        superlayer.bounds.size = Size(width: 500, height: 300)
        XCTAssertEqual(a.frame.maxX, 390)  // not before the commit
        context.flush()
        XCTAssertEqual(a.frame.maxX, 490)
        // A new constraint marks the superlayer.
        a.addConstraint(Constraint(attribute: .minY, relativeTo: "", attribute: .minY))
        XCTAssertTrue(superlayer.needsLayout)
        context.flush()
        XCTAssertEqual(a.frame.minY, 0)
    }

    func testALongChainOfSiblingsSolvesWithoutRecursion() throws {
        var layers: [Layer] = []
        let count = 10_000
        // Listed last-first, so every layer's source comes after it: the worst order.
        for index in (0..<count).reversed() {
            let source = index == 0 ? "" : "l\(index - 1)"
            let attribute: Constraint.Attribute = index == 0 ? .minX : .maxX
            layers.append(named("l\(index)", size: Size(width: 1, height: 1),
                                [Constraint(attribute: .minX, relativeTo: source, attribute: attribute)]))
        }
        _ = try layOut(layers, bounds: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(layers.first?.frame.minX, Double(count - 1))
        XCTAssertEqual(layers.last?.frame.minX, 0)
    }
}
