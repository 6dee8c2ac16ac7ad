import CadenceGeometry
import CadenceLayers

/// Composites layer trees into bitmaps: Core Animation's render server in software.
///
/// A frame is made in two steps: `renderList(_:at:on:)` takes each root's presentation
/// snapshot at the time and flattens the trees into a `RenderList` (matrices to pixels,
/// paint order, culling, opacity groups, clips); the rasterizer draws it, anti-aliased, in
/// premultiplied RGBA8 with source-over. `docs/compositor.md` describes every rule.
///
/// A class so that its scratch memory (offscreen groups, clip masks, row buffers) is kept
/// and reused from frame to frame. Not thread-safe: use one compositor per thread.
///
/// ```swift
/// let root = Layer()
/// root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
/// root.position = Point(x: 100, y: 50)
/// root.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
/// let frame = try Compositor().render([root], at: 0, on: Canvas(width: 200, height: 100))
/// let png = try PNGEncoder.encode(frame)
/// ```
public final class Compositor {
    /// The most scratch memory (offscreen groups and clip masks) in use at once, in bytes:
    /// 256 MiB. Past it, deeper groups fold their opacity into their layers and deeper
    /// clips are evaluated per draw (`docs/compositor.md`, "Limits"); nothing fails.
    public static let scratchByteLimit = 256 << 20

    let rasterizer: Rasterizer
    let images = ContentsImageCache()

    public init() {
        rasterizer = Rasterizer(byteLimit: Self.scratchByteLimit)
    }

    /// A compositor whose scratch memory stays within `scratchByteLimit` bytes (for a caller
    /// with a memory budget, and for tests of the fallbacks): past it, groups and clips
    /// fall back as `scratchByteLimit` describes, so a smaller limit can change the pixels
    /// of deeply nested groups, never fail.
    public init(scratchByteLimit: Int) {
        rasterizer = Rasterizer(byteLimit: scratchByteLimit)
    }

    /// Renders the trees under `roots` as they look at `time` (root time space: each root's
    /// presentation snapshot at `time`) onto `canvas`. Roots are painted back to front like
    /// siblings: by `zPosition`, then in the order given.
    ///
    /// Throws `Bitmap.Error.invalidSize` when the canvas's pixel size is not in
    /// 1…`Bitmap.maxDimension` (16384) on both axes — zero, negative, NaN or infinite sizes
    /// or scales count as 0. Layers with geometry that cannot be drawn (a non-finite matrix,
    /// edge-on) are skipped with their sublayers; any depth of nesting is safe.
    ///
    /// Cost: proportional to the pixels each layer's bounds cover, plus one pass over each
    /// offscreen group and clip mask; no allocation per pixel, row or layer once the
    /// scratch memory has grown to the scene.
    public func render(_ roots: [Layer], at time: Double, on canvas: Canvas) throws -> Bitmap {
        var bitmap = try Bitmap(
            width: canvas.pixelWidth, height: canvas.pixelHeight,
            fill: canvas.background.map(SourceOver.bytes(of:)) ?? .zero)
        let list = renderList(roots, at: time, on: canvas)
        let stride = bitmap.bytesPerRow
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            rasterizer.draw(list, into: pixels.baseAddress!, stride: stride)
        }
        return bitmap
    }

    /// The render list of the trees under `roots` at `time` on `canvas` (what `render`
    /// draws), for tests and tools. An invalid canvas (one `render` refuses) gives a list of
    /// size 0 × 0 whose items touch no pixels.
    public func renderList(_ roots: [Layer], at time: Double, on canvas: Canvas) -> RenderList {
        let valid = 1...Bitmap.maxDimension
        let (width, height) = valid.contains(canvas.pixelWidth) && valid.contains(canvas.pixelHeight)
            ? (canvas.pixelWidth, canvas.pixelHeight) : (0, 0)
        defer { images.endFrame() }
        return RenderList(
            layers: roots.map { $0.presentation(at: time) }, pixelWidth: width, pixelHeight: height,
            scale: canvas.scale, origin: canvas.origin, image: images.image(_:mipmapped:))
    }
}
