import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// Autoresizing masks: the proportional share of a size change among the flexible parts.
final class AutoresizingTests: XCTestCase {
    /// A superlayer with bounds (0, 0, 200, 100) at the canvas origin and one sublayer at
    /// `frame` with `mask`.
    private func makePair(_ frame: Rect, _ mask: AutoresizingMask, flipped: Bool = false) throws -> (Layer, Layer) {
        let superlayer = makeFramedLayer("super", Rect(x: 0, y: 0, width: 200, height: 100))
        superlayer.anchorPoint = .zero
        superlayer.position = .zero
        superlayer.isGeometryFlipped = flipped
        let sublayer = makeFramedLayer("sub", frame, mask: mask)
        try superlayer.addSublayer(sublayer)
        return (superlayer, sublayer)
    }

    func testTheMaskConstantsHaveCoreAnimationsBits() {
        XCTAssertEqual(AutoresizingMask.minXMargin.rawValue, 1)
        XCTAssertEqual(AutoresizingMask.widthSizable.rawValue, 2)
        XCTAssertEqual(AutoresizingMask.maxXMargin.rawValue, 4)
        XCTAssertEqual(AutoresizingMask.minYMargin.rawValue, 8)
        XCTAssertEqual(AutoresizingMask.heightSizable.rawValue, 16)
        XCTAssertEqual(AutoresizingMask.maxYMargin.rawValue, 32)
        XCTAssertEqual(AutoresizingMask.all.rawValue, 63)
        XCTAssertEqual(Layer().autoresizingMask, [])
    }

    func testOneFlexiblePartTakesTheWholeChange() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.widthSizable, .maxYMargin])
        superlayer.bounds.size = Size(width: 300, height: 150)
        XCTAssertEqual(sublayer.frame, Rect(x: 20, y: 10, width: 160, height: 30))
        let (superlayer2, sublayer2) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.minXMargin, .minYMargin])
        superlayer2.bounds.size = Size(width: 300, height: 150)
        XCTAssertEqual(sublayer2.frame, Rect(x: 120, y: 60, width: 60, height: 30))
    }

    func testTwoFlexibleMarginsShareInProportionToTheirLengths() throws {
        // Margins 20 and 120 share +100 as 20:120.
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.minXMargin, .maxXMargin])
        superlayer.bounds.size = Size(width: 300, height: 100)
        assertClose(sublayer.frame, Rect(x: 20 + 100 * 20 / 140, y: 10, width: 60, height: 30), 1e-15)
    }

    func testEveryPartFlexibleScalesWithTheSuperlayer() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), .all)
        superlayer.bounds.size = Size(width: 300, height: 50)
        assertClose(sublayer.frame, Rect(x: 30, y: 5, width: 90, height: 15), 1e-15)
    }

    func testFlexiblePartsOfZeroLengthShareEvenly() throws {
        // The layer fills the width: both margins are 0, so each takes half of +100.
        let (superlayer, sublayer) = try makePair(Rect(x: 0, y: 0, width: 200, height: 100), [.minXMargin, .maxXMargin])
        superlayer.bounds.size = Size(width: 300, height: 100)
        XCTAssertEqual(sublayer.frame, Rect(x: 50, y: 0, width: 200, height: 100))
    }

    func testANegativeMarginWeighsNothing() throws {
        // The minimum margin is −20 (the layer hangs out): the width takes all of +100.
        let (superlayer, sublayer) = try makePair(Rect(x: -20, y: 0, width: 100, height: 10), [.minXMargin, .widthSizable])
        superlayer.bounds.size = Size(width: 300, height: 100)
        XCTAssertEqual(sublayer.frame, Rect(x: -20, y: 0, width: 200, height: 10))
    }

    func testASizeThatWouldGoNegativeBecomesZero() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.widthSizable])
        superlayer.bounds.size = Size(width: 100, height: 100)
        XCTAssertEqual(sublayer.frame, Rect(x: 20, y: 10, width: 0, height: 30))
        // Shrinking the superlayer to nothing keeps every number finite.
        let (superlayer2, sublayer2) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), .all)
        superlayer2.bounds.size = .zero
        XCTAssertEqual(sublayer2.frame, Rect(x: 0, y: 0, width: 0, height: 0))
    }

    func testNonFiniteSizesChangeNothing() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), .all)
        superlayer.bounds.size = Size(width: .infinity, height: 100)  // refused by the setter
        sublayer.resize(withOldSuperlayerSize: Size(width: .nan, height: 100))
        superlayer.resizeSublayers(withOldSize: Size(width: 100, height: .infinity))
        XCTAssertEqual(sublayer.frame, Rect(x: 20, y: 10, width: 60, height: 30))
        let mask = AutoresizingMask.all
        let frame = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(mask.resized(frame, oldSuperlayerSize: Size(width: .nan, height: 1), newSuperlayerBounds: .zero), frame)
        XCTAssertEqual(mask.resized(frame, oldSuperlayerSize: Size(width: 1, height: 1),
                                    newSuperlayerBounds: Rect(x: 0, y: .nan, width: 5, height: 5)), frame)
        XCTAssertEqual(mask.resized(Rect(x: .infinity, y: 0, width: 1, height: 1), oldSuperlayerSize: Size(width: 1, height: 1),
                                    newSuperlayerBounds: Rect(x: 0, y: 0, width: 5, height: 5)).origin.x, .infinity)
    }

    func testTheMarginsAreMeasuredFromTheBoundsOrigin() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.minXMargin])
        superlayer.bounds = Rect(x: 10, y: 0, width: 200, height: 100)  // origin only: nothing moves
        XCTAssertEqual(sublayer.frame.minX, 20)
        superlayer.bounds.size = Size(width: 300, height: 100)
        XCTAssertEqual(sublayer.frame.minX, 120)
    }

    func testResizingCascadesAndTheMaskLayerDoesNotFollow() throws {
        let (superlayer, middle) = try makePair(Rect(x: 0, y: 0, width: 200, height: 100), [.widthSizable])
        let leaf = makeFramedLayer("leaf", Rect(x: 10, y: 0, width: 180, height: 10), mask: [.widthSizable])
        try middle.addSublayer(leaf)
        let mask = makeFramedLayer("mask", Rect(x: 0, y: 0, width: 200, height: 100), mask: [.widthSizable])
        try superlayer.setMask(mask)
        superlayer.bounds.size = Size(width: 400, height: 100)
        XCTAssertEqual(middle.frame.width, 400)
        XCTAssertEqual(leaf.frame, Rect(x: 10, y: 0, width: 380, height: 10))
        XCTAssertEqual(mask.frame.width, 200)
    }

    // minYMargin is the margin at the smaller y: the top of Cadence's y-down canvas, the
    // bottom under a flipped superlayer (Core Animation's y-up "bottom margin").
    func testMinYMarginInBothCanvasOrientations() throws {
        for flipped in [false, true] {
            let (superlayer, sublayer) = try makePair(Rect(x: 0, y: 60, width: 10, height: 30), [.minYMargin], flipped: flipped)
            func canvasRect() -> Rect { sublayer.convert(sublayer.bounds, to: nil) }
            XCTAssertEqual(canvasRect().minY, flipped ? 10 : 60)
            superlayer.bounds.size = Size(width: 200, height: 150)
            XCTAssertEqual(sublayer.frame, Rect(x: 0, y: 110, width: 10, height: 30))
            let canvas = canvasRect()
            if flipped {
                XCTAssertEqual(canvas.minY, 10, "pinned to the top of the canvas (the y-up maximum)")
            } else {
                XCTAssertEqual(150 - canvas.maxY, 10, "pinned to the bottom of the canvas")
            }
        }
    }

    func testUnderATransactionTheSublayersAnimateWithTheirSuperlayer() throws {
        let (superlayer, sublayer) = try makePair(Rect(x: 20, y: 10, width: 60, height: 30), [.widthSizable])
        let context = TransactionContext(clock: ManualMediaClock(0))
        context.attach(superlayer)
        context.begin()
        context.animationDuration = 1
        superlayer.bounds.size = Size(width: 300, height: 100)
        context.commit()
        XCTAssertNotNil(superlayer.animation(forKey: "bounds"))
        XCTAssertEqual(sublayer.animation(forKey: "bounds")?.timing.duration, 1)
        XCTAssertEqual(sublayer.presentation(at: 0.5).bounds.width, 110)
    }

    // Resizing a superlayer to a new size and back restores every sublayer's frame when no
    // flexible part reached zero. Tolerance 1e-9 relative to the largest extent: each trip
    // is a few roundings of the parts (each within an ulp of numbers ≤ 1e4), through
    // frame ↔ position and bounds.
    func testResizeAndBackRestoresTheFrames() throws {
        let seed: UInt64 = 0x1a70
        var generator = SeededGenerator(seed: seed)
        let flags: [AutoresizingMask] = [.minXMargin, .widthSizable, .maxXMargin, .minYMargin, .heightSizable, .maxYMargin]
        var checked = 0
        for trial in 0..<1_000 {
            let size = Size(width: generator.edgeBiased(in: 1...2_000), height: generator.edgeBiased(in: 1...2_000))
            let superlayer = makeFramedLayer("super", Rect(x: 0, y: 0, width: size.width, height: size.height))
            superlayer.bounds.origin = Point(x: generator.edgeBiased(in: -50...50), y: generator.edgeBiased(in: -50...50))
            let origin = superlayer.bounds.origin
            // Three positive parts per axis (edge-biased fractions, then normalised).
            func axis(_ extent: Double) -> (start: Double, length: Double) {
                let p = (0..<3).map { _ in generator.edgeBiased(in: 1e-3...1) }
                let total = p.reduce(0, +)
                return (extent * p[0] / total, extent * p[1] / total)
            }
            var sublayers: [Layer] = []
            for index in 0..<4 {
                let x = axis(size.width), y = axis(size.height)
                let mask = AutoresizingMask(rawValue: UInt32(generator.next() % 64))
                let sublayer = Layer()
                sublayer.name = "s\(index)"
                sublayer.anchorPoint = Point(x: generator.unit(), y: generator.unit())
                sublayer.frame = Rect(x: origin.x + x.start, y: origin.y + y.start, width: x.length, height: y.length)
                sublayer.autoresizingMask = mask
                try superlayer.addSublayer(sublayer)
                sublayers.append(sublayer)
            }
            let before = sublayers.map(\.frame)
            let newSize = Size(width: generator.edgeBiased(in: 1...4_000), height: generator.edgeBiased(in: 1...4_000))
            superlayer.bounds.size = newSize
            let during = sublayers.map(\.frame)
            superlayer.bounds.size = size
            func parts(_ f: Rect, _ extent: Size) -> [Double] {
                [f.minX - origin.x, f.width, extent.width - (f.maxX - origin.x),
                 f.minY - origin.y, f.height, extent.height - (f.maxY - origin.y)]
            }
            for (index, sublayer) in sublayers.enumerated() {
                // Skip a layer whose flexible part reached zero: the share cannot bring it
                // back. Near zero the trip is ill-conditioned (a part shrunk by a factor k
                // comes back with its rounding error times k), so "reached zero" means
                // "shrank below 1/1000 of its length".
                let old = parts(before[index], size), new = parts(during[index], newSize)
                let flexible = flags.indices.filter { sublayer.autoresizingMask.contains(flags[$0]) }
                guard flexible.allSatisfy({ new[$0] > 1e-3 * old[$0] }) else { continue }
                checked += 1
                assertClose(sublayer.frame, before[index], 1e-9,
                            "seed \(seed) trial \(trial) mask \(sublayer.autoresizingMask.rawValue)")
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
    }
}
