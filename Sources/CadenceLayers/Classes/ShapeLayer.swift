import CadenceGeometry

/// A layer that draws a path (Core Animation's `CAShapeLayer`): filled with `fillColor` by
/// `fillRule`, then stroked with `strokeColor`, in the layer's own coordinate space, above
/// its background and contents and below its sublayers and border. A shape layer draws the
/// path at the resolution of the frame (never from a cached bitmap), so it stays crisp when
/// scaled.
///
/// Every property has Core Animation's default and is key-value coded by its Core
/// Animation name; the numbers and colours animate implicitly like any animatable layer
/// property.
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
/// ring.path = Path(ellipseIn: Rect(x: 10, y: 10, width: 80, height: 80))
/// ring.fillColor = nil
/// ring.strokeColor = Color(red: 0.2, green: 0.5, blue: 1)
/// ring.lineWidth = 6
/// ring.strokeEnd = 0.25  // a quarter of the circle, by arc length
/// ```
public final class ShapeLayer: Layer {
    override class var defaultLayerClass: LayerClass { .shape }

    /// The path drawn, in the layer's coordinate space. Default `nil` (nothing drawn). Not
    /// read from the style.
    public var path: Path? {
        get { storage.shape.path }
        set {
            if transactionContext != nil { return changeRunningActions("path") { $0.storage.shape.path = newValue } }
            storage.shape.path = newValue
        }
    }

    /// The colour the path is filled with. Default opaque black; `nil` fills nothing.
    public var fillColor: Color? {
        get { self[.fillColor] }
        set { self[.fillColor] = newValue }
    }

    /// Which points the fill covers (`kCAFillRuleNonZero`, the default, or
    /// `kCAFillRuleEvenOdd`). Not animatable.
    public var fillRule: FillRule {
        get { storage.shape.fillRule }
        set { storage.shape.fillRule = newValue }
    }

    /// The colour the path is stroked with. Default `nil` (no stroke).
    public var strokeColor: Color? {
        get { self[.strokeColor] }
        set { self[.strokeColor] = newValue }
    }

    /// The stroke's width, in points. Default 1.
    public var lineWidth: Double {
        get { self[.lineWidth] }
        set { self[.lineWidth] = newValue }
    }

    /// The miter limit of `.miter` joins (the longest miter, in line widths). Default 10.
    public var miterLimit: Double {
        get { self[.miterLimit] }
        set { self[.miterLimit] = newValue }
    }

    /// The shape of the stroke's open ends. Default `.butt`. Not animatable.
    public var lineCap: LineCap {
        get { storage.shape.lineCap }
        set { storage.shape.lineCap = newValue }
    }

    /// The shape of the stroke's corners. Default `.miter`. Not animatable.
    public var lineJoin: LineJoin {
        get { storage.shape.lineJoin }
        set { storage.shape.lineJoin = newValue }
    }

    /// The dash pattern: lengths of dashes and gaps, alternately, in points. Default `nil`
    /// (a solid stroke). Not animatable (Core Animation's isn't either).
    public var lineDashPattern: [Double]? {
        get { storage.shape.lineDashPattern }
        set { storage.shape.lineDashPattern = newValue }
    }

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animating it
    /// makes the dashes march.
    public var lineDashPhase: Double {
        get { self[.lineDashPhase] }
        set { self[.lineDashPhase] = newValue }
    }

    /// Where the stroke starts along the path, as a fraction of its length. Default 0.
    public var strokeStart: Double {
        get { self[.strokeStart] }
        set { self[.strokeStart] = newValue }
    }

    /// Where the stroke ends along the path, as a fraction of its length. Default 1.
    /// Animating it from 0 to 1 draws the line.
    public var strokeEnd: Double {
        get { self[.strokeEnd] }
        set { self[.strokeEnd] = newValue }
    }
}

/// The stored properties of a shape layer, with Core Animation's defaults
/// (`LayerStorage.shape`).
struct ShapeLayerValues {
    var path: Path? = nil
    var fillColor: Color? = .black
    var fillRule = FillRule.nonZero
    var strokeColor: Color? = nil
    var lineWidth = 1.0
    var miterLimit = 10.0
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var lineDashPattern: [Double]? = nil
    var lineDashPhase = 0.0
    var strokeStart = 0.0
    var strokeEnd = 1.0
}
