import CadenceGeometry
import CadenceLayers
import CadencePixels
import Synchronization

/// How a compositor draws the tiles of tiled layers that it has not drawn yet
/// (`docs/compositor.md` § 21).
public enum TiledLayerDrawing: Hashable, Sendable {
    /// Every visible tile missing from the cache is drawn — several at once, on the
    /// compositor's threads — before the frame is composited, and shown at once, without a
    /// fade: a frame depends only on the trees and the time, as an offline or seekable
    /// render needs. The default.
    case complete
    /// For a live loop (a display link): missing tiles are drawn on background tasks
    /// (a task group) while the frame shows, for each, the best coarser level in the
    /// cache, magnified (or nothing); a tile fades in over `TiledLayer.fadeDuration` from
    /// the first frame that shows it, measured in the times frames are rendered at (not
    /// a wall clock, unlike Core Animation: a paused tree rendered at one time should be
    /// rendered at the loop's clock time instead, or its new tiles stay faded out).
    case progressive
}

/// The tiles a compositor drew for tiled layers (`TiledLayer`), kept across frames in a
/// least-recently-used cache bounded in bytes (`docs/compositor.md` § 21).
///
/// A tile is keyed by the layer's `contentVersion` (which a new drawing changes), its
/// `TileGrid` (bounds, scale, tile size and levels: a change draws new tiles), its level,
/// column and row. Each holds its bitmap as a `ContentsImage` with its mip chain, counted as
/// `4 · w · h · 4/3` bytes, and the layer's `contentRevision` it was drawn at (a tile a
/// later `setNeedsDisplay(in:)` invalidated is drawn again under the same key, as if
/// missing); a tile whose drawing threw is kept as an empty entry of the
/// same size (so a failing drawing is not run again every frame). Inserting past the
/// limit drops the tiles least recently used (looked up or inserted) first; the tiles a
/// frame's render list shows stay alive through the list. Thread-safe (one lock).
@_spi(Testing)
public final class TileCache: Sendable {
    /// Where a tile belongs.
    public struct Key: Hashable, Sendable {
        public var version: UInt64
        public var grid: TileGrid
        public var level: Int
        public var column: Int
        public var row: Int
    }

    /// A cached tile: its image (`nil`: the drawing threw), the layer's `contentRevision`
    /// it was drawn at, and the time of the first frame that showed it (for the fade).
    struct Tile {
        var image: ContentsImage?
        var revision: UInt64
        var bytes: Int
        var shownAt: Double?
        var lastUse: UInt64
    }

    /// One tile to draw: the layer (a presentation snapshot, read only while drawing) and
    /// where. `@unchecked Sendable`: the layer is only read, and its delegate must be safe
    /// to call from several threads (`TiledLayer`).
    struct Job: @unchecked Sendable {
        var key: Key
        var layer: TiledLayer
        /// The layer's `contentRevision` when the job was made (what the drawing shows).
        var revision: UInt64

        init(key: Key, layer: TiledLayer) {
            self.key = key
            self.layer = layer
            self.revision = layer.contentRevision
        }
    }

    private struct State {
        var entries: [Key: Tile] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var pending: Set<Key> = []
        var tasks: [Int: Task<Void, Never>] = [:]
        var taskCount = 0
        var drawCount = 0
    }

    /// The most tiles being drawn in the background at once (`.progressive`); a frame that
    /// needs more schedules them on later frames.
    public static let maxPendingTiles = 64

    /// The most bytes of tiles kept.
    public let byteLimit: Int
    private let state = Mutex(State())

    /// A cache keeping at most `byteLimit` bytes of tiles (negative reads as 0: nothing is
    /// kept past the frame that drew it).
    public init(byteLimit: Int = Compositor.tileCacheByteLimit) {
        self.byteLimit = Swift.max(byteLimit, 0)
    }

    /// The bytes a tile of `width × height` pixels counts for: its bitmap with the border,
    /// and the mip chain.
    public static func bytes(width: Int, height: Int) -> Int { (width + 2 * border) * (height + 2 * border) * 16 / 3 }

    /// The border, in pixels of the level, drawn around each tile from the neighbouring
    /// tiles' content (`paint(_:)`).
    static let border = 2

    /// The tile at `key`, marked as used now; with `time` (a frame showing it), the time it
    /// was first shown is set when it is not yet.
    func tile(_ key: Key, shownAt time: Double?) -> Tile? {
        state.withLock { s in
            guard var tile = s.entries[key] else { return nil }
            s.clock += 1
            tile.lastUse = s.clock
            if let time, tile.shownAt.map({ $0 > time }) ?? true { tile.shownAt = time }
            s.entries[key] = tile
            return tile
        }
    }

    /// The rectangle a tile's drawing covers (bounds coordinates): its tile grown by
    /// `border` pixels of its level on every side. What its painter clips to (within the
    /// bounds), and what an invalidated rectangle must meet to invalidate it.
    static func drawnRect(_ grid: TileGrid, level: Int, column: Int, row: Int) -> Rect {
        let k = Double(border) / grid.scale(ofLevel: level)
        let r = grid.rect(level: level, column: column, row: row)
        return Rect(x: r.minX - k, y: r.minY - k, width: r.width + 2 * k, height: r.height + 2 * k)
    }

    /// Stores a drawn tile, then drops the least recently used tiles while over the limit
    /// (the new one last): one sort of the entries by last use. `shownAt`: −∞ for a tile
    /// drawn before its frame (shown without a fade, whatever mode shows it later), `nil`
    /// for one drawn in the background (its fade starts with the first frame showing it).
    func insert(_ key: Key, image: ContentsImage?, revision: UInt64, bytes: Int, shownAt: Double? = nil) {
        state.withLock { s in
            s.clock += 1
            s.drawCount += 1
            s.pending.remove(key)
            if let old = s.entries[key] { s.bytes -= old.bytes }
            s.entries[key] = Tile(image: image, revision: revision, bytes: bytes, shownAt: shownAt, lastUse: s.clock)
            s.bytes += bytes
            guard s.bytes > byteLimit else { return }
            // One sort, then the oldest dropped until under the limit (the new tile last).
            for (key, tile) in s.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard s.bytes > byteLimit else { break }
                s.bytes -= tile.bytes
                s.entries[key] = nil
            }
        }
    }

    /// Draws `jobs` now, several at once (`BandCrew.forEach`: this runs while a frame's
    /// render list is built, when the frame's band helpers may hold the pool's threads),
    /// and stores them.
    @discardableResult
    func drawNow(_ jobs: [Job]) -> [Key: Tile] {
        guard !jobs.isEmpty else { return [:] }
        let results = Mutex([(ContentsImage?, Int)?](repeating: nil, count: jobs.count))
        let work: @Sendable (Int) -> Void = { i in
            let drawn = Self.paint(jobs[i])
            results.withLock { $0[i] = drawn }
        }
        BandCrew.forEach(jobs.count, helpers: Compositor.activeProcessorCount - 1, work)
        let drawn = results.withLock { $0 }
        var tiles: [Key: Tile] = [:]
        for (job, result) in zip(jobs, drawn) {
            if let (image, bytes) = result {
                insert(job.key, image: image, revision: job.revision, bytes: bytes, shownAt: -.infinity)
                tiles[job.key] = Tile(image: image, revision: job.revision, bytes: bytes, shownAt: -.infinity, lastUse: 0)
            }
        }
        return tiles
    }

    /// Starts drawing those of `jobs` not already being drawn, up to `maxPendingTiles` in
    /// flight, in a task group on a background task; each is stored when drawn.
    func schedule(_ jobs: [Job]) {
        let batch: [Job] = state.withLock { s in
            var batch: [Job] = []
            for job in jobs where s.pending.count < Self.maxPendingTiles && !s.pending.contains(job.key) {
                s.pending.insert(job.key)
                batch.append(job)
            }
            return batch
        }
        guard !batch.isEmpty else { return }
        state.withLock { s in
            s.taskCount &+= 1
            let id = s.taskCount
            // Made under the lock, so it is registered before it can finish and remove itself.
            s.tasks[id] = Task.detached(priority: .utility) { [self] in
                await withTaskGroup(of: Void.self) { group in
                    for job in batch {
                        group.addTask {
                            let drawn = Self.paint(job)
                            self.insert(job.key, image: drawn.image, revision: job.revision, bytes: drawn.bytes)
                        }
                    }
                }
                _ = state.withLock { $0.tasks.removeValue(forKey: id) }
            }
        }
    }

    /// Waits until every tile scheduled so far is drawn and stored.
    public func waitForScheduledTiles() async {
        while let task = state.withLock({ $0.tasks.first?.value }) { await task.value }
    }

    /// Whether `key` is being drawn in the background.
    func isPending(_ key: Key) -> Bool { state.withLock { $0.pending.contains(key) } }

    /// How many tiles are kept, their bytes, and how many tiles were drawn since the cache
    /// was made.
    public var statistics: (count: Int, bytes: Int, drawn: Int) {
        state.withLock { ($0.entries.count, $0.bytes, $0.drawCount) }
    }

    /// The keys kept, least recently used first.
    public var keys: [Key] {
        state.withLock { $0.entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key) }
    }

    /// Tile `job.key` drawn into a new transparent bitmap of its pixel size and a `border`
    /// of 2 pixels on each side, through a `GraphicsContext` whose transform maps the layer's
    /// bounds coordinates to the tile's pixels (`T(−tile origin) · S(level scale) · T(2, 2)`:
    /// the tile's first pixel is the bitmap's (2, 2)), clipped to the tile's rectangle grown by
    /// the border, within the bounds. The border holds the neighbouring tiles' edge pixels,
    /// so that tiles drawn overlapping by 1.5 pixels filter and cover their shared edges as
    /// one bitmap of the whole layer would (`RenderList.Builder.appendTiles`); where the tile
    /// meets the bounds' edge it repeats the tile's own edge pixels (the edge clamp of one
    /// bitmap). The image keeps its mip chain; it is `nil` when the drawing throws or
    /// the bitmap cannot be allocated.
    static func paint(_ job: Job) -> (image: ContentsImage?, bytes: Int) {
        let key = job.key, grid = key.grid
        let (width, height) = grid.pixelSize(level: key.level, column: key.column, row: key.row)
        let bytes = Self.bytes(width: width, height: height)
        let k = Self.border
        guard var bitmap = try? Bitmap(width: width + 2 * k, height: height + 2 * k) else { return (nil, bytes) }
        let s = grid.scale(ofLevel: key.level)
        let rect = grid.rect(level: key.level, column: key.column, row: key.row)
        let transform = AffineTransform(translationX: -rect.minX, y: -rect.minY)
            .concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: Double(k), y: Double(k)))
        let context = GraphicsContext(bitmap: bitmap, transform: transform)
        context.clip(to: Self.drawnRect(grid, level: key.level, column: key.column, row: key.row).intersection(grid.bounds))
        do {
            try job.layer.draw(in: context)
        } catch {
            return (nil, bytes)
        }
        bitmap = context.bitmap
        let (columns, rows) = grid.tileCounts(atLevel: key.level)
        Self.repeatEdges(
            of: &bitmap, left: key.column == 0, right: key.column == columns - 1, top: key.row == 0,
            bottom: key.row == rows - 1)
        return (ContentsImage(bitmap, mipmapped: true), bytes)
    }

    /// Copies the pixels next to the border into the border on the sides given (the
    /// bounds' edges): columns first, then rows (corners included).
    static func repeatEdges(of bitmap: inout Bitmap, left: Bool, right: Bool, top: Bool, bottom: Bool) {
        let w = bitmap.width, h = bitmap.height, stride = bitmap.bytesPerRow, k = border
        guard w > 2 * k, h > 2 * k else { return }
        bitmap.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                let row = y * stride
                for j in 0..<k {
                    for c in 0..<4 {
                        if left { p[row + 4 * j + c] = p[row + 4 * k + c] }
                        if right { p[row + 4 * (w - 1 - j) + c] = p[row + 4 * (w - 1 - k) + c] }
                    }
                }
            }
            for j in 0..<k {
                if top { for i in 0..<(4 * w) { p[j * stride + i] = p[k * stride + i] } }
                if bottom { for i in 0..<(4 * w) { p[(h - 1 - j) * stride + i] = p[(h - 1 - k) * stride + i] } }
            }
        }
    }
}
