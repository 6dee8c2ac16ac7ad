import CadenceGeometry

/// The slow twin of `PathSegment.length`: the length of an inscribed polygon, extrapolated.
///
/// The curve is translated so its first point is the origin, then sampled at `n`, `2n`,
/// `4n` and `8n` equal parameter steps (points by de Casteljau's construction, which the
/// fast code does not use), the chords are summed with Neumaier's compensated summation,
/// and Romberg's table removes the h², h⁴ and h⁶ terms of the polygon's error (a chord
/// over a step of width h, expanded about the step's midpoint, has only odd powers of h,
/// so the sum has only even ones). With n = 2¹² the remaining h⁸ term is far below 1e-15.
///
/// That expansion needs a speed that is smooth on the scale of a step. At a cusp the speed
/// has a kink, and near one a dip narrower than a step, so the twin first splits the
/// curve at every local minimum of the speed, found by brute force: a scan of |B′|² (B′
/// by de Casteljau on the hodograph) at 4096 points, each refined by 200 steps of
/// golden-section search. Where the speed dips below 1% of its maximum (at such a
/// minimum or at an end) it also cuts at 2⁻¹, 2⁻², … 2⁻³⁰ from the dip, so every piece is
/// about as wide as its distance from the dip and sees it as smooth. The fast kernel
/// instead splits at the zeros of x′ and y′, found in closed form, and grades by the
/// dip's estimated width.
enum ReferenceArcLength {
    /// `B(t)` by repeated linear interpolation of the control points.
    static func point(_ points: [Point], _ t: Double) -> Point {
        var p = points
        while p.count > 1 {
            for i in 0..<(p.count - 1) {
                p[i] = Point(x: p[i].x + (p[i + 1].x - p[i].x) * t, y: p[i].y + (p[i + 1].y - p[i].y) * t)
            }
            p.removeLast()
        }
        return p[0]
    }

    /// The polygon through `B(t0 + (t1 − t0)·i/n)`, i = 0…n.
    static func polygon(_ points: [Point], from t0: Double, to t1: Double, steps n: Int) -> Double {
        var sum = 0.0
        var compensation = 0.0
        var previous = point(points, t0)
        for i in 1...n {
            let t = i == n ? t1 : t0 + (t1 - t0) * Double(i) / Double(n)
            let p = point(points, t)
            let dx = p.x - previous.x
            let dy = p.y - previous.y
            let chord = (dx * dx + dy * dy).squareRoot()
            // Neumaier's summation.
            let s = sum + chord
            compensation += Swift.abs(sum) >= chord ? (sum - s) + chord : (chord - s) + sum
            sum = s
            previous = p
        }
        return sum + compensation
    }

    /// `B′(t)`: de Casteljau on the hodograph, the points `d·(P[i+1] − P[i])`.
    static func derivative(_ points: [Point], _ t: Double) -> Point {
        let d = Double(points.count - 1)
        let hodograph = (0..<(points.count - 1)).map {
            Point(x: d * (points[$0 + 1].x - points[$0].x), y: d * (points[$0 + 1].y - points[$0].y))
        }
        return point(hodograph, t)
    }

    static func speedSquared(_ points: [Point], _ t: Double) -> Double {
        let v = derivative(points, t)
        return v.x * v.x + v.y * v.y
    }

    /// The parameters in (0, 1) where the speed has a local minimum.
    static func speedMinima(_ points: [Point], samples: Int = 4096) -> [Double] {
        let values = (0...samples).map { speedSquared(points, Double($0) / Double(samples)) }
        var minima: [Double] = []
        for i in 1..<samples where values[i] <= values[i - 1] && values[i] < values[i + 1] {
            // Golden-section search for the minimum in the two neighbouring steps.
            var a = Double(i - 1) / Double(samples)
            var b = Double(i + 1) / Double(samples)
            let r = (5.0.squareRoot() - 1) / 2
            for _ in 0..<200 {
                let c = b - r * (b - a)
                let d = a + r * (b - a)
                if speedSquared(points, c) < speedSquared(points, d) { b = d } else { a = c }
            }
            minima.append((a + b) / 2)
        }
        return minima
    }

    /// The arc length from `B(t0)` to `B(t1)` (0 ≤ t0 ≤ t1 ≤ 1), split at the speed's
    /// minima and graded towards its dips, each piece Romberg-extrapolated from four
    /// polygons of `n` (graded: 2⁶) steps and more.
    static func length(_ points: [Point], from t0: Double = 0, to t1: Double = 1, steps n: Int = 1 << 12) -> Double {
        let origin = points[0]
        let points = points.map { Point(x: $0.x - origin.x, y: $0.y - origin.y) }
        let minima = speedMinima(points)
        let maxSpeedSquared = (0...256).map { speedSquared(points, Double($0) / 256) }.max()!
        let dips = ([0, 1] + minima).filter { speedSquared(points, $0) < 1e-4 * maxSpeedSquared }
        var cuts = Set([t0, t1] + minima.filter { $0 > t0 && $0 < t1 })
        for dip in dips {
            for k in 1...30 {
                let h = Double(sign: .plus, exponent: -k, significand: 1)
                for cut in [dip - h, dip + h] where cut > t0 && cut < t1 { cuts.insert(cut) }
            }
        }
        let sorted = cuts.sorted()
        let steps = dips.isEmpty ? n : 1 << 6
        var total = 0.0
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a {
            var row = (0..<4).map { polygon(points, from: a, to: b, steps: steps << $0) }
            var factor = 4.0
            for level in 1..<4 {
                for i in stride(from: 3, through: level, by: -1) {
                    row[i] = (factor * row[i] - row[i - 1]) / (factor - 1)
                }
                factor *= 4
            }
            total += row[3]
        }
        return total
    }
}
