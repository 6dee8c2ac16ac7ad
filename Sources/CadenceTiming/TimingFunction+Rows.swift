// The fast path of `TimingFunction.progress(at:)`: a Taylor expansion around the nearest
// table node, carried out with just enough extra precision (error-free products for the
// first-order terms; node values stored as double-doubles) that the result is known to
// within about 1e-19, followed by a rounding test (Ziv's): when that error cannot change
// the correctly rounded double, it is returned; otherwise (about 5 % of inputs, plus the
// first interval near each end) the full compensated path decides. Either way the value is
// the same. The work is arranged so that only a few operations wait for the Newton
// correction: everything else runs in parallel with it.

extension TimingFunction {
    /// One node of a half's fast-path table: the node `t0` (where `X(t0) ≈ i/64`), `X` and
    /// `X'` there as double-doubles, the **output** `y` and `dy/dt` there as double-doubles
    /// (for the upper half already turned into `1 − ỹ` and `−dỹ/dt`), and the Hermite piece
    /// for the offset `d = t − t0` across the interval, `d ≈ u·(c1 + u·(c2 + u·c3))`.
    @usableFromInline
    struct Row: Sendable {
        @usableFromInline var t0, x0, x0Low, x1, x1Low, y0, y0Low, y1, y1Low, c1, c2, c3: Double
    }
}

extension TimingFunction.Half {
    /// Builds the rows from the Hermite guesses `(t0, c1, c2, c3)`, evaluating the node values
    /// in compensated arithmetic with the exact double-double coefficients. `outputSign`
    /// is +1 for the lower half and −1 for the upper one (whose output is `1 − ỹ`).
    func makeRows(from table: [SIMD4<Double>], outputSign: Double) -> [TimingFunction.Row] {
        table.map { entry in
            let t0 = entry[0]
            let x0 = xCurve.compensated(at: t0)
            let y0 = yCurve.compensated(at: t0)
            let x1 = Self.compensatedSlope(xCurve, at: t0)
            let y1 = Self.compensatedSlope(yCurve, at: t0)
            let xs = twoSum(x0.value, x0.error)
            // Output value: y0 for the lower half, 1 − y0 for the upper one, exact.
            let base = outputSign > 0 ? 0.0 : 1.0
            let ys = twoSum(base, outputSign * y0.value)
            let yn = twoSum(ys.value, ys.error + outputSign * y0.error)
            return TimingFunction.Row(
                t0: t0, x0: xs.value, x0Low: xs.error, x1: x1.0, x1Low: x1.1,
                y0: yn.value, y0Low: yn.error, y1: outputSign * y1.0, y1Low: outputSign * y1.1,
                c1: entry[1], c2: entry[2], c3: entry[3])
        }
    }

    /// `P'(t) = (3a·t + 2b)·t + c` as a normalised double-double, with the coefficients'
    /// low parts (construction only).
    static func compensatedSlope(_ p: CubicCoefficients<Double>, at t: Double) -> (Double, Double) {
        // 3a is not exact in a double: carry its rounding error in the low part.
        let threeA = twoProduct(3.0, p.a, bHigh: splitHigh(p.a), bLow: p.a - splitHigh(p.a))
        let value = compensatedCubic(
            0, threeA.value, 2 * p.b, lows: 0, threeA.error + 3 * p.aLow, 2 * p.bLow, at: t)
        let withC = twoSum(value.value, p.c)
        let s = twoSum(withC.value, withC.error + value.error + p.cLow)
        return (s.value, s.error)
    }

    /// The output for `x'` in rows 1 and up, if the rounding test proves it correctly
    /// rounded; `nil` otherwise (the caller takes the full path).
    @inlinable @inline(__always)
    func fastOutput(_ x: Double, row r: TimingFunction.Row, u: Double) -> Double? {
        let a = xCurve.a, b = xCurve.b
        let ay = outputSign * yCurve.a, by = outputSign * yCurve.b
        let d = u * (r.c1 + u * (r.c2 + u * r.c3))
        let d2 = d * d
        // X side: the residual ρ = X(t0 + d) − x, summed so that cancelling terms meet
        // exactly (Sterbenz), and the Newton correction δ with its second-order term.
        let x2 = 3 * a * r.t0 + b
        let xHigher = d2 * (x2 + d * a)
        let px = twoProduct(d, r.x1, bHigh: splitHigh(r.x1), bLow: r.x1 - splitHigh(r.x1))
        let residual = (((r.x0 - x) + px.value) + xHigher) + (px.error + d * r.x1Low + r.x0Low)
        let inverseSlope = 1 / (r.x1 + d * (2 * x2 + 3 * a * d))
        let newton = -residual * inverseSlope
        let ratio = (x2 + 3 * a * d) * inverseSlope
        let delta = newton - ratio * newton * newton
        // Y side at t0 + d, independent of δ: y0 + d·Y1 + d²(Y2 + d·Y3) as exact pairs.
        let y2 = 3 * ay * r.t0 + by
        let yHigher = d2 * (y2 + d * ay)
        let py = twoProduct(d, r.y1, bHigh: splitHigh(r.y1), bLow: r.y1 - splitHigh(r.y1))
        let s1 = twoSum(py.value, yHigher)
        let s2 = twoSum(r.y0, s1.value)
        let slopeY = r.y1 + d * (2 * y2 + 3 * ay * d)
        // Only this tail waits for δ.
        // y(t + δ) − y(t) = δ·Y'(t) + δ²·Y''(t)/2 (+ δ³·Y3, inside the bound), t = t0 + d.
        let low = s2.error + (s1.error + py.error + d * r.y1Low + r.y0Low)
            + delta * (slopeY + delta * (y2 + 3 * ay * d))
        let high = s2.value + low
        let rest = low - (high - s2.value)  // exact: |low| ≪ |s2.value|
        // Error bound: a few roundings of each plain term, on the magnitudes of their parts
        // (X2 + d·a may cancel), the residual's error carried through δ into y, and the
        // neglected third order of the correction.
        let xSize = d2 * (Swift.abs(3 * a * r.t0) + Swift.abs(b) + Swift.abs(d * a))
            + Swift.abs(px.error) + Swift.abs(r.x0Low) + Swift.abs(d * r.x1Low)
        let ySize = d2 * (Swift.abs(3 * ay * r.t0) + Swift.abs(by) + Swift.abs(d * ay))
            + Swift.abs(py.error) + Swift.abs(r.y0Low) + Swift.abs(s1.error) + Swift.abs(d * r.y1Low)
        let bound = 0x1p-50 * (ySize + Swift.abs(slopeY * inverseSlope) * xSize)
            + (Swift.abs(slopeY) * 2 * ratio * ratio + Swift.abs(ay)) * Swift.abs(newton * newton * newton)
            + 0x1p-52 * Swift.abs(low) + 0x1p-1020
        // The expansion holds while δ is tiny beside the interval; the rounding test: if
        // moving `rest` away from `high` by the bound still rounds back to `high`, then
        // `high` is the correctly rounded value (this also handles binade edges).
        guard Swift.abs(delta) <= 1e-7, Swift.abs(ratio * delta) <= 1e-6 else { return nil }
        let probe = (rest + (rest < 0 ? -bound : bound)) * (1 + 0x1p-20)
        return high + probe == high ? high : nil
    }
}
