// One half of a timing function's solver. The curve is solved from the nearer end: inputs
// x ≤ 1/2 on the curve itself, inputs x > 1/2 on the curve turned end for end
// (x' = 1 − x, exact there; y = 1 − y'). Near either end the unknown t (or 1 − t) is then
// small and carries full relative precision, which curves with a vertical end need.

extension TimingFunction {
    /// The polynomials, guess table and convergence constant for one half.
    @usableFromInline
    struct Half: Sendable {
        /// `X(t) = ((ax·t + bx)·t + cx)·t`, and the same for `Y`.
        @usableFromInline let ax, bx, cx, ay, by, cy: Double
        /// The fast path accepts a Newton step `s` at slope `X'` when
        /// `s² · convergenceScale ≤ X'`: the error left in `t` is then below
        /// `parameterTolerance`.
        @usableFromInline let convergenceScale: Double
        /// Row `i` holds, for x' in `i/64 … (i+1)/64`, the monotone cubic Hermite
        /// approximation of `t(x')` in the local coordinate `u` in 0…1:
        /// `t ≈ c0 + u·(c1 + u·(c2 + u·c3))`. The last row is the end, `(t, 0, 0, 0)`.
        @usableFromInline let table: [SIMD4<Double>]

        /// Table intervals per unit of x'.
        @usableFromInline static let intervalsPerUnit = 64.0
        /// Rows covering x' in 0…33/64 (one interval beyond 1/2), plus the end row.
        @usableFromInline static let tableIntervals = 33
        /// The error in `t` the fast path leaves for the compensated finish to absorb.
        @usableFromInline static let parameterTolerance = 1e-15
        /// The largest correction `|t* − t|` the finish trusts; beyond it (a vertical
        /// tangent) the result is `Y(t)` and the backward-error bound applies.
        @usableFromInline static let correctionLimit = 1e-12
        /// The most iterations the slow solve takes.
        @usableFromInline static let maxSlowSteps = 128

        init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
            cx = 3 * c1x
            bx = 3 * (c2x - c1x) - cx
            ax = 1 - cx - bx
            cy = 3 * c1y
            by = 3 * (c2y - c1y) - cy
            ay = 1 - cy - by
            // X'' is linear in t: its largest magnitude on 0…1 is at an end.
            let maxX2 = Swift.max(Swift.abs(2 * bx), Swift.abs(6 * ax + 2 * bx))
            convergenceScale = 0.5 * maxX2 / Half.parameterTolerance
            table = Half.makeTable(ax: ax, bx: bx, cx: cx)
        }

        /// `X(t)`.
        @inlinable func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        /// `X'(t)`.
        @inlinable func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        /// `Y'(t)`.
        @inlinable func slopeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

        /// `t` with `X(t) = x'` for `0 < x' ≤ 1/2`, within `parameterTolerance` (or the
        /// slow solve's bracket of 2 ulps).
        @inlinable
        func solve(_ x: Double) -> Double {
            let scaled = x * Half.intervalsPerUnit
            let row = Int(scaled)
            let u = scaled - Double(row)
            let c = table.withUnsafeBufferPointer { $0[row] }
            var t = c[0] + u * (c[1] + u * (c[2] + u * c[3]))
            for _ in 0..<2 {
                let d = slopeX(t)
                let step = (self.x(t) - x) / d
                t -= step
                // Newton's error after a step s is about s² · X'' / (2 X'). NaN fails.
                if step * step * convergenceScale <= d { return t }
            }
            return slowSolve(x, row: row)
        }

        /// `y'(x')` for `0 < x' ≤ 1/2` as an unrounded pair (see `correctedCubicRoot`).
        @inlinable
        func evaluate(_ x: Double) -> Compensated<Double> {
            let t = solve(x)
            let r = correctedCubicRoot(x: x, t: t, ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
            let trusted = Swift.abs(r.delta) <= Half.correctionLimit
            return Compensated(r.y.value, trusted ? r.correction : r.y.error)
        }

        @usableFromInline @inline(never)
        func slowSolve(_ x: Double, row: Int) -> Double {
            var lo = table[row][0]
            var hi = table[row + 1][0]
            if !(self.x(lo) <= x) { lo = 0 }
            if !(self.x(hi) >= x) { hi = 1 }
            return Half.solveBracketed(x, lo: lo, hi: hi, ax: ax, bx: bx, cx: cx)
        }

        /// Solves `X(t) = x` for `t` in `lo…hi`, where `X(lo) ≤ x ≤ X(hi)` and `X` is
        /// non-decreasing: Newton kept inside a shrinking bracket, bisection whenever
        /// Newton leaves it or converges more slowly than bisection would (a multiple
        /// root). At most `maxSlowSteps` iterations.
        static func solveBracketed(
            _ x: Double, lo: Double, hi: Double, ax: Double, bx: Double, cx: Double
        ) -> Double {
            var lo = lo
            var hi = hi
            var t = 0.5 * (lo + hi)
            var previousStep = Double.infinity
            for _ in 0..<maxSlowSteps {
                let f = ((ax * t + bx) * t + cx) * t - x
                if f == 0 { return t }
                if f < 0 { lo = t } else { hi = t }
                let slope = (3 * ax * t + 2 * bx) * t + cx
                var next = t - f / slope
                if !(next > lo && next < hi) || Swift.abs(next - t) > 0.5 * previousStep {
                    next = 0.5 * (lo + hi)
                }
                let step = Swift.abs(next - t)
                if step <= 2 * t.ulp || hi - lo <= 2 * hi.ulp { return next }
                previousStep = step
                t = next
            }
            return t
        }

        /// The Hermite guess table (see `table`).
        static func makeTable(ax: Double, bx: Double, cx: Double) -> [SIMD4<Double>] {
            let n = tableIntervals
            let h = 1 / intervalsPerUnit
            var nodes = [Double](repeating: 0, count: n + 1)
            for i in 1...n {
                nodes[i] = solveBracketed(Double(i) * h, lo: nodes[i - 1], hi: 1, ax: ax, bx: bx, cx: cx)
            }
            // dt/du at each node, u being the interval's local coordinate: h / X'(t).
            let slopes = nodes.map { t -> Double in
                let d = (3 * ax * t + 2 * bx) * t + cx
                return d > 0 ? h / d : .infinity
            }
            var table = [SIMD4<Double>]()
            table.reserveCapacity(n + 1)
            for i in 0..<n {
                let t0 = nodes[i]
                let delta = nodes[i + 1] - t0
                // Fritsch–Carlson: slopes at most 3× the secant keep each piece monotone
                // and inside its bracket; an infinite slope (X' = 0) is capped the same way.
                let m0 = Swift.min(slopes[i], 3 * delta)
                let m1 = Swift.min(slopes[i + 1], 3 * delta)
                table.append(SIMD4(t0, m0, 3 * delta - 2 * m0 - m1, m0 + m1 - 2 * delta))
            }
            table.append(SIMD4(nodes[n], 0, 0, 0))
            return table
        }
    }
}
