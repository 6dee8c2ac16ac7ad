import CadenceGeometry

/// Building `SplinePacing`: each segment's derivative in orthonormal coordinates, the
/// pieces with their quartics, and the bucket index.
///
/// 1. Scale. Every point and control is multiplied by one power of two that brings the
///    largest norm to 1…2 (exact, short of underflow in components negligible next to the
///    largest), so no square or difference overflows or underflows, whatever the input's
///    magnitude: 9e307 and 5e-324 are paced as 1 is. A component that is NaN or ±∞ (in a
///    keyframe, or in a control after the tangents overflowed) gives no pacing.
/// 2. Coordinates. A segment's derivative `B′(u) = A u² + B u + C` (from the derivative's
///    Bézier points `Dₖ = 3(Bₖ₊₁ − Bₖ)`) is kept as three `SIMD4` vectors: the values' own
///    components when they have at most four (numbers, points, sizes, rects, colours);
///    otherwise coordinates in an orthonormal basis of the span of `D₀, D₁, D₂` (at most
///    three dimensions) by Gram–Schmidt, each projection done twice, the dot products from
///    `distance(to:)` by polarisation, `x·y = (|x + y|² − |x − y|²)/4`, to an absolute
///    error of a few ulps of the largest `Dₖ`. From there on everything is `SIMD4`
///    arithmetic.
/// 3. Pieces. Each segment starts as `initialSteps` equal steps of `u`, plus a node at
///    every deep minimum of the speed (a scalar spline turning back, a cusp), found where
///    `q′ = 2B′·B″` changes sign. Each step is measured by Gauss–Kronrod 15 and split in
///    halves until its embedded 7-point Gauss rule (the query's) agrees with it to
///    `arcTolerance` of the total, and its first guess, at a quarter, the half and three
///    quarters of the step, leaves one solver step within `solveTolerance` — or until the
///    segment has used `maxSplits` splits. A piece's length is its Gauss–Kronrod length;
///    its quartic `|B′(lower + t)|²` is expanded at its own start from the coordinates,
///    so it keeps its relative accuracy where the speed is small.
/// 4. Normalise by the total (lengths become fractions; the quartics are divided by the
///    total squared) and index the pieces by equal buckets, a power of two of them, at
///    least as many as the pieces.
///
/// Cost: for the 16-key benchmark spline five pieces a segment, 96 speeds (six rules of
/// 16), about 0.8 µs a segment; the worst case is `maxSpeedEvaluations(segments:)`, a
/// constant per segment (3,392 speeds), whatever the values. Memory while building:
/// the steps and pieces, a few hundred bytes a piece.
extension SplinePacing {
    /// Equal steps of `u` each segment starts with.
    static var initialSteps: Int { 4 }
    /// How many equal steps the search for deep minima samples `q′` at.
    static var minimumSamples: Int { 16 }
    /// Below this fraction of the larger neighbouring squared speed, a minimum of the
    /// speed becomes a node.
    static var deepMinimum: Double { 1e-4 }
    /// How closely a piece's 7-point Gauss length must match its Gauss–Kronrod length, as
    /// a fraction of the total length: the bound on a query's partial integral.
    static var arcTolerance: Double { 1e-13 }
    /// The splits a segment may make; past them its remaining steps are kept as they are
    /// (queries there take more solver steps, bisecting when needed).
    static var maxSplits: Int { 96 }

    /// The most speed evaluations construction can make for `segments` segments: per
    /// segment one rule (16 speeds) for each initial step and each minimum node, and two
    /// for each split.
    static func maxSpeedEvaluations(segments: Int) -> Int {
        segments * Step.evaluations * (initialSteps + minimumSamples + 2 * maxSplits)
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
              let velocities = Velocity.segments(points: points, controls: controls) else { return nil }

        // Pass 1: each segment's initial steps, measured; the total. Segment i's steps are
        // steps[firstSteps[i]..<firstSteps[i + 1]].
        var steps: [Step] = []
        steps.reserveCapacity(velocities.count * (Self.initialSteps + 1))
        var firstSteps = [0]
        firstSteps.reserveCapacity(velocities.count + 1)
        var estimate = 0.0
        for velocity in velocities {
            var a = 0.0
            for b in velocity.initialNodes() {
                let step = Step(velocity, a, b)
                steps.append(step)
                estimate += step.length
                a = b
            }
            firstSteps.append(steps.count)
        }
        var evaluations = Step.evaluations * steps.count
        guard estimate > 0 && estimate.isFinite else { return nil }

        // Pass 2: split until each piece is resolved (lengths in the scaled units).
        var raw: [Step] = []
        raw.reserveCapacity(steps.count + steps.count / 4)
        var guesses: [Guess] = []
        guesses.reserveCapacity(raw.capacity)
        var stack: [Step] = []
        for (segment, velocity) in velocities.enumerated() {
            let initial = steps[firstSteps[segment]..<firstSteps[segment + 1]]
            guard initial.contains(where: { $0.length > 0 }) else {
                // No length: one piece of no width at u = 0.
                raw.append(Step(segment: segment))
                guesses.append(.none)
                continue
            }
            var splits = 0
            stack.append(contentsOf: initial.reversed())
            while let step = stack.popLast() {
                let (a, b) = (step.a, step.b), m = 0.5 * (a + b)
                let canSplit = splits < Self.maxSplits && a < m && m < b
                if Swift.abs(step.length - step.gauss) <= Self.arcTolerance * estimate || !canSplit {
                    let guess = Guess(step, tolerance: Self.solveTolerance * estimate)
                    if guess.passes || !canSplit {
                        var step = step
                        step.segment = segment
                        raw.append(step)
                        guesses.append(guess)
                        continue
                    }
                }
                splits += 1
                stack.append(Step(velocity, m, b))
                stack.append(Step(velocity, a, m))
                evaluations += 2 * Step.evaluations
            }
        }

        // Normalise by the total and index.
        var total = 0.0
        for step in raw { total += step.length }
        guard total > 0 && total.isFinite else { return nil }
        var pieces: [Piece] = []
        pieces.reserveCapacity(raw.count)
        var keyTimes: [Double] = []
        keyTimes.reserveCapacity(velocities.count + 1)
        var covered = 0.0
        for (step, guess) in zip(raw, guesses) {
            let start = covered / total
            if keyTimes.count == step.segment { keyTimes.append(start) }
            covered += step.length
            pieces.append(Piece(step, guess, start: start, total: total))
        }
        keyTimes.append(1)
        self.pieces = pieces
        self.keyTimes = keyTimes
        buckets = Self.buckets(pieces)
        speedEvaluations = evaluations
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

    /// The bucket index of `pieces`: a power of two of equal buckets, at least as many as
    /// the pieces, each naming the last piece that starts by the bucket's start.
    static func buckets(_ pieces: [Piece]) -> [Int32] {
        var count = 1
        while count < pieces.count { count *= 2 }
        var buckets: [Int32] = []
        buckets.reserveCapacity(count + 1)
        pieces.withUnsafeBufferPointer { pieces in
            var k = 0
            let width = 1 / Double(count)  // a power of two: the edges are exact
            for b in 0..<(count + 1) {
                let edge = Double(b) * width
                while k + 1 < pieces.count && pieces[k + 1].start <= edge { k += 1 }
                buckets.append(Int32(k))
            }
        }
        return buckets
    }

    /// A segment's derivative `B′(u) = a u² + b u + c` in orthonormal coordinates (the
    /// values scaled by the spline's power of two).
    struct Velocity {
        var a, b, c: SIMD4<Double>

        /// `B′(u)`, `B″(u)`.
        @inline(__always)
        func value(_ u: Double) -> SIMD4<Double> { (a * u + b) * u + c }
        @inline(__always)
        func acceleration(_ u: Double) -> SIMD4<Double> { 2 * u * a + b }

        /// `q(u) = |B′(u)|²`, `q′ = 2B′·B″` and `q″ = 2|B″|² + 4B′·a`.
        @inline(__always)
        func q(_ u: Double) -> (value: Double, first: Double, second: Double) {
            let v = value(u), w = acceleration(u)
            return ((v * v).sum(), 2 * (v * w).sum(), 2 * (w * w).sum() + 4 * (v * a).sum())
        }

        /// `q(u₀ + t)` as a quartic in `t`, expanded from the vectors at `u₀`, so its
        /// coefficients have the accuracy of the vectors rather than of `q` at 0.
        @inline(__always)
        func quartic(at u0: Double) -> Quartic {
            let v = value(u0), w = acceleration(u0)
            return Quartic(c0: (v * v).sum(), c1: 2 * (v * w).sum(), c2: (w * w).sum() + 2 * (v * a).sum(),
                           c3: 2 * (w * a).sum(), c4: (a * a).sum())
        }

        /// Each segment's velocity, from the points and controls scaled by one power of
        /// two; `nil` when one of them is not finite or all are zero.
        static func segments<L: LinearAnimatableValue>(points: [L], controls: [(L, L)]) -> [Velocity]? {
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
            var velocities: [Velocity] = []
            velocities.reserveCapacity(controls.count)
            var p0 = scaled(points[0])
            for (i, (c1, c2)) in controls.enumerated() {
                let b1 = scaled(c1), b2 = scaled(c2), p3 = scaled(points[i + 1])
                let d = coordinates(b1.subtracting(p0).scaled(by: 3), b2.subtracting(b1).scaled(by: 3), p3.subtracting(b2).scaled(by: 3))
                let velocity = Velocity(a: d.0 - 2 * d.1 + d.2, b: 2 * (d.1 - d.0), c: d.0)
                guard all((velocity.a * velocity.a + velocity.b * velocity.b + velocity.c * velocity.c) .< .infinity) else { return nil }
                velocities.append(velocity)
                p0 = p3
            }
            return velocities
        }

        /// The coordinates of three values in an orthonormal basis of their span: their
        /// own components when they have at most four (numbers, and the vector values:
        /// points, sizes, rects, colours), else `orthonormalCoordinates`.
        static func coordinates<L: LinearAnimatableValue>(_ x0: L, _ x1: L, _ x2: L) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
            if let x0 = x0 as? Double, let x1 = x1 as? Double, let x2 = x2 as? Double {
                return (SIMD4(x0, 0, 0, 0), SIMD4(x1, 0, 0, 0), SIMD4(x2, 0, 0, 0))
            }
            func components<V: VectorAnimatableValue>(_ x: V) -> SIMD4<Double>? {
                let c = x.animatableComponents
                guard c.scalarCount <= 4 else { return nil }
                var result = SIMD4<Double>.zero
                for i in 0..<c.scalarCount { result[i] = c[i] }
                return result
            }
            if let v0 = x0 as? any VectorAnimatableValue, let v1 = x1 as? any VectorAnimatableValue,
               let v2 = x2 as? any VectorAnimatableValue,
               let c0 = components(v0), let c1 = components(v1), let c2 = components(v2) {
                return (c0, c1, c2)
            }
            return orthonormalCoordinates(x0, x1, x2)
        }

        /// The coordinates of three values in an orthonormal basis of their span, from
        /// `distance(to:)` alone: Gram–Schmidt, largest first, each projection done twice.
        /// The basis vectors have the norm `s`, a power of two near the largest norm, so the
        /// polarised dot products lose nothing to scale: each coordinate is good to a few
        /// ulps of `s`.
        static func orthonormalCoordinates<L: LinearAnimatableValue>(_ x0: L, _ x1: L, _ x2: L) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
            let norms = SIMD4(L.zero.distance(to: x0), L.zero.distance(to: x1), L.zero.distance(to: x2), 0)
            let largest = Swift.max(norms[0], norms[1], norms[2])
            guard largest > 0 && largest.isFinite else { return (.zero, .zero, .zero) }
            let s = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            func squared(_ x: L) -> Double {
                let d = L.zero.distance(to: x)
                return d * d
            }
            // x·e/s for a basis vector e of norm s: the coordinate of x along it.
            func coordinate(_ x: L, _ e: L) -> Double { (squared(x.adding(e)) - squared(x.subtracting(e))) / (4 * s) }
            var basis = (L.zero, L.zero, L.zero), dimensions = 0
            func element(_ j: Int) -> L { j == 0 ? basis.0 : j == 1 ? basis.1 : basis.2 }
            // The coordinates of x on the basis so far, and on a new basis vector if what
            // remains is a new direction, not rounding in the span already (projecting it
            // once more would leave little of it).
            func place(_ x: L) -> SIMD4<Double> {
                var result = SIMD4<Double>.zero, rest = x
                for _ in 0..<2 {
                    for j in 0..<dimensions {
                        let e = element(j), along = coordinate(rest, e)
                        result[j] += along
                        rest = rest.subtracting(e.scaled(by: along / s))
                    }
                }
                let n = L.zero.distance(to: rest)
                guard n > 0 && dimensions < 3 else { return result }
                var e = rest.scaled(by: s / n)
                for j in 0..<dimensions { e = e.subtracting(element(j).scaled(by: coordinate(e, element(j)) / s)) }
                let m = L.zero.distance(to: e)
                guard m > 0.5 * s else { return result }
                e = e.scaled(by: s / m)
                switch dimensions {
                case 0: basis.0 = e
                case 1: basis.1 = e
                default: basis.2 = e
                }
                result[dimensions] += coordinate(rest, e)
                dimensions += 1
                return result
            }
            // Largest first.
            var coordinates = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
            let first = norms[0] >= norms[1] && norms[0] >= norms[2] ? 0 : norms[1] >= norms[2] ? 1 : 2
            for k in [first, first == 0 ? 1 : 0, first == 2 ? 1 : 2] {
                switch k {
                case 0: coordinates.0 = place(x0)
                case 1: coordinates.1 = place(x1)
                default: coordinates.2 = place(x2)
                }
            }
            return coordinates
        }

        /// The ends of the segment's initial steps: `1/n, 2/n, …, 1` (`n = initialSteps`),
        /// with a node at each deep minimum of the speed between, found where `q′` turns
        /// from negative to positive between `minimumSamples` equal steps.
        func initialNodes() -> [Double] {
            let n = SplinePacing.minimumSamples, stride = n / SplinePacing.initialSteps
            var nodes: [Double] = []
            nodes.reserveCapacity(2 * SplinePacing.initialSteps)
            // Samples from the quartic at 0 (enough to see the signs), the minimum and its
            // depth from the vectors.
            let global = quartic(at: 0)
            var previous = global.derivative(0)
            for j in 0..<n {
                let a = Double(j) / Double(n), b = Double(j + 1) / Double(n)
                let next = global.derivative(b)
                defer { previous = next }
                if previous < 0 && next > 0 {
                    let x = minimum(a, b)
                    if x > a && x < b && q(x).value <= SplinePacing.deepMinimum * Swift.max(q(a).value, q(b).value) {
                        nodes.append(x)
                    }
                }
                if (j + 1) % stride == 0 { nodes.append(b) }
            }
            return nodes
        }

        /// The root of `q′` in `a…b`, where `q′(a) < 0 < q′(b)`: Newton on `q′`, bisecting
        /// when a step leaves the bracket; at most 64 steps.
        func minimum(_ a: Double, _ b: Double) -> Double {
            var lo = a, hi = b, x = 0.5 * (a + b)
            for _ in 0..<64 {
                let (_, d, dd) = q(x)
                if d < 0 { lo = x } else if d > 0 { hi = x } else { return x }
                if hi - lo <= 2 * x.ulp { break }
                let next = x - d / dd
                x = next > lo && next < hi ? next : 0.5 * (lo + hi)
            }
            return x
        }
    }

    /// A parameter interval `a…b` of a segment measured by Gauss–Kronrod 15 (its 15 speeds
    /// and the speed at `b` as two SIMD vectors of eight, from the quartic at `a`): the
    /// length, the length by the embedded 7-point Gauss rule (the query's rule), and the
    /// lengths from `a` to a quarter, a half and three quarters of the way (the degree-14
    /// interpolant of the 15 speeds, integrated; weights computed once at 50 digits).
    struct Step {
        var segment = 0
        var a = 0.0, b = 0.0
        var length = 0.0, gauss = 0.0, quarter = 0.0, middle = 0.0, threeQuarters = 0.0
        /// `|B′(a + t)|²` (scaled units), and the speed at `b`.
        var quartic = Quartic(c0: 0, c1: 0, c2: 0, c3: 0, c4: 0)
        var endSpeed = 0.0

        /// Speeds evaluated per step.
        static var evaluations: Int { 16 }

        /// A segment of no length: one step of no width at u = 0.
        init(segment: Int) { self.segment = segment }

        init(_ velocity: Velocity, _ a: Double, _ b: Double) {
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
            let width = b - a, q = velocity.quartic(at: a)
            quartic = q
            let speeds = (q.speeds(at: SIMD8(repeating: width) * nodes.0), q.speeds(at: SIMD8(repeating: width) * nodes.1))
            @inline(__always)
            func rule(_ w: (SIMD8<Double>, SIMD8<Double>)) -> Double { (w.0 * speeds.0 + w.1 * speeds.1).pairwiseSum * width }
            (self.a, self.b) = (a, b)
            endSpeed = speeds.1[7]
            length = rule(kronrod)
            self.gauss = rule(gauss)
            self.quarter = rule(quarter)
            self.middle = rule(middle)
            self.threeQuarters = rule(threeQuarters)
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
        init(_ step: Step, tolerance: Double) {
            let (length, q, width) = (step.length, step.quartic, step.b - step.a)
            // Lanes: the checks at a quarter, the half and three quarters of the step, and
            // its start. Positions in units of the width.
            let x = SIMD4<Double>(0.25, 0.5, 0.75, 0), t = width * x
            var value = SIMD4(repeating: q.c4) * t + SIMD4(repeating: q.c3)
            value = value * t + SIMD4(repeating: q.c2)
            var first = SIMD4(repeating: 4 * q.c4) * t + SIMD4(repeating: 3 * q.c3)
            let second = (SIMD4(repeating: 12 * q.c4) * t + SIMD4(repeating: 6 * q.c3)) * t + SIMD4(repeating: 2 * q.c2)
            first = (first * t + SIMD4(repeating: 2 * q.c2)) * t + SIMD4(repeating: q.c1)
            value = (value * t + SIMD4(repeating: q.c1)) * t + SIMD4(repeating: q.c0)
            // Speeds, and the constant of a step's residual, |8v′² − q″|/(12v) =
            // |2q′² − q q″|/(12 q v) (lane by lane: one vector root, one division).
            var speed = SIMD4<Double>(), constant = SIMD4<Double>()
            let numerator = 2 * first * first - value * second
            for i in 0..<4 { speed[i] = (value[i] < 0 ? 0 : value[i]).squareRoot() }
            for i in 0..<4 { constant[i] = (numerator[i] < 0 ? -numerator[i] : numerator[i]) / (12 * value[i] * speed[i]) }
            let (va, vb) = (speed[3], step.endSpeed)
            let tau = length > 0 ? SIMD4(step.quarter, step.middle, step.threeQuarters, 0) * (1 / length) : x
            let cube = width * width * width
            var best = Guess(form: .regular, g1: 1, g2: 0, g3: 0, passes: false)
            var bestResidual = Double.infinity
            // Tries one form with end slopes m0 (at w = 0) and m1 (at w = 1); true when it passes.
            func consider(_ form: GuessForm, _ m0: Double, _ m1: Double) -> Bool {
                guard m0.isFinite && m1.isFinite else { return false }
                // G(w) = m0 w + (3 − 2 m0 − m1) w² + (m0 + m1 − 2) w³: G(0) = 0, G(1) = 1.
                let g = (m0, 3 - 2 * m0 - m1, m0 + m1 - 2)
                var w = tau
                if form != .regular {
                    let root = form == .rootAtStart ? tau : 1 - tau
                    for i in 0..<4 { w[i] = (root[i] < 0 ? 0 : root[i]).squareRoot() }
                }
                let guess = w * ((SIMD4(repeating: g.2) * w + SIMD4(repeating: g.1)) * w + SIMD4(repeating: g.0))
                let position = form == .rootAtEnd ? 1 - guess : guess
                var worst = 0.0, passes = true
                for i in 0..<3 {
                    let delta = Swift.abs(Swift.min(Swift.max(position[i], 0), 1) - x[i])
                    let residual = constant[i] * (delta * delta * delta * cube)
                    worst = residual.isNaN ? .infinity : Swift.max(worst, residual)
                    passes = passes && delta <= SplinePacing.stepReach && residual <= tolerance
                }
                if passes || worst < bestResidual {
                    best = Guess(form: form, g1: g.0, g2: g.1, g3: g.2, passes: passes)
                    bestResidual = worst
                }
                return passes
            }
            func rootSlope(_ t: Double) -> Double {
                (2 * length / (0.5 * q.secondDerivative(t)).squareRoot()).squareRoot() / width
            }
            // The root forms only where an end's speed is small next to the mean.
            let mean = length / width
            _ = consider(.regular, mean / va, mean / vb)
                || va < 0.25 * mean && consider(.rootAtStart, rootSlope(0), 2 * mean / vb)
                || vb < 0.25 * mean && consider(.rootAtEnd, rootSlope(width), 2 * mean / va)
            self = best
        }
    }
}

extension SplinePacing.Piece {
    /// The piece of `step`, which starts at `start` of the total length `total`.
    init(_ step: SplinePacing.Step, _ guess: SplinePacing.Guess, start: Double, total: Double) {
        let inverse = step.length > 0 ? 1 / step.length : 0
        let scale = 1 / (total * total)
        self.init(
            start: start, inverseWidth: total * inverse, targetScale: step.length > 0 ? step.gauss * inverse : 1,
            lower: step.a, upper: step.b, origin: guess.form == .rootAtEnd ? step.b : step.a,
            span: guess.form == .rootAtEnd ? step.a - step.b : step.b - step.a, g1: guess.g1, g2: guess.g2, g3: guess.g3,
            quartic: step.quartic.scaled(by: scale), segment: Int32(step.segment), form: guess.form)
    }
}

extension SplinePacing.Quartic {
    /// Every coefficient times `factor`.
    func scaled(by factor: Double) -> Self {
        Self(c0: c0 * factor, c1: c1 * factor, c2: c2 * factor, c3: c3 * factor, c4: c4 * factor)
    }
}
