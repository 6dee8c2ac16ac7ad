// The table behind a curved timing function: one block of memory, built once in `init` and
// shared by every copy of the function (a `TimingFunction` is four doubles and one
// reference to this). Layout, in 16-byte elements:
//
//   elements 0 ..< 13     the lower half's polynomial lanes (`Lane` below)
//   elements 13 ..< 26    the upper half's (the curve turned end for end)
//   elements 26 ..< 60    the guess nodes: 2 × 34 pairs (t, dt/dv·Δv) as `Float`, lower
//                         half first, 8 bytes a node (the 34th only pads the last interval)
//
// Each half's lanes are `SIMD2<Double>` pairs (X, Y): lane 0 is `X(t)`, lane 1 the
// **output** polynomial, `Y(t)` for the lower half and `1 − Ỹ(t)` (coefficients negated,
// constant 1) for the upper one, so `progress(at:)` needs no fold at the end. The guess
// nodes sit at `v = √h` evenly spaced over `0 … √(1/2)`: in `v` both kinds of curve end
// are smooth (`t ≈ h / X'(0)` where the curve leaves 0 at an angle, `t ≈ √(h / X''(0)/2)`
// where it leaves vertically, as `easeOut` does), so one cubic Hermite piece per interval
// guesses `t` to about 1e-5 or better on the named curves.
//
// Size: 60 × 16 = 960 bytes of elements, plus the 32-byte object: 992 bytes.

extension TimingFunction {
    /// The polynomial lanes and guess nodes of a curved timing function (see the file's
    /// comment for the layout): a class holding one block of memory that is immutable
    /// after `init` (hence `Sendable`), freed with the last copy of the function.
    @usableFromInline
    final class Table: @unchecked Sendable {
        /// The block: `elementCount` 16-byte elements.
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
            /// `|3a|`, `|2b|`, `|c|`: the magnitude polynomial of the error bound.
            @usableFromInline static let magnitudeA = 9, magnitudeB = 10, magnitudeC = 11
            /// Lane 0: the plain Newton steps taken after the table guess before the
            /// compensated finish, 0 where the guess is within `guessTolerance` everywhere,
            /// else 1 or 2 (curves with a steep middle, such as (0.9, 0, 0.1, 1)); the same
            /// in both halves. Lane 1: `|a_y| · 2^-24`, the third-order term of the bound.
            @usableFromInline static let constants = 12
            /// Elements per half.
            @usableFromInline static let count = 13
        }

        /// Guess intervals per half, evenly spaced in `v = √h` over `0 … √(1/2)`.
        @usableFromInline static let intervals = 32
        /// Nodes per half: one per interval end, and a 34th so that `h = 1/2`, which may
        /// land at the start of a 33rd interval, needs no clamp.
        @usableFromInline static let nodeCount = intervals + 2
        /// Intervals per unit of `v`: `intervals / √(1/2) = 32·√2` (a literal, so that it
        /// is a constant in inlined code; `init` checks it).
        @usableFromInline static let intervalsPerRoot = 0x1.6a09e667f3bcdp+5
        /// First element of the guess nodes.
        @usableFromInline static let nodeElement = 2 * Lane.count
        /// Elements of the whole table.
        static let elementCount = nodeElement + nodeCount
        /// The largest relative error `|t − t*| / t` of the guess (after the Newton steps)
        /// that the fast paths accept: their error bounds assume it.
        @usableFromInline static let guessLimit = 0x1p-12
        /// The largest relative error of the guess, sampled at construction, for which a
        /// curve takes no more plain Newton steps: a quarter of `guessLimit`.
        static let guessTolerance = 0x1p-14
        /// The most plain Newton steps a curve is given.
        static let maxNewtonSteps = 2

        /// A table for the curve with control points `p1`, `p2` (x clamped, all finite).
        init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
            assert(Table.intervalsPerRoot == Double(Table.intervals) * 2.0.squareRoot())
            let lower = Half(c1x: (p1x, 0), c1y: (p1y, 0), c2x: (p2x, 0), c2y: (p2y, 0), outputSign: 1)
            // The reversed curve's control points 1 − c, kept exact as double-doubles.
            let upper = Half(
                c1x: Table.oneMinus(p2x), c1y: Table.oneMinus(p2y), c2x: Table.oneMinus(p1x),
                c2y: Table.oneMinus(p1y), outputSign: -1)
            elements = .allocate(capacity: Table.elementCount)
            elements.initialize(repeating: .zero, count: Table.elementCount)
            // Newton steps: the fewest that bring every sampled guess within tolerance.
            var worst = [Double](repeating: 0, count: Table.maxNewtonSteps + 1)
            for (index, half) in [lower, upper].enumerated() {
                half.store(lanes: elements + index * Lane.count)
                half.storeNodes(at: Table.nodes(elements, half: index))
                half.sampleGuessErrors(nodes: UnsafeRawPointer(Table.nodes(elements, half: index)), into: &worst)
            }
            let steps = worst.firstIndex { $0 <= Table.guessTolerance } ?? Table.maxNewtonSteps
            for index in 0..<2 { elements[index * Lane.count + Lane.constants][0] = Double(steps) }
        }

        /// `1 − c` as an exact double-double.
        static func oneMinus(_ c: Double) -> (Double, Double) {
            let s = twoSum(1.0, -c)
            return (s.value, s.error)
        }

        /// The lanes of `half` (0 lower, 1 upper) as doubles.
        @inlinable @inline(__always)
        static func lanes(_ elements: UnsafeMutablePointer<SIMD2<Double>>, half: Int) -> UnsafePointer<Double> {
            UnsafeRawPointer(elements + half &* Lane.count).assumingMemoryBound(to: Double.self)
        }

        /// The first guess node of `half` (0 lower, 1 upper) as raw memory.
        @inlinable @inline(__always)
        static func nodes(_ elements: UnsafeMutablePointer<SIMD2<Double>>, half: Int) -> UnsafeMutableRawPointer {
            UnsafeMutableRawPointer(elements + nodeElement) + half &* ((intervals + 1) &* MemoryLayout<SIMD2<Float>>.stride)
        }

        /// The table guess of `t` for `h` in `0 … 1/2` on a half, and the interval's ends
        /// `(t_i, t_{i+1})` (a bracket of the root but for the rounding of the nodes).
        /// About 20 instructions: a square root, one 16-byte load, a cubic.
        @inlinable @inline(__always)
        static func guess(
            _ h: Double, nodes: UnsafeRawPointer
        ) -> (t: Double, low: Double, high: Double) {
            let scaled = h.squareRoot() * intervalsPerRoot
            // The interval: scaled − 1/2 rounded to an integer in the low bits of
            // 1.5·2^52 + (scaled − 1/2), which is floor(scaled) (or, at an integer,
            // possibly the interval ending there, with u = 1); no conversion checks.
            let rounded = (scaled - 0.5) + 0x1.8p52
            let index = Int(truncatingIfNeeded: rounded.bitPattern & 0xFF)
            let u = scaled - (rounded - 0x1.8p52)
            let node = nodes.loadUnaligned(
                fromByteOffset: index &* MemoryLayout<SIMD2<Float>>.stride, as: SIMD4<Float>.self)
            let t0 = Double(node[0]), m0 = Double(node[1]), t1 = Double(node[2]), m1 = Double(node[3])
            // The cubic Hermite piece through (t0, m0) and (t1, m1) on u in 0…1.
            let delta = t1 - t0
            let c2 = 3 * delta - 2 * m0 - m1
            let c3 = m0 + m1 - 2 * delta
            return (multiplyAdd(u, multiplyAdd(u, multiplyAdd(u, c3, c2), m0), t0), t0, t1)
        }

        /// `t` for `h` on a half: the guess, then the curve's plain Newton steps (lane 0 of
        /// `constants`, the same in both halves).
        @inlinable @inline(__always)
        static func start(_ h: Double, lanes p: UnsafePointer<Double>, nodes: UnsafeRawPointer) -> Double {
            var t = guess(h, nodes: nodes).t
            var steps = p[2 &* Lane.constants]
            while steps > 0 {
                let a = p[2 &* Lane.a], b = p[2 &* Lane.b], c = p[2 &* Lane.c]
                let f = multiplyAdd(multiplyAdd(multiplyAdd(a, t, b), t, c), t, -h)
                t -= f / multiplyAdd(multiplyAdd(p[2 &* Lane.threeA], t, p[2 &* Lane.twoB]), t, c)
                steps -= 1
            }
            return t
        }

        /// The half for `half` (0 lower, 1 upper), rebuilt from its lanes for the full path.
        @usableFromInline
        func half(_ half: Int) -> Half {
            Half(lanes: elements + half * Lane.count, outputSign: half == 0 ? 1 : -1)
        }
    }
}

extension TimingFunction.Half {
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
        func magnitude(_ v: SIMD2<Double>) -> SIMD2<Double> { pair(Swift.abs(v[0]), Swift.abs(v[1])) }
        lanes[Lane.magnitudeA] = magnitude(lanes[Lane.threeA])
        lanes[Lane.magnitudeB] = magnitude(lanes[Lane.twoB])
        lanes[Lane.magnitudeC] = magnitude(lanes[Lane.c])
        lanes[Lane.constants] = pair(0, Swift.abs(y.a) * 0x1p-24)
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

    /// Solves the nodes `t(v_i)`, `v_i = i·√(1/2)/32`, and stores them with the Hermite
    /// slopes `dt/dv · Δv` as `Float` pairs (and the padding node past the end).
    func storeNodes(at base: UnsafeMutableRawPointer) {
        let n = Table.intervals
        let step = 1 / Table.intervalsPerRoot
        var nodes = [Double](repeating: 0, count: n + 1)
        for i in 1...n {
            let v = Double(i) * step
            nodes[i] = solveBracketed(v * v, lo: nodes[i - 1], hi: 1)
        }
        // dt/dv = 2v / X'(t), times Δv; at v = 0 its limit: 0 where X'(0) > 0, else
        // 1/√(X''(0)/2) where that is positive, else unbounded (capped below).
        var slopes = (0...n).map { i -> Double in
            let v = Double(i) * step
            let d = xCurve.slope(at: nodes[i])
            return d > 0 ? 2 * v / d * step : .infinity
        }
        if xCurve.c > 0 {
            slopes[0] = 0
        } else if xCurve.b > 0 {
            slopes[0] = step / xCurve.b.squareRoot()
        }
        // An unbounded slope (a vertical tangent) is capped at 3× the neighbouring secants,
        // Fritsch–Carlson's limit, which keeps the piece inside its interval.
        for i in 0...n {
            let left = i > 0 ? nodes[i] - nodes[i - 1] : .infinity
            let right = i < n ? nodes[i + 1] - nodes[i] : .infinity
            slopes[i] = Swift.min(slopes[i], 3 * Swift.min(left, right))
        }
        for i in 0...n + 1 {
            // The padding node continues the last interval's line.
            let node = i <= n ? (nodes[i], slopes[i]) : (nodes[n] + slopes[n], slopes[n])
            base.storeBytes(
                of: SIMD2<Float>(Float(node.0), Float(node.1)),
                toByteOffset: i * MemoryLayout<SIMD2<Float>>.stride, as: SIMD2<Float>.self)
        }
    }

    /// Raises `worst[k]` to the largest relative error of the guess after `k` plain
    /// Newton steps, sampled at u = 1/4, 1/2, 3/4 of every interval (the first excepted:
    /// its error relative to a vanishing `t` is what the runtime check is for).
    func sampleGuessErrors(nodes: UnsafeRawPointer, into worst: inout [Double]) {
        let step = 1 / Table.intervalsPerRoot
        for i in 1..<Table.intervals {
            for u in [0.25, 0.5, 0.75] {
                let v = (Double(i) + u) * step
                let h = v * v
                var t = Table.guess(h, nodes: nodes).t
                // The root, by Newton from the guess (the guess is close enough here).
                var root = t
                for _ in 0..<6 { root -= (x(root) - h) / xCurve.slope(at: root) }
                for k in worst.indices {
                    let error = Swift.abs(t - root) / root
                    worst[k] = Swift.max(worst[k], error.isNaN ? .infinity : error)
                    t -= (x(t) - h) / xCurve.slope(at: t)
                }
            }
        }
    }
}
