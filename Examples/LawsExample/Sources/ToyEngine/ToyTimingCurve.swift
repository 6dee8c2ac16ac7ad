/// A toy engine's cubic-Bézier timing function, as many engines write it: solve
/// x(t) = x by a few Newton steps from t = x, then return y(t).
///
/// **The known bug:** Newton's method without a bracketing fallback. Where the curve is
/// steep in x (x control points near the middle pulled apart, like (0.9, 0, 0.1, 1)), a
/// step overshoots, the clamp to 0…1 lands elsewhere, and y(x) stops being monotone.
/// The ends are still exact (x = 0 and x = 1 are solved by t = x) — unless a control point
/// is NaN, which it never sanitises (the second bug: progress(0) is NaN).
public struct ToyTimingCurve: Sendable {
    public let c1x, c1y, c2x, c2y: Double

    /// The curve (0, 0), (c1x, c1y), (c2x, c2y), (1, 1).
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
    }

    /// The number of Newton steps: too few, and no fallback.
    public static let newtonSteps = 4

    /// Output progress at input progress `x` in 0…1.
    public func progress(at x: Double) -> Double {
        var t = x
        for _ in 0..<Self.newtonSteps {
            let error = Self.bezier(c1x, c2x, t) - x
            let slope = Self.slope(c1x, c2x, t)
            if slope == 0 { break }
            t = min(max(t - error / slope, 0), 1)
        }
        return Self.bezier(c1y, c2y, t)
    }

    /// One coordinate of the curve at parameter t (Bernstein form, ends 0 and 1).
    static func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    /// Its derivative in t.
    static func slope(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * p1 + 6 * s * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }
}
