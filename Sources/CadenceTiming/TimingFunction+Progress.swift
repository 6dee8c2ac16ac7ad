extension TimingFunction {
    /// Output progress for input progress `x` (unitless).
    ///
    /// - Range: `x` is clamped to 0…1 as Core Animation clamps it (−0.5 gives 0, 1.5
    ///   gives 1); NaN reads as 0. The result is exactly 0 at `x = 0` and exactly 1 at
    ///   `x = 1`, and never NaN.
    /// - Accuracy: the correctly rounded value of the exact curve, but for the rare input
    ///   whose exact value lies within about 1e-30 of a rounding boundary; so within half
    ///   an ulp, far inside the 1e-12 contract (all 6,007 golden points of the 50-digit
    ///   oracle in `Reference/` match exactly). Where the input or the output is below
    ///   1e-290 the error-free products underflow: there the error is below 1e-100. Where the curve is vertical inside (`X'(t) = 0` at an interior
    ///   `t`, as for (1, 0, 0, 1) at x = 0.5) no double-precision solver can do better
    ///   than the rounding of `x` itself: there the result is the exact value for some
    ///   input within 4 ulps of `x` (a backward-error bound).
    /// - Monotone: because the result is the correctly rounded value of a monotone
    ///   function, increasing inputs never give decreasing outputs where the curve is
    ///   monotone (tested on inputs a few ulps apart).
    /// - Cost: solved from the nearer end (x ≤ 1/2 on the curve, x > 1/2 on the curve
    ///   turned end for end); a table lookup and cubic guess, one Newton step on smooth
    ///   stretches (two at most), then a compensated evaluation of the residual and of
    ///   `Y` that lands on the correctly rounded value. Anything unusual (a vertical
    ///   tangent) takes a safeguarded Newton–bisection solve of at most 128 steps.
    /// - Source: curve form of `CAMediaTimingFunction`; compensated Horner after Graillat,
    ///   Langlois and Louvet (2005).
    @inlinable @inline(__always)
    public func progress(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if !(x < 1) { return 1 }
        if case .linear = shape { return x }
        // One inlined path for both halves (a 50/50 branch on random inputs would cost a
        // misprediction per call): select the half, evaluate, then fold y = 1 − y'(1 − x)
        // for the upper half with a single rounding.
        let isUpper = x > 0.5
        let half = isUpper ? upper : lower
        let h = isUpper ? 1 - x : x
        // The fast path (rows 1 and up): Taylor around the node, Ziv's rounding test.
        let scaled = h * Half.intervalsPerUnit
        let index = Int(scaled)
        if index > 0 {
            let row = half.rows.withUnsafeBufferPointer { $0[index] }
            if let y = half.fastOutput(h, row: row, u: scaled - Double(index)) { return y }
        }
        let y = half.evaluate(h)
        let s = twoSum(isUpper ? 1.0 : 0.0, isUpper ? -y.value : y.value)
        return s.value + (s.error + (isUpper ? -y.error : y.error))
    }
}
