/// Constant-speed traversal of a keyframe spline (`cubicPaced`): where the spline is after
/// a given fraction of its arc length, as a segment and a parameter `u` in it.
///
/// Length is Euclidean in the space of the values (`distance(to:)`, which for every
/// `LinearAnimatableValue` in Cadence is the norm of an inner product). Construction
/// (`KeyframeCurve+PacingConstruction.swift`) cuts each segment into *pieces*; a piece
/// keeps its squared speed `q(t) = |B′(lower + t)|²` as a quartic in `t` expanded at its
/// own start (scaled so the total length is 1), its length by Gauss–Kronrod 15, and a
/// cubic first guess of `u` as a function of its arc length. A query finds its piece
/// through a bucket index, takes the guess and corrects it by Chebyshev's method
/// (Newton's with a second-order term) on the piece's 7-point Gauss–Legendre partial
/// integral, the speed and its derivatives in closed form from `q`. Construction makes the
/// pieces small enough that one step meets the tolerance at the quarter points and the
/// middle of every piece.
///
/// - Range: a fraction in 0…1 (clamped; NaN reads as 0). At a keyframe's fraction
///   (`keyTimes`) the result is that keyframe's segment at `u = 0` exactly, and at 1 the
///   last segment at `u = 1` exactly. A segment of no length is passed over (the next
///   segment at `u = 0` is the same point), except as the last segment, at 1.
/// - Accuracy: the arc length from the start to the result is the fraction of the total
///   within 1e-13 of the total: a piece's 7-point rule agrees with Gauss–Kronrod 15 to
///   `arcTolerance`, and a step is final when the residual it leaves is below
///   `solveTolerance`. The seeded property test measures 1.5e-15 at worst, so each 1/256
///   of the progress covers 1/256 of the length to 4e-13 of itself: the speed is constant
///   to that.
/// - Cost: a bucket lookup (no further step, usually), a cubic, one correction (seven
///   speeds as a SIMD vector of eight: two vector square roots, and the speed at `u`),
///   about 25 ns; close to a point where the speed vanishes, a few more, at most
///   `maxSolveSteps`. No allocation. Memory: 128 bytes a piece (the 16-key benchmark
///   spline has 5 a segment), 4 a bucket (as many as the pieces, rounded up to a power of
///   two), 8 a keyframe.
@usableFromInline
struct SplinePacing: Sendable {
    /// `q(t) = c0 + c1 t + c2 t² + c3 t³ + c4 t⁴`: a piece's squared speed at `lower + t`
    /// over the squared total length.
    struct Quartic: Sendable {
        var c0, c1, c2, c3, c4: Double

        @inline(__always)
        func callAsFunction(_ t: Double) -> Double {
            let t2 = t * t
            return (c4 * t2 + (c3 * t + c2)) * t2 + (c1 * t + c0)
        }

        /// `q′(t)`.
        @inline(__always)
        func derivative(_ t: Double) -> Double { ((4 * c4 * t + 3 * c3) * t + 2 * c2) * t + c1 }

        /// `q″(t)`.
        @inline(__always)
        func secondDerivative(_ t: Double) -> Double { (12 * c4 * t + 6 * c3) * t + 2 * c2 }

        /// The speed `√q(t)` (rounding can leave `q` a little below 0 where it vanishes).
        @inline(__always)
        func speed(_ t: Double) -> Double {
            let q = self(t)
            return (q < 0 ? 0 : q).squareRoot()
        }

        /// `∫₀ᵗ √q` by 7-point Gauss–Legendre, the seven nodes in a SIMD vector of eight
        /// (the eighth lane, at `t`, has weight 0).
        @inline(__always)
        func arc(to t: Double) -> Double {
            // Nodes (1 + x_k)/2 of the rule on 0…1, then 1; weights w_k/2, then 0.
            let nodes = SIMD8<Double>(
                0.025446043828620737737, 0.12923440720030278007, 0.29707742431130141655, 0.5,
                0.70292257568869858345, 0.87076559279969721993, 0.97455395617137926226, 1)
            let weights = SIMD8<Double>(
                0.064742483084434846635, 0.13985269574463833395, 0.19091502525255947248, 0.20897959183673469388,
                0.19091502525255947248, 0.13985269574463833395, 0.064742483084434846635, 0)
            return (weights * speeds(at: SIMD8(repeating: t) * nodes)).pairwiseSum * t
        }

        /// `√q` at eight parameters (0 where rounding leaves `q` a little below 0).
        /// Estrin's scheme (three multiplications deep rather than four); the square roots
        /// lane by lane with the clamp in the loop, the form the vectoriser turns into
        /// two `vsqrtpd` (`SIMD8.squareRoot()` is eight scalar calls that check for errno).
        @inline(__always)
        func speeds(at t: SIMD8<Double>) -> SIMD8<Double> {
            let t2 = t * t
            let low = SIMD8(repeating: c1) * t + SIMD8(repeating: c0)
            let high = SIMD8(repeating: c3) * t + SIMD8(repeating: c2)
            let q = (SIMD8(repeating: c4) * t2 + high) * t2 + low
            var speeds = SIMD8<Double>()
            for i in 0..<8 { speeds[i] = (q[i] < 0 ? 0 : q[i]).squareRoot() }
            return speeds
        }
    }

    /// How a piece's first guess reads its local arc-length fraction `τ`: `w = τ`
    /// (`regular`), `w = √τ` (the speed vanishes at the piece's start, where `u` grows
    /// like `√τ`), or `w = √(1 − τ)` (it vanishes at the end).
    enum GuessForm: UInt8, Sendable {
        case regular, rootAtStart, rootAtEnd
    }

    /// A parameter interval `lower…upper` of one segment, and where it lies in arc length.
    struct Piece: Sendable {
        /// The fraction of the total length at which the piece starts, and 1 / its share
        /// of the total (0 for a segment of no length, whose one piece has no width).
        var start: Double
        var inverseWidth: Double
        /// Turns a length into the piece's 7-point Gauss units: the piece's 7-point length
        /// over its (more accurate) Gauss–Kronrod length, so the partial integral ends
        /// where the next piece starts.
        var targetScale: Double
        var lower: Double
        var upper: Double
        /// The first guess `u = origin + span · w(g1 + w(g2 + w·g3))`, `w` by `form`.
        var origin: Double
        var span: Double
        var g1: Double
        var g2: Double
        var g3: Double
        /// `|B′(lower + t)|²` over the total length squared, as a quartic in `t`.
        var quartic: Quartic
        var segment: Int32
        var form: GuessForm
    }

    /// Every segment's pieces, in order.
    let pieces: [Piece]
    /// `buckets[b]`: the last piece starting at or before `b / (buckets.count − 1)`.
    let buckets: [Int32]
    /// The fraction of the total length at which each keyframe is reached: each segment's
    /// start, then 1.
    let keyTimes: [Double]
    /// How many times construction evaluated the speed (16 a Gauss–Kronrod rule, with the
    /// speed at its end): the work done, which `maxSpeedEvaluations(segments:)` bounds.
    let speedEvaluations: Int

    /// The solver's step budget. Construction sizes the pieces so that one step from the
    /// guess meets `solveTolerance`; where it could not (a point of zero speed that the
    /// split budget did not resolve), steps that would leave the bracket bisect it
    /// instead, and 60 halvings close any piece on an ulp.
    static var maxSolveSteps: Int { 64 }
    /// A step is final when the residual it leaves, `|8v′² − q″|·|δ|³/(12v)` by Taylor, is
    /// below this (a fraction of the total length) and the step `δ` is within `stepReach`
    /// of the piece's width (so the expansion's next term is smaller still).
    static var solveTolerance: Double { 1e-15 }
    static var stepReach: Double { 1e-2 }

    /// The segment and parameter at arc length `fraction · total` (`fraction` clamped to
    /// 0…1, NaN reading as 0).
    @inline(__always)
    @usableFromInline
    func location(at fraction: Double) -> (segment: Int, u: Double) {
        let found = solve(fraction)
        return (found.segment, found.u)
    }

    /// `location(at:)`, with the number of solver steps it took (for tests).
    func solve(_ fraction: Double) -> (segment: Int, u: Double, steps: Int) {
        let p = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        // The end: the last piece's end (of a segment of no length, its one point).
        guard p < 1 else { return (Int(pieces[pieces.count - 1].segment), pieces[pieces.count - 1].upper, 0) }
        let piece = pieces[pieceIndex(at: p)]
        let segment = Int(piece.segment)
        let offset = p - piece.start
        let tau = Swift.min(offset * piece.inverseWidth, 1)
        // At either end of the piece, its own bound (so a keyframe is reached exactly).
        guard tau > 0 else { return (segment, piece.lower, 0) }
        guard tau < 1 else { return (segment, piece.upper, 0) }
        let w = piece.form == .regular ? tau : (piece.form == .rootAtStart ? tau : 1 - tau).squareRoot()
        let guess = piece.g1 * w + (piece.g3 * w + piece.g2) * (w * w)
        var lo = piece.lower, hi = piece.upper
        var u = Swift.min(Swift.max(piece.origin + piece.span * guess, lo), hi)
        let target = offset * piece.targetScale
        let q = piece.quartic
        let reach = Self.stepReach * (hi - lo)
        for step in 1...Self.maxSolveSteps {
            // The speed and its derivatives at u first, in scalar code that runs alongside
            // the vector rule.
            let t = u - piece.lower
            let v = q.speed(t), inverse = 1 / v
            let slope = 0.5 * q.derivative(t) * inverse
            let f = q.arc(to: t) - target
            if f > 0 { hi = u } else if f < 0 { lo = u } else { return (segment, u, step) }
            // Chebyshev's step on arc(u) − target, whose derivatives are v, v′ = q′/2v and
            // v″ = (q″/2 − v′²)/v: δ = N(1 + N·v′/2v), N = f/v. Cubic, like Halley's, without
            // a second division; it leaves a residual of about |8v′² − q″|·|δ|³/(12v).
            let newton = f * inverse
            let delta = newton * (1 + 0.5 * newton * slope * inverse)
            let next = u - delta
            // Converged: test before the bracket, which a converged step may touch.
            if Swift.abs(delta) <= reach
                && Swift.abs(8 * slope * slope - q.secondDerivative(t)) * Swift.abs(delta * delta * delta)
                <= 12 * v * Self.solveTolerance {
                return (segment, Swift.min(Swift.max(next, piece.lower), piece.upper), step)
            }
            if hi - lo <= 2 * u.ulp { return (segment, u, step) }
            u = next > lo && next < hi ? next : 0.5 * (lo + hi)
        }
        return (segment, u, Self.maxSolveSteps)
    }

    /// The last piece starting at or before `p` (in 0…1, below 1): between the pieces its
    /// bucket and the next name, by halving (usually they are the same piece or
    /// neighbours; a piece of no width is passed over unless it is the last).
    @inline(__always)
    func pieceIndex(at p: Double) -> Int {
        let b = Int(p * Double(buckets.count - 1))
        var base = Int(buckets[b]), n = Int(buckets[b + 1]) - base + 1
        while n > 1 {
            let half = n / 2
            base = pieces[base + half].start <= p ? base + half : base
            n -= half
        }
        return base
    }
}

extension SIMD8<Double> {
    /// The sum of the lanes as a tree, three additions deep (`sum()` adds in order, seven).
    @inline(__always)
    var pairwiseSum: Double {
        let four = lowHalf + highHalf, two = four.lowHalf + four.highHalf
        return two[0] + two[1]
    }
}
