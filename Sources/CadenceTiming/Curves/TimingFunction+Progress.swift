// `progress(at:)` and `correctlyRoundedProgress(at:)`: a table guess of the curve
// parameter, one correction to the root, and a rounding test that proves the result.
//
// 1. From the nearer end: `h = x` for x ≤ 1/2, `h = 1 − x` (exact) on the curve turned end
//    for end otherwise, so the unknown `t` is small near either end (`min`, no branch).
// 2. The guess: a cubic piece in `v = √h` from the table (better than 1e-4 relative past
//    the first interval on the named curves), and on curves whose guess is worse (a steep
//    middle) one or two plain Newton steps.
// 3. The correction: `X(t) − h`, the first Newton correction `δ₁`, and the root's offset
//    `δ` by series reversion of the cubic to fourth order. `progress(at:)` evaluates in
//    plain arithmetic and takes the output polynomial at `t + δ`;
//    `correctlyRoundedProgress(at:)` evaluates `X(t) − h` and `Y(t)` by the compensated
//    Horner scheme and adds the output's change over `δ` (exact for a cubic).
// 4. The test (Ziv's): with an error bound, if the exact value cannot lie on the other side
//    of a rounding boundary, the rounded value is the exact value's rounding.
//    `progress(at:)` rounds to a 40-bit grid (`Table.roundedToGrid`) and tests in integer
//    arithmetic against a bound precomputed per table row, which settles about 99 inputs
//    in 100; `correctlyRoundedProgress(at:)` rounds to the nearest double, which needs the
//    compensated evaluation. The rest go to longer paths that reach the same point: the
//    compensated interval, then the full path's double-double.

extension TimingFunction {
    /// Output progress for input progress `x` (unitless).
    ///
    /// - Range: `x` is clamped to 0…1 as Core Animation clamps it (−0.5 gives 0, 1.5
    ///   gives 1); NaN reads as 0. The result is exactly 0 at `x ≤ 0` and exactly 1 at
    ///   `x ≥ 1`, and never NaN.
    /// - Accuracy: the exact curve's value rounded to the nearest point of a fixed grid:
    ///   40-bit floating-point numbers below 1 in magnitude, multiples of 2^-40 from 1 to
    ///   1024, every double beyond (`Table.roundedToGrid`). So within 2^-41 ≈ 4.6e-13 of
    ///   the exact value (and within 2^-40 of it relative below 1/2), but for the rare
    ///   input whose exact value lies within about 1e-30 of a grid boundary. `y = x` (both
    ///   control points on the diagonal) is returned exactly. Where the curve is vertical
    ///   inside (`X'(t) = 0` at an interior `t`, as for (1, 0, 0, 1) at x = 0.5), within
    ///   2^-41 of the exact value at some input within 4 ulps of `x`. What this gives up
    ///   against `correctlyRoundedProgress(at:)`: the last 13 bits of the significand
    ///   (the result is rarely the nearest double), for less than 40 % of the time.
    /// - Monotone: rounding a monotone function to a fixed grid keeps it monotone, and the
    ///   result is that rounding (Ziv's test against a rigorous error bound proves it, or
    ///   the longer paths compute it), so increasing inputs never give decreasing outputs
    ///   where the curve is monotone, even one ulp apart.
    /// - Cost: a degree-7 polynomial guess in both halves' lanes (a square root too where
    ///   a half leaves vertically), one correction with one division and an integer
    ///   rounding test, about 120 instructions: 6.9–9.1 ns on the named curves and
    ///   9.6 ns on (0.9, 0, 0.1, 1), 0.95–1.07× and 1.10× the classic UnitBezier solver
    ///   at 1e-7 (x86-64-v3; `docs/timing-functions.md` has the figures). Curves whose single
    ///   polynomial needs two Newton steps guess from up to 16 pieces instead (a cell index,
    ///   a byte naming its piece, the piece's coefficients; narrow pieces next to a steep
    ///   middle, so no step there). No
    ///   allocation, no reference counting. About 1 input in 100 on the named curves needs
    ///   the compensated interval (≈ 40 ns more), a few in a million the full path.
    /// - Source: curve form of `CAMediaTimingFunction`; rounding test after Ziv (1991).
    @inlinable @inline(__always)
    public func progress(at x: Double) -> Double {
        // Only the table's pointer is read (no reference is bound), so the call does no
        // reference counting; `self` keeps the table alive.
        guard let elements = table?.elements else { return !(x > 0) ? 0 : x < 1 ? x : 1 }  // y = x
        // Inputs outside (2^-30, 1 − 2^-30), NaN included, fail the fast path's first test:
        // the out-of-line path clamps or solves them. The paths out of line take the
        // table's block alone, so the function's 40 bytes are not staged in memory for them.
        let plan = Table.plan(elements)
        if _slowPath(plan < 0) { return progressFromThePiecesOrTheTable(x, elements) }
        if let y = Table.fastOutput(x, plan: plan, elements) { return y }
        return progressOnTheGrid(x, elements)
    }

    /// The output for input progress `x`, correctly rounded to the nearest double.
    ///
    /// - Range, ends and clamping as `progress(at:)`.
    /// - Accuracy: the correctly rounded value of the exact curve, but for the rare input
    ///   whose exact value lies within about 1e-30 of a rounding boundary (all 6,007
    ///   golden points of the 50-digit oracle in `Reference/` match exactly). Where the
    ///   input or the output is below 1e-290 the error-free products underflow: there the
    ///   error is below 1e-100. Where the curve is vertical inside (`X'(t) = 0` at an
    ///   interior `t`, as for (1, 0, 0, 1) at x = 0.5) no double-precision solver can do
    ///   better than the rounding of `x` itself: there the result is the exact value for
    ///   some input within 4 ulps of `x` (a backward-error bound).
    /// - Monotone, as the correctly rounded value of a monotone function.
    /// - Cost: about 2.6× `progress(at:)` (28–39 ns): the same table guess, then
    ///   `X(t) − h` and `Y(t)` by the compensated Horner scheme, the correction and Ziv's
    ///   test at double precision; the inputs the test rejects (a few in 1,000 on the
    ///   named curves, and inputs below 2^-30) take the full path (a safeguarded Newton–bisection solve of
    ///   at most 128 steps where the curve is vertical, then the compensated finish).
    /// - Source: compensated Horner after Graillat, Langlois and Louvet (2005); rounding
    ///   test after Ziv (1991).
    @inlinable
    public func correctlyRoundedProgress(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if !(x < 1) { return 1 }
        guard let elements = table?.elements else { return x }
        // No branch on the half (a coin toss on random inputs): `min` and an index.
        let h = Swift.min(x, 1 - x)
        let half = x > 0.5 ? 1 : 0
        if let y = Table.compensatedOutput(h, half: half, elements) {
            // Ziv's test on both ends of the interval: rounding is monotone, so if both
            // round to the same double, every value between does.
            let high = y.value
            if high + (y.error + y.bound) == high, high + (y.error - y.bound) == high { return high }
        }
        return fullProgress(h, half: half, elements)
    }

    /// The full path's output for `h` on half `half` (0 lower, 1 upper), rounded to a
    /// double (`x` itself for `y = x`): what the tests compare the fast paths with.
    func _fullProgress(_ h: Double, half: Int) -> Double {
        guard let elements = table?.elements else { return h }
        return fullProgress(h, half: half, elements)
    }

    /// The full path's output as an unevaluated pair (`(h, 0)` for `y = x`).
    func _fullPair(_ h: Double, half: Int) -> Compensated<Double> {
        guard let elements = table?.elements else { return Compensated(h, 0) }
        return fullPair(h, half: half, elements)
    }

}

// The paths out of line: functions of the table's block alone (not methods, so that the
// caller passes one pointer and the compiler makes no thunk for an unused `self`).

private typealias Table = TimingFunction.Table

/// `progress(at:)` on curves the single polynomial guess cannot follow without Newton
/// steps, out of line: the piecewise guess (`Table.pieceOutput`), or for the few it cannot
/// follow either, the table's (`progressFromTheTable`).
@usableFromInline @inline(never)
func progressFromThePiecesOrTheTable(_ x: Double, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double {
    let plan = Table.plan(elements)
    if plan == -1 { return progressFromTheTable(x, elements) }
    if let y = Table.pieceOutput(x, steps: -2 &- plan, elements) { return y }
    return progressOnTheGrid(x, elements)
}

/// `progress(at:)` on curves the polynomial guess cannot follow (a nearly vertical end,
/// a steep middle): the table's guess (a square root, a row, the cubic piece) and its
/// fourth-order correction (`Table.plainOutput`), else the longer paths. No branch on the
/// half.
@usableFromInline @inline(never)
func progressFromTheTable(_ x: Double, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double {
    let h = Swift.min(x, 1 - x)
    let half = x > 0.5 ? 1 : 0
    if h >= TimingFunction.HalfSolver.tinyInput,
        let y = Table.plainOutput(
            h, lanes: Table.lanes(elements, half: half), rows: Table.rows(elements, half: half),
            bounds: Table.bounds(elements, half: half))
    {
        return y
    }
    return progressOnTheGrid(x, elements)
}

/// `progress(at:)` for the inputs the fast path leaves: the ends and outside (clamped),
/// inputs within 2^-30 of an end, and those whose plain interval straddles a grid
/// boundary or whose guess is too far off: the compensated interval
/// (about 2^-51 wide with the roundings of its ends), else the full path's
/// double-double and a comparison with the boundary.
@usableFromInline @inline(never)
func progressOnTheGrid(_ x: Double, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double {
    if !(x > 0) { return 0 }
    if !(x < 1) { return 1 }
    let h = Swift.min(x, 1 - x)
    let half = x > 0.5 ? 1 : 0
    if let y = Table.compensatedOutput(h, half: half, elements) {
        let slack = y.bound + Swift.abs(y.value) * 0x1p-51
        let low = Table.roundedToGrid(y.value + (y.error - slack))
        if low == Table.roundedToGrid(y.value + (y.error + slack)) { return low }
    }
    let y = fullPair(h, half: half, elements)
    if Swift.abs(y.value) >= 1024 { return y.value + y.error }  // the grid is every double
    let below = Table.roundedToGrid(y.value - Swift.abs(y.value) * 0x1p-51)
    let above = Table.roundedToGrid(y.value + Swift.abs(y.value) * 0x1p-51)
    if below == above { return below }
    // A grid boundary (a double, halfway between `below` and `above`) lies within 2^-51
    // of the value: the double-double decides which side the exact value is on.
    let boundary = 0.5 * (below + above)
    return (y.value - boundary) + y.error < 0 ? below : above
}

/// The full path: the guess, a safeguarded solve and the compensated finish of
/// `HalfSolver.evaluate`, for the inputs the fast path leaves; rounded to a double.
@usableFromInline @inline(never)
func fullProgress(_ h: Double, half: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double {
    let y = fullPair(h, half: half, elements)
    return y.value + y.error
}

/// The full path's output as an unevaluated pair, accurate to about 1e-30.
func fullPair(_ h: Double, half index: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Compensated<Double> {
    let half = Table.half(index, elements)
    let g = Table.guess(h, rows: Table.rows(elements, half: index))
    let y = half.evaluate(h, from: (t: g.t, low: g.low, high: g.high))
    let s = twoSum(index == 0 ? 0.0 : 1.0, half.outputSign * y.value)
    return twoSum(s.value, s.error + half.outputSign * y.error)
}

extension TimingFunction.Table {
    /// The default's fast path: the grid point nearest the output for `h` in
    /// `2^-30 … 1/2` on one half, if a plain evaluation at the guess `t` (`start`) proves
    /// it; `nil` when it cannot (the output within the error bound of a grid boundary, or
    /// at least 2 in magnitude), or when the guess is off by more than the half's guess
    /// limit. `lanes` is the half's lanes as doubles (X at even offsets, the output
    /// polynomial at odd ones), `rows` and `bounds` its guess rows and their error bounds.
    ///
    /// The root's offset from `t` comes from the residual's Newton correction
    /// `δ₁ = −(X(t) − h)/X'` by the cubic's series reversion to fourth order; the output
    /// polynomial is then evaluated at `t + δ`. The polynomials go by Estrin's scheme, so
    /// that the chain from the guess to the result is short.
    ///
    /// Error bound, with `u = 2^-53` and `S = |a|t³ + |b|t² + |c|t` (which bounds the
    /// output polynomial's magnitude less `|d|`): with a fused multiply-add, the output's
    /// evaluation by Estrin's scheme is within `3u·S_y + 2u·|d|` (the coefficients' own
    /// rounding included) plus `u·|y|` for its final rounding, and the rounding of
    /// `t + δ` moves it by at most `|Y'|·u·t ≤ 3u·S_y`; the residual's evaluation is
    /// within `3u·(S_x + h)` and reaches the output times `|dy/dx|`. The row's bound
    /// (`Table.bounds`) is `4u` of `2·(S_y + |d|) + max|Y'|/min|X'|·(S_x + h)` over the
    /// row, which covers these, with 1/64 to spare for `δ₁`'s relative error (at most
    /// `(3 + 12·S_x/(t·|X'|))·u`) times `|δ₁| ≤ 2^-12·t`, the rounding of the correction,
    /// and the reversion's truncation (`38·Q⁴·|δ₁|` with `Q = max(|ρ2·δ₁|, √|ρ3·δ₁²|)
    /// ≤ 2^-12`, which the half's guess limit ensures from the row maxima of `|ρ2|·t` and
    /// `√|ρ3|·t`). Without a fused multiply-add every step rounds twice: `8u`. The bound
    /// is kept in ulps of the row's least output magnitude, so the rounding test is exact
    /// integer arithmetic.
    @inlinable @inline(__always)
    static func plainOutput(
        _ h: Double, lanes p: UnsafePointer<Double>, rows: UnsafePointer<SIMD4<Float>>, bounds: UnsafePointer<Int32>
    ) -> Double? {
        let (t, index) = start(h, lanes: p, rows: rows)
        let (value, delta1) = correctedOutput(h, t, PlainLanes(lane: { p[2 &* $0] }, { p[2 &* $0 &+ 1] }))
        // Ziv's test on the grid, in integers: below 1 in magnitude the grid keeps the
        // leading 40 bits of the significand, from 1 to 2 the leading 41 (spacing 2^-40),
        // so the nearest boundary is |low k bits − 2^(k−1)| ulps away (k = 13 or 12), and
        // the row's bound is in ulps (of its least output, at most those of this one).
        // Rounding is then adding 2^(k−1) ulps and dropping the k bits.
        let bits = value.bitPattern
        let fromOne = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF) == 0x3FF ? 1 : 0
        let half = 0x1000 &>> fromOne
        let distance = Int(truncatingIfNeeded: bits) & (2 &* half &- 1) &- half
        let settled = Swift.abs(distance) > Int(bounds[index])
            && bits & 0x7FFF_FFFF_FFFF_FFFF < 0x4000_0000_0000_0000  // |y| < 2
            && Swift.abs(delta1) <= p[2 &* Lane.constants &+ 1] * t  // the guess limit
        return settled ? Double(bitPattern: (bits &+ UInt64(half)) & ~UInt64(2 &* half &- 1)) : nil
    }

    /// The coefficients `plainOutput` reads, for one half (`Double`) or one per lane, each
    /// lane's half (`SIMD4<Double>`).
    @usableFromInline
    struct PlainLanes<L: FloatingLanes> {
        @usableFromInline var ax, bx, cx, threeAx, twoBx, ay, by, cy, dy: L

        /// The coefficients from readers of the X lane and the output lane.
        @inlinable @inline(__always)
        init(lane x: (Int) -> L, _ y: (Int) -> L) {
            ax = x(Lane.a)
            bx = x(Lane.b)
            cx = x(Lane.c)
            threeAx = x(Lane.threeA)
            twoBx = x(Lane.twoB)
            ay = y(Lane.a)
            by = y(Lane.b)
            cy = y(Lane.c)
            dy = y(Lane.d)
        }
    }

    /// The output at the root near `t` (see `plainOutput`), and the Newton correction
    /// `δ₁`; written once for a scalar and for SIMD lanes.
    @usableFromInline @_transparent
    static func correctedOutput<L: FloatingLanes>(_ h: L, _ t: L, _ k: PlainLanes<L>) -> (value: L, delta1: L) {
        let zero = L.splat(0)
        let tt = t * t
        // X(t) − h as (c·t − h) + t²·(a·t + b), X' and X''/2.
        let residual = multiplyAdd(tt, multiplyAdd(k.ax, t, k.bx), multiplyAdd(k.cx, t, zero - h))
        let x1 = multiplyAdd(k.threeAx, tt, multiplyAdd(k.twoBx, t, k.cx))
        let x2 = multiplyAdd(k.threeAx, t, k.bx)
        let inverse = L.splat(1) / x1
        // δ = δ₁ + c2·δ₁² + c3·δ₁³ + c4·δ₁⁴, c2 = −ρ2, c3 = 2ρ2² − ρ3, c4 = 5ρ2(ρ3 − ρ2²).
        let rho2 = x2 * inverse, rho3 = k.ax * inverse
        let rho2Squared = rho2 * rho2
        let c3 = multiplyAdd(rho2Squared, L.splat(2), zero - rho3)
        let c4 = rho2 * 5 * (rho3 - rho2Squared)
        let delta1 = residual * (zero - inverse)
        let delta = multiplyAdd(delta1 * delta1, multiplyAdd(delta1, multiplyAdd(delta1, c4, c3), zero - rho2), delta1)
        // The output polynomial at the root, (c·s + d) + s²·(a·s + b).
        let s = t + delta
        return (multiplyAdd(s * s, multiplyAdd(k.ay, s, k.by), multiplyAdd(k.cy, s, k.dy)), delta1)
    }

    /// The output for `h` in `2^-30 … 1/2` on one half at the table guess, with an error
    /// bound: `value + error` is within `bound` of the exact output. `X(t) − h` and the
    /// output polynomial are evaluated by the compensated Horner scheme (bound about
    /// 2^-100 relative beyond the correction's own). `nil` when the guess is too far off
    /// for the series below. `lanes` is the
    /// half's lanes as doubles (X at even offsets, the output polynomial at odd ones); the
    /// guess of `t` is the table's (`start`) unless given.
    @inlinable @inline(__always)
    static func solve(
        _ h: Double, lanes p: UnsafePointer<Double>, rows: UnsafePointer<SIMD4<Float>>, guess: Double? = nil
    ) -> (value: Double, error: Double, bound: Double)? {
        @inline(__always) func x(_ lane: Int) -> Double { p[2 &* lane] }
        @inline(__always) func y(_ lane: Int) -> Double { p[2 &* lane &+ 1] }
        let ax = x(Lane.a), bx = x(Lane.b), cx = x(Lane.c), threeAx = x(Lane.threeA), twoBx = x(Lane.twoB)
        let ay = y(Lane.a), by = y(Lane.b), cy = y(Lane.c), dy = y(Lane.d)
        let t = guess ?? start(h, lanes: p, rows: rows).t
        // X(t) − h and the output polynomial, and the scale of their evaluation error
        // (the magnitude polynomials below bound the sums of absolute terms).
        let rx = compensatedCubic(ax, bx, cx, plus: -h, lows: x(Lane.aLow), x(Lane.bLow), x(Lane.cLow), at: t)
        let py = compensatedCubic(ay, by, cy, plus: dy, lows: y(Lane.aLow), y(Lane.bLow), y(Lane.cLow), at: t)
        let hornerScale = 0x1p-97
        let x1 = (threeAx * t + twoBx) * t + cx  // X'
        let y1 = (y(Lane.threeA) * t + y(Lane.twoB)) * t + cy  // Y'
        let x2 = threeAx * t + bx  // X''/2
        let y2 = y(Lane.threeA) * t + by  // Y''/2
        let inverse = 1 / x1
        // Series reversion of r + X'δ + X''/2·δ² + a·δ³ = 0 in δ₁ = −r/X':
        // δ = δ₁ + c2·δ₁² + c3·δ₁³ + c4·δ₁⁴ + O(δ₁⁵).
        let rho2 = x2 * inverse, rho3 = ax * inverse
        let c2 = -rho2
        let rho2Squared = rho2 * rho2
        let c3 = 2 * rho2Squared - rho3
        let c4 = 5 * rho2 * (rho3 - rho2Squared)
        // The output's change Y'δ + Y''/2·δ² + a_y·δ³ (exact for a cubic) in powers of δ₁.
        let k2 = y1 * c2 + y2
        let k3 = y1 * c3 + (2 * y2 * c2 + ay)
        let k4 = y1 * c4 + y2 * (c2 * c2 + 2 * c3) + 3 * ay * c2
        let delta = -(rx.value + rx.error) * inverse
        let correction = delta * (y1 + delta * (k2 + delta * (k3 + delta * k4)))
        // The error bound: the evaluation of both polynomials (the residual's carried into
        // the output by dy/dx), δ₁'s rounding (the slope's own, `|3a|t² + |2b|t + |c|` over
        // `X'`, included), the rounding of the output's coefficients, and the series'
        // truncation (with the test below, at most 38·Q⁴ of the first-order term, 14·Q³ of
        // the second, 9·Q² of the third).
        let magnitudeX = (Swift.abs(threeAx) * t + Swift.abs(twoBx)) * t + Swift.abs(cx)
        let magnitudeY = (Swift.abs(y(Lane.threeA)) * t + Swift.abs(y(Lane.twoB))) * t + Swift.abs(cy)
        let size = Swift.abs(delta)
        let slopeRatio = Swift.abs(y1 * inverse)
        let horner = hornerScale * (magnitudeY * t + dy + slopeRatio * (magnitudeX * t + h))
        let firstOrder = Swift.abs(y1) * (4 + magnitudeX * Swift.abs(inverse)) + magnitudeY
        let bound = size * 0x1p-51 * firstOrder + horner
            + size * size * (Swift.abs(y2) * 0x1p-37 + size * Swift.abs(ay) * 0x1p-24) + 0x1p-960
        // Q = max(|ρ2·δ₁|, √|ρ3·δ₁²|) ≤ 2^-14 keeps the reversion's tail inside the bound.
        guard size * (Swift.abs(rho2) + Swift.abs(rho3) * size * 0x1p14) <= 0x1p-14 else { return nil }
        let sum = twoSum(py.value, py.error + correction)
        return (sum.value, sum.error, bound)
    }

    /// `solve` on half `half` of the table, for `h` from 2^-30 on.
    @inlinable @inline(__always)
    static func compensatedOutput(
        _ h: Double, half: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>
    ) -> (value: Double, error: Double, bound: Double)? {
        guard h >= TimingFunction.HalfSolver.tinyInput else { return nil }
        // A curve with pieces starts from their guess, which follows a steep middle where
        // the table's guess (and so the series) may not.
        let plan = plan(elements)
        let guess = plan < -1 ? pieceStart(h, half: half, steps: Double(-2 - plan), elements) : nil
        return solve(h, lanes: lanes(elements, half: half), rows: rows(elements, half: half), guess: guess)
    }

    /// The grid of `progress(at:)`'s results: 40-bit floating-point numbers below 1 in
    /// magnitude (spacing 2^-40 from 1/2 to 1), multiples of 2^-40 from 1 to 1024, every
    /// double beyond. Returns the grid point nearest `y` (either one at a tie). Monotone,
    /// as rounding to nearest on a fixed set is; within 2^-41 (4.6e-13) of `y` below 1024.
    /// The branches are on `|y| < 1`, the same for every output of a curve whose y
    /// control points lie in 0…1.
    @inlinable @inline(__always)
    static func roundedToGrid(_ y: Double) -> Double {
        let magnitude = Swift.abs(y)
        if magnitude < 1 {
            let split = y * 8193  // 2^13 + 1: Veltkamp's split keeps the leading 40 bits
            return split - (split - y)
        }
        return magnitude < 1024 ? (y + 6144) - 6144 : y  // 1.5 · 2^12: a multiple of 2^-40
    }
}
