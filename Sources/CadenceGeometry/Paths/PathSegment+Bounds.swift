extension PathSegment {
    /// The smallest rectangle that contains the curve (Core Graphics'
    /// `boundingBoxOfPath`, for one segment).
    ///
    /// - The end points and the curve's points where x′(t) or y′(t) is zero inside 0…1
    ///   (the stable quadratic formula on the derivative): exact up to the rounding of
    ///   those roots, which moves an extremum by only O(ε²) since the curve is flat there.
    ///   Lines: the box of the two end points.
    /// - A degenerate segment gives a zero-size rectangle at its point.
    /// - Non-finite: a NaN coordinate makes every field of the result NaN; infinities
    ///   follow IEEE arithmetic.
    /// - Cost: two quadratic solves and up to four evaluations; no allocation.
    public var bounds: Rect { _tightBox.rect }

    /// `bounds` as low and high corners (before rounding them into a width and height).
    @usableFromInline
    var _tightBox: _Box {
        let k = _BezierCoefficients(self)
        let coordinates = SIMD8(k.p0.x, k.p0.y, k.p1.x, k.p1.y, k.p2.x, k.p2.y, k.p3.x, k.p3.y)
        if any(coordinates .!= coordinates) { return _Box(SIMD2(.nan, .nan)) }
        var box = _Box(k.p0)
        box.add(k.p3)
        if k.degree > 1 {
            let zeros = _BezierCoefficients.derivativeZeros(k.d0, k.d1, k.d2)
            for i in 0..<zeros.count {
                let t = zeros.values[i]
                if t > 0 && t < 1 { box.add(PathSegment._v(point(at: t))) }
            }
        }
        return box
    }

    /// The smallest rectangle that contains the segment's defining points (Core Graphics'
    /// `boundingBox`): it contains the curve, but may be larger than `bounds`. NaN
    /// coordinates make every field NaN.
    public var controlPointBounds: Rect {
        let k = _BezierCoefficients(self)
        var box = _Box(k.p0)
        box.add(k.p1)
        box.add(k.p2)
        box.add(k.p3)
        return box.rect
    }
}

/// A growing axis-aligned box that propagates NaN (Swift's `min` and `max` would drop a
/// NaN depending on argument order).
@usableFromInline
struct _Box {
    @usableFromInline var low: SIMD2<Double>
    @usableFromInline var high: SIMD2<Double>

    @inlinable
    init(_ p: SIMD2<Double>) {
        low = p
        high = p
    }

    @inlinable
    mutating func add(_ p: SIMD2<Double>) {
        if p.x.isNaN || p.y.isNaN || low.x.isNaN || low.y.isNaN {
            low = SIMD2(.nan, .nan)
            high = low
            return
        }
        low = pointwiseMin(low, p)
        high = pointwiseMax(high, p)
    }

    @inlinable
    mutating func add(_ other: _Box) {
        add(other.low)
        add(other.high)
    }

    @inlinable
    var rect: Rect {
        Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }
}
