import CadenceGeometry
import CadencePixels
import XCTest

@testable import CadenceLayers

/// A context that records the rectangles filled (and their colours) and keeps a transform.
private final class FillRecorder: DrawingContext {
    var fills: [(Path, Color)] = []
    var clips: [Path] = []
    var fillColor = Color.black
    var strokeColor = Color.black
    var alpha = 1.0
    var strokeStyle = StrokeStyle()
    var ctm: CadenceGeometry.AffineTransform
    init(ctm: CadenceGeometry.AffineTransform) { self.ctm = ctm }
    func saveGState() {}
    func restoreGState() {}
    func concatenate(_ transform: CadenceGeometry.AffineTransform) { ctm = transform.concatenating(ctm) }
    func fill(_ path: Path, rule: FillRule) { fills.append((path, fillColor)) }
    func stroke(_ path: Path) {}
    func clip(to path: Path, rule: FillRule) { clips.append(path) }
    func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions) {}
    func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions) {}
    func draw(_ image: Bitmap, in rect: Rect, filter: ContentsFilter) {}
}

/// Tiled layers' properties, levels of detail and tiles (`docs/layers.md`, "Tiled layers").
final class TiledLayerTests: XCTestCase {
    /// The grid of a layer of `width × height` points with these properties.
    private func grid(
        _ width: Double = 1000, _ height: Double = 1000, scale: Double = 1, tile: Size = Size(width: 256, height: 256),
        levels: Double = 1, bias: Double = 0
    ) throws -> TileGrid {
        try XCTUnwrap(TileGrid(
            bounds: Rect(x: 0, y: 0, width: width, height: height), contentsScale: scale, tileSize: tile,
            levelsOfDetail: levels, levelsOfDetailBias: bias))
    }

    // Core Animation's defaults (CATiledLayer.h).
    func testDefaultsAndKeyValueCoding() throws {
        let layer = TiledLayer()
        XCTAssertEqual(layer.layerClass, .tiled)
        XCTAssertTrue(Layer.make(.tiled) is TiledLayer)
        XCTAssertEqual(layer.tileSize, Size(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertNil(layer.pattern)
        XCTAssertEqual(TiledLayer.fadeDuration, 0.25)
        try layer.setValue(.size(Size(width: 64, height: 32)), forKeyPath: "tileSize")
        XCTAssertEqual(layer.tileSize, Size(width: 64, height: 32))
        try layer.setValue(.scalar(4), forKeyPath: "levelsOfDetail")
        try layer.setValue(.scalar(2.9), forKeyPath: "levelsOfDetailBias")
        XCTAssertEqual(layer.levelsOfDetail, 4)
        XCTAssertEqual(layer.levelsOfDetailBias, 2)  // whole numbers, rounded down
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "levelsOfDetail"))
        XCTAssertEqual(layer.levelsOfDetail, 4)
        for key in ["tileSize", "levelsOfDetail", "levelsOfDetailBias"] {
            XCTAssertNil(LayerKeyPaths.properties[key], "\(key) does not animate")
        }
        let copy = try XCTUnwrap(layer.modelCopy() as? TiledLayer)
        XCTAssertEqual(copy.tileSize, layer.tileSize)
        XCTAssertEqual(copy.contentVersion, layer.contentVersion)
        XCTAssertNotEqual(TiledLayer().contentVersion, layer.contentVersion)
    }

    func testDisplayRecordsNothingAndGivesANewContentVersion() {
        let layer = TiledLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 8)
        XCTAssertTrue(layer.needsDisplay)
        let before = layer.contentVersion
        layer.displayIfNeeded()
        XCTAssertNil(layer.backingStore)
        XCTAssertNotEqual(layer.contentVersion, before)
        XCTAssertFalse(layer.needsDisplay)
    }

    func testSetNeedsDisplayInRectInvalidatesWhatTheRectangleMeets() {
        let layer = TiledLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
        let version = layer.contentVersion, drawn = layer.contentRevision
        XCTAssertEqual(drawn, version)
        layer.setNeedsDisplay(in: Rect(x: 30, y: 30, width: -20, height: -20))  // standardised
        XCTAssertTrue(layer.needsDisplay)
        XCTAssertFalse(layer.isInvalidated(Rect(x: 0, y: 0, width: 100, height: 100), since: drawn))  // until display
        layer.displayIfNeeded()
        XCTAssertEqual(layer.contentVersion, version)
        XCTAssertGreaterThan(layer.contentRevision, drawn)
        XCTAssertTrue(layer.isInvalidated(Rect(x: 0, y: 0, width: 100, height: 100), since: drawn))
        XCTAssertTrue(layer.isInvalidated(Rect(x: 29, y: 29, width: 1, height: 1), since: drawn))
        XCTAssertFalse(layer.isInvalidated(Rect(x: 30, y: 0, width: 100, height: 100), since: drawn))  // an edge
        XCTAssertFalse(layer.isInvalidated(Rect(x: 0, y: 0, width: 100, height: 100), since: layer.contentRevision))
        // Bad rectangles mark nothing.
        for bad in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 10),
                    Rect(x: 2000, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10)] {
            layer.setNeedsDisplay(in: bad)
            XCTAssertFalse(layer.needsDisplay, "\(bad)")
        }
        // setNeedsDisplay() (before or after a rectangle) and a bare display() invalidate all.
        layer.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertNotEqual(layer.contentVersion, version)
        let second = layer.contentVersion
        layer.setNeedsDisplay()
        layer.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.displayIfNeeded()
        XCTAssertNotEqual(layer.contentVersion, second)
        let third = layer.contentVersion
        layer.display()
        XCTAssertNotEqual(layer.contentVersion, third)
    }

    // At most maxInvalidatedRects rectangles are kept; the same rectangle again takes no room.
    func testInvalidatedRectanglesAreBounded() {
        let layer = TiledLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
        let version = layer.contentVersion, drawn = layer.contentRevision
        for _ in 0..<1000 {
            layer.setNeedsDisplay(in: Rect(x: 500, y: 500, width: 10, height: 10))
            layer.displayIfNeeded()
        }
        for i in 1..<TiledLayer.maxInvalidatedRects {
            layer.setNeedsDisplay(in: Rect(x: Double(i), y: 0, width: 1, height: 1))
            layer.displayIfNeeded()
        }
        XCTAssertEqual(layer.contentVersion, version)
        XCTAssertTrue(layer.isInvalidated(Rect(x: 505, y: 505, width: 1, height: 1), since: drawn))
        XCTAssertFalse(layer.isInvalidated(Rect(x: 300, y: 300, width: 1, height: 1), since: drawn))
        layer.setNeedsDisplay(in: Rect(x: 0, y: 900, width: 1, height: 1))
        layer.displayIfNeeded()
        XCTAssertNotEqual(layer.contentVersion, version)  // the 65th: everything
        XCTAssertEqual(layer.contentRevision, layer.contentVersion)
        // So is a 65th rectangle before one display.
        let next = layer.contentVersion
        for i in 0...TiledLayer.maxInvalidatedRects {
            layer.setNeedsDisplay(in: Rect(x: Double(i), y: 0, width: 1, height: 1))
        }
        layer.displayIfNeeded()
        XCTAssertNotEqual(layer.contentVersion, next)
    }

    // Level ℓ is drawn at contentsScale · 2^(bias − ℓ); the bias levels count among the levels.
    func testLevelScalesAndTheLevelChosenForAScale() throws {
        let g = try grid(levels: 4, bias: 2)
        XCTAssertEqual((0..<4).map(g.scale(ofLevel:)), [4, 2, 1, 0.5])
        XCTAssertEqual(try grid(scale: 2, levels: 2).scale(ofLevel: 1), 1)
        // The coarsest level at least as fine as needed; clamped at both ends.
        let cases: [(Double, Int)] = [(4, 0), (3.9, 0), (2.01, 0), (2, 1), (1.5, 1), (1, 2), (0.75, 2), (0.5, 3),
                                      (0.1, 3), (100, 0), (2 * (1 + 1e-12), 1), (.infinity, 0), (0, 3), (-1, 3),
                                      (.nan, 3)]
        for (needed, level) in cases { XCTAssertEqual(g.level(forScale: needed), level, "\(needed)") }
    }

    func testTilesAndTheirRectanglesAtALevel() throws {
        let g = try grid(600, 300, levels: 2, bias: 1)  // 2× and 1×
        XCTAssertTrue(g.tileCounts(atLevel: 0) == (5, 3))  // 1200 × 600 pixels
        XCTAssertTrue(g.tileCounts(atLevel: 1) == (3, 2))
        XCTAssertEqual(g.rect(level: 0, column: 1, row: 2), Rect(x: 128, y: 256, width: 128, height: 44))
        XCTAssertTrue(g.pixelSize(level: 0, column: 4, row: 2) == (176, 88))
        XCTAssertTrue(g.pixelSize(level: 1, column: 0, row: 0) == (256, 256))
        let (columns, rows) = g.tiles(atLevel: 0, meeting: Rect(x: 100, y: 10, width: 100, height: 300))
        XCTAssertEqual(columns, 0..<2)
        XCTAssertEqual(rows, 0..<3)
        let outside = g.tiles(atLevel: 0, meeting: Rect(x: 700, y: 0, width: 10, height: 10))
        XCTAssertTrue(outside.columns.isEmpty)
        XCTAssertTrue(g.tiles(atLevel: 0, meeting: Rect(x: .nan, y: 0, width: 10, height: 10)).rows.isEmpty)
        XCTAssertTrue(g.tiles(atLevel: 0, meeting: Rect(x: 0, y: 0, width: 0, height: 10)).rows.isEmpty)
    }

    // tileSize 0, negative, NaN, ∞ → 256; below 16 → 16; past 4096 → 4096; rounded.
    func testBadTileSizesFallBack() throws {
        let sides: [(Double, Int)] = [(0, 256), (-5, 256), (.nan, 256), (.infinity, 256), (0.5, 256), (1, 16),
                                      (15.4, 16), (100.6, 101), (1e9, 4096)]
        for (side, expected) in sides {
            let g = try grid(tile: Size(width: side, height: 64))
            XCTAssertEqual(g.tileWidth, expected, "\(side)")
            XCTAssertEqual(g.tileHeight, 64)
        }
    }

    // levelsOfDetail 0 → 1, 10⁶ → at most 32 and no level under one pixel; bias clamped.
    func testBadLevelCountsAndBiasesAreClamped() throws {
        XCTAssertEqual(try grid(levels: 0).levelCount, 1)
        XCTAssertEqual(try grid(levels: -3).levelCount, 1)
        XCTAssertEqual(try grid(levels: .nan).levelCount, 1)
        // 1000 points: levels down to 1000 / 2⁹ ≈ 1.95 pixels, so 10 levels.
        XCTAssertEqual(try grid(levels: 1e6).levelCount, 10)
        XCTAssertEqual(try grid(levels: 1e6, bias: 30).levelCount, 30)  // bias 20 + 10
        XCTAssertEqual(try grid(levels: 1e6, bias: 30).bias, TiledLayer.maxLevelsOfDetailBias)
        XCTAssertEqual(try grid(100_000, 100_000, levels: 1e6, bias: 20).levelCount, TiledLayer.maxLevelsOfDetail)
        XCTAssertEqual(try grid(levels: 3, bias: -2).bias, 0)
        XCTAssertEqual(try grid(0.5, 0.5, levels: 5).levelCount, 1)  // level 0 is kept
        XCTAssertEqual(try grid(scale: .nan).contentsScale, 1)
        XCTAssertNil(TileGrid(bounds: Rect(x: 0, y: 0, width: 1e300, height: 10), contentsScale: 1,
                              tileSize: Size(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0))
        XCTAssertNil(TileGrid(bounds: Rect(x: 0, y: 0, width: 0, height: 10), contentsScale: 1,
                              tileSize: Size(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0))
        let layer = TiledLayer()
        layer.levelsOfDetail = -4
        layer.levelsOfDetailBias = Int.max
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(layer.tileGrid?.levelCount, 1)
        XCTAssertEqual(layer.tileGrid?.bias, TiledLayer.maxLevelsOfDetailBias)
    }

    // Squares of cellSize device pixels, aligned on the layer's origin, every other one filled.
    func testThePatternDrawsSquaresOfCellSizePixels() {
        let pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 8)
        let context = FillRecorder(ctm: CadenceGeometry.AffineTransform(scaleX: 2, y: 2))
        pattern.draw(in: context, over: Rect(x: 0, y: 0, width: 16, height: 8))
        XCTAssertEqual(context.fills.count, 2)
        XCTAssertEqual(context.fills[0].1, Color.white)
        XCTAssertEqual(context.fills[1].1, Color.black)
        // 4-point squares: 4 × 2 of them, half filled.
        XCTAssertEqual(context.fills[1].0.controlPointBounds, Rect(x: 0, y: 0, width: 16, height: 8))
        XCTAssertEqual(context.fills[1].0.elements.filter { if case .moveTo = $0 { true } else { false } }.count, 4)
        // Past maxSquares the squares grow: bounded work.
        let huge = FillRecorder(ctm: CadenceGeometry.AffineTransform.identity)
        pattern.draw(in: huge, over: Rect(x: 0, y: 0, width: 1e7, height: 1e7))
        let moves = huge.fills[1].0.elements.filter { if case .moveTo = $0 { true } else { false } }.count
        XCTAssertLessThanOrEqual(moves, TiledLayerPattern.maxSquares)
        XCTAssertGreaterThan(moves, TiledLayerPattern.maxSquares / 8)
        // Bad input draws nothing.
        for (ctm, rect) in [(CadenceGeometry.AffineTransform(scaleX: 0, y: 0), Rect(x: 0, y: 0, width: 8, height: 8)),
                            (CadenceGeometry.AffineTransform.identity, Rect(x: 0, y: 0, width: .infinity, height: 8)),
                            (CadenceGeometry.AffineTransform.identity, Rect(x: 0, y: 0, width: 0, height: 8))] {
            let context = FillRecorder(ctm: ctm)
            pattern.draw(in: context, over: rect)
            XCTAssertTrue(context.fills.isEmpty)
        }
        let far = FillRecorder(ctm: CadenceGeometry.AffineTransform.identity)
        pattern.draw(in: far, over: Rect(x: 1e300, y: 0, width: 8, height: 8))
        XCTAssertEqual(far.fills.count, 1)  // the background alone
    }
}
