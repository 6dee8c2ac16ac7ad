// Arc length of a segment: adaptive Gauss–Kronrod quadrature of the speed |B′(t)|, and its
// inverse by safeguarded Newton. Lines are measured exactly.

extension PathSegment {
    /// The length of the segment, in points.
    ///
    /// - Lines: `|end − start|`, correctly rounded to about an ulp (a scaled hypotenuse, so
    ///   coordinates near the ends of the double range neither overflow nor underflow).
    /// - Curves: `∫₀¹ |B′(t)| dt` by adaptive Gauss–Kronrod quadrature: the 21-point
    ///   Kronrod rule with its embedded 10-point Gauss rule, on pieces split first at the
    ///   zeros of x′(t) and y′(t) (so a cusp sits on a panel edge), each panel halved until
    ///   the two rules agree to 1e-12 of the segment's length, pro rata per unit of `t`.
    ///   Panels touching a near-cusp or a near-stationary end are first halved down to the
    ///   width of the speed's dip there, which no rule sees from afar.
    /// - Degenerate: a segment that does not move (all points equal) has length 0.
    /// - Non-finite: a NaN coordinate gives NaN; otherwise an infinite one gives +∞.
    /// - Accuracy: designed for 1e-12 relative (the contract is 1e-9); measured against
    ///   50-digit mpmath values of 75 segments (cusps, near cusps, loops, reversals,
    ///   random), the worst relative error is 3e-16 (docs/paths.md).
    /// - Cost: a line is one square root. A smooth cubic takes 2–8 panels (7 on average
    ///   for random cubics, 38 the most seen in 100,000), about 0.4–1 µs; the speed is
    ///   evaluated 24 lanes at a time in `SIMD8<Double>`. At most 1000 halvings whatever
    ///   the input. No allocation.
    /// - Source: Kronrod nodes and weights of QUADPACK's `qk21` (Piessens et al., 1983).
    public var length: Double {
        _ArcLengthIntegrand(self).length
    }

    /// The length of the curve from `B(0)` to `B(t)`, in points.
    ///
    /// - Range: `t` is clamped to 0…1; NaN reads as 0. `length(to: 1) == length` exactly,
    ///   and the result never decreases as `t` grows (to within the quadrature's 1e-13
    ///   relative rounding inside a panel; exactly at panel edges).
    /// - Accuracy and cost: as `length` (the same panels, plus one Kronrod rule on the
    ///   partial panel). Lines: `t · length`.
    public func length(to t: Double) -> Double {
        _ArcLengthIntegrand(self).length(to: t)
    }

    /// The Bézier parameter at which the arc length from the start reaches `distance`: the
    /// inverse of `length(to:)`.
    ///
    /// - Range: `distance` ≤ 0 or NaN gives 0; `distance` ≥ `length` gives 1. A segment of
    ///   length 0 (or of non-finite length) gives 0.
    /// - Accuracy: `length(to: result)` is within 1e-14 of `distance`, relative (or the
    ///   bracket has closed to adjacent doubles, where the curve all but stops); against
    ///   the true arc length add the quadrature's error (measured: 6e-15 in all).
    /// - Cost: the panels up to `distance`, then Newton steps on the arc-length function
    ///   (one 21-point rule each, usually 2–4) inside the panel, bisecting whenever a step
    ///   would leave the bracket. At most 64 steps. No allocation.
    public func parameter(atLength distance: Double) -> Double {
        _ArcLengthIntegrand(self).parameter(atLength: distance)
    }
}

// MARK: - The integrand

/// A segment's speed `|B′(t)|`, precomputed for quadrature: the derivative's Bernstein
/// coefficients scaled by a power of two so the speed is of order 1 (then squares cannot
/// overflow or underflow), with the exponent to scale results back.
@usableFromInline
struct _ArcLengthIntegrand: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        /// A line, a degenerate curve or a non-finite one: its length is known, and the
        /// parameter is proportional to the distance (meaningful for lines only).
        case exact(Double)
        /// A quadratic or cubic that moves: integrate.
        case curve
    }

    @usableFromInline let kind: Kind
    /// Scaled derivative coefficients, B′(t)·2^−exponent = (1−t)² d0 + 2(1−t)t d1 + t² d2.
    @usableFromInline let d0, d1, d2: SIMD2<Double>
    /// Scaled lengths times 2^exponent are lengths in points.
    @usableFromInline let exponent: Int

    /// The relative agreement the two Kronrod–Gauss estimates must reach, per unit of
    /// parameter, before a panel is accepted (the brief's 1e-12).
    @usableFromInline static let relativeTolerance = 1e-12
    /// Below this relative difference the two rules differ by rounding alone; splitting
    /// further cannot help.
    @usableFromInline static let roundingFloor = 1e-15
    /// The deepest halving: 2^−50 of a piece is far below the width at which a cusp's kink
    /// stops mattering at 1e-12.
    @usableFromInline static let maxDepth = 50
    /// Halvings at most per segment: a bound on the work whatever the input (a smooth
    /// cubic needs a handful, a cusp or a graded dip about 100). Deterministic, so every
    /// traversal of a segment visits the same panels.
    @usableFromInline static let maxSplits = 1000
    /// Newton steps at most, bisection included, in `parameter(atLength:)`.
    @usableFromInline static let maxInverseSteps = 64
    /// `parameter(atLength:)` stops when the length at the parameter is this close, relative.
    @usableFromInline static let inverseTolerance = 1e-14

    @usableFromInline
    init(_ segment: PathSegment) {
        let k = _BezierCoefficients(segment)
        let coordinates = SIMD8(k.p0.x, k.p0.y, k.p1.x, k.p1.y, k.p2.x, k.p2.y, k.p3.x, k.p3.y)
        if any(coordinates .!= coordinates) {
            self.init(exact: .nan)
            return
        }
        if any((coordinates .== .infinity) .| (coordinates .== -.infinity)) {
            self.init(exact: .infinity)
            return
        }
        if k.degree == 1 {
            self.init(exact: PathSegment._length(k.p1 - k.p0))
            return
        }
        // Differences of finite points can overflow only near the top of the range; then
        // difference the points scaled by 2^-3 (exact there) and add 3 to the exponent.
        var d0 = k.d0
        var d1 = k.d1
        var d2 = k.d2
        var bias = 0
        if !(d0.x.isFinite && d0.y.isFinite && d1.x.isFinite && d1.y.isFinite && d2.x.isFinite && d2.y.isFinite) {
            let s = _BezierCoefficients(PathSegment._scaledSegment(segment, byPowerOfTwo: -3))
            (d0, d1, d2, bias) = (s.d0, s.d1, s.d2, 3)
        }
        let m = Swift.max(
            Swift.max(Swift.abs(d0.x), Swift.abs(d0.y)),
            Swift.max(Swift.max(Swift.abs(d1.x), Swift.abs(d1.y)), Swift.max(Swift.abs(d2.x), Swift.abs(d2.y))))
        if m == 0 {
            self.init(exact: 0)
            return
        }
        let e = m.exponent
        self.init(
            kind: .curve, PathSegment._scaled(d0, byPowerOfTwo: -e), PathSegment._scaled(d1, byPowerOfTwo: -e),
            PathSegment._scaled(d2, byPowerOfTwo: -e), exponent: e + bias)
    }

    @usableFromInline
    init(exact length: Double) {
        self.init(kind: .exact(length), .zero, .zero, .zero, exponent: 0)
    }

    @usableFromInline
    init(kind: Kind, _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ d2: SIMD2<Double>, exponent: Int) {
        self.kind = kind
        self.d0 = d0
        self.d1 = d1
        self.d2 = d2
        self.exponent = exponent
    }

    /// A scaled length in points.
    @inlinable @inline(__always)
    func unscaled(_ value: Double) -> Double {
        Double(sign: .plus, exponent: exponent, significand: value)
    }

    /// A length in points, scaled.
    @inlinable @inline(__always)
    func scaled(_ value: Double) -> Double {
        Double(sign: .plus, exponent: -exponent, significand: value)
    }

    // MARK: Speed and the Kronrod rule

    /// The scaled speed at eight parameters at once.
    @inlinable @inline(__always)
    func speed(_ t: SIMD8<Double>) -> SIMD8<Double> {
        let s = 1 - t
        let a = s * s
        let b = 2 * s * t
        let c = t * t
        let x = a * d0.x + b * d1.x + c * d2.x
        let y = a * d0.y + b * d1.y + c * d2.y
        return (x * x + y * y).squareRoot()
    }

    /// The scaled speed at one parameter.
    @inlinable @inline(__always)
    func speed(_ t: Double) -> Double {
        let s = 1 - t
        let v = (s * s) * d0 + (2 * s * t) * d1 + (t * t) * d2
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    /// The 21-point Kronrod estimate of the scaled length over `a…b`, and the embedded
    /// 10-point Gauss estimate (whose difference from it bounds the Gauss rule's error).
    @inlinable
    func kronrod(_ a: Double, _ b: Double) -> (kronrod: Double, gauss: Double) {
        typealias R = _GaussKronrod21
        let center = 0.5 * (a + b)
        let half = 0.5 * (b - a)
        let fa = speed(center - half * R.nodesA) + speed(center + half * R.nodesA)
        let fb = speed(center + half * R.nodesB)
        let k = (R.kronrodA * fa + R.kronrodB * fb).sum()
        let g = (R.gaussA * fa + R.gaussB * fb).sum()
        return (half * k, half * g)
    }

    /// The 21-point Kronrod estimate alone (for partial panels).
    @inlinable
    func kronrodOnly(_ a: Double, _ b: Double) -> Double {
        kronrod(a, b).kronrod
    }

    // MARK: Adaptive panels

    /// Where the quadrature starts splitting: 0, the zeros of x′(t) and y′(t) inside
    /// (0, 1) in increasing order, and 1. A cusp (B′ = 0) is a zero of both, so it lands on
    /// an edge, where the Kronrod rule sees only the smooth side.
    @inlinable
    func breakpoints() -> (points: InlineArray<6, Double>, count: Int) {
        var points = InlineArray<6, Double>(repeating: 1)
        points[0] = 0
        var count = 1
        let roots = _BezierCoefficients.derivativeZeros(d0, d1, d2)
        for i in 0..<roots.count {
            let r = roots.values[i]
            guard r > 0, r < 1 else { continue }
            // Insertion sort into points[1..<count], skipping duplicates.
            var j = count
            while j > 1 && points[j - 1] > r { j -= 1 }
            if points[j - 1] == r { continue }
            var k = count
            while k > j {
                points[k] = points[k - 1]
                k -= 1
            }
            points[j] = r
            count += 1
        }
        points[count] = 1
        return (points, count + 1)
    }

    /// Visits the accepted panels of `0…1` in increasing order, each with its scaled
    /// length; stops early when `visit` returns `false`. Returns `false` if stopped.
    @inlinable
    func forEachPanel(_ visit: (_ a: Double, _ b: Double, _ value: Double) -> Bool) -> Bool {
        let (points, count) = breakpoints()
        // The pieces' first estimates; their sum sets the absolute tolerance.
        var kronrods = InlineArray<5, Double>(repeating: 0)
        var gausses = InlineArray<5, Double>(repeating: 0)
        var rough = 0.0
        for i in 1..<count {
            (kronrods[i - 1], gausses[i - 1]) = kronrod(points[i - 1], points[i])
            rough += kronrods[i - 1]
        }
        var widest = InlineArray<6, Double>(repeating: .infinity)
        for i in 0..<count { widest[i] = widestPanel(at: points[i], hiddenTolerance: Self.roundingFloor * rough) }
        let perUnit = Self.relativeTolerance * rough
        var budget = Self.maxSplits
        for i in 1..<count {
            if !adapt(
                points[i - 1], points[i], kronrods[i - 1], gausses[i - 1], depth: 0, tolerancePerUnit: perUnit,
                widestAtStart: widest[i - 1], widestAtEnd: widest[i], budget: &budget, visit)
            {
                return false
            }
        }
        return true
    }

    /// The widest panel that may touch breakpoint `t`.
    ///
    /// Where the speed dips to a small `v` at a breakpoint (a near-cusp, or an end whose
    /// control point almost sits on it), it grows like `√(v² + a²u²)` with `a = |B″|`:
    /// a dip `w = v/a` wide. Seen from a panel much wider than `w`, the dip is invisible to
    /// both rules alike, so their agreement says nothing about the `≈ (v²/a)·ln(a/v)`
    /// they both miss. When that could exceed `hiddenTolerance`, panels touching `t` are
    /// halved until they are at most `4w` wide; from there on the dip is in view and the
    /// usual test takes over. Otherwise, and at an exact cusp (v = 0, a kink the rules
    /// handle from either side), there is no limit.
    @inlinable
    func widestPanel(at t: Double, hiddenTolerance: Double) -> Double {
        let v = speed(t)
        let s = 1 - t
        let second = 2 * (s * (d1 - d0) + t * (d2 - d1))
        let a = (second.x * second.x + second.y * second.y).squareRoot()
        guard v > 0, a > 0 else { return .infinity }
        let w = v / a
        // ln(1 + a/v) ≤ 0.7 (⌊log₂(1 + a/v)⌋ + 1): no logarithm in the standard library.
        let logarithm = 0.7 * Double((1 + 1 / w).exponent + 1)
        return v * w * (1 + logarithm) > hiddenTolerance ? 4 * w : .infinity
    }

    @inlinable
    func adapt(
        _ a: Double, _ b: Double, _ k: Double, _ g: Double, depth: Int, tolerancePerUnit: Double,
        widestAtStart: Double, widestAtEnd: Double, budget: inout Int,
        _ visit: (_ a: Double, _ b: Double, _ value: Double) -> Bool
    ) -> Bool {
        let error = Swift.abs(k - g)
        let middle = 0.5 * (a + b)
        let width = b - a
        let graded = width <= widestAtStart && width <= widestAtEnd
        if (graded && (error <= tolerancePerUnit * width || error <= Self.roundingFloor * k))
            || depth >= Self.maxDepth || budget <= 0 || !(middle > a && middle < b)
        {
            return visit(a, b, k)
        }
        budget -= 1
        let (kl, gl) = kronrod(a, middle)
        let (kr, gr) = kronrod(middle, b)
        if !adapt(
            a, middle, kl, gl, depth: depth + 1, tolerancePerUnit: tolerancePerUnit, widestAtStart: widestAtStart,
            widestAtEnd: .infinity, budget: &budget, visit)
        {
            return false
        }
        return adapt(
            middle, b, kr, gr, depth: depth + 1, tolerancePerUnit: tolerancePerUnit, widestAtStart: .infinity,
            widestAtEnd: widestAtEnd, budget: &budget, visit)
    }

    // MARK: Length and its inverse

    @usableFromInline
    var length: Double {
        switch kind {
        case .exact(let length): return length
        case .curve: return unscaled(scaledLength)
        }
    }

    /// The sum of the accepted panels, in order, scaled.
    @usableFromInline
    var scaledLength: Double {
        var total = 0.0
        _ = forEachPanel { _, _, value in
            total += value
            return true
        }
        return total
    }

    @usableFromInline
    func length(to t: Double) -> Double {
        let t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
        switch kind {
        case .exact(let length):
            if t == 0 { return 0 }
            return t == 1 ? length : t * length
        case .curve:
            var total = 0.0
            _ = forEachPanel { a, b, value in
                if b <= t {
                    total += value
                    return true
                }
                if a < t { total += kronrodOnly(a, t) }
                return false
            }
            return unscaled(total)
        }
    }

    @usableFromInline
    func parameter(atLength distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        switch kind {
        case .exact(let length):
            guard length > 0, length.isFinite else { return 0 }
            return distance >= length ? 1 : distance / length
        case .curve:
            let target = scaled(distance)
            var result = 1.0
            var before = 0.0
            _ = forEachPanel { a, b, value in
                if before + value < target {
                    before += value
                    return true
                }
                result = solve(in: a, b, panelLength: value, before: before, target: target)
                return false
            }
            return result
        }
    }

    /// The parameter in `a…b` where `before + K(a, t)` reaches `target` (scaled units),
    /// with `before ≤ target ≤ before + panelLength`.
    @usableFromInline
    func solve(in a: Double, _ b: Double, panelLength: Double, before: Double, target: Double) -> Double {
        let remaining = target - before
        if !(remaining > 0) { return a }
        if remaining >= panelLength { return b }
        let tolerance = Self.inverseTolerance * target
        var lo = a
        var hi = b
        var t = a + (b - a) * (remaining / panelLength)
        for _ in 0..<Self.maxInverseSteps {
            let f = kronrodOnly(a, t) - remaining
            if Swift.abs(f) <= tolerance { return t }
            if f > 0 { hi = t } else { lo = t }
            let slope = speed(t)
            var next = t - f / slope
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if !(next > lo && next < hi) { return t }  // the bracket is down to adjacent doubles
            t = next
        }
        return t
    }
}

// MARK: - Helpers

extension _BezierCoefficients {
    /// The zeros of the x and y components of `(1−t)² d0 + 2(1−t)t d1 + t² d2` (all real
    /// roots, unsorted, possibly outside 0…1; at most four). The stable quadratic formula.
    @inlinable
    static func derivativeZeros(
        _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ d2: SIMD2<Double>
    ) -> (values: InlineArray<4, Double>, count: Int) {
        var values = InlineArray<4, Double>(repeating: 0)
        var count = 0
        for axis in 0..<2 {
            // Power form: a2 t² + a1 t + a0.
            let a0 = d0[axis]
            let a1 = 2 * (d1[axis] - d0[axis])
            let a2 = d0[axis] - 2 * d1[axis] + d2[axis]
            if a2 == 0 {
                if a1 != 0 {
                    values[count] = -a0 / a1
                    count += 1
                }
                continue
            }
            let discriminant = a1 * a1 - 4 * a2 * a0
            if !(discriminant >= 0) { continue }
            let root = discriminant.squareRoot()
            let q = -0.5 * (a1 + (a1 < 0 ? -root : root))
            if q == 0 {
                values[count] = 0
                count += 1
                continue
            }
            values[count] = q / a2
            values[count + 1] = a0 / q
            count += 2
        }
        return (values, count)
    }
}

extension PathSegment {
    /// The segment with every coordinate multiplied by `2^e`.
    @usableFromInline
    static func _scaledSegment(_ segment: PathSegment, byPowerOfTwo e: Int) -> PathSegment {
        func s(_ p: Point) -> Point { _p(_scaled(_v(p), byPowerOfTwo: e)) }
        switch segment {
        case .line(let a, let b): return .line(from: s(a), to: s(b))
        case .quadCurve(let a, let b, let c): return .quadCurve(from: s(a), control: s(b), to: s(c))
        case .cubicCurve(let a, let b, let c, let d):
            return .cubicCurve(from: s(a), control1: s(b), control2: s(c), to: s(d))
        }
    }
}

/// The 21-point Gauss–Kronrod rule on −1…1 in 24 `SIMD8` lanes: the eight outermost
/// positive nodes in `nodesA` (used folded, `f(−x) + f(x)`), and the two innermost pairs
/// with the centre in `nodesB` (used as they are: −x₈, −x₉, 0, x₈, x₉; lanes 5–7 are
/// padding with weight 0). The Gauss nodes are the odd-numbered Kronrod nodes.
/// Source: QUADPACK `qk21` (Piessens, de Doncker-Kapenga, Überhuber, Kahaner, 1983);
/// exactness for polynomials of degree ≤ 31 (Kronrod) and ≤ 19 (Gauss) is tested.
@usableFromInline
enum _GaussKronrod21 {
    @usableFromInline static let nodesA = SIMD8<Double>(
        0.995657163025808080735527280689003, 0.973906528517171720077964012084452,
        0.930157491355708226001207180059508, 0.865063366688984510732096688423493,
        0.780817726586416897063717578345042, 0.679409568299024406234327365114874,
        0.562757134668604683339000099272694, 0.433395394129247190799265943165784)
    @usableFromInline static let nodesB = SIMD8<Double>(
        -0.294392862701460198131126603103866, -0.148874338981631210884826001129720, 0,
        0.294392862701460198131126603103866, 0.148874338981631210884826001129720, 0, 0, 0)
    @usableFromInline static let kronrodA = SIMD8<Double>(
        0.011694638867371874278064396062192, 0.032558162307964727478818972459390,
        0.054755896574351996031381300244580, 0.075039674810919952767043140916190,
        0.093125454583697605535065465083366, 0.109387158802297641899210590325805,
        0.123491976262065851077958109831074, 0.134709217311473325928054001771707)
    @usableFromInline static let kronrodB = SIMD8<Double>(
        0.142775938577060080797094273138717, 0.147739104901338491374841515972068,
        0.149445554002916905664936468389821,
        0.142775938577060080797094273138717, 0.147739104901338491374841515972068, 0, 0, 0)
    @usableFromInline static let gaussA = SIMD8<Double>(
        0, 0.066671344308688137593568809893332, 0, 0.149451349150580593145776339657697,
        0, 0.219086362515982043995534934228163, 0, 0.269266719309996355091226921569469)
    @usableFromInline static let gaussB = SIMD8<Double>(
        0, 0.295524224714752870173892994651338, 0, 0, 0.295524224714752870173892994651338, 0, 0, 0)
}
