import CCadenceFeatures

// The table behind a curved timing function: one block of memory, built once in `init` and
// shared by every copy of the function (a `TimingFunction` is four doubles and one
// reference to this). Two halves of 32 16-byte elements each (lower half first), so one
// index picks everything a half needs:
//
//   elements 0 ..< 10     the polynomial lanes (`Lane` below)
//   elements 10 ..< 27    the guess rows: 17 cubic pieces (t0, c1, c2, c3) as `Float`, one
//                         a row (the 17th only pads the end)
//   elements 27 ..< 32    the rows' error bounds in ulps: 17 `Int32`s (and 12 bytes spare)
//
// Each half's lanes are `SIMD2<Double>` pairs (X, Y): lane 0 is `X(t)`, lane 1 the
// **output** polynomial, `Y(t)` for the lower half and `1 − Ỹ(t)` (coefficients negated,
// constant 1) for the upper one, so `progress(at:)` needs no fold at the end. The guess
// rows cover `v = √h` in 16 even steps over `0 … √(1/2)`: in `v` both kinds of curve end
// are smooth (`t ≈ h / X'(0)` where the curve leaves 0 at an angle, `t ≈ √(h / X''(0)/2)`
// where it leaves vertically, as `easeOut` does), so one cubic Hermite piece per interval
// (`t ≈ t0 + u·(c1 + u·(c2 + u·c3))`, `u` in 0…1 across it) guesses `t` to better than
// 1e-4 past the first interval on the named curves.
//
// Size: (64 + 63 + 16) × 16 = 2,288 bytes of elements (the halves, then the fast path's
// data in `TimingFunction+Polynomial.swift`, with the scalar call's copy of each half's
// coefficients beside its bounds, and last 16 for its copy of the guess polynomials), plus the
// 32-byte object: 2,320 bytes. A curve whose single polynomial guess needs two Newton steps
// or cannot follow the curve (a steep middle), on two halves that both leave at an angle
// (neither takes the √h form), instead keeps the piecewise guess when its pieces need fewer
// steps than the single polynomial, in the copy's place: 12 elements (the cells' pieces and
// the pieces' bounds, 192 bytes) and 9 a piece (8 coefficient pairs and the piece's map,
// 144 bytes), with at most 16 pieces (10 for (0.9, 0, 0.1, 1): 3,664 + 32 bytes; at most
// 4,528 + 32).

extension TimingFunction {
    /// The polynomial lanes and guess rows of a curved timing function (see the file's
    /// comment for the layout): a class holding one block of memory that is immutable
    /// after `init` (hence `Sendable`), freed with the last copy of the function.
    @usableFromInline
    final class Table: @unchecked Sendable {
        /// The block of 16-byte elements: `storedCount(pieces:)` of them, 143 for a curve
        /// without the piecewise guess (127 and the scalar path's `Fast.split`), `139 +
        /// 9·pieces` (at most 283) with it.
        @usableFromInline let elements: UnsafeMutablePointer<SIMD2<Double>>

        deinit { elements.deallocate() }

        /// Where each half's lanes live (`SIMD2<Double>` elements, `(X, output)`).
        @usableFromInline
        enum Lane {
            /// `((a·t + b)·t + c)·t + d`: the high parts, then the low parts of the exact
            /// double-double coefficients.
            @usableFromInline static let a = 0, b = 1, c = 2, aLow = 3, bLow = 4, cLow = 5
            /// The constant term: (0, 0) for the lower half, (0, 1) for the upper one.
            @usableFromInline static let d = 6
            /// `3a` and `2b` (rounded), for the derivatives.
            @usableFromInline static let threeA = 7, twoB = 8
            /// Lane 0: the plain Newton steps taken after the table guess before the
            /// finish, 0 where the sampled guess is within half the guess limit, else 1 or 2
            /// (curves with a steep middle, such as (0.9, 0, 0.1, 1)); the same in both
            /// halves. Lane 1: the half's guess limit, `|δ₁| ≤ limit · t` (`guessLimit`,
            /// less where the curve bends sharply for its slope; see `plainOutput`).
            @usableFromInline static let constants = 9
            /// Elements per half.
            @usableFromInline static let count = 10
        }

        /// Guess intervals per half, evenly spaced in `v = √h` over `0 … √(1/2)`.
        @usableFromInline static let intervals = 16
        /// Rows per half: one per interval, and a 17th so that `h = 1/2`, which may land
        /// at the start of a 17th interval, needs no clamp.
        @usableFromInline static let rowCount = intervals + 1
        /// Intervals per unit of `v`: `intervals / √(1/2) = 16·√2` (a literal, so that it
        /// is a constant in inlined code; `init` checks it).
        @usableFromInline static let intervalsPerRoot = 0x1.6a09e667f3bcdp+4
        /// Elements of one half: its lanes, rows and row bounds.
        @usableFromInline static let halfCount = 32
        /// Elements of the whole table.
        static let elementCount = 2 * halfCount + Fast.count
        /// The largest relative error `|t − t*| / t` of the guess (after the Newton steps)
        /// that the fast paths accept: their error bounds assume it.
        @usableFromInline static let guessLimit = 0x1p-12
        /// The most plain Newton steps a curve is given.
        static let maxNewtonSteps = 2

        /// The elements a curve with `pieces` pieces keeps (0: no piecewise guess).
        static func storedCount(pieces: Int) -> Int {
            Fast.base + (pieces > 0 ? Fast.pieces + pieces * Fast.pieceStride : Fast.split + Fast.splitCount)
        }

        /// A table for the curve with control points `p1`, `p2` (x clamped, all finite).
        init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
            assert(Table.intervalsPerRoot == Double(Table.intervals) * 2.0.squareRoot())
            // The cells' layout (`pieceIndex` masks with 0x3F; 64 bytes, then two halves'
            // `Int16` piece bounds, each in its own `halfStride` bytes) holds only for these
            // counts, and the halves' data lies `halfStride` bytes apart only with these.
            assert(Fast.cellCount == 64 && Fast.cellsPerUnit == 2 * Double(Fast.cellCount - 1)
                && Fast.pieceBounds == Fast.cells + Fast.cellCount / 16
                && Fast.pieces == Fast.pieceBounds + 2 * Fast.halfStride / 16
                && 2 * Fast.pieceCount <= Fast.halfStride && 2 * Fast.boundsPerHalf == Fast.halfStride
                && 4 * 16 == Fast.halfStride && Fast.splitCount * 16 == 4 * Fast.halfStride
                && Fast.scalarCount * 16 == 4 * Fast.halfStride && Fast.y2b - Fast.xa + 3 <= 16)
            let lower = HalfSolver(c1x: (p1x, 0), c1y: (p1y, 0), c2x: (p2x, 0), c2y: (p2y, 0), outputSign: 1)
            // The reversed curve's control points 1 − c, kept exact as double-doubles.
            let upper = HalfSolver(
                c1x: Table.oneMinus(p2x), c1y: Table.oneMinus(p2y), c2x: Table.oneMinus(p1x),
                c2y: Table.oneMinus(p1y), outputSign: -1)
            // Built in a block of every element, then kept without the pieces' where the
            // curve does not use them.
            let block = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: Table.elementCount)
            defer { block.deallocate() }
            block.initialize(repeating: .zero, count: Table.elementCount)
            // Newton steps: the fewest that bring every sampled guess within half of the
            // guess limit (the runtime check), so that few inputs fail it.
            var limits = InlineArray<2, Double>(repeating: 0)
            for index in 0..<2 {
                let half = index == 0 ? lower : upper
                half.store(lanes: block + index * Table.halfCount)
                limits[index] = half.storeRows(at: Table.rows(block, half: index), bounds: Table.bounds(block, half: index))
                block[index * Table.halfCount + Lane.constants][1] = limits[index]
            }
            let tolerance = 0.5 * Swift.min(limits[0], limits[1])
            var worst = InlineArray<3, Double>(repeating: 0)  // after 0, 1, 2 steps
            lower.sampleGuessErrors(rows: Table.rows(block, half: 0), tolerance: tolerance, into: &worst)
            upper.sampleGuessErrors(rows: Table.rows(block, half: 1), tolerance: tolerance, into: &worst)
            let steps = worst[0] <= tolerance ? 0 : worst[1] <= tolerance ? 1 : Table.maxNewtonSteps
            for index in 0..<2 { block[index * Table.halfCount + Lane.constants][0] = Double(steps) }
            Builder(elements: block).storeFast((lower, upper), limits: limits)
            let count = Table.storedCount(pieces: Table.usedPieces(block))
            elements = .allocate(capacity: count)
            elements.initialize(from: block, count: count)
        }

        /// `1 − c` as an exact double-double.
        static func oneMinus(_ c: Double) -> (Double, Double) {
            let s = twoSum(1.0, -c)
            return (s.value, s.error)
        }

        /// The lanes of `half` (0 lower, 1 upper) as doubles.
        @inlinable @inline(__always)
        static func lanes(_ elements: UnsafeMutablePointer<SIMD2<Double>>, half: Int) -> UnsafePointer<Double> {
            UnsafeRawPointer(elements + half &* halfCount).assumingMemoryBound(to: Double.self)
        }

        /// The error bounds of the rows of `half` (0 lower, 1 upper), in ulps of the row's
        /// least output (see `HalfSolver.storeRows`).
        @inlinable @inline(__always)
        static func bounds(_ elements: UnsafeMutablePointer<SIMD2<Double>>, half: Int) -> UnsafeMutablePointer<Int32> {
            UnsafeMutableRawPointer(elements + half &* halfCount + Lane.count + rowCount).assumingMemoryBound(to: Int32.self)
        }

        /// The first guess row of `half` (0 lower, 1 upper).
        @inlinable @inline(__always)
        static func rows(_ elements: UnsafeMutablePointer<SIMD2<Double>>, half: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
            UnsafeMutableRawPointer(elements + half &* halfCount + Lane.count).assumingMemoryBound(to: SIMD4<Float>.self)
        }

        /// The table guess of `t` for `h` in `0 … 1/2` on a half, and the interval's ends
        /// `(t_i, t_{i+1})` (a bracket of the root but for the rounding of the nodes).
        /// About 15 instructions: a square root, one 16-byte load, a cubic.
        @inlinable @inline(__always)
        static func guess(
            _ h: Double, rows: UnsafePointer<SIMD4<Float>>
        ) -> (t: Double, low: Double, high: Double, index: Int) {
            let scaled = cadence_sqrt(h) * intervalsPerRoot
            // The interval: scaled − 1/2 rounded to an integer in the low bits of
            // 1.5·2^52 + (scaled − 1/2), which is floor(scaled), or at an integer possibly
            // the interval ending there (u = 1); 16 only at h = 1/2, which reads the padding
            // row at u = 0. No conversion checks.
            let rounded = (scaled - 0.5) + 0x1.8p52
            let index = Int(truncatingIfNeeded: rounded.bitPattern & 0xFF)
            let u = scaled - (rounded - 0x1.8p52)
            let row = rows[index]
            let t0 = Double(row[0])
            // By Estrin's scheme: u² is ready before the row is.
            let t = multiplyAdd(u * u, multiplyAdd(u, Double(row[3]), Double(row[2])), multiplyAdd(u, Double(row[1]), t0))
            // The piece's end value, t0 + c1 + c2 + c3, is the next node.
            return (t, t0, t0 + Double(row[1]) + Double(row[2]) + Double(row[3]), index)
        }

        /// `t` for `h` on a half: the guess, then the curve's plain Newton steps (lane 0 of
        /// `constants`, the same in both halves).
        @inlinable @inline(__always)
        static func start(
            _ h: Double, lanes p: UnsafePointer<Double>, rows: UnsafePointer<SIMD4<Float>>
        ) -> (t: Double, index: Int) {
            let first = guess(h, rows: rows)
            var t = first.t
            var steps = p[2 &* Lane.constants]
            while steps > 0 {
                let a = p[2 &* Lane.a], b = p[2 &* Lane.b], c = p[2 &* Lane.c]
                let f = multiplyAdd(multiplyAdd(multiplyAdd(a, t, b), t, c), t, -h)
                t -= f / multiplyAdd(multiplyAdd(p[2 &* Lane.threeA], t, p[2 &* Lane.twoB]), t, c)
                steps -= 1
            }
            return (t, first.index)
        }

        /// The half for `half` (0 lower, 1 upper), rebuilt from its lanes for the full path.
        @usableFromInline
        func half(_ half: Int) -> HalfSolver { Table.half(half, elements) }

        /// The half for `half` of the block `elements`.
        static func half(_ half: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> HalfSolver {
            HalfSolver(lanes: elements + half * Table.halfCount, outputSign: half == 0 ? 1 : -1)
        }
    }
}

extension TimingFunction.HalfSolver {
    typealias Table = TimingFunction.Table
    typealias Lane = TimingFunction.Table.Lane

    /// Writes this half's lanes (see `Table.Lane`).
    func store(lanes: UnsafeMutablePointer<SIMD2<Double>>) {
        let x = xCurve, y = yCurve, s = outputSign
        func pair(_ a: Double, _ b: Double) -> SIMD2<Double> { SIMD2(a, b) }
        lanes[Lane.a] = pair(x.a, s * y.a)
        lanes[Lane.b] = pair(x.b, s * y.b)
        lanes[Lane.c] = pair(x.c, s * y.c)
        lanes[Lane.aLow] = pair(x.aLow, s * y.aLow)
        lanes[Lane.bLow] = pair(x.bLow, s * y.bLow)
        lanes[Lane.cLow] = pair(x.cLow, s * y.cLow)
        lanes[Lane.d] = pair(0, s > 0 ? 0 : 1)
        lanes[Lane.threeA] = 3 * lanes[Lane.a]
        lanes[Lane.twoB] = 2 * lanes[Lane.b]
        lanes[Lane.constants] = pair(0, 0)
    }

    /// The half described by its lanes (`outputSign` +1 lower, −1 upper).
    init(lanes: UnsafePointer<SIMD2<Double>>, outputSign: Double) {
        func curve(_ lane: Int, _ sign: Double) -> CubicCoefficients<Double> {
            CubicCoefficients(
                a: sign * lanes[Lane.a][lane], b: sign * lanes[Lane.b][lane], c: sign * lanes[Lane.c][lane],
                aLow: sign * lanes[Lane.aLow][lane], bLow: sign * lanes[Lane.bLow][lane],
                cLow: sign * lanes[Lane.cLow][lane])
        }
        self.init(xCurve: curve(0, 1), yCurve: curve(1, outputSign), outputSign: outputSign)
    }

    /// Solves the nodes `t(v_i)`, `v_i = i·√(1/2)/16`, and stores the cubic Hermite piece
    /// of each interval (slopes `dt/dv`), in `u` across the interval, as `Float` rows
    /// (and a padding row past the end: the last node, flat).
    ///
    /// Also stores each row's error bound for `plainOutput` (see there) and returns the
    /// half's guess limit. Both are bounds over the row's whole range of `t` (widened by
    /// 2^-10 for the guess's own error), from the extremes of the quadratics `X'`, `Y'`
    /// and `X''` there, so they hold for every input of the row. A row where `X'` can
    /// vanish (a vertical tangent) gets an infinite bound: its inputs take the full path.
    func storeRows(at rows: UnsafeMutablePointer<SIMD4<Float>>, bounds: UnsafeMutablePointer<Int32>) -> Double {
        let n = Table.intervals
        let step = 1 / Table.intervalsPerRoot
        var nodes = InlineArray<17, Double>(repeating: 0)
        var slopes = InlineArray<17, Double>(repeating: 0)
        // dt/dv = 2v / X'(t), times Δv; at v = 0 its limit: 0 where X'(0) > 0, else
        // 1/√(X''(0)/2) where that is positive, else unbounded (capped below). Each node
        // is solved from the line through the one before (a few Newton steps).
        for i in 0...n {
            let v = Double(i) * step
            if i > 0 {
                let previous = nodes[i - 1], slope = slopes[i - 1]
                nodes[i] = solveBracketed(v * v, lo: previous, hi: 1, from: slope.isFinite ? previous + slope : nil)
            }
            let d = xCurve.slope(at: nodes[i])
            slopes[i] = d > 0 ? 2 * v / d * step : .infinity
        }
        if xCurve.c > 0 {
            slopes[0] = 0
        } else if xCurve.b > 0 {
            slopes[0] = step / xCurve.b.squareRoot()
        }
        for i in 0..<n {
            let t0 = nodes[i], delta = nodes[i + 1] - t0
            // An unbounded slope (a vertical tangent) is capped at 3× the secant,
            // Fritsch–Carlson's limit, which keeps the piece inside its interval.
            let m0 = Swift.min(slopes[i], 3 * delta), m1 = Swift.min(slopes[i + 1], 3 * delta)
            rows[i] = SIMD4(Float(t0), Float(m0), Float(3 * delta - 2 * m0 - m1), Float(m0 + m1 - 2 * delta))
        }
        rows[n] = SIMD4(Float(nodes[n]), 0, 0, 0)
        // Row bounds: 4u·(2·(S_y + |d|) + max|Y'|/min|X'|·(S_x + h)), S = |a|t³ + |b|t² + |c|t
        // at the row's end, with 1/64 to spare for the smaller terms; and the largest
        // |ρ2|·t and √|ρ3|·t (ρ2 = X''/2 / X', ρ3 = a / X') for the guess limit.
        var bend = 1.0
        let d = outputSign > 0 ? 0.0 : 1.0
        for i in 0...n {
            let low = Swift.max(0, nodes[i] * (1 - 0x1p-10))
            let high = Swift.min(1, nodes[Swift.min(i + 1, n)] * (1 + 0x1p-10))
            let hEnd = Swift.min(0.5, Double(i + 1) * step * Double(i + 1) * step) * (1 + 0x1p-20)
            let minSlopeX = Self.extremes(xCurve, low, high).min
            let maxSlopeY = Self.extremes(yCurve, low, high).maxMagnitude
            let maxCurvatureX = Swift.max(Swift.abs(3 * xCurve.a * low + xCurve.b), Swift.abs(3 * xCurve.a * high + xCurve.b))
            let ratio = minSlopeX > 0 ? maxSlopeY / minSlopeX : Double.infinity
            // |y| ≤ S_y + |d|: the second S_y + |d| covers the result's own rounding.
            let outputs = Self.size(yCurve, high) + d
            let bound = Self.evaluationError * (1 + 0x1p-6) * (2 * outputs + ratio * (Self.size(xCurve, high) + hEnd))
            bounds[i] = inUlps(bound, least: leastOutput(low, high) - bound)
            if minSlopeX > 0 {
                bend = Swift.max(bend, maxCurvatureX / minSlopeX * high, (Swift.abs(xCurve.a) / minSlopeX).squareRoot() * high)
            }
        }
        return Table.guessLimit / bend
    }

    /// `bound` in units in the last place of `least` (the smallest output magnitude the
    /// row can produce), rounded up: the bound in ulps of any output of the row. Rows
    /// whose outputs can come near 0 (below 2^-1000), or whose bound is 2^11 ulps or more,
    /// get `Int32.max`: their inputs take the longer paths. (Below 2^11 ulps, an output
    /// near a binade's end is also far enough from the boundaries of the next one.)
    func inUlps(_ bound: Double, least: Double) -> Int32 {
        guard bound.isFinite, least >= 0x1p-1000 else { return .max }
        let ulps = (bound / least.ulp).rounded(.up) + 1
        return ulps < 0x800 ? Int32(ulps) : .max
    }

    /// The least magnitude of the output polynomial on `low … high` (0 where it changes
    /// sign there): at an end or where `Y' = 0`.
    func leastOutput(_ low: Double, _ high: Double) -> Double {
        let d = outputSign > 0 ? 0.0 : 1.0
        func output(_ t: Double) -> Double { d + outputSign * ((yCurve.a * t + yCurve.b) * t + yCurve.c) * t }
        var least = Swift.min(output(low), output(high)), most = Swift.max(output(low), output(high))
        func include(_ t: Double) {
            guard t > low, t < high else { return }
            let value = output(t)
            least = Swift.min(least, value)
            most = Swift.max(most, value)
        }
        // Y' = 3a·t² + 2b·t + c: its roots inside the row.
        let a = 3 * yCurve.a, b = 2 * yCurve.b, c = yCurve.c
        if a != 0 {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                include((-b - root) / (2 * a))
                include((-b + root) / (2 * a))
            }
        } else if b != 0 {
            include(-c / b)
        }
        guard least > 0 || most < 0 else { return 0 }
        // The magnitudes' least, less a little for the rounding of these evaluations.
        return Swift.min(Swift.abs(least), Swift.abs(most)) * (1 - 0x1p-40)
    }

    /// The factor of the row bounds: `4u` with a fused multiply-add, `8u` without (two
    /// roundings a step); see `Table.plainOutput`.
    static var evaluationError: Double { cadence_has_fma() != 0 ? 0x1p-51 : 0x1p-50 }

    /// `|a|t³ + |b|t² + |c|t`, the sum of the absolute terms of `p` at `t ≥ 0`.
    static func size(_ p: CubicCoefficients<Double>, _ t: Double) -> Double {
        ((Swift.abs(p.a) * t + Swift.abs(p.b)) * t + Swift.abs(p.c)) * t
    }

    /// The least value of `P'` on `low … high` if it is positive there (else 0), and the
    /// largest magnitude: `P'` is a quadratic, so both are at an end or at its vertex.
    static func extremes(_ p: CubicCoefficients<Double>, _ low: Double, _ high: Double) -> (min: Double, maxMagnitude: Double) {
        let atLow = p.slope(at: low), atHigh = p.slope(at: high)
        var least = Swift.min(atLow, atHigh)
        var largest = Swift.max(Swift.abs(atLow), Swift.abs(atHigh))
        let vertex = -p.b / (3 * p.a)
        if p.a != 0, vertex > low, vertex < high {
            let atVertex = p.slope(at: vertex)
            least = Swift.min(least, atVertex)
            largest = Swift.max(largest, Swift.abs(atVertex))
        }
        // Rounding of the slopes: widen by a few ulps of their terms.
        let slack = 0x1p-48 * (3 * Swift.abs(p.a) + 2 * Swift.abs(p.b) + Swift.abs(p.c))
        return (least > slack ? least - slack : 0, largest + slack)
    }

    /// Raises `worst[k]` to the largest relative error of the guess after `k` plain
    /// Newton steps, sampled in the middle of every interval (where a cubic Hermite
    /// piece's error peaks; the first interval excepted: its error relative to a vanishing
    /// `t` is what the runtime limit is for).
    func sampleGuessErrors(rows: UnsafePointer<SIMD4<Float>>, tolerance: Double, into worst: inout InlineArray<3, Double>) {
        let step = 1 / Table.intervalsPerRoot
        for i in 1..<Table.intervals {
            let v = (Double(i) + 0.5) * step
            let h = v * v
            var t = Table.guess(h, rows: rows).t
            // The root, by Newton from the guess (close enough here for three steps).
            var root = t
            for _ in 0..<3 { root -= (x(root) - h) / xCurve.slope(at: root) }
            for k in worst.indices {
                let error = Swift.abs(t - root) / root
                worst[k] = Swift.max(worst[k], error.isNaN ? .infinity : error)
                if worst[k] <= tolerance { break }
                t -= (x(t) - h) / xCurve.slope(at: t)
            }
        }
    }
}
