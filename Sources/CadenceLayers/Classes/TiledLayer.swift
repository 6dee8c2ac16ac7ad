import CadenceGeometry
import Synchronization

/// A layer whose content is drawn tile by tile, at the level of detail the screen needs, as
/// the compositor needs it (Core Animation's `CATiledLayer`): for content far larger than
/// the screen, or deep zooms.
///
/// **Drawing.** The layer's content is what its `draw(in:)` draws — the delegate's
/// `draw(_:in:)`, or without a delegate its ``pattern`` — but it is never recorded into a
/// backing store: the compositor asks for one tile at a time, each a bitmap of at most
/// ``tileSize`` pixels, through a context whose clip is the tile (within the bounds) and
/// whose `ctm` maps the layer's bounds coordinates to the tile's pixels at the level's
/// scale. The drawing code reads the tile's place from the context's `clipBoundingBox` and
/// its resolution from `ctm`, as on Core Animation (the clip is the tile grown by a border of
/// 2 pixels, which the compositor filters across tile edges with; `docs/compositor.md`
/// § 21), and should draw only what meets the clip. Tiles are drawn on background threads,
/// several at once: the delegate must be safe to call concurrently (and must not touch the
/// layer tree).
///
/// **Orientation.** The tiles show the picture a plain layer drawing the same content
/// would: where the layer's y axis points up on the canvas (a bottom-left canvas, or an odd
/// number of `geometryFlipped` layers above it), the drawing is laid upright on the canvas,
/// mirrored in the layer's coordinates, as a backing store is (`docs/compositor.md` § 9).
/// The tiles are cut from the drawing's coordinates in every orientation.
///
/// **Levels of detail** (``TileGrid``): level `ℓ` (0 the finest) is drawn at
/// `contentsScale · 2^(levelsOfDetailBias − ℓ)` pixels a point, for `ℓ` in
/// `0 ..< levelsOfDetail` — the bias levels are magnified (2×, 4×, …), the others halve.
/// Core Animation's reference calls `levelsOfDetail` "The number of levels of detail
/// maintained by this layer" and `levelsOfDetailBias` "The number of magnified levels of
/// detail for this layer": the magnified levels are among those maintained.
/// Each frame uses the coarsest level whose scale is at least the layer's on-screen scale
/// (the finest level when none is). `docs/layers.md`, "Tiled layers", gives the rules and
/// the limits.
///
/// **Display.** `display()` of a tiled layer draws nothing at once. After
/// `setNeedsDisplay(in:)` alone, it invalidates the tiles the rectangles meet, at every
/// level (a tile's border of 2 pixels counts: it shows its neighbours' content), under a
/// new ``contentRevision``; the compositor draws them again as they are needed, keeping the
/// others (Core Animation's reference: "Regions of the layer may be invalidated using the
/// `setNeedsDisplayInRect:` method"). After `setNeedsDisplay()`, or called directly, it gives
/// the layer a new ``contentVersion``, which drops every tile drawn before. At most
/// ``maxInvalidatedRects`` rectangles are kept, and one display takes at most that many:
/// past it, every tile is invalidated.
///
/// ```swift
/// let map = TiledLayer()
/// map.bounds = Rect(x: 0, y: 0, width: 100_000, height: 100_000)
/// map.levelsOfDetail = 9
/// map.levelsOfDetailBias = 2  // 4×, 2×, 1×, ½ … ¹⁄₆₄
/// map.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 32)
/// ```
public final class TiledLayer: Layer {
    override class var defaultLayerClass: LayerClass { .tiled }

    /// A new tiled layer: every property at its default, with a content version of its own.
    public override init() {
        super.init()
        storage.tiled.contentVersion = TiledLayer.nextContentVersion()
    }

    override init(presenting source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?) {
        super.init(presenting: source, model: handle, superlayer: superlayer)
    }

    /// The largest size of a tile, in pixels (Core Animation's `tileSize`): tiles at the right and
    /// bottom edges of the bounds are smaller. Default 256 × 256. Each side is rounded to
    /// whole pixels and clamped to ``minTileDimension`` … ``maxTileDimension``; a side that
    /// is not finite or is below 1 reads as 256 (`TileGrid`). Not animatable.
    public var tileSize: Size {
        get { self[.tileSize] }
        set { self[.tileSize] = newValue }
    }

    /// How many levels of detail the layer keeps (Core Animation's `levelsOfDetail`), the
    /// magnified ones of ``levelsOfDetailBias`` included: Core Animation's reference calls it
    /// "The number of levels of detail maintained by this layer", and says "Each level of
    /// detail is half the resolution of the previous level". Default 1. Values below 1 read
    /// as 1; at most ``maxLevelsOfDetail`` levels are used, and no level whose image of the
    /// bounds is less than one pixel on a side ("the bottom most level of detail must
    /// contain at least a single pixel in each dimension"). Not animatable.
    public var levelsOfDetail: Int {
        get { TiledLayer.integer(self[.levelsOfDetail]) }
        set { self[.levelsOfDetail] = Double(newValue) }
    }

    /// How many of the levels are magnified (Core Animation's `levelsOfDetailBias`, "The
    /// number of magnified levels of detail for this layer"; "specifying a value of 2 means
    /// that the layer has two extra levels of detail: 2x and 4x" — extra beside 1×, counted
    /// in ``levelsOfDetail``): with a bias of 2 the finest levels are 4× and 2× the
    /// `contentsScale`, and `levelsOfDetail` 3 gives 4×, 2× and 1×. Default 0. Negative
    /// values read as 0, values past ``maxLevelsOfDetailBias`` as that. Not animatable.
    public var levelsOfDetailBias: Int {
        get { TiledLayer.integer(self[.levelsOfDetailBias]) }
        set { self[.levelsOfDetailBias] = Double(newValue) }
    }

    /// What the layer draws when it has no delegate (a scene's tiled layers draw this):
    /// a checkerboard whose squares are a fixed number of pixels at every level, so each
    /// finer level shows finer squares. Default `nil`: nothing. Not animatable.
    public var pattern: TiledLayerPattern? {
        get { storage.tiled.pattern }
        set {
            storage.tiled.pattern = newValue
            setNeedsDisplay()
        }
    }

    /// Identifies what the layer draws: a new number (unique in the process) for each new
    /// layer and each `display()`. Tiles drawn for one version are never shown for another.
    /// Copies and presentation snapshots share the version of their source.
    public var contentVersion: UInt64 { storage.tiled.contentVersion }

    /// Identifies the last invalidation of part of the layer (`setNeedsDisplay(in:)`): the
    /// ``contentVersion``, or a later number from the same sequence.
    public var contentRevision: UInt64 { storage.tiled.contentRevision }

    /// Whether what was drawn of `rect` (layer coordinates) at revision `revision` (the
    /// ``contentRevision`` the drawing read, of this ``contentVersion``) has been invalidated
    /// since: whether a rectangle invalidated by a later revision overlaps it (a shared edge
    /// is no overlap). Cost: at most ``maxInvalidatedRects`` rectangle tests, none when
    /// `revision` is the current one.
    package func isInvalidated(_ rect: Rect, since revision: UInt64) -> Bool {
        guard revision < storage.tiled.contentRevision else { return false }
        for (invalid, later) in storage.tiled.invalidations.reversed() {
            if later <= revision { return false }
            if invalid.minX < rect.maxX, rect.minX < invalid.maxX, invalid.minY < rect.maxY, rect.minY < invalid.maxY {
                return true
            }
        }
        return false
    }

    /// The most rectangles invalidated by `setNeedsDisplay(in:)` that a tiled layer keeps,
    /// and the most that one display invalidates: past it, every tile is invalidated (a new
    /// ``contentVersion``) and the record starts again. Invalidating a rectangle already
    /// recorded takes no room.
    public static let maxInvalidatedRects = 64

    /// The smallest side of a tile, in pixels: smaller sizes draw tiles of this side.
    public static let minTileDimension = 16
    /// The largest side of a tile, in pixels (a 64 MiB tile).
    public static let maxTileDimension = 4096
    /// The most levels of detail used.
    public static let maxLevelsOfDetail = 32
    /// The largest bias used (the finest level at 2²⁰ times `contentsScale`).
    public static let maxLevelsOfDetailBias = 20

    /// The time, in seconds, a newly drawn tile takes to fade in over what was shown before
    /// it (Core Animation's class method `fadeDuration`): 0.25 by default, shared by every
    /// tiled layer (Cadence's layers are not subclassed, so the class method is a settable
    /// class property). A value that is not finite, or ≤ 0, shows new tiles at once. Only
    /// a compositor drawing tiles progressively fades (`docs/compositor.md` § 21).
    /// Thread-safe.
    public static var fadeDuration: Double {
        get { Double(bitPattern: fadeBits.load(ordering: .relaxed)) }
        set { fadeBits.store(newValue.bitPattern, ordering: .relaxed) }
    }

    private static let fadeBits = Atomic<UInt64>(0.25.bitPattern)
    private static let versions = Atomic<UInt64>(0)

    /// A stored count as an `Int`: rounded down, within ±2⁶² (stored values are finite;
    /// key-value coding may store a fraction).
    static func integer(_ value: Double) -> Int {
        Int(Swift.min(Swift.max(value.rounded(.down), -0x1p62), 0x1p62))
    }

    static func nextContentVersion() -> UInt64 {
        versions.add(1, ordering: .relaxed).newValue
    }

    /// The layer's tiles and levels as they are now: its bounds, `contentsScale`, tile size
    /// and levels, sanitised. `nil` when the bounds have no area or are not finite.
    public var tileGrid: TileGrid? {
        TileGrid(
            bounds: bounds, contentsScale: contentsScale, tileSize: tileSize, levelsOfDetail: self[.levelsOfDetail],
            levelsOfDetailBias: self[.levelsOfDetailBias])
    }

    /// The tiled layer's drawing without a delegate (`draw(in:)`): its pattern over its
    /// bounds within the context's `clipBoundingBox` (a tile, when the compositor draws one).
    func drawPattern(in context: any DrawingContext) {
        guard let pattern else { return }
        let b = bounds.standardized, clip = context.clipBoundingBox
        guard clip.isFiniteValue else { return pattern.draw(in: context, over: b) }
        let shown = b.intersection(clip)
        guard shown.width > 0, shown.height > 0 else { return }
        pattern.draw(in: context, over: shown)
    }
}

/// A two-colour checkerboard a tiled layer draws without a delegate (``TiledLayer/pattern``),
/// aligned on the layer's coordinate origin: the rectangle drawn over is filled with
/// `color`, and every other square with `alternateColor`.
///
/// The squares are `cellSize` device pixels on a side (the context's `ctm` scale): a tile of
/// a finer level shows squares of fewer points, each square of one level split in four at
/// the next finer one — the level a tile was drawn at can be seen. `cellSize` below 2 (or
/// not finite) reads as 2; at most ``maxSquares`` squares are drawn in one call (the squares
/// are doubled in size until they fit).
public struct TiledLayerPattern: Hashable, Sendable {
    /// The background colour.
    public var color: Color
    /// The colour of the squares whose column plus row is odd.
    public var alternateColor: Color
    /// The side of a square, in device pixels.
    public var cellSize: Double

    /// The most squares one draw fills (2¹⁶).
    public static let maxSquares = 1 << 16

    public init(color: Color, alternateColor: Color, cellSize: Double) {
        self.color = color
        self.alternateColor = alternateColor
        self.cellSize = cellSize
    }

    /// Fills `rect` (user space of `context`) with the checkerboard. A `ctm` that is not
    /// finite or collapses space, or a `rect` that is not finite or has no area, draws
    /// nothing.
    public func draw(in context: any DrawingContext, over rect: Rect) {
        let r = rect.standardized
        let m = context.ctm
        let scale = Swift.max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        guard r.isFiniteValue, r.width > 0, r.height > 0, scale.isFinite, scale > 0 else { return }
        let pixels = cellSize.isFinite ? Swift.max(cellSize, 2) : 2
        var side = pixels / scale
        func count(_ lo: Double, _ hi: Double) -> Double { (hi / side).rounded(.up) - (lo / side).rounded(.down) }
        while count(r.minX, r.maxX) * count(r.minY, r.maxY) > Double(Self.maxSquares) { side *= 2 }
        context.saveGState()
        defer { context.restoreGState() }
        context.fillColor = color
        context.fill(r)
        // Square indices past 2⁵² are not exact: the background alone.
        guard Swift.max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) / side < 0x1p52 else { return }
        var squares = Path()
        let columns = Int((r.minX / side).rounded(.down))..<Int((r.maxX / side).rounded(.up))
        let rows = Int((r.minY / side).rounded(.down))..<Int((r.maxY / side).rounded(.up))
        for j in rows {
            for i in columns where (i + j) & 1 != 0 {
                squares.addRect(Rect(x: Double(i) * side, y: Double(j) * side, width: side, height: side))
            }
        }
        context.clip(to: r)
        context.fillColor = alternateColor
        context.fill(squares)
    }
}

/// The stored properties of a tiled layer (`LayerStorage.tiled`).
struct TiledLayerValues {
    var tileSize = Size(width: 256, height: 256)
    var levelsOfDetail = 1.0
    var levelsOfDetailBias = 0.0
    var pattern: TiledLayerPattern? = nil
    var contentVersion: UInt64 = 0 {
        didSet { contentRevision = contentVersion }
    }
    /// `contentVersion`, or the revision of the last display that invalidated rectangles.
    var contentRevision: UInt64 = 0
    /// The rectangles invalidated since `contentVersion`, each with the revision that
    /// invalidated it: revisions ascending, at most `TiledLayer.maxInvalidatedRects`.
    var invalidations: [(rect: Rect, revision: UInt64)] = []
    /// What the next `display()` invalidates: `pendingRects`, unless `pendingAll` is set or
    /// there are none (then every tile).
    var pendingRects: [Rect] = []
    var pendingAll = false

    /// Marks every tile for the next display.
    mutating func invalidateAllOnDisplay() {
        pendingAll = true
        pendingRects = []
    }

    /// Marks the tiles meeting `rect` for the next display (every tile past the bound).
    mutating func invalidateOnDisplay(_ rect: Rect) {
        guard !pendingAll else { return }
        if pendingRects.count == TiledLayer.maxInvalidatedRects { return invalidateAllOnDisplay() }
        pendingRects.append(rect)
    }

    /// The display of a tiled layer: the pending rectangles invalidated under a new
    /// revision (a rectangle already recorded moves to the new revision), or, when every
    /// tile is pending, when none is, or when the record would pass its bound, a new
    /// `contentVersion`, which invalidates every tile.
    mutating func display() {
        defer {
            pendingRects = []
            pendingAll = false
        }
        let revision = TiledLayer.nextContentVersion()
        guard !pendingAll, !pendingRects.isEmpty else {
            contentVersion = revision
            invalidations = []
            return
        }
        for rect in pendingRects {
            invalidations.removeAll { $0.rect == rect }
            invalidations.append((rect, revision))
        }
        guard invalidations.count <= TiledLayer.maxInvalidatedRects else {
            contentVersion = revision
            invalidations = []
            return
        }
        contentRevision = revision
    }
}
