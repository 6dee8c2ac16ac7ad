import CadenceGeometry

/// Building `SplinePacing`: the squared-speed quartics, the pieces and the bucket index.
///
/// 1. Scale. Every point and control is multiplied by one power of two that brings the
///    largest norm to 1…2 (exact, short of underflow in components negligible next to the
///    largest), so no square or difference overflows or underflows, whatever the input's
///    magnitude: 9e307 and 5e-324 are paced as 1 is. A component that is NaN or ±∞ (in a
///    keyframe, or in a control after the tangents overflowed) gives no pacing.
/// 2. Quartics. With `B′(u) = A u² + B u + C` (from the derivative's Bézier points
///    `Dₖ = 3(Bₖ₊₁ − Bₖ)`), `q(u) = |B′(u)|²` has coefficients `C·C`, `2B·C`,
///    `B·B + 2A·C`, `2A·B`, `A·A`; the dot products come from `distance(to:)` by
///    polarisation, `x·y = (|x + y|² − |x − y|²)/4`.
/// 3. Pieces. Each segment starts as `initialSteps` equal steps of `u`, plus a node at
///    every deep minimum of `q` (a point where the speed nearly vanishes: a scalar spline
///    turning back, a cusp), found from `q′`. Each step is measured by Gauss–Kronrod 15 and
///    split in halves until its embedded 7-point Gauss rule (the query's) agrees with it to
///    `arcTolerance` of the total, and its first guess, at a quarter, the half and three
///    quarters of the step, leaves one solver step within `solveTolerance` — or until the
///    segment has used `maxSplits` splits. A piece's length is its Gauss–Kronrod length.
/// 4. Normalise by the total (lengths become fractions; `q` is divided by the total
///    squared) and index the pieces by equal buckets, a power of two of them, at least as
///    many as the pieces.
///
/// Cost: for the 16-key benchmark spline about 140 speeds a segment (nine rules of 16),
/// under 1 µs; the worst case is `maxSpeedEvaluations(segments:)`, a constant per
/// segment, whatever the values.
extension SplinePacing {
    /// Equal steps of `u` each segment starts with.
    static var initialSteps: Int { 8 }
    /// How closely a piece's 7-point Gauss length must match its Gauss–Kronrod length, as
    /// a fraction of the total length: the bound on a query's partial integral.
    static var arcTolerance: Double { 1e-13 }
    /// The splits a segment may make; past them its remaining steps are kept as they are
    /// (queries there take more solver steps, bisecting when needed).
    static var maxSplits: Int { 96 }
    /// Below this fraction of the larger neighbouring squared speed, a minimum of `q`
    /// becomes a node.
    static var deepMinimum: Double { 1e-4 }

    /// The most speed evaluations construction can make for `segments` segments: per
    /// segment one rule (16 speeds) for each initial step, at most two a step counting the
    /// minimum nodes, and two for each split.
    static func maxSpeedEvaluations(segments: Int) -> Int {
        segments * Step.evaluations * (2 * initialSteps + 2 * maxSplits)
    }

    /// The pacing of the spline through `points` whose segment `i` has inner Bézier points
    /// `controls[i]`; `nil` when its length is zero or a point or control is not finite.
    @_specialize(where L == Double)
    @_specialize(where L == Point)
    @_specialize(where L == Size)
    @_specialize(where L == Rect)
    @_specialize(where L == Color)
    init?<L: LinearAnimatableValue>(points: [L], controls: [(L, L)]) {
        guard !controls.isEmpty, points.count == controls.count + 1,
              let quartics = Self.quartics(points: points, controls: controls) else { return nil }
        var evaluations = 0

        // Pass 1: each segment's initial steps, measured; the total.
        var segmentSteps: [[Step]] = []
        segmentSteps.reserveCapacity(quartics.count)
        var estimate = 0.0
        for q in quartics {
            let nodes = Self.initialNodes(q)
            var steps: [Step] = []
            steps.reserveCapacity(nodes.count - 1)
            for j in 0..<(nodes.count - 1) {
                let step = Step(q, nodes[j], nodes[j + 1])
                steps.append(step)
                estimate += step.length
            }
            evaluations += Step.evaluations * steps.count
            segmentSteps.append(steps)
        }
        guard estimate > 0 && estimate.isFinite else { return nil }

        // Pass 2: split until each piece is resolved (lengths in the scaled units).
        var raw: [RawPiece] = []
        raw.reserveCapacity(2 * segmentSteps.count * Self.initialSteps)
        var stack: [Step] = []
        for (segment, steps) in segmentSteps.enumerated() {
            let q = quartics[segment]
            guard steps.contains(where: { $0.length > 0 }) else {
                // No length: one piece of no width at u = 0.
                raw.append(RawPiece(segment: segment, a: 0, b: 0, length: 0, gauss: 0, guess: .none))
                continue
            }
            var splits = 0
            for first in steps.reversed() { stack.append(first) }
            while let step = stack.popLast() {
                let (a, b) = (step.a, step.b), m = 0.5 * (a + b)
                let guess = Guess(q, step, tolerance: Self.solveTolerance * estimate)
                let resolved = Swift.abs(step.length - step.gauss) <= Self.arcTolerance * estimate && guess.passes
                if resolved || splits >= Self.maxSplits || !(a < m && m < b) {
                    raw.append(RawPiece(segment: segment, a: a, b: b, length: step.length, gauss: step.gauss, guess: guess))
                } else {
                    splits += 1
                    stack.append(Step(q, m, b))
                    stack.append(Step(q, a, m))
                    evaluations += 2 * Step.evaluations
                }
            }
        }

        // Normalise by the total and index.
        var total = 0.0
        for piece in raw { total += piece.length }
        guard total > 0 && total.isFinite else { return nil }
        let inverse = 1 / total
        speeds = quartics.map { $0.scaled(by: inverse * inverse) }
        var pieces: [Piece] = []
        pieces.reserveCapacity(raw.count)
        var keyTimes: [Double] = []
        keyTimes.reserveCapacity(quartics.count + 1)
        var covered = 0.0
        for piece in raw {
            let start = covered / total
            if keyTimes.count == piece.segment { keyTimes.append(start) }
            covered += piece.length
            pieces.append(piece.piece(start: start, total: total))
        }
        keyTimes.append(1)
        self.pieces = pieces
        self.keyTimes = keyTimes
        buckets = Self.buckets(pieces)
        speedEvaluations = evaluations
    }

    /// Each segment's `|B′(u)|²`, from the points and controls scaled by one power of two;
    /// `nil` when one of them is not finite or all are zero.
    static func quartics<L: LinearAnimatableValue>(points: [L], controls: [(L, L)]) -> [Quartic]? {
        var top = Int.min
        for x in points {
            guard let e = normExponent(x) else { return nil }
            top = Swift.max(top, e)
        }
        for (b1, b2) in controls {
            guard let e1 = normExponent(b1), let e2 = normExponent(b2) else { return nil }
            top = Swift.max(top, e1, e2)
        }
        guard top > Int.min else { return nil }  // every point at zero: no length
        // 2^−top in two factors, each a normal number (top is within −1075…1024).
        let first = Double(sign: .plus, exponent: -top / 2, significand: 1)
        let second = Double(sign: .plus, exponent: -top - (-top / 2), significand: 1)
        func scaled(_ x: L) -> L { x.scaled(by: first).scaled(by: second) }
        func squared(_ x: L) -> Double {
            let d = L.zero.distance(to: x)
            return d * d
        }
        func dot(_ x: L, _ y: L) -> Double { (squared(x.adding(y)) - squared(x.subtracting(y))) / 4 }
        var quartics: [Quartic] = []
        quartics.reserveCapacity(controls.count)
        var p0 = scaled(points[0])
        for (i, (c1, c2)) in controls.enumerated() {
            let b1 = scaled(c1), b2 = scaled(c2), p3 = scaled(points[i + 1])
            let d0 = b1.subtracting(p0).scaled(by: 3), d1 = b2.subtracting(b1).scaled(by: 3)
            let d2 = p3.subtracting(b2).scaled(by: 3)
            let a = d0.subtracting(d1.scaled(by: 2)).adding(d2), b = d1.subtracting(d0).scaled(by: 2), c = d0
            let q = Quartic(c0: squared(c), c1: 2 * dot(b, c), c2: squared(b) + 2 * dot(a, c), c3: 2 * dot(a, b), c4: squared(a))
            guard q.c0.isFinite && q.c1.isFinite && q.c2.isFinite && q.c3.isFinite && q.c4.isFinite else { return nil }
            quartics.append(q)
            p0 = p3
        }
        return quartics
    }

    /// The binary exponent of `x`'s norm (`Int.min` for zero), or `nil` when a component is
    /// NaN or infinite. Norms whose squares would overflow or underflow are measured on
    /// `x` scaled by 2^∓600.
    static func normExponent<L: LinearAnimatableValue>(_ x: L) -> Int? {
        let norm = L.zero.distance(to: x)
        if norm.isNaN { return nil }
        if norm == .infinity {
            let smaller = L.zero.distance(to: x.scaled(by: 0x1p-600))
            return smaller.isFinite ? Int(smaller.exponent) + 600 : nil
        }
        if norm < 0x1p-400 {
            let larger = L.zero.distance(to: x.scaled(by: 0x1p600))
            return larger == 0 ? Int.min : Int(larger.exponent) - 600
        }
        return Int(norm.exponent)
    }

    /// `0, 1/n, …, 1` (`n = initialSteps`) with a node at each deep minimum of `q` between.
    static func initialNodes(_ q: Quartic) -> [Double] {
        let n = initialSteps
        var nodes: [Double] = [0]
        nodes.reserveCapacity(2 * n + 1)
        for j in 0..<n {
            let a = Double(j) / Double(n), b = Double(j + 1) / Double(n)
            if q.derivative(a) < 0 && q.derivative(b) > 0 {
                let x = minimum(q, a, b)
                if x > a && x < b && q(x) <= deepMinimum * Swift.max(q(a), q(b)) { nodes.append(x) }
            }
            nodes.append(b)
        }
        return nodes
    }

    /// The root of `q′` in `a…b`, where `q′(a) < 0 < q′(b)`: Newton on `q′`, bisecting when
    /// a step leaves the bracket; at most 64 steps.
    static func minimum(_ q: Quartic, _ a: Double, _ b: Double) -> Double {
        var lo = a, hi = b, x = 0.5 * (a + b)
        for _ in 0..<64 {
            let d = q.derivative(x)
            if d < 0 { lo = x } else if d > 0 { hi = x } else { return x }
            if hi - lo <= 2 * x.ulp { break }
            let next = x - d / q.secondDerivative(x)
            x = next > lo && next < hi ? next : 0.5 * (lo + hi)
        }
        return x
    }

    /// The bucket index of `pieces`: a power of two of equal buckets, at least as many as
    /// the pieces, each naming the last piece that starts by the bucket's start.
    static func buckets(_ pieces: [Piece]) -> [Int32] {
        var count = 1
        while count < pieces.count { count *= 2 }
        var buckets: [Int32] = []
        buckets.reserveCapacity(count + 1)
        pieces.withUnsafeBufferPointer { pieces in
            var k = 0
            for b in 0..<(count + 1) {
                let edge = Double(b) / Double(count)
                while k + 1 < pieces.count && pieces[k + 1].start <= edge { k += 1 }
                buckets.append(Int32(k))
            }
        }
        return buckets
    }

    /// A parameter interval of a segment measured by Gauss–Kronrod 15 (its 15 speeds and
    /// the speed at `b` as two SIMD vectors of eight): the length, the length by the
    /// embedded 7-point Gauss rule (the query's rule), and the lengths from `a` to a
    /// quarter, a half and three quarters of the way (the degree-14 interpolant of the 15
    /// speeds, integrated; weights computed once at 50 digits).
    struct Step {
        var a, b: Double
        var length, gauss, quarter, middle, threeQuarters: Double

        /// Speeds evaluated per step.
        static var evaluations: Int { 16 }

        init(_ q: Quartic, _ a: Double, _ b: Double) {
            // Nodes on 0…1, ascending, then 1; weights halved (the rules are on −1…1).
            let nodes = (
                SIMD8<Double>(0.0042723144395936803966, 0.025446043828620737737, 0.067567788320115463605, 0.12923440720030278007,
                              0.20695638226615443485, 0.29707742431130141655, 0.3961075224960507662, 0.5),
                SIMD8<Double>(0.6038924775039492338, 0.70292257568869858345, 0.79304361773384556515, 0.87076559279969721993,
                              0.93243221167988453639, 0.97455395617137926226, 0.9957276855604063196, 1))
            let kronrod = (
                SIMD8<Double>(0.011467661005264612482, 0.031546046314989276645, 0.05239500516112509192, 0.070326629857762959373,
                              0.084502363319633951413, 0.095175289032392704957, 0.10221647003764944621, 0.10474107054236391401),
                SIMD8<Double>(0.10221647003764944621, 0.095175289032392704957, 0.084502363319633951413, 0.070326629857762959373,
                              0.05239500516112509192, 0.031546046314989276645, 0.011467661005264612482, 0))
            let gauss = (
                SIMD8<Double>(0, 0.064742483084434846635, 0, 0.13985269574463833395, 0, 0.19091502525255947248, 0, 0.20897959183673469388),
                SIMD8<Double>(0, 0.19091502525255947248, 0, 0.13985269574463833395, 0, 0.064742483084434846635, 0, 0))
            let quarter = (
                SIMD8<Double>(0.011424327471035208525, 0.031696121416980549917, 0.052040463102969901796, 0.071327497482123738931,
                              0.078675128761892228159, 0.0056376532572273792272, -0.0010943833501241529294, 0.00043932953674193109785),
                SIMD8<Double>(-0.00023155200804807438725, 0.0001393702903549160324, -0.000088991489357832086414, 0.000057768634374234712862,
                              -0.00003684956267149406463, 0.000021022620543873705946, -0.0000069061640424086372584, 0))
            let middle = (
                SIMD8<Double>(0.011713723910577414573, 0.030802552016041725279, 0.053680342651838733669, 0.068345164821671428584,
                              0.087523785694424203575, 0.090337497814451907963, 0.11150112851239772894, 0.052370535271181957003),
                SIMD8<Double>(-0.0092846584747482827351, 0.004837791217940796994, -0.0030214223747902521613, 0.0019814650360915307887,
                              -0.0012853374907136417492, 0.00074349429894755136655, -0.00024606290531280209079, 0))
            let threeQuarters = (
                SIMD8<Double>(0.011474567169307021119, 0.031525023694445402939, 0.052431854723796585985, 0.07026886122338872466,
                              0.0845913548089917835, 0.095035918742037788924, 0.10244802204569752059, 0.10430174100562198291),
                SIMD8<Double>(0.10331085338777359914, 0.089537635775165325729, 0.0058272345577417232543, -0.0010008676243607795584,
                              0.00035454205815519012393, -0.00015007510199127327203, 0.000043333534229403956505, 0))
            let width = b - a
            let speeds = (q.speeds(at: SIMD8(repeating: a) + SIMD8(repeating: width) * nodes.0),
                          q.speeds(at: SIMD8(repeating: a) + SIMD8(repeating: width) * nodes.1))
            @inline(__always)
            func rule(_ w: (SIMD8<Double>, SIMD8<Double>)) -> Double { (w.0 * speeds.0 + w.1 * speeds.1).pairwiseSum * width }
            (self.a, self.b) = (a, b)
            length = rule(kronrod)
            self.gauss = rule(gauss)
            self.quarter = rule(quarter)
            self.middle = rule(middle)
            self.threeQuarters = rule(threeQuarters)
        }
    }

    /// A piece before normalisation: lengths in the scaled units.
    struct RawPiece {
        var segment: Int
        var a, b: Double
        /// The length by Gauss–Kronrod 15, and by the query's 7-point Gauss rule.
        var length, gauss: Double
        var guess: Guess

        func piece(start: Double, total: Double) -> Piece {
            let width = length / total
            return Piece(
                start: start, inverseWidth: width > 0 ? 1 / width : 0, targetScale: length > 0 ? gauss / length : 1,
                lower: a, upper: b, origin: guess.form == .rootAtEnd ? b : a, span: guess.form == .rootAtEnd ? a - b : b - a,
                g1: guess.g1, g2: guess.g2, g3: guess.g3, segment: Int32(segment), form: guess.form)
        }
    }

    /// A piece's first guess: the cubic Hermite interpolant of `u` against `w` (one of
    /// the three `GuessForm`s), matching `u` and `du/dw` at both ends, in units of the
    /// piece's width. The regular form takes `du/dτ = length/(width · speed)` at the ends;
    /// a root form takes the limit at its zero of speed, where the speed grows like
    /// `α·|u − u₀|`, `α = √(q″/2)`: `du/dw = √(2·length/α)`.
    struct Guess {
        var form: GuessForm
        var g1, g2, g3: Double
        /// Whether one solver step from the guess meets the tolerance at the checks.
        var passes: Bool

        static var none: Guess { Guess(form: .regular, g1: 1, g2: 0, g3: 0, passes: true) }

        init(form: GuessForm, g1: Double, g2: Double, g3: Double, passes: Bool) {
            (self.form, self.g1, self.g2, self.g3, self.passes) = (form, g1, g2, g3, passes)
        }

        /// The first form (regular, root at the start, root at the end) whose guess, at
        /// the quarter points and the midpoint of `step`, leaves one Chebyshev step within
        /// `tolerance` (an absolute length) and `stepReach`; or, if none does, the one
        /// that comes closest.
        init(_ q: Quartic, _ step: Step, tolerance: Double) {
            let (a, b, length) = (step.a, step.b, step.length)
            let width = b - a
            let (va, vb) = (q.speed(a), q.speed(b))
            func rootSlope(_ u: Double) -> Double {
                (2 * length / (0.5 * Swift.max(q.secondDerivative(u), 0)).squareRoot()).squareRoot() / width
            }
            // The checks at a quarter, the half and three quarters of the width: τ there,
            // and the constant of the step's residual, |8v′² − q″|/(12v).
            func check(_ arc: Double, _ t: Double) -> (tau: Double, u: Double, constant: Double) {
                let u = a + width * t, v = q.speed(u), slope = q.derivative(u) / (2 * v)
                return (length > 0 ? arc / length : t, u, Swift.abs(8 * slope * slope - q.secondDerivative(u)) / (12 * v))
            }
            let checks = (check(step.quarter, 0.25), check(step.middle, 0.5), check(step.threeQuarters, 0.75))
            var best = Guess(form: .regular, g1: 1, g2: 0, g3: 0, passes: false)
            var bestResidual = Double.infinity
            // Tries one form with end slopes m0 (at w = 0) and m1 (at w = 1); true when it passes.
            func consider(_ form: GuessForm, _ m0: Double, _ m1: Double) -> Bool {
                guard m0.isFinite && m1.isFinite else { return false }
                // G(w) = m0 w + (3 − 2 m0 − m1) w² + (m0 + m1 − 2) w³: G(0) = 0, G(1) = 1.
                let g = (m0, 3 - 2 * m0 - m1, m0 + m1 - 2)
                // The residual one Chebyshev step leaves from the guess at a check, and whether
                // the step is within reach.
                func residual(_ check: (tau: Double, u: Double, constant: Double)) -> (Double, Bool) {
                    let tau = check.tau
                    let w = form == .regular ? tau : form == .rootAtStart ? tau.squareRoot() : (1 - tau).squareRoot()
                    let step = w * ((g.2 * w + g.1) * w + g.0)
                    let u = form == .rootAtEnd ? b - width * step : a + width * step
                    let delta = Swift.abs(Swift.min(Swift.max(u, a), b) - check.u)
                    let r = check.constant * delta * delta * delta
                    return (r.isNaN ? .infinity : r, delta <= SplinePacing.stepReach * width)
                }
                let (r0, near0) = residual(checks.0), (r1, near1) = residual(checks.1), (r2, near2) = residual(checks.2)
                let worst = Swift.max(r0, r1, r2)
                let passes = near0 && near1 && near2 && worst <= tolerance
                if passes || worst < bestResidual {
                    best = Guess(form: form, g1: g.0, g2: g.1, g3: g.2, passes: passes)
                    bestResidual = worst
                }
                return passes
            }
            _ = consider(.regular, length / (width * va), length / (width * vb))
                || consider(.rootAtStart, rootSlope(a), 2 * length / (width * vb))
                || consider(.rootAtEnd, rootSlope(b), 2 * length / (width * va))
            self = best
        }
    }
}

extension SplinePacing.Quartic {
    /// Every coefficient times `factor`.
    func scaled(by factor: Double) -> Self {
        Self(c0: c0 * factor, c1: c1 * factor, c2: c2 * factor, c3: c3 * factor, c4: c4 * factor)
    }
}
