// One half of a timing function's solver. The curve is solved from the nearer end: inputs
// x ≤ 1/2 on the curve itself, inputs x > 1/2 on the curve turned end for end
// (x' = 1 − x, exact there; y = 1 − y'). Near either end the unknown t (or 1 − t) is then
// small and carries full relative precision, which curves with a vertical end need.

extension TimingFunction {
    /// The solver of one half of the curve (its polynomials, for the full path): built from
    /// the control points in `init` (then stored as the table's lanes) and rebuilt from the
    /// lanes when needed.
    @usableFromInline
    struct HalfSolver: Sendable {
        /// `X(t)` and `Y(t)`, coefficients held exactly as double-doubles.
        @usableFromInline let xCurve, yCurve: CubicCoefficients<Double>
        /// +1 for the lower half, −1 for the upper one, whose output is `1 − ỹ`.
        @usableFromInline let outputSign: Double

        /// The error in `t` the Newton steps leave for the compensated finish to absorb.
        @usableFromInline static let parameterTolerance = 1e-15
        /// The largest correction `|t* − t| / t` the finish trusts.
        @usableFromInline static let correctionLimit = 1e-12
        /// Inputs below this are solved from the leading term of `X` near 0 (2^-30).
        @usableFromInline static let tinyInput = 0x1p-30
        /// The largest relative size of the correction's second-order term it trusts.
        @usableFromInline static let curvatureLimit = 1e-8
        /// The most iterations the bracketed solve takes.
        @usableFromInline static let maxSlowSteps = 128
        /// The most Newton steps on the compensated residual after it.
        @usableFromInline static let refinementSteps = 8

        init(xCurve: CubicCoefficients<Double>, yCurve: CubicCoefficients<Double>, outputSign: Double) {
            self.xCurve = xCurve
            self.yCurve = yCurve
            self.outputSign = outputSign
        }

        /// A half for control points given as double-doubles `(high, low)`, so that the
        /// reversed curve's `1 − c` is exact.
        init(
            c1x: (Double, Double), c1y: (Double, Double), c2x: (Double, Double), c2y: (Double, Double),
            outputSign: Double
        ) {
            self.init(
                xCurve: HalfSolver.coefficients(c1x, c2x), yCurve: HalfSolver.coefficients(c1y, c2y), outputSign: outputSign)
        }

        /// A Newton step `s` at slope `X'` is accepted when `s² · convergenceScale ≤ X'`:
        /// the error left in `t` (about `s² · X'' / (2 X')`) is then below
        /// `parameterTolerance`. X'' is linear in t, so its largest magnitude is at an end.
        var convergenceScale: Double {
            let maxX2 = Swift.max(Swift.abs(xCurve.curvature(at: 0)), Swift.abs(xCurve.curvature(at: 1)))
            return 0.5 * maxX2 / HalfSolver.parameterTolerance
        }

        /// `c = 3·p1`, `b = 3·p2 − 6·p1`, `a = 1 + 3·p1 − 3·p2`, each as a double-double.
        static func coefficients(_ p1: (Double, Double), _ p2: (Double, Double)) -> CubicCoefficients<Double> {
            func scaled(_ k: Double, _ p: (Double, Double)) -> (Double, Double) {
                let product = twoProduct(k, p.0, bHigh: splitHigh(p.0), bLow: p.0 - splitHigh(p.0))
                return normalized(product.value, product.error + k * p.1)
            }
            func sum(_ u: (Double, Double), _ v: (Double, Double)) -> (Double, Double) {
                let s = twoSum(u.0, v.0)
                return normalized(s.value, s.error + u.1 + v.1)
            }
            func normalized(_ high: Double, _ low: Double) -> (Double, Double) {
                let s = high + low
                return (s, low - (s - high))
            }
            let c = scaled(3, p1)
            let b = sum(scaled(3, p2), scaled(-6, p1))
            let a = sum(sum((1, 0), scaled(3, p1)), scaled(-3, p2))
            return CubicCoefficients(a: a.0, b: b.0, c: c.0, aLow: a.1, bLow: b.1, cLow: c.1)
        }

        /// `X(t)` in plain arithmetic (high coefficients).
        @inlinable func x(_ t: Double) -> Double { ((xCurve.a * t + xCurve.b) * t + xCurve.c) * t }

        /// `t` with `X(t) = x'` for `0 < x' ≤ 1/2`, from the table guess `t` with the
        /// interval's ends `low`, `high` (a bracket but for the rounding of the nodes): at
        /// most two Newton steps, or the slow solve.
        func solve(_ x: Double, from guess: (t: Double, low: Double, high: Double)) -> Double {
            if x < HalfSolver.tinyInput { return solveTiny(x) }
            var t = guess.t
            let scale = convergenceScale
            for _ in 0..<2 {
                let d = xCurve.slope(at: t)
                let step = (self.x(t) - x) / d
                t -= step
                // Newton's error after a step s is about s² · X'' / (2 X'). NaN fails.
                if step * step * scale <= d { return t }
            }
            var lo = guess.low, hi = guess.high
            if !(self.x(lo) <= x) { lo = 0 }
            if !(self.x(hi) >= x) { hi = 1 }
            return refine(x, from: solveBracketed(x, lo: lo, hi: hi))
        }

        /// Whether the finish's correction is trusted (see `correctedCubicRoot`): `|δ|` at
        /// most `correctionLimit` relative to `t`, and the second-order term small.
        @inlinable @inline(__always)
        static func trusts(delta: Double, curvatureRatio: Double, t: Double) -> Bool {
            Swift.abs(delta) <= correctionLimit * t && Swift.abs(curvatureRatio) <= curvatureLimit
        }

        /// `t` for inputs below `tinyInput`, where an absolute tolerance means nothing:
        /// bisect on the binary exponent of `t` (X is increasing from X(0) = 0) to find the
        /// octave `2^(e−1) … 2^e` holding the root, solve inside it, and finish with Newton
        /// on the compensated residual — all in relative terms. About 11 + 10 steps.
        @usableFromInline @inline(never)
        func solveTiny(_ x: Double) -> Double {
            var low = -1074
            var high = 0
            while high - low > 1 {
                let middle = (low + high) / 2
                if self.x(Double(sign: .plus, exponent: middle, significand: 1)) < x {
                    low = middle
                } else {
                    high = middle
                }
            }
            let lo = Double(sign: .plus, exponent: low, significand: 1)
            let hi = Double(sign: .plus, exponent: high, significand: 1)
            return refine(x, from: solveBracketed(x, lo: lo, hi: hi))
        }

        /// `y'(x')` for `0 < x' ≤ 1/2` as an unrounded pair (see `correctedCubicRoot`).
        /// When the correction is not trusted after the fast solve, `t` is refined on the
        /// compensated residual and the finish repeated; if it is still not trusted (a
        /// vertical tangent inside), the result is `Y(t)` and the backward-error bound holds.
        func evaluate(_ x: Double, from guess: (t: Double, low: Double, high: Double)) -> Compensated<Double> {
            let t = solve(x, from: guess)
            let r = correctedCubicRoot(x: x, t: t, xCurve: xCurve, yCurve: yCurve)
            if HalfSolver.trusts(delta: r.delta, curvatureRatio: r.curvatureRatio, t: t) {
                return Compensated(r.y.value, r.correction)
            }
            return evaluateRefined(x, from: t)
        }

        func evaluateRefined(_ x: Double, from t: Double) -> Compensated<Double> {
            let refined = refine(x, from: t)
            let r = correctedCubicRoot(x: x, t: refined, xCurve: xCurve, yCurve: yCurve)
            let trusted = HalfSolver.trusts(delta: r.delta, curvatureRatio: r.curvatureRatio, t: refined)
            return Compensated(r.y.value, trusted ? r.correction : r.y.error)
        }

        /// Solves `X(t) = x` for `t` in `lo…hi`, where `X(lo) ≤ x ≤ X(hi)` and `X` is
        /// non-decreasing, from `start` (else the middle): Newton kept inside a shrinking bracket, bisection whenever
        /// Newton leaves it or converges more slowly than bisection would (a multiple
        /// root). At most `maxSlowSteps` iterations.
        func solveBracketed(_ x: Double, lo: Double, hi: Double, from start: Double? = nil) -> Double {
            var lo = lo
            var hi = hi
            var t = start.map { Swift.min(Swift.max($0, lo), hi) } ?? 0.5 * (lo + hi)
            var previousStep = Double.infinity
            for _ in 0..<HalfSolver.maxSlowSteps {
                let f = self.x(t) - x
                if f == 0 { break }
                if f < 0 { lo = t } else { hi = t }
                var next = t - f / xCurve.slope(at: t)
                if !(next > lo && next < hi) || Swift.abs(next - t) > 0.5 * previousStep {
                    next = 0.5 * (lo + hi)
                }
                let step = Swift.abs(next - t)
                t = next
                if step <= 2 * t.ulp || hi - lo <= 2 * hi.ulp { break }
                previousStep = step
            }
            return t
        }

        /// Newton steps on the compensated residual, which (unlike the double residual
        /// where X' is small) stays meaningful down to an ulp of `t`. At a multiple root
        /// (a vertical tangent inside) they only creep closer, which is harmless.
        @usableFromInline
        func refine(_ x: Double, from start: Double) -> Double {
            var t = start
            for _ in 0..<HalfSolver.refinementSteps where t > 0 {
                let residual = xCurve.compensated(at: t)
                let step = ((residual.value - x) + residual.error) / xCurve.slope(at: t)
                let next = t - step
                guard next > 0 && next <= 1, Swift.abs(step) > t.ulp else { break }
                t = next
            }
            return t
        }

        /// `dy/dx` at parameter `t`: `Y'/X'`, or by l'Hôpital the ratio of the first orders
        /// where `X`'s derivative does not vanish; ±∞ where only `Y`'s does not.
        @usableFromInline
        func slope(atParameter t: Double) -> Double {
            let dx = SIMD3(xCurve.slope(at: t), xCurve.curvature(at: t), 6 * xCurve.a)
            let dy = SIMD3(yCurve.slope(at: t), yCurve.curvature(at: t), 6 * yCurve.a)
            for order in 0..<3 {
                if dx[order] != 0 { return dy[order] / dx[order] }
                if dy[order] != 0 { return dy[order] > 0 ? .infinity : -.infinity }
            }
            return 0
        }
    }
}
