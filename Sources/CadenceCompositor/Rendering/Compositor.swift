import CadenceGeometry
import CadenceLayers
import CadencePixels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Composites layer trees into bitmaps: Core Animation's render server in software.
///
/// A frame is made in two steps: `renderList(_:at:on:)` takes each root's presentation
/// snapshot at the time and flattens the trees into a `RenderList` (matrices to pixels,
/// paint order, culling, opacity groups, clips); the rasterizer draws it, anti-aliased, in
/// premultiplied RGBA8 with source-over. `docs/compositor.md` describes every rule.
///
/// A class so that its scratch memory (offscreen groups, clip masks, row buffers) is kept
/// and reused from frame to frame. A frame is drawn in horizontal bands by `threadCount`
/// threads at once, each with its own scratch memory; the pixels do not depend on the
/// thread count (`docs/compositor.md`, "Bands"). Not thread-safe itself: use one
/// compositor per thread that renders.
///
/// It also keeps, from frame to frame, the bitmaps it painted from layers' backing stores
/// (each recording painted once, § 16) and from `shouldRasterize` subtrees (drawn again
/// only when the subtree changes, § 17). It never displays a model layer: a layer marked
/// with `setNeedsDisplay()` is drawn by a commit, a display link or `displayIfNeeded()`;
/// only presentation snapshots of an animated key of `needsDisplayKeys` are displayed here.
///
/// ```swift
/// let root = Layer()
/// root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
/// root.position = Point(x: 100, y: 50)
/// root.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
/// let frame = try Compositor().render([root], at: 0, on: Canvas(width: 200, height: 100))
/// let orange = frame[0, 0]  // premultiplied RGBA: (255, 128, 0, 255)
/// ```
public final class Compositor {
    /// The most scratch memory (offscreen groups and clip masks) in use at once, in bytes,
    /// per thread: 256 MiB. Past it, deeper groups fold their opacity into their layers and
    /// deeper clips are evaluated per draw (`docs/compositor.md`, "Limits"); nothing fails.
    public static let scratchByteLimit = 256 << 20

    /// The default bound of the tiles of tiled layers a compositor keeps (§ 21): 192 MiB,
    /// about 558 tiles of 256 × 256 pixels with their mip chains.
    public static let tileCacheByteLimit = 192 << 20

    /// The most threads a compositor draws with (more are treated as this many).
    public static let maxThreadCount = 256

    /// The processors this process may run on (at least 1): the default thread count.
    public static var activeProcessorCount: Int {
        Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The threads a frame is drawn with, 1…`maxThreadCount`, each drawing its share of
    /// the frame's bands of rows (fewer threads when the frame has fewer rows).
    public let threadCount: Int
    /// Each worker's scratch limit.
    let scratchLimit: Int
    /// The most bytes of canvas rows a band spans (`Compositor.bandByteLimit`; at least one
    /// row a band). `Int.max` (tests, benchmarks) draws a frame on one thread as one band;
    /// the pixels are the same at any limit.
    @_spi(Testing)
    public var bandByteLimit = Compositor.bandByteLimit
    /// One rasterizer a thread, made when first needed and kept.
    var rasterizers: [Rasterizer]
    let images = ContentsImageCache()
    let backingStores = BackingStoreCache()
    /// Emitters' particle buffers and sprite arrays (§ 20), reused from frame to frame.
    let sprites = SpritePool()
    /// Whether emitters' particles are drawn by the sprite kernel (`false`, for tests and
    /// benchmarks: each particle an item of its own, the general path it is checked
    /// against).
    @_spi(Testing)
    public var drawsParticlesAsSprites = true
    /// Whether the canvas is cleared even when the first layer paints all of it opaque
    /// (`true`, for tests: the pixels the skipped clear is checked against).
    @_spi(Testing)
    public var clearsUnderOpaqueRoot = false
    /// Whether the frame's first item, when it covers the canvas opaquely, leaves out of
    /// its fill the parts its sublayers paint opaque at full weight (`RenderList.occluders`);
    /// the same bits. `false` (tests) fills all of it.
    var occludesUnderOpaqueLayers = true
    /// The occluders of the frame being drawn (`prepareBands(for:)`), found once a frame
    /// and handed to every band; kept so that a frame allocates nothing for them.
    var occluders: [RenderList.Occluder] = []
    /// The tiles of tiled layers (§ 21), kept across frames.
    @_spi(Testing) public let tiles: TileCache

    /// How tiles of tiled layers missing from the cache are drawn (§ 21): `.complete` (the
    /// default: drawn before the frame, deterministic) or `.progressive` (for a live loop).
    public var tiledLayerDrawing = TiledLayerDrawing.complete
    /// The pixels of `shouldRasterize` subtrees (§ 17), drawn with this compositor.
    lazy var rasterization = RasterizationCache { [unowned self] list, bitmap in
        self.draw(list, into: &bitmap, clearingTo: .zero)
    }

    /// The first band's rasterizer (the whole frame's with one thread), for tests.
    var rasterizer: Rasterizer { rasterizers[0] }

    /// A compositor whose scratch memory stays within `scratchByteLimit` bytes per thread
    /// (for a caller with a memory budget, and for tests of the fallbacks): past it,
    /// groups and clips fall back as `Compositor.scratchByteLimit` describes, so a smaller
    /// limit can change the pixels of deeply nested groups, never fail. It draws with
    /// `threadCount` threads (clamped to 1…`maxThreadCount`), by default one per active
    /// processor.
    ///
    /// It keeps at most `tileCacheByteLimit` bytes of tiled layers' tiles (§ 21; by default
    /// 192 MiB, about 558 tiles of 256 × 256 with their mip chains), dropping the least
    /// recently used first.
    public init(
        scratchByteLimit: Int = Compositor.scratchByteLimit, threadCount: Int = Compositor.activeProcessorCount,
        tileCacheByteLimit: Int = Compositor.tileCacheByteLimit
    ) {
        tiles = TileCache(byteLimit: tileCacheByteLimit)
        scratchLimit = scratchByteLimit
        self.threadCount = Swift.min(Swift.max(threadCount, 1), Self.maxThreadCount)
        rasterizers = [Rasterizer(byteLimit: scratchByteLimit)]
    }

    /// Renders the trees under `roots` as they look at `time` (root time space: each root's
    /// presentation snapshot at `time`) onto `canvas`, in a new bitmap. Roots are painted
    /// back to front like siblings: by `zPosition`, then in the order given. A frame loop
    /// should keep one bitmap and use `render(_:at:on:into:)`, which allocates nothing.
    ///
    /// Throws `Bitmap.Error.invalidSize` when the canvas's pixel size is not in
    /// 1…`Bitmap.maxDimension` (16384) on both axes — zero, negative, NaN or infinite sizes
    /// or scales count as 0 — and `Bitmap.Error.allocationFailed` when its pixels cannot be
    /// allocated. Layers with geometry that cannot be drawn (a non-finite matrix, edge-on)
    /// are skipped with their sublayers; any depth of nesting is safe.
    ///
    /// Cost: proportional to the pixels each layer's bounds cover, plus one pass over each
    /// offscreen group and clip mask, shared among the threads; no allocation per pixel,
    /// row or layer once the scratch memory has grown to the scene.
    public func render(_ roots: [Layer], at time: Double, on canvas: Canvas) throws -> Bitmap {
        var bitmap = try Bitmap(uninitializedWidth: canvas.pixelWidth, height: canvas.pixelHeight)
        try render(roots, at: time, on: canvas, into: &bitmap)
        return bitmap
    }

    /// Renders the trees under `roots` at `time` onto `canvas` (as `render(_:at:on:)`) into
    /// `bitmap`, reusing its storage: the canvas is cleared to its background and drawn
    /// over. Once the bitmap has the canvas's size (it is replaced when it has not: a
    /// different size, or rows not `4 · width` bytes apart; storage shared with a copy is
    /// copied first) and the scratch memory has grown to the scene, a frame allocates
    /// nothing but its render list and, on more than one thread, the helpers' hand-off (one
    /// small object and a pool job a helper, asked for before the list is built so that the
    /// helpers are awake when the bands start: `BandCrew`).
    ///
    /// Throws as `render(_:at:on:)` does, leaving `bitmap` as it was.
    public func render(_ roots: [Layer], at time: Double, on canvas: Canvas, into bitmap: inout Bitmap) throws {
        let width = canvas.pixelWidth, height = canvas.pixelHeight
        if bitmap.width != width || bitmap.height != height || bitmap.bytesPerRow != 4 * width
            || bitmap.pixels.count != 4 * width * height
        {
            bitmap = try Bitmap(uninitializedWidth: width, height: height)
        }
        // The helper threads are asked for first: they wake while the list is built.
        let helpers = Swift.min(threadCount, height) - 1
        let crew = helpers > 0 ? BandCrew(helpers: helpers) : nil
        let list = renderList(roots, at: time, on: canvas)
        draw(list, into: &bitmap, clearingTo: canvas.background.map(SourceOver.bytes(of:)) ?? .zero, crew: crew)
    }

    /// The render list of the trees under `roots` at `time` on `canvas` (what `render`
    /// draws), for tests and tools. An invalid canvas (one `render` refuses) gives a list of
    /// size 0 × 0 whose items touch no pixels.
    public func renderList(_ roots: [Layer], at time: Double, on canvas: Canvas) -> RenderList {
        let valid = 1...Bitmap.maxDimension
        let (width, height) = valid.contains(canvas.pixelWidth) && valid.contains(canvas.pixelHeight)
            ? (canvas.pixelWidth, canvas.pixelHeight) : (0, 0)
        defer {
            images.endFrame()
            backingStores.endFrame()
            rasterization.endFrame()
            sprites.endFrame()
        }
        return RenderList(
            layers: roots.map { $0.presentation(at: time) }, pixelWidth: width, pixelHeight: height,
            scale: canvas.scale, origin: canvas.origin, image: images.image(_:mipmapped:),
            backingStore: backingStores.bitmap(_:), rasterization: rasterization, sprites: sprites,
            particleSprites: drawsParticlesAsSprites, tiles: tiles, tileDrawing: tiledLayerDrawing, time: time)
    }
}
