import CadenceGeometry
import CadenceLayers
import CadencePixels
import Synchronization
import XCTest

@_spi(Testing) @testable import CadenceCompositor

/// A delegate for tiled layers, called from several threads: its drawing is a closure, and
/// it records each call's `ctm` (safe to call concurrently, as tiled layers need).
final class TileDelegate: LayerDelegate, @unchecked Sendable {
    let calls = Mutex<[CadenceGeometry.AffineTransform]>([])
    let clips = Mutex<[Rect]>([])
    let body: @Sendable (any DrawingContext) throws -> Void
    init(_ body: @escaping @Sendable (any DrawingContext) throws -> Void) { self.body = body }
    func draw(_ layer: Layer, in context: any DrawingContext) throws {
        calls.withLock { $0.append(context.ctm) }
        let clip = context.clipBoundingBox
        clips.withLock { $0.append(clip) }
        try body(context)
    }
    var callCount: Int { calls.withLock { $0.count } }
}

struct TileDrawingFailed: Error {}

/// Tiled layers drawn by the compositor (`docs/compositor.md` § 21).
final class TiledLayerRenderingTests: XCTestCase {
    /// A tiled layer of `size` points, centred on `centre`, scaled by `zoom` about it.
    func makeTiled(size: Size, centre: Point, zoom: Double = 1, tile: Double = 256, levels: Int = 1, bias: Int = 0)
        -> TiledLayer
    {
        let layer = TiledLayer()
        layer.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        layer.position = centre
        layer.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
        layer.tileSize = Size(width: tile, height: tile)
        layer.levelsOfDetail = levels
        layer.levelsOfDetailBias = bias
        return layer
    }

    /// A picture that crosses tile edges: the pattern, a translucent disc, and a green bar
    /// near the top left (no symmetry: a flip shows).
    static let picture: @Sendable (any DrawingContext) -> Void = { context in
        TiledLayerPattern(color: .white, alternateColor: Color(red: 0.2, green: 0.3, blue: 0.8), cellSize: 24)
            .draw(in: context, over: Rect(x: 0, y: 0, width: 600, height: 400))
        context.fillColor = Color(red: 1, green: 0, blue: 0, alpha: 0.6)
        context.fill(Path(ellipseIn: Rect(x: 100, y: 50, width: 390, height: 290)))
        context.fillColor = Color(red: 0, green: 0.8, blue: 0)
        context.fill(Rect(x: 20, y: 30, width: 150, height: 40))
    }

    // MARK: The picture

    func testCompleteDrawingEqualsAPlainLayerDrawingTheSameContent() throws {
        // In every orientation (the canvas's origin, a geometryFlipped superlayer, the
        // layer's own flag, which does not turn its drawing) at zoom 1; scaled, in two of
        // them (the orientation and the scale act on different parts of the drawing).
        let orientations = [Canvas.Origin.topLeft, .bottomLeft].flatMap { origin in
            [(false, false), (true, false), (false, true), (true, true)].map { (origin, $0.0, $0.1) }
        }
        let scaledOrientations = [orientations[0], orientations[7]]
        for zoom in [1.0, 0.7, 1.6] {
            for (origin, flippedAbove, flippedSelf) in zoom == 1 ? orientations : scaledOrientations {
                let context = "zoom \(zoom), \(origin), flipped above \(flippedAbove), own \(flippedSelf)"
                let tiled = makeTiled(
                    size: Size(width: 600, height: 400), centre: Point(x: 300, y: 200), zoom: zoom, tile: 128)
                let delegate = TileDelegate(Self.picture)
                tiled.delegate = delegate
                let plain = Layer()
                plain.bounds = tiled.bounds
                plain.position = tiled.position
                plain.transform = tiled.transform
                let plainDelegate = TileDelegate(Self.picture)  // held: delegates are weak
                plain.delegate = plainDelegate
                plain.display()
                func placed(_ layer: Layer) throws -> Layer {
                    layer.isGeometryFlipped = flippedSelf
                    let parent = makeLayer("parent", frame: Rect(x: 0, y: 0, width: 600, height: 400))
                    parent.isGeometryFlipped = flippedAbove
                    try parent.addSublayer(layer)
                    return parent
                }
                let canvas = Canvas(width: 600, height: 400, origin: origin)
                let frame = try Compositor(threadCount: 2).render([placed(tiled)], at: 0, on: canvas)
                let reference = try Compositor(threadCount: 2).render([placed(plain)], at: 0, on: canvas)
                // One level (scale 1), as the plain layer's backing store: at zoom 1 the tiles
                // are the backing store cut up, pixel for pixel. Scaled, the pixels along a
                // shared tile edge are blended twice (the second tile over the first, the same
                // colour), each rounded to 8 bits with the lanes' 8-bit weights: within 3.
                XCTAssertLessThanOrEqual(maxDifference(frame, reference), zoom == 1 ? 0 : 3, context)
                // 600 × 400 in tiles of 128; at 1.6× the canvas shows 375 × 250 points of the
                // middle.
                XCTAssertEqual(delegate.callCount, zoom > 1 ? 4 * 3 : 5 * 4, context)
            }
        }
    }

    // MARK: Invalidating part of the layer

    /// A delegate that fills its clip with the colour of the moment (red at first).
    final class Painter: Sendable {
        private let current = Mutex(Color(red: 1, green: 0, blue: 0))
        var colour: Color {
            get { current.withLock { $0 } }
            set { current.withLock { $0 = newValue } }
        }
        var delegate: TileDelegate {
            TileDelegate { [self] context in
                context.fillColor = colour
                context.fill(context.clipBoundingBox)
            }
        }
    }

    func testSetNeedsDisplayInRectRedrawsOnlyTheTilesItMeetsAtEveryLevel() throws {
        // 512 points in tiles of 128, levels 1× (4 × 4 tiles) and ½× (2 × 2).
        let tiled = makeTiled(size: Size(width: 512, height: 512), centre: Point(x: 256, y: 256), tile: 128, levels: 2)
        tiled.anchorPoint = Point(x: 0, y: 0)
        tiled.position = Point(x: 0, y: 0)
        let painter = Painter(), delegate = painter.delegate
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 2)
        let canvas = Canvas(width: 512, height: 512)
        func render(zoom: Double) throws -> (frame: Bitmap, clips: [Rect]) {
            tiled.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
            let before = delegate.callCount
            let frame = try compositor.render([tiled], at: 0, on: canvas)
            return (frame, delegate.clips.withLock { Array($0[before...]) })
        }
        XCTAssertEqual(try render(zoom: 1).clips.count, 16)
        XCTAssertEqual(try render(zoom: 0.5).clips.count, 4)

        painter.colour = Color(red: 0, green: 1, blue: 0)
        tiled.setNeedsDisplay(in: Rect(x: 10, y: 10, width: 20, height: 20))
        tiled.displayIfNeeded()
        // Level 0: tile (0, 0) alone; its clip is the tile and its border of 2 points.
        let fine = try render(zoom: 1)
        XCTAssertEqual(fine.clips, [Rect(x: 0, y: 0, width: 130, height: 130)])
        XCTAssertEqual(fine.frame[20, 20], opaqueGreen)
        XCTAssertEqual(fine.frame[200, 200], opaqueRed)
        // Level 1: tile (0, 0), 256 points and a border of 4.
        let coarse = try render(zoom: 0.5)
        XCTAssertEqual(coarse.clips, [Rect(x: 0, y: 0, width: 260, height: 260)])
        XCTAssertEqual(coarse.frame[200, 200], opaqueRed)  // tile (1, 1) of level 1: not redrawn
        XCTAssertEqual(try render(zoom: 1).clips.count, 0)  // nothing left to draw

        // A rectangle inside tile (1, 2) but within 2 points of tile (0, 2): its border shows
        // it, so both are drawn again at level 0; at level 1, tile (0, 1).
        tiled.setNeedsDisplay(in: Rect(x: 129, y: 300, width: 1, height: 1))
        tiled.displayIfNeeded()
        XCTAssertEqual(Set(try render(zoom: 1).clips.map { [$0.minX, $0.minY] }), [[0, 254], [126, 254]])
        XCTAssertEqual(try render(zoom: 0.5).clips.map { [$0.minX, $0.minY] }, [[0, 252]])

        // setNeedsDisplay() invalidates every tile.
        tiled.setNeedsDisplay()
        tiled.displayIfNeeded()
        XCTAssertEqual(try render(zoom: 1).clips.count, 16)
    }

    func testTooManyInvalidatedRectanglesInvalidateEveryTile() throws {
        let tiled = makeTiled(size: Size(width: 512, height: 512), centre: Point(x: 256, y: 256), tile: 128)
        let painter = Painter(), delegate = painter.delegate
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 2)
        let canvas = Canvas(width: 512, height: 512)
        _ = try compositor.render([tiled], at: 0, on: canvas)
        XCTAssertEqual(delegate.callCount, 16)
        // All within tile (0, 0): one redraw, up to the bound.
        for i in 0..<TiledLayer.maxInvalidatedRects {
            tiled.setNeedsDisplay(in: Rect(x: Double(i), y: 50, width: 1, height: 1))
        }
        tiled.displayIfNeeded()
        _ = try compositor.render([tiled], at: 0, on: canvas)
        XCTAssertEqual(delegate.callCount, 17)
        // One more than the bound: everything.
        for i in 0...TiledLayer.maxInvalidatedRects {
            tiled.setNeedsDisplay(in: Rect(x: Double(i), y: 60, width: 1, height: 1))
        }
        tiled.displayIfNeeded()
        _ = try compositor.render([tiled], at: 0, on: canvas)
        XCTAssertEqual(delegate.callCount, 33)
    }

    func testProgressiveDrawingRedrawsAnInvalidatedTileInTheBackground() async throws {
        let saved = TiledLayer.fadeDuration
        TiledLayer.fadeDuration = 0
        defer { TiledLayer.fadeDuration = saved }
        let tiled = makeTiled(size: Size(width: 256, height: 128), centre: Point(x: 128, y: 64), tile: 128)
        let painter = Painter(), delegate = painter.delegate
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 1)
        compositor.tiledLayerDrawing = .progressive
        let canvas = Canvas(width: 256, height: 128)
        _ = try compositor.render([tiled], at: 0, on: canvas)
        await compositor.tiles.waitForScheduledTiles()
        XCTAssertEqual(try compositor.render([tiled], at: 1, on: canvas)[200, 64], opaqueRed)
        painter.colour = Color(red: 0, green: 1, blue: 0)
        tiled.setNeedsDisplay(in: Rect(x: 200, y: 10, width: 10, height: 10))
        tiled.displayIfNeeded()
        // The invalidated tile is not shown (no coarser level), the other is; then redrawn.
        let waiting = try compositor.render([tiled], at: 2, on: canvas)
        XCTAssertEqual(waiting[200, 64], transparent)
        XCTAssertEqual(waiting[20, 64], opaqueRed)
        await compositor.tiles.waitForScheduledTiles()
        XCTAssertEqual(try compositor.render([tiled], at: 3, on: canvas)[200, 64], opaqueGreen)
        XCTAssertEqual(delegate.callCount, 3)
    }

    func testATileIsDrawnClippedToItsRectangleAtItsLevelsScale() throws {
        // 300 × 300 points, levels 2×, 1×, ½×; on screen at 2×: level 0 (scale 2).
        let tiled = makeTiled(size: Size(width: 300, height: 300), centre: Point(x: 0, y: 0), zoom: 2, levels: 3, bias: 1)
        tiled.anchorPoint = Point(x: 0, y: 0)
        let delegate = TileDelegate { context in
            context.fillColor = Color(red: 0, green: 1, blue: 0)
            context.fill(Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        }
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 1)
        _ = try compositor.render([tiled], at: 0, on: Canvas(width: 600, height: 600))
        // 600 × 600 pixels at level 0 in tiles of 256: 3 × 3, the last column and row 88 wide.
        let keys = compositor.tiles.keys
        XCTAssertEqual(Set(keys.map { [$0.level, $0.column, $0.row] }),
                       Set((0..<3).flatMap { c in (0..<3).map { [0, c, $0] } }))
        let calls: [CadenceGeometry.AffineTransform] = delegate.calls.withLock { $0 }
        let ctms = Set(calls.map { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] })
        var expected: Set<[Double]> = []
        for c in 0..<3 { for r in 0..<3 { expected.insert([2, 0, 0, 2, Double(2 - 256 * c), Double(2 - 256 * r)]) } }
        XCTAssertEqual(ctms, expected)
        // The clip: the tile grown by 2 pixels (1 point at 2×), within the bounds.
        var boxes: Set<[Double]> = []
        for c in 0..<3 {
            for r in 0..<3 {
                let x0 = max(Double(128 * c) - 1, 0), y0 = max(Double(128 * r) - 1, 0)
                boxes.insert([x0, y0, min(Double(128 * c + 129), 300) - x0, min(Double(128 * r + 129), 300) - y0])
            }
        }
        let clips: [Rect] = delegate.clips.withLock { $0 }
        XCTAssertEqual(Set(clips.map { [$0.minX, $0.minY, $0.width, $0.height] }), boxes)
        for key in keys {
            let image = try XCTUnwrap(compositor.tiles.tile(key, shownAt: nil)?.image)
            XCTAssertEqual(image.width, key.column == 2 ? 92 : 260)
            XCTAssertEqual(image.height, key.row == 2 ? 92 : 260)
            // The clip is the tile and its border (repeated at the bounds): all opaque green.
            XCTAssertEqual(image.base.count, 4 * image.width * image.height)
            XCTAssertTrue(stride(from: 0, to: image.base.count, by: 4).allSatisfy {
                image.base[$0] == 0 && image.base[$0 + 1] == 255 && image.base[$0 + 2] == 0 && image.base[$0 + 3] == 255
            })
        }
    }

    // MARK: Bounded work

    /// The tiles of `level` a 640 × 480 canvas shows of the 100,000-point layer centred on it
    /// at `zoom`, worked out from the geometry: the canvas maps back to `centre ± (320, 240)
    /// / zoom`, and level `ℓ` (scale `2^(2 − ℓ)`) has tiles of 256 / scale points.
    static func visibleTiles(zoom: Double) -> (level: Int, tiles: [[Int]]) {
        let level = Swift.min(Swift.max(Int((2 + log2(1 / zoom) + 1e-9).rounded(.down)), 0), 8)
        let side = 256 * exp2(Double(level - 2))  // 256 pixels at 2^(2 − ℓ) a point
        let columns = Int(((50_000 - 320 / zoom) / side).rounded(.down))..<Int(((50_000 + 320 / zoom) / side).rounded(.up))
        let rows = Int(((50_000 - 240 / zoom) / side).rounded(.down))..<Int(((50_000 + 240 / zoom) / side).rounded(.up))
        return (level, rows.flatMap { r in columns.map { [level, $0, r] } })
    }

    func testZoomingAHugeTiledLayerKeepsTheTilesDrawnAndKeptBounded() throws {
        let tiled = makeTiled(size: Size(width: 100_000, height: 100_000), centre: Point(x: 320, y: 240), levels: 9, bias: 2)
        let delegate = TileDelegate { $0.fill(Rect(x: 0, y: 0, width: 100_000, height: 100_000)) }
        tiled.delegate = delegate
        let tileBytes = TileCache.bytes(width: 256, height: 256)
        let capacity = 64
        let compositor = Compositor(threadCount: 2, tileCacheByteLimit: capacity * tileBytes)
        // The cache as the test expects it, least recently used first.
        var expected: [[Int]] = []
        var drawnBefore = 0
        for k in 0..<40 {
            let zoom = exp2(-6 + 8 * Double(k) / 39)  // 1/64 … 4
            tiled.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
            // The render list draws the missing tiles (the pixels are other tests' business).
            let list = compositor.renderList([tiled], at: 0, on: Canvas(width: 640, height: 480))
            let (level, visible) = Self.visibleTiles(zoom: zoom)
            // Between 1 and 2 pixels of the level a canvas pixel: at most 6 × 5 tiles.
            XCTAssertLessThanOrEqual(visible.count, 30)
            let new = visible.filter { !expected.contains($0) }
            // Looked up (row by row), the missing drawn and inserted, all looked up again.
            expected.removeAll { visible.contains($0) }
            expected += visible.filter { !new.contains($0) } + new
            if expected.count > capacity { expected.removeFirst(expected.count - capacity) }
            expected.removeAll { visible.contains($0) }
            expected += visible
            let statistics = compositor.tiles.statistics
            XCTAssertEqual(statistics.drawn - drawnBefore, new.count, "frame \(k), level \(level)")
            XCTAssertEqual(delegate.callCount, statistics.drawn)
            drawnBefore = statistics.drawn
            XCTAssertEqual(statistics.count, expected.count, "frame \(k)")
            XCTAssertLessThanOrEqual(statistics.bytes, capacity * tileBytes)
            XCTAssertEqual(compositor.tiles.keys.map { [$0.level, $0.column, $0.row] }, expected, "frame \(k)")
            XCTAssertEqual(list.items.count, 1 + visible.count)
        }
        XCTAssertEqual(Self.visibleTiles(zoom: 1.0 / 64).level, 8)
        XCTAssertEqual(Self.visibleTiles(zoom: 4).level, 0)
    }

    func testTooManyVisibleTilesDrawNone() throws {
        // One level (scale 1) seen at 1/64: 160 × 120 tiles, past the cap of 4096.
        let tiled = makeTiled(size: Size(width: 100_000, height: 100_000), centre: Point(x: 320, y: 240), zoom: 1.0 / 64)
        tiled.backgroundColor = red
        let delegate = TileDelegate { _ in }
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 1)
        let frame = try compositor.render([tiled], at: 0, on: Canvas(width: 640, height: 480))
        XCTAssertEqual(delegate.callCount, 0)
        XCTAssertEqual(frame[320, 240], opaqueRed)  // the background still draws
    }

    /// 10¹² points a side in 256-pixel tiles is a valid grid (3.9 × 10⁹ tiles a side, under
    /// 2⁴⁰), all of it on screen at 10⁻⁹: the count of visible tiles is past the cap, and
    /// must be found so without multiplying the sides (their product overflows).
    func testAHugeGridOnScreenDrawsNoTilesAndDoesNotOverflow() throws {
        let tiled = makeTiled(size: Size(width: 1e12, height: 1e12), centre: Point(x: 320, y: 240), zoom: 1e-9)
        tiled.backgroundColor = red
        let delegate = TileDelegate { _ in }
        tiled.delegate = delegate
        let frame = try Compositor(threadCount: 1).render([tiled], at: 0, on: Canvas(width: 640, height: 480))
        XCTAssertEqual(delegate.callCount, 0)
        XCTAssertEqual(frame[320, 240], opaqueRed)
    }

    /// A cache too small for the visible tiles (here none at all): drawing them first
    /// evicts one another, and the frame still shows every one (it holds them).
    func testACacheSmallerThanTheFrameStillShowsEveryTile() throws {
        let tiled = makeTiled(size: Size(width: 600, height: 400), centre: Point(x: 300, y: 200))
        let delegate = TileDelegate(Self.picture)
        tiled.delegate = delegate
        let canvas = Canvas(width: 600, height: 400)
        let roomy = try Compositor(threadCount: 1).render([tiled], at: 0, on: canvas)
        let tight = Compositor(threadCount: 1, tileCacheByteLimit: 0)
        XCTAssertEqual(maxDifference(try tight.render([tiled], at: 0, on: canvas), roomy), 0)
        XCTAssertTrue(tight.tiles.keys.isEmpty, "nothing kept past the frame")
    }

    func testOnlyTilesInsideTheAncestorsClipAreDrawn() throws {
        let tiled = makeTiled(size: Size(width: 1024, height: 1024), centre: Point(x: 512, y: 512))
        tiled.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 8)
        let window = makeLayer("window", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        try window.addSublayer(tiled)
        let compositor = Compositor(threadCount: 1)
        _ = try compositor.render([window], at: 0, on: Canvas(width: 512, height: 512))
        XCTAssertEqual(compositor.tiles.statistics.drawn, 4)  // the canvas: 2 × 2 tiles
        window.masksToBounds = true
        let clipped = Compositor(threadCount: 1)
        _ = try clipped.render([window], at: 0, on: Canvas(width: 512, height: 512))
        // 300 × 100 (and the clip box's pixel of margin): columns 0 and 1 of row 0.
        XCTAssertEqual(Set(clipped.tiles.keys.map { [$0.column, $0.row] }), [[0, 0], [1, 0]])
    }

    func testLeastRecentlyUsedTilesAreDroppedFirst() throws {
        // Four tiles of 64 in a row; the canvas shows one at a time; room for three.
        let tiled = makeTiled(size: Size(width: 256, height: 64), centre: Point(x: 128, y: 32), tile: 64)
        tiled.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 8)
        let compositor = Compositor(threadCount: 1, tileCacheByteLimit: 3 * TileCache.bytes(width: 64, height: 64))
        func show(_ column: Int) throws {
            tiled.position = Point(x: 128 - 64 * Double(column), y: 32)
            _ = try compositor.render([tiled], at: 0, on: Canvas(width: 64, height: 64))
        }
        for column in [0, 1, 2] { try show(column) }
        XCTAssertEqual(compositor.tiles.keys.map(\.column), [0, 1, 2])
        try show(0)
        XCTAssertEqual(compositor.tiles.keys.map(\.column), [1, 2, 0])
        try show(3)
        XCTAssertEqual(compositor.tiles.keys.map(\.column), [2, 0, 3])  // 1 went
        XCTAssertEqual(compositor.tiles.statistics.drawn, 4)
    }

    // MARK: Progressive drawing

    func testProgressiveDrawingShowsCoarserLevelsThenFadesTheTilesIn() async throws {
        let saved = TiledLayer.fadeDuration
        TiledLayer.fadeDuration = 0.25
        defer { TiledLayer.fadeDuration = saved }
        // 512 points, levels 1× and ½×: the pattern's squares are 32 points at ½×, 16 at 1×.
        let tiled = makeTiled(size: Size(width: 512, height: 512), centre: Point(x: 128, y: 128), zoom: 0.5, levels: 2)
        tiled.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 16)
        let compositor = Compositor(threadCount: 1)
        compositor.tiledLayerDrawing = .progressive
        let canvas = Canvas(width: 256, height: 256)
        func frame(at time: Double) throws -> Bitmap { try compositor.render([tiled], at: time, on: canvas) }

        // Nothing drawn yet: nothing shown, the one tile of level 1 scheduled.
        XCTAssertEqual(try frame(at: 0)[100, 100], transparent)
        await compositor.tiles.waitForScheduledTiles()
        XCTAssertEqual(compositor.tiles.statistics.drawn, 1)
        // First shown at 1: fading in over 0.25 s.
        XCTAssertEqual(try frame(at: 1)[4, 4], transparent)
        let half = try frame(at: 1.125)[4, 4]  // point (8, 8): a white square of level 1
        XCTAssertEqual(Int(half.w), 128, accuracy: 1)
        let whole = try frame(at: 1.5)
        let complete = try Compositor(threadCount: 1).render([tiled], at: 0, on: canvas)
        XCTAssertEqual(maxDifference(whole, complete), 0)

        // Zoomed to 1×: level 0 is missing; level 1's tile is shown, magnified.
        tiled.transform = .identity
        tiled.position = Point(x: 256, y: 256)
        let list = compositor.renderList([tiled], at: 2, on: canvas)
        let coarse = try XCTUnwrap(compositor.tiles.keys.first { $0.level == 1 })
        let coarseImage = try XCTUnwrap(compositor.tiles.tile(coarse, shownAt: nil)?.image)
        XCTAssertTrue(list.items.dropFirst().allSatisfy { $0.contents?.image === coarseImage })
        XCTAssertEqual(list.items.count, 1 + 1)  // the layer; tile (0, 0) of level 0 shows level 1
        // Point (20, 4): white in level 1's 32-point squares, black in level 0's 16-point ones.
        // Level 0's tile is drawn on another thread: if its drawing ends before this frame looks
        // it up, the frame shows it at alpha 0 over level 1 (and it fades in from 2). Either way
        // this pixel is white, and the tile's first frame is the one at 2 (the first frame after
        // the wait, at 2 again, sets it when this one did not), so the fade below is the same.
        XCTAssertEqual(try frame(at: 2)[20, 4], opaqueWhite)
        await compositor.tiles.waitForScheduledTiles()
        XCTAssertEqual(try frame(at: 2)[20, 4], opaqueWhite)  // fading in from 0, over level 1
        XCTAssertEqual(Int(try frame(at: 2.125)[20, 4].x), 128, accuracy: 1)  // half way
        XCTAssertEqual(try frame(at: 2.25)[20, 4], SIMD4(0, 0, 0, 255))
    }

    func testTilesDrawnBeforeTheirFrameAreNotFadedInProgressiveMode() throws {
        let tiled = makeTiled(size: Size(width: 256, height: 256), centre: Point(x: 128, y: 128))
        tiled.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 16)
        let compositor = Compositor(threadCount: 1)
        let canvas = Canvas(width: 256, height: 256)
        let complete = try compositor.render([tiled], at: 5, on: canvas)
        compositor.tiledLayerDrawing = .progressive
        XCTAssertEqual(maxDifference(try compositor.render([tiled], at: 5, on: canvas), complete), 0)
        XCTAssertEqual(compositor.tiles.statistics.drawn, 1)
    }

    // MARK: Bad input

    func testADrawingThatThrowsLeavesItsTilesEmptyAndIsNotRunAgain() throws {
        let tiled = makeTiled(size: Size(width: 512, height: 256), centre: Point(x: 256, y: 128))
        tiled.backgroundColor = blue
        let delegate = TileDelegate { _ in throw TileDrawingFailed() }
        tiled.delegate = delegate
        let compositor = Compositor(threadCount: 1)
        for t in [0.0, 1.0] {
            let frame = try compositor.render([tiled], at: t, on: Canvas(width: 512, height: 256))
            XCTAssertEqual(frame[300, 100], opaqueBlue)
        }
        XCTAssertEqual(delegate.callCount, 2)  // two tiles, drawn once each
        XCTAssertEqual(compositor.tiles.statistics.count, 2)
        tiled.display()  // a new version: drawn again
        _ = try compositor.render([tiled], at: 2, on: Canvas(width: 512, height: 256))
        XCTAssertEqual(delegate.callCount, 4)
    }

    func testBoundsThatCannotBeTiledDrawNoTiles() throws {
        for bounds in [Rect(x: 0, y: 0, width: 1e300, height: 1e300), Rect(x: 0, y: 0, width: 0, height: 100),
                       Rect(x: .nan, y: 0, width: 100, height: 100)] {
            let tiled = TiledLayer()
            tiled.bounds = bounds
            tiled.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 8)
            let compositor = Compositor(threadCount: 1)
            _ = try compositor.render([tiled], at: 0, on: Canvas(width: 64, height: 64))
            XCTAssertEqual(compositor.tiles.statistics.drawn, 0, "\(bounds)")
        }
    }
}
