import CadenceGeometry

/// The pacing of an animation: a cubic Bézier curve from (0, 0) to (1, 1) that maps input
/// progress `x` (normalised time inside one iteration) to output progress `y`
/// (Core Animation's `CAMediaTimingFunction`).
///
/// The curve's control points are `[(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]`.
/// - x control points are clamped to 0…1 when stored, as Core Animation's storage does, so
///   the curve is always a function of `x` (its x coordinate never turns back).
///   ±∞ clamps to the nearer end. y control points are free: outside 0…1 the curve
///   overshoots.
/// - A NaN or infinite y control point, or a NaN x control point, has no curve: the function
///   is then `linear` (its control points read back as linear's).
/// - Control points are stored as `Double`; Core Animation stores `Float`, so a curve built
///   from `Float` literals there can differ from this one in the 8th digit.
///
/// Evaluation (`progress(at:)`) clamps its input to 0…1 as Core Animation does;
/// `extrapolatedProgress(at:)` continues along the end tangents instead (CSS Easing
/// Level 1). Accuracy, monotonicity, cost and the solver are documented on
/// `progress(at:)` (within 4.6e-13, monotone) and `correctlyRoundedProgress(at:)` (the
/// nearest double); memory and construction on `init(controlPoints:_:_:_:)`.
///
/// ```swift
/// let ease = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)  // the default curve
/// let y = ease.progress(at: 0.5)                                 // 0.8024…
/// let exact = ease.correctlyRoundedProgress(at: 0.5)             // the last bit too
/// let slope = ease.velocity(at: 0.5)                             // dy/dx, for a hand-off
/// ```
public struct TimingFunction: Sendable {
    /// The first control point's x, clamped to 0…1.
    public let c1x: Double
    /// The first control point's y.
    public let c1y: Double
    /// The second control point's x, clamped to 0…1.
    public let c2x: Double
    /// The second control point's y.
    public let c2y: Double

    /// The solver's table for a curved function, shared by copies; `nil` for `y = x`
    /// (both control points on the diagonal), which `progress(at:)` returns as is.
    @usableFromInline let table: Table?

    /// Creates a timing function from its two control points.
    ///
    /// See the type's documentation for how out-of-range and non-finite values are stored.
    /// - Memory: a `TimingFunction` is 40 bytes (the four control points and one
    ///   reference); a curved one also owns its table (`Table`), 1,904 bytes in one block
    ///   plus a 32-byte object, so about 1.9 KiB (10,000 custom curves: about 19.4 MB). A
    ///   curve whose guess polynomial needs two Newton steps or cannot follow the curve (a
    ///   steep middle, such as (0.9, 0, 0.1, 1)), on halves that both leave at an angle,
    ///   keeps a piecewise guess instead of the scalar path's copy of its guess
    ///   polynomials when its pieces need fewer steps: 128 bytes and 144 a piece in that
    ///   copy's place, less its 256, at most 16 pieces (4,080 bytes plus the object, at most 41 MB for
    ///   10,000 such curves; (0.9, 0, 0.1, 1) keeps 10: 3,216 bytes). A copy shares the
    ///   table: one reference count, no allocation. `y = x` has no table.
    /// - Cost: a curved function solves 32 table nodes, fits the fast path's guess
    ///   polynomials by least squares and bounds their errors per binade of the input:
    ///   about 12–15 µs on the benchmark machine; a curve with the piecewise guess also
    ///   fits its pieces on both halves (16 systems of 8 × 8, and 4 more for each halving
    ///   next to a steep middle, at most 48) and bounds them, about 34 µs for
    ///   (0.9, 0, 0.1, 1). The work is fixed (no
    ///   iteration depends on the curve beyond bounded solves). Construct once and reuse;
    ///   the named functions are built once.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        let finite = !c1x.isNaN && !c2x.isNaN && c1y.isFinite && c2y.isFinite
        let p1x = finite ? Swift.min(Swift.max(c1x, 0), 1) : 0
        let p1y = finite ? c1y : 0
        let p2x = finite ? Swift.min(Swift.max(c2x, 0), 1) : 1
        let p2y = finite ? c2y : 1
        self.c1x = p1x
        self.c1y = p1y
        self.c2x = p2x
        self.c2y = p2y
        table = p1x == p1y && p2x == p2y ? nil : Table(p1x, p1y, p2x, p2y)
    }

    /// Control point `index` (0…3) of the curve: (0, 0), c1, c2, (1, 1).
    ///
    /// Indices outside 0…3 return `nil` (Core Animation leaves them undefined).
    public func controlPoint(at index: Int) -> Point? {
        switch index {
        case 0: return Point(x: 0, y: 0)
        case 1: return Point(x: c1x, y: c1y)
        case 2: return Point(x: c2x, y: c2y)
        case 3: return Point(x: 1, y: 1)
        default: return nil
        }
    }

    /// The four numbers `[c1x, c1y, c2x, c2y]`, as stored.
    public var controlPoints: [Double] { [c1x, c1y, c2x, c2y] }
}

// MARK: - Named functions

extension TimingFunction {
    /// The names Core Animation gives its predefined functions.
    public enum Name: String, CaseIterable, Sendable, Codable {
        case linear
        case easeIn
        case easeOut
        case easeInEaseOut
        case `default`
    }

    /// `kCAMediaTimingFunctionLinear`: (0, 0), (1, 1).
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0), (1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0), (0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1), (0.25, 1).
    ///
    /// Apple's reference prints the control points as (0.25, 0.1), (0.25, 0.1); that is a
    /// known misprint. The curve Core Animation actually uses, and this one, is
    /// (0.25, 0.1), (0.25, 1.0) — the same curve as CSS's `ease`.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The predefined function with the given name (`functionWithName:`).
    public init(named name: Name) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }
}

// MARK: - Equality and description

extension TimingFunction: Hashable {
    /// Two timing functions are equal when their stored control points are equal.
    public static func == (a: TimingFunction, b: TimingFunction) -> Bool {
        a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }
}

extension TimingFunction: CustomStringConvertible {
    public var description: String {
        for name in Name.allCases where TimingFunction(named: name) == self {
            return name.rawValue
        }
        return "cubicBezier(\(c1x), \(c1y), \(c2x), \(c2y))"
    }
}
