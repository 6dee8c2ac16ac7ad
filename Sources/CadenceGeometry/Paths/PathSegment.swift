/// One drawable piece of a path: a line, a quadratic or a cubic Bézier curve, with its
/// start point resolved.
///
/// `Path.segments` produces them; a keyframe animation along a path uses each segment's
/// `end` as a keyframe. The curve is `B(t)` for the Bézier parameter `t` in 0…1, with
/// `B(0) = start` and `B(1) = end` exactly.
///
/// Points and vectors are both `Point`s (as in Core Graphics); a derivative or a tangent
/// is a vector in points per unit of `t`.
public enum PathSegment: Hashable, Sendable {
    /// A straight line.
    case line(from: Point, to: Point)
    /// A quadratic Bézier curve.
    case quadCurve(from: Point, control: Point, to: Point)
    /// A cubic Bézier curve.
    case cubicCurve(from: Point, control1: Point, control2: Point, to: Point)

    /// The segment's first point, `B(0)`.
    @inlinable
    public var start: Point {
        switch self {
        case .line(let p, _), .quadCurve(let p, _, _), .cubicCurve(let p, _, _, _): return p
        }
    }

    /// The segment's last point, `B(1)`.
    @inlinable
    public var end: Point {
        switch self {
        case .line(_, let p), .quadCurve(_, _, let p), .cubicCurve(_, _, _, let p): return p
        }
    }

    /// The defining points in order: 2 for a line, 3 for a quadratic, 4 for a cubic.
    public var controlPoints: [Point] {
        switch self {
        case .line(let p0, let p1): return [p0, p1]
        case .quadCurve(let p0, let p1, let p2): return [p0, p1, p2]
        case .cubicCurve(let p0, let p1, let p2, let p3): return [p0, p1, p2, p3]
        }
    }
}

// MARK: - Evaluation

extension PathSegment {
    /// The point `B(t)` at Bézier parameter `t` (unitless).
    ///
    /// - Range: `t` in 0…1 runs from `start` to `end`, both exact; outside it the
    ///   polynomial is extrapolated (no clamping). NaN gives NaN.
    /// - Accuracy: the Bernstein form, a few ulps of the largest coordinate.
    /// - Cost: a handful of multiply-adds, no allocation.
    @inlinable
    public func point(at t: Double) -> Point {
        let s = 1 - t
        switch self {
        case .line(let p0, let p1):
            if t == 1 { return p1 }
            return PathSegment._p(s * PathSegment._v(p0) + t * PathSegment._v(p1))
        case .quadCurve(let p0, let p1, let p2):
            if t == 1 { return p2 }
            let a = s * s
            let b = 2 * s * t
            let c = t * t
            return PathSegment._p(a * PathSegment._v(p0) + b * PathSegment._v(p1) + c * PathSegment._v(p2))
        case .cubicCurve(let p0, let p1, let p2, let p3):
            if t == 1 { return p3 }
            let a = s * s * s
            let b = 3 * s * s * t
            let c = 3 * s * t * t
            let d = t * t * t
            return PathSegment._p(
                a * PathSegment._v(p0) + b * PathSegment._v(p1) + c * PathSegment._v(p2) + d * PathSegment._v(p3))
        }
    }

    /// The derivative `B′(t)`: the velocity along the curve in points per unit of `t`.
    ///
    /// - Range: any `t` (the polynomial is extrapolated outside 0…1).
    /// - Zero: where the curve stops (a control point equal to its neighbouring end, a
    ///   cusp, a degenerate segment) this is the zero vector; `tangent(at:)` gives a
    ///   direction there.
    /// - Cost: a few multiply-adds; no allocation.
    @inlinable
    public func derivative(at t: Double) -> Point {
        PathSegment._p(_BezierCoefficients(self).derivative(at: t))
    }

    /// The unit tangent: the direction of travel at `t`, as a vector of length 1.
    ///
    /// - Where `B′(t)` is not zero: `B′(t)` normalised.
    /// - Where `B′(t)` is exactly zero (a cubic whose first control point sits on its
    ///   start, at `t = 0`; a cusp): the limit of the direction as the parameter moves
    ///   forward from `t` (backward at `t = 1`), read from the first non-zero higher
    ///   derivative. At a degenerate end this is the direction to the next distinct control
    ///   point: for `start == control1` it is towards `control2`, and towards `end` if that
    ///   is also equal.
    /// - A fully degenerate segment (all points equal) has no direction: the result is the
    ///   zero vector `(0, 0)`. NaN coordinates give NaN.
    /// - Accuracy: a few ulps of direction; vectors of any magnitude are rescaled before
    ///   normalising, so huge and tiny segments do not overflow or underflow.
    /// - Cost: one derivative; the degenerate case up to two more.
    @inlinable
    public func tangent(at t: Double) -> Point {
        let k = _BezierCoefficients(self)
        var v = k.derivative(at: t)
        if v == .zero { v = k._degenerateDirection(at: t) }
        return PathSegment._p(PathSegment._normalized(v))
    }
}

// MARK: - Vector helpers

extension PathSegment {
    @inlinable @inline(__always)
    static func _v(_ p: Point) -> SIMD2<Double> { SIMD2(p.x, p.y) }

    @inlinable @inline(__always)
    static func _p(_ v: SIMD2<Double>) -> Point { Point(x: v.x, y: v.y) }

    /// `v / |v|`, computed on `v` scaled by a power of two so the squares neither overflow
    /// nor underflow; the zero vector stays zero.
    @inlinable
    static func _normalized(_ v: SIMD2<Double>) -> SIMD2<Double> {
        if v.x.isNaN || v.y.isNaN { return SIMD2(.nan, .nan) }
        let m = Swift.max(Swift.abs(v.x), Swift.abs(v.y))
        if m == 0 { return .zero }
        if m.isInfinite {
            // ±∞ components: the direction of their signs.
            let u = SIMD2<Double>(v.x.isInfinite ? (v.x < 0 ? -1 : 1) : 0, v.y.isInfinite ? (v.y < 0 ? -1 : 1) : 0)
            return u / (u.x * u.x + u.y * u.y).squareRoot()
        }
        let w = _scaled(v, byPowerOfTwo: -m.exponent)
        return w / (w.x * w.x + w.y * w.y).squareRoot()
    }

    /// `|v|` without spurious overflow or underflow (a scaled hypotenuse), correct to about
    /// an ulp. NaN gives NaN, an infinite component +∞.
    @inlinable
    static func _length(_ v: SIMD2<Double>) -> Double {
        if v.x.isNaN || v.y.isNaN { return .nan }
        let m = Swift.max(Swift.abs(v.x), Swift.abs(v.y))
        if m == 0 { return 0 }
        if m.isInfinite { return .infinity }
        if m > 0x1p-500 && m < 0x1p500 { return (v.x * v.x + v.y * v.y).squareRoot() }
        let e = m.exponent
        let w = _scaled(v, byPowerOfTwo: -e)
        return Double(sign: .plus, exponent: e, significand: (w.x * w.x + w.y * w.y).squareRoot())
    }

    /// `v · 2^e`, exact unless the result leaves the normal range.
    @inlinable @inline(__always)
    static func _scaled(_ v: SIMD2<Double>, byPowerOfTwo e: Int) -> SIMD2<Double> {
        SIMD2(Double(sign: .plus, exponent: e, significand: v.x), Double(sign: .plus, exponent: e, significand: v.y))
    }
}

// MARK: - Kernel form

/// A segment's curve in the form the kernels want: the points as `SIMD2` differences, and
/// the derivative `B′(t) = (1−t)² d0 + 2(1−t)t d1 + t² d2` in Bernstein form (lines and
/// quadratics are written in the same quadratic form, so one speed function serves all
/// three kinds).
@usableFromInline
struct _BezierCoefficients: Sendable {
    /// The defining points: p0…p3 for a cubic; p0…p2 (p3 = p2) for a quadratic; p0, p1
    /// (p2 = p3 = p1) for a line.
    @usableFromInline var p0, p1, p2, p3: SIMD2<Double>
    /// 1 for a line, 2 for a quadratic, 3 for a cubic.
    @usableFromInline var degree: Int
    /// Bernstein coefficients of the derivative.
    @usableFromInline var d0, d1, d2: SIMD2<Double>

    @inlinable
    init(_ segment: PathSegment) {
        switch segment {
        case .line(let a, let b):
            p0 = PathSegment._v(a)
            p1 = PathSegment._v(b)
            p2 = p1
            p3 = p1
            degree = 1
            let d = p1 - p0
            d0 = d
            d1 = d
            d2 = d
        case .quadCurve(let a, let b, let c):
            p0 = PathSegment._v(a)
            p1 = PathSegment._v(b)
            p2 = PathSegment._v(c)
            p3 = p2
            degree = 2
            // 2[(1−t)(p1−p0) + t(p2−p1)], raised to the quadratic Bernstein form.
            let e0 = p1 - p0
            let e1 = p2 - p1
            d0 = 2 * e0
            d1 = e0 + e1
            d2 = 2 * e1
        case .cubicCurve(let a, let b, let c, let d):
            p0 = PathSegment._v(a)
            p1 = PathSegment._v(b)
            p2 = PathSegment._v(c)
            p3 = PathSegment._v(d)
            degree = 3
            d0 = 3 * (p1 - p0)
            d1 = 3 * (p2 - p1)
            d2 = 3 * (p3 - p2)
        }
    }

    /// `B′(t)`.
    @inlinable @inline(__always)
    func derivative(at t: Double) -> SIMD2<Double> {
        if degree == 1 { return d0 }  // constant; also keeps an infinite line's sign
        let s = 1 - t
        return (s * s) * d0 + (2 * s * t) * d1 + (t * t) * d2
    }

    /// `B″(t)`.
    @inlinable @inline(__always)
    func secondDerivative(at t: Double) -> SIMD2<Double> {
        2 * ((1 - t) * (d1 - d0) + t * (d2 - d1))
    }

    /// `B‴` (constant).
    @inlinable @inline(__always)
    var thirdDerivative: SIMD2<Double> { 2 * (d2 - 2 * d1 + d0) }

    /// The direction where `B′(t)` is zero: the first non-zero higher derivative, signed so
    /// it points forward (the limit from above; from below at `t = 1`).
    @usableFromInline
    func _degenerateDirection(at t: Double) -> SIMD2<Double> {
        // Near a zero of B′, B′(t + h) ≈ B″ h + B‴ h²/2: the forward direction is B″ if it
        // is non-zero, else B‴ (for h > 0). Going backward (h < 0) flips B″ but not B‴.
        let forward = t < 1
        let second = secondDerivative(at: t)
        if second != .zero { return forward ? second : -second }
        return thirdDerivative
    }
}
