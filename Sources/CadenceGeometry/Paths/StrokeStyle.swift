/// How a path is stroked: the line's width, the shape of its ends and corners, and its
/// dashes (Core Graphics' stroke parameters, `CAShapeLayer`'s line properties).
///
/// Lengths are in the path's own units (user space); the drawing context's transform then
/// maps the outline, so a non-uniform scale draws an elliptical pen, as in Core Graphics.
///
/// - `lineWidth`: the full width, centred on the path. Default 1. A width that is not
///   finite and positive (0, negative, NaN, ±∞) strokes nothing. (Core Graphics, like
///   PostScript, draws width 0 as the thinnest line the device can show — a hairline;
///   Cadence does not draw hairlines.)
/// - `lineCap`, `lineJoin`: default `.butt` and `.miter`, as in Core Graphics.
/// - `miterLimit`: a corner is mitred while the miter's length divided by the line width,
///   `1 / sin(φ/2)` for an angle `φ` between the two segments, is at most this; past it
///   (and for a NaN limit, or one below 1) the corner is bevelled. Default 10.
/// - `dashPattern`: alternating lengths of dashes and gaps, starting with a dash; an odd
///   count is repeated once to make it even (Core Graphics, PostScript, SVG). The pattern
///   is ignored — a solid line — when it is empty, holds a negative or non-finite length,
///   or sums to 0 (cairo refuses these; Core Graphics draws the solid line too).
/// - `dashPhase`: how far into the pattern the path's start is (negative values count
///   back from the pattern's end; NaN and ±∞ read as 0).
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dashPattern: [Double]
    public var dashPhase: Double

    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dashPattern: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }

    /// Whether the stroke draws anything: a finite, positive width.
    @inlinable
    public var drawsAnything: Bool { lineWidth > 0 && lineWidth.isFinite }

    /// The dash pattern the stroker uses — even-length (an odd one repeated), all lengths
    /// finite and non-negative with a positive sum — or `nil` for a solid line.
    public var effectiveDashPattern: [Double]? {
        guard !dashPattern.isEmpty, dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let pattern = dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
        let sum = pattern.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        return pattern
    }
}

/// The shape of an open subpath's ends and of a dash's ends (Core Graphics' `CGLineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke ends square at the end point.
    case butt
    /// A half disc of the line's width centred on the end point.
    case round
    /// A half square: the stroke goes on by half its width past the end point.
    case square
}

/// The shape of the outside of a corner between two segments (Core Graphics'
/// `CGLineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges extended to meet, while the miter limit allows; bevelled past it.
    case miter
    /// A circular arc of the line's half width centred on the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// Which points a filled path covers (Core Graphics' `CGPathFillRule`, `CAShapeLayer`'s
/// `fillRule`).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Points whose winding number is not 0 (`kCAFillRuleNonZero`, the default).
    case nonZero
    /// Points whose winding number is odd (`kCAFillRuleEvenOdd`).
    case evenOdd
}

/// Why a path could not be stroked.
public enum StrokeError: Error, Hashable, Sendable {
    /// The outline would need more than `Path.maxStrokePoints` points (a path of millions
    /// of segments, or a dash pattern far finer than the path is long).
    case tooComplex(limit: Int)
    /// The flattening tolerance is not finite and positive.
    case invalidTolerance(Double)
}
