import CadenceGeometry
import CadencePixels

/// A Core Graphics–style immediate-mode drawing context (`CGContext`'s drawing calls): what
/// a layer's `draw(in:)` and its delegate's `draw(_:in:)` draw into.
///
/// Two kinds conform. The compositor's `GraphicsContext` paints pixels at once. The context
/// a layer hands to its drawing while it displays (`Layer.display()`) records the calls into
/// a `DisplayList`, the layer's backing store, which the compositor later paints through a
/// `GraphicsContext` at the layer's `contentsScale` — so drawing code written against this
/// protocol draws the same either way.
///
/// **Space.** User space is y down (a layer's bounds: the origin at the top left of the
/// bounds' origin, one unit a point); `ctm` maps it to the device (pixels, or for a
/// recording the layer's points scaled by its `contentsScale`). Core Graphics' bitmap
/// contexts are y up; Cadence's user space is y down throughout.
///
/// **Graphics state** (`saveGState()` / `restoreGState()`): the transform, the clip, the
/// fill and stroke colours, the stroke style and the global `alpha`, with Core Graphics'
/// defaults (opaque black, width 1, butt caps, miter joins, limit 10, no dashes, alpha 1).
///
/// **Bad input** draws nothing and never traps: a path with a non-finite coordinate, a
/// singular or non-finite transform, a stroke width that is not finite and positive
/// (`GraphicsContext` states each rule).
///
/// The requirements are the primitive calls; the conveniences (`translateBy(x:y:)`,
/// `fill(_:)` of a rectangle, `lineWidth`, …) are built on them in an extension.
/// Class-bound: drawing code holds the context and changes its state through it.
public protocol DrawingContext: AnyObject {
    /// Pushes a copy of the graphics state (`CGContextSaveGState`).
    func saveGState()
    /// Pops the state saved last (`CGContextRestoreGState`); without one, nothing.
    func restoreGState()
    /// The fill colour (unpremultiplied). Default opaque black.
    var fillColor: Color { get set }
    /// The stroke colour (unpremultiplied). Default opaque black.
    var strokeColor: Color { get set }
    /// The global alpha every drawing is multiplied by (`CGContextSetAlpha`), clamped to
    /// 0…1 when drawing. Default 1.
    var alpha: Double { get set }
    /// The stroke style: width, caps, joins, miter limit, dashes.
    var strokeStyle: StrokeStyle { get set }
    /// User space to device space (`CGContextGetCTM`).
    var ctm: AffineTransform { get }
    /// Applies `transform` to user space before the current transform
    /// (`CGContextConcatCTM`).
    func concatenate(_ transform: AffineTransform)
    /// Fills `path` with `fillColor` under `rule` (`CGContextFillPath`, `…EOFillPath`).
    func fill(_ path: Path, rule: FillRule)
    /// Strokes `path` with `strokeColor` and `strokeStyle` (`CGContextStrokePath`).
    func stroke(_ path: Path)
    /// Intersects the clip with `path` filled under `rule` (`CGContextClip`).
    func clip(to path: Path, rule: FillRule)
    /// Fills the clip with `gradient` along `start` → `end` (`CGContextDrawLinearGradient`).
    func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions)
    /// Fills the clip with `gradient` between two circles (`CGContextDrawRadialGradient`).
    func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions)
    /// Draws `image` stretched over `rect`, row 0 at the rectangle's minimum y
    /// (`CGContextDrawImage`), sampled with `filter`.
    func draw(_ image: Bitmap, in rect: Rect, filter: ContentsFilter)
    /// A rectangle in user space outside which nothing is drawn
    /// (`CGContextGetClipBoundingBox`): the box of the clip's device bounds mapped back
    /// through `ctm`. What a tiled layer's drawing reads to draw only its tile. A context
    /// that does not know its clip, or whose `ctm` cannot be inverted, answers the infinite
    /// rectangle (`Rect.infiniteClip`: Core Graphics' `CGRectInfinite`, finite numbers that
    /// span every double, so intersecting with it gives the other rectangle back).
    var clipBoundingBox: Rect { get }
}

extension DrawingContext {
    /// No clip known: the infinite rectangle.
    public var clipBoundingBox: Rect { Rect.infiniteClip }
}

extension Rect {
    /// The rectangle a context without a known clip answers for `clipBoundingBox`: Core
    /// Graphics' `CGRectInfinite` — origin minus half the greatest finite double (about
    /// −8.988e307), size the greatest finite double — finite,
    /// so its `maxX`, `midX` and intersections are numbers (an origin of −∞ with a size of
    /// ∞ would give a `maxX` of −∞ and a `midX` of NaN, and intersect to nothing).
    package static let infiniteClip = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    /// The box, in user space, of `device` (a device-space rectangle) under the inverse of
    /// `ctm`; `infiniteClip` when `ctm` cannot be inverted or the box is not finite (or
    /// reaches past it).
    package static func clipBox(of device: Rect, under ctm: AffineTransform) -> Rect {
        guard let inverse = ctm.inverse else { return infiniteClip }
        let box = Transform3D(inverse).boundingBox(of: device)
        return box.isFiniteValue && box.width <= infiniteClip.width && box.height <= infiniteClip.height
            ? box : infiniteClip
    }
}

extension DrawingContext {
    /// The stroke's width in user space (`CGContextSetLineWidth`).
    public var lineWidth: Double {
        get { strokeStyle.lineWidth }
        set { strokeStyle.lineWidth = newValue }
    }

    /// The shape of open ends (`CGContextSetLineCap`).
    public var lineCap: LineCap {
        get { strokeStyle.lineCap }
        set { strokeStyle.lineCap = newValue }
    }

    /// The shape of corners (`CGContextSetLineJoin`).
    public var lineJoin: LineJoin {
        get { strokeStyle.lineJoin }
        set { strokeStyle.lineJoin = newValue }
    }

    /// The miter limit (`CGContextSetMiterLimit`).
    public var miterLimit: Double {
        get { strokeStyle.miterLimit }
        set { strokeStyle.miterLimit = newValue }
    }

    /// Sets the dash pattern (`CGContextSetLineDash`); an empty pattern is a solid line.
    public func setLineDash(phase: Double, lengths: [Double]) {
        strokeStyle.dashPattern = lengths
        strokeStyle.dashPhase = phase
    }

    /// Moves the origin of user space by `(x, y)` (`CGContextTranslateCTM`).
    public func translateBy(x: Double, y: Double) { concatenate(AffineTransform(translationX: x, y: y)) }

    /// Scales user space (`CGContextScaleCTM`).
    public func scaleBy(x: Double, y: Double) { concatenate(AffineTransform(scaleX: x, y: y)) }

    /// Rotates user space by `angle` radians, from +x towards +y (`CGContextRotateCTM`).
    public func rotate(by angle: Double) { concatenate(AffineTransform(rotationAngle: angle)) }

    /// Fills `path` under the non-zero rule.
    public func fill(_ path: Path) { fill(path, rule: .nonZero) }

    /// Fills `rect` (`CGContextFillRect`).
    public func fill(_ rect: Rect) { fill(Path(rect: rect), rule: .nonZero) }

    /// Strokes the outline of `rect` (`CGContextStrokeRect`).
    public func stroke(_ rect: Rect) { stroke(Path(rect: rect)) }

    /// Intersects the clip with `path` under the non-zero rule.
    public func clip(to path: Path) { clip(to: path, rule: .nonZero) }

    /// Intersects the clip with `rect` (`CGContextClipToRect`).
    public func clip(to rect: Rect) { clip(to: Path(rect: rect), rule: .nonZero) }

    /// A linear gradient that paints only between its ends.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point) {
        drawLinearGradient(gradient, start: start, end: end, options: [])
    }

    /// Draws `image` over `rect` with the linear filter.
    public func draw(_ image: Bitmap, in rect: Rect) { draw(image, in: rect, filter: .linear) }
}
