import CadenceTiming

/// The slow twin of `TimingFunction.progress(at:)`: plain bisection on the Bernstein form,
/// 200 halvings, no table, no Newton. For x > 1/2 it bisects the curve turned end for end
/// (y(x) = 1 − ỹ(1 − x)), so that near x = 1 the residual is formed where it has full
/// relative precision. Correct to about 1e-16 wherever the curve is not vertical; the
/// mpmath oracle in `Reference/` backs it up with 50 digits.
struct ReferenceTimingFunction {
    let c1x, c1y, c2x, c2y: Double

    init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1)
        self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1)
        self.c2y = c2y
    }

    static func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    func parameter(at x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if Self.bernstein(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    func progress(at x: Double) -> Double {
        let x = min(max(x.isNaN ? 0 : x, 0), 1)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        if x > 0.5 {
            let reversed = ReferenceTimingFunction(1 - c2x, 1 - c2y, 1 - c1x, 1 - c1y)
            return 1 - reversed.progress(at: 1 - x)
        }
        return Self.bernstein(c1y, c2y, parameter(at: x))
    }
}
