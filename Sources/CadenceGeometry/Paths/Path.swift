/// A sequence of lines and Bézier curves grouped into subpaths (Core Graphics' `CGPath`).
///
/// A path is a list of `elements`: move-tos that start subpaths, line, quadratic and cubic
/// segments that continue them, and closes that join a subpath's current point back to
/// its start. It is a plain value: copying is cheap (copy-on-write storage) and two paths
/// are equal when their elements are equal, coordinate for coordinate.
///
/// - Invariant: a non-empty path's first element is always a `moveTo`. The builder keeps
///   it so: a line or curve added while the path has no current point is preceded by an
///   implicit `moveTo(.zero)` (Skia's rule; Core Graphics logs an error and drops the
///   element instead). A close with no current point does nothing.
/// - Coordinates: `Double`, in the y-down space of `Point`. The builder stores what it is
///   given, NaN and ±∞ included (`isFinite` tells); measurements of such a path follow
///   IEEE arithmetic, as each one documents. The SVG parser never produces one.
/// - Cost: each builder call appends one element, amortised O(1).
///
/// ```swift
/// var p = Path()
/// p.move(to: Point(0, 0))
/// p.addLine(to: Point(100, 0))
/// p.addCurve(to: Point(100, 100), control1: Point(150, 0), control2: Point(150, 100))
/// p.closeSubpath()
/// let count = p.segments.count  // 3: the line, the curve, and the closing line back to (0, 0)
/// ```
public struct Path: Sendable {
    /// One drawing command of a path (Core Graphics' `CGPathElement`).
    ///
    /// Each case but `closeSubpath` carries its end point last; curves carry their control
    /// points first, in drawing order. The start of a line or curve is the current point
    /// left by the element before it.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case moveTo(Point)
        /// A straight line from the current point.
        case lineTo(Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurveTo(control: Point, end: Point)
        /// A cubic Bézier curve from the current point.
        case curveTo(control1: Point, control2: Point, end: Point)
        /// Closes the current subpath: a line back to its start when the current point is
        /// elsewhere. Afterwards the current point is the subpath's start.
        case closeSubpath

        /// The point the element leaves as the current point, or `nil` for `closeSubpath`
        /// (whose end is the start of its subpath, which the element alone does not know).
        @inlinable
        public var endPoint: Point? {
            switch self {
            case .moveTo(let p), .lineTo(let p): return p
            case .quadCurveTo(_, let p), .curveTo(_, _, let p): return p
            case .closeSubpath: return nil
            }
        }
    }

    /// The path's elements, in the order they were added.
    public private(set) var elements: [Element]

    /// The end of the last element: where the next line or curve starts; `nil` while the
    /// path is empty. After `closeSubpath()` it is the start of the closed subpath.
    public private(set) var currentPoint: Point?

    /// The start of the current subpath (its move-to point); `nil` while the path is empty.
    @usableFromInline private(set) var subpathStart: Point?

    /// An empty path.
    public init() {
        elements = []
        currentPoint = nil
        subpathStart = nil
    }

    /// A path made by replaying `elements` through the builder, so the invariants hold: a
    /// leading line or curve gets an implicit `moveTo(.zero)`, and a leading close is
    /// dropped. Cost: O(n).
    public init<S: Sequence>(elements: S) where S.Element == Element {
        self.init()
        for element in elements { append(element) }
    }

    /// `true` when the path has no elements.
    @inlinable
    public var isEmpty: Bool { elements.isEmpty }

    /// `true` when every coordinate of every element is finite (neither NaN nor ±∞).
    /// Cost: O(n).
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .moveTo(let p), .lineTo(let p): return p.x.isFinite && p.y.isFinite
            case .quadCurveTo(let c, let p):
                return c.x.isFinite && c.y.isFinite && p.x.isFinite && p.y.isFinite
            case .curveTo(let c1, let c2, let p):
                return c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite
                    && p.x.isFinite && p.y.isFinite
            case .closeSubpath: return true
            }
        }
    }
}

// MARK: - Building

extension Path {
    /// Starts a new subpath at `point` (`CGPathMoveToPoint`).
    ///
    /// Consecutive move-tos are all kept, as elements; only the last one starts a subpath
    /// that later elements continue. A move-to is never a segment.
    public mutating func move(to point: Point) {
        elements.append(.moveTo(point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a straight line from the current point to `point` (`CGPathAddLineToPoint`).
    /// With no current point the path first moves to `.zero`.
    public mutating func addLine(to point: Point) {
        ensureCurrentPoint()
        elements.append(.lineTo(point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier curve from the current point to `end`, pulled towards
    /// `control` (`CGPathAddQuadCurveToPoint`). With no current point the path first moves
    /// to `.zero`.
    public mutating func addQuadCurve(to end: Point, control: Point) {
        ensureCurrentPoint()
        elements.append(.quadCurveTo(control: control, end: end))
        currentPoint = end
    }

    /// Adds a cubic Bézier curve from the current point to `end` with control points
    /// `control1` and `control2` (`CGPathAddCurveToPoint`). With no current point the path
    /// first moves to `.zero`.
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        ensureCurrentPoint()
        elements.append(.curveTo(control1: control1, control2: control2, end: end))
        currentPoint = end
    }

    /// Adds connected lines through `points` (`CGMutablePath.addLines(between:)`): a move
    /// to the first point, then a line to each of the others. No points add nothing.
    /// Cost: one element per point.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Closes the current subpath (`CGPathCloseSubpath`): a straight line back to the
    /// subpath's start if the current point is elsewhere; the current point becomes that
    /// start. Does nothing on an empty path. A line or curve added after a close continues
    /// from the closed subpath's start, as in Core Graphics and SVG.
    public mutating func closeSubpath() {
        guard let start = subpathStart else { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Appends one element through the builder (see `init(elements:)`).
    public mutating func append(_ element: Element) {
        switch element {
        case .moveTo(let p): move(to: p)
        case .lineTo(let p): addLine(to: p)
        case .quadCurveTo(let c, let p): addQuadCurve(to: p, control: c)
        case .curveTo(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    private mutating func ensureCurrentPoint() {
        if currentPoint == nil { move(to: .zero) }
    }
}

// MARK: - Equality

extension Path: Hashable {
    /// Two paths are equal when their elements are equal, coordinates compared with `==`
    /// (so two paths built with a NaN coordinate are unequal, as NaNs are).
    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension Path: CustomStringConvertible {
    /// The path as SVG path data (`svgPathData`).
    public var description: String { svgPathData }
}
