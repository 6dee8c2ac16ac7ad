import CadenceGeometry
import CadencePixels

/// An immediate-mode 2D drawing context over a `Bitmap` (Core Graphics' `CGContext` for a
/// bitmap): fill, stroke and clip paths, draw gradients and images, each call composited
/// at once onto the bitmap's premultiplied RGBA8 pixels.
///
/// **Space.** User space maps to pixels through the current transform (`ctm`): pixel
/// `(i, j)` covers `i ..< i + 1` × `j ..< j + 1` with y down (row 0 at the top), as every
/// `Bitmap` and a layer's bounds. The transform starts as the identity — one unit a pixel —
/// unless `init(bitmap:transform:)` gives another (a layer's backing store at
/// `contentsScale` 2 starts with `AffineTransform(scaleX: 2, y: 2)`). Core Graphics'
/// bitmap contexts are y up; Cadence's user space is y down throughout.
///
/// **Graphics state** (`saveGState()` / `restoreGState()`): the transform, the clip, the
/// fill and stroke colours, the stroke style (`lineWidth`, `lineCap`, `lineJoin`,
/// `miterLimit`, `setLineDash(phase:lengths:)`) and the global `alpha`. The defaults are
/// Core Graphics': opaque black fill and stroke, width 1, butt caps, miter joins, limit
/// 10, no dashes, alpha 1, no clip.
///
/// **Pixels.** Each fill, stroke, gradient or image is one layer of coverage: the exact
/// area of each pixel the shape covers (`docs/compositor.md` § 15), times the clip's
/// coverage, times `alpha`, weighs the paint composited source-over with the compositor's
/// kernels (integer arithmetic, rounded once; § 4). Colours are unpremultiplied,
/// components clamped to 0…1 (NaN as 0).
///
/// **Bad input** draws nothing, never traps: a path with a NaN or infinite coordinate (the
/// whole path is refused), a transform that is not finite or is singular, a stroke width
/// that is not finite and positive, a stroke whose outline passes
/// `Path.maxStrokePoints`. See `docs/compositor.md` § 15 for the rest.
///
/// **Cost.** Proportional to the flattened edges plus the pixels of the shape's bounding
/// box within the clip; the coverage of at most 2²⁰ pixels is held at once (bands of rows),
/// and all buffers are reused from call to call. Not thread-safe: one context per thread.
///
/// ```swift
/// let context = try GraphicsContext(width: 64, height: 64)
/// context.fillColor = Color(red: 1, green: 0, blue: 0)
/// context.fill(Path(ellipseIn: Rect(x: 8, y: 8, width: 48, height: 48)))
/// context.strokeColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
/// context.lineWidth = 4
/// context.lineJoin = .round
/// context.stroke(Path(rect: Rect(x: 4, y: 4, width: 56, height: 56)))
/// let centre = context.bitmap[32, 32]  // opaque red: (255, 0, 0, 255)
/// ```
public final class GraphicsContext {
    /// The pixels drawn into.
    public internal(set) var bitmap: Bitmap

    /// The graphics state in force, and the saved ones under it.
    var state: GraphicsState
    private var saved: [GraphicsState] = []

    /// Reusable memory: the shape's polygons in pixels, the coverage rows, a row of
    /// colours and bytes, a gradient's table, the path flattener's workspace.
    var polygons = PolygonSet()
    var outline = PolygonSet()
    let coverageRows = CoverageRows()
    var colors: [Float] = []
    var bytes: [UInt8] = []
    /// A gradient's table (`GradientTable`), kept for the next gradient.
    var gradientWords: [UInt32] = []
    let pathWorkspace = PathCoverage.Workspace()

    /// Whether coverage is corrected where a shape overlaps itself (`OverlapCorrection`):
    /// `true` (the default) draws overlapping strokes and fills right at some cost; `false`
    /// keeps the exact-area accumulation alone (for tests and measurements).
    var correctsOverlaps = true

    /// The most pixels whose coverage is held at once (2²⁰ `Float`s, 4 MiB): taller shapes
    /// are drawn in bands of rows (`CoverageRows`).
    static let coverageLimit = CoverageRows.defaultLimit
    /// The most saved states (2¹⁶); `saveGState()` past it does nothing (and the matching
    /// `restoreGState()` then restores an older state).
    public static let maxSavedStates = 1 << 16

    /// A context drawing into `bitmap`, whose user space maps to pixels through `transform`.
    public init(bitmap: Bitmap, transform: AffineTransform = .identity) {
        self.bitmap = bitmap
        state = GraphicsState(ctm: transform, clip: PixelRect(width: bitmap.width, height: bitmap.height))
    }

    /// A context over a new transparent bitmap of `width × height` pixels; throws
    /// `Bitmap.Error` as `Bitmap(width:height:fill:)` does.
    public convenience init(width: Int, height: Int) throws {
        self.init(bitmap: try Bitmap(width: width, height: height))
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (`CGContextSaveGState`).
    public func saveGState() {
        guard saved.count < Self.maxSavedStates else { return }
        saved.append(state)
    }

    /// Pops the graphics state saved last (`CGContextRestoreGState`); without one it does
    /// nothing (Core Graphics logs an error and does nothing too).
    public func restoreGState() {
        if let top = saved.popLast() { state = top }
    }

    /// The fill colour (unpremultiplied). Default opaque black.
    public var fillColor: Color {
        get { state.fillColor }
        set { state.fillColor = newValue }
    }

    /// The stroke colour (unpremultiplied). Default opaque black.
    public var strokeColor: Color {
        get { state.strokeColor }
        set { state.strokeColor = newValue }
    }

    /// The global alpha every drawing is multiplied by (`CGContextSetAlpha`), clamped to
    /// 0…1 when drawing (NaN as 0). Default 1.
    public var alpha: Double {
        get { state.alpha }
        set { state.alpha = newValue }
    }

    /// The whole stroke style (`StrokeStyle`); the properties below are its parts.
    public var strokeStyle: StrokeStyle {
        get { state.stroke }
        set { state.stroke = newValue }
    }

    // `lineWidth`, `lineCap`, `lineJoin`, `miterLimit` and `setLineDash(phase:lengths:)`
    // come from `DrawingContext`, over `strokeStyle` (see `StrokeStyle` for the values).

    // MARK: The current transform

    /// User space to pixels (`CGContextGetCTM`).
    public var ctm: AffineTransform { state.ctm }

    /// The clip's pixel bounds mapped back to user space (`CGContextGetClipBoundingBox`):
    /// at first the bitmap's; the infinite rectangle when `ctm` cannot be inverted.
    public var clipBoundingBox: Rect {
        let c = state.clip
        return Rect.clipBox(of: Rect(x: Double(c.minX), y: Double(c.minY), width: Double(c.width), height: Double(c.height)),
                            under: state.ctm)
    }

    // `translateBy(x:y:)`, `scaleBy(x:y:)` and `rotate(by:)` come from `DrawingContext`,
    // through `concatenate(_:)`.

    /// Applies `transform` to user space before the current transform
    /// (`CGContextConcatCTM`): a point `p` now reaches pixels as `ctm.apply(to:
    /// transform.apply(to: p))`.
    public func concatenate(_ transform: AffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }
}

/// What `saveGState()` saves.
struct GraphicsState {
    var ctm: AffineTransform
    /// Nothing outside `clip` is drawn; inside it, weights are multiplied by `mask` when
    /// there is one.
    var clip: PixelRect
    var mask: ClipMask?
    var fillColor = Color(red: 0, green: 0, blue: 0)
    var strokeColor = Color(red: 0, green: 0, blue: 0)
    var stroke = StrokeStyle()
    var alpha = 1.0

    init(ctm: AffineTransform, clip: PixelRect) {
        self.ctm = ctm
        self.clip = clip
    }

    /// User space to pixels as the rasterizer's plane map.
    var map: PlaneMap { PlaneMap(Transform3D(ctm)) }

    /// `alpha` clamped to 0…1, NaN as 0.
    var weight: Float { alpha > 0 ? Float(Swift.min(alpha, 1)) : 0 }
}

/// A clip's coverage, one byte a pixel (255 inside) over `rect`, zero when made; written
/// once by `clip(to:rule:)`, then only read, so saved states share it.
final class ClipMask {
    let rect: PixelRect
    let base: UnsafeMutablePointer<UInt8>

    init(rect: PixelRect) {
        self.rect = rect
        base = .allocate(capacity: Swift.max(1, rect.area))
        base.initialize(repeating: 0, count: Swift.max(1, rect.area))
    }

    deinit { base.deallocate() }

    /// The byte of pixel `(x, y)`, which must be in `rect`.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + (y - rect.minY) * rect.width + (x - rect.minX)
    }
}
