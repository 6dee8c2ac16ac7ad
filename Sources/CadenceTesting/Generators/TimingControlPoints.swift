import Cadence
import PropertyBased

/// The two inner control points of a cubic-Bézier timing function, as an engine receives
/// them (unclamped, possibly not finite): the curve runs (0, 0), (c1x, c1y), (c2x, c2y),
/// (1, 1).
public struct TimingControlPoints: Hashable, Sendable, CustomStringConvertible {
    public var c1x, c1y, c2x, c2y: Double

    /// The control points (c1x, c1y) and (c2x, c2y).
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
    }

    /// Cadence's timing function over these points.
    public var timingFunction: TimingFunction { TimingFunction(controlPoints: c1x, c1y, c2x, c2y) }

    /// Whether both y control points lie in 0…1, where a curve never decreases.
    public var isMonotone: Bool { (0...1).contains(c1y) && (0...1).contains(c2y) }

    /// Whether every control point is finite.
    public var isFinite: Bool { c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite }

    /// "(c1x, c1y, c2x, c2y)", each shortest round-tripping.
    public var description: String { "(\(c1x), \(c1y), \(c2x), \(c2y))" }
}

extension Arbitrary {
    /// The five named curves' control points (linear, easeIn, easeOut, easeInEaseOut, default).
    public static var namedTimingCurves: AnyGenerator<TimingControlPoints> {
        one(of: TimingFunction.Name.allCases).map { name in
            let c = TimingFunction(named: name).controlPoints
            return TimingControlPoints(c[0], c[1], c[2], c[3])
        }.eraseToAny()
    }

    /// Valid curves: x control points in 0…1, y in `y` (−1…2 by default, so some overshoot),
    /// each coordinate edge-biased; shrinks towards (0, 0, 0, 0).
    public static func timingCurves(y: ClosedRange<Double> = -1...2) -> AnyGenerator<TimingControlPoints> {
        zip(edgeBiased(in: 0...1), edgeBiased(in: y), edgeBiased(in: 0...1), edgeBiased(in: y))
            .map { TimingControlPoints($0, $1, $2, $3) }.eraseToAny()
    }

    /// Curves whose y control points lie in 0…1: the ones that never decrease.
    public static var monotoneTimingCurves: AnyGenerator<TimingControlPoints> { timingCurves(y: 0...1) }

    /// Near-vertical curves: x control points within 1e-6 of 0 or 1 (a tangent at the ends,
    /// or inside, where X'(t) nearly vanishes), y in 0…1.
    public static var nearVerticalTimingCurves: AnyGenerator<TimingControlPoints> {
        let nearEdge = zip(edgeBiased(in: 0...1e-6), Gen.bool).map { d, high in high ? 1 - d : d }
        return zip(nearEdge, edgeBiased(in: 0...1), nearEdge, edgeBiased(in: 0...1))
            .map { TimingControlPoints($0, $1, $2, $3) }.eraseToAny()
    }

    /// Flat curves: both y control points equal (0, 1 or in between), or within 1e-9 of each other.
    public static var flatTimingCurves: AnyGenerator<TimingControlPoints> {
        zip(edgeBiased(in: 0...1), edgeBiased(in: 0...1), edgeBiased(in: 0...1), edgeBiased(in: 0...1e-9))
            .map { TimingControlPoints($0, $1, $2, $1 + $3) }.eraseToAny()
    }

    /// Overshooting curves: y control points far outside 0…1 (−10…−1 or 2…10).
    public static var overshootingTimingCurves: AnyGenerator<TimingControlPoints> {
        let far = zip(edgeBiased(in: 1...10), Gen.bool).map { d, up in up ? 1 + d : -d }
        return zip(edgeBiased(in: 0...1), far, edgeBiased(in: 0...1), far)
            .map { TimingControlPoints($0, $1, $2, $3) }.eraseToAny()
    }

    /// Curves with a NaN or infinite control point (and x points outside 0…1), which an
    /// engine must survive: Cadence reads them as linear (non-finite y, NaN x) or clamps
    /// them (x outside 0…1).
    public static var nonFiniteTimingCurves: AnyGenerator<TimingControlPoints> {
        let wild = one(of: [Double.nan, .infinity, -.infinity, -0.5, 1.5, 1e300])
        return zip(timingCurves(), Gen.int(in: 0...3), wild).map { curve, slot, value in
            var c = curve
            switch slot {
            case 0: c.c1x = value
            case 1: c.c1y = value
            case 2: c.c2x = value
            default: c.c2y = value
            }
            return c
        }.eraseToAny()
    }

    /// Every kind above, in proportion: named, valid, near-vertical, flat, overshooting and
    /// non-finite curves.
    public static var anyTimingCurves: AnyGenerator<TimingControlPoints> {
        Gen.frequency(
            (1, namedTimingCurves), (4, timingCurves()), (2, nearVerticalTimingCurves),
            (1, flatTimingCurves), (1, overshootingTimingCurves), (1, nonFiniteTimingCurves)
        ).eraseToAny()
    }
}
