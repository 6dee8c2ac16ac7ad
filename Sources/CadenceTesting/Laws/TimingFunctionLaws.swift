import Cadence

/// A timing-function implementation under test: how it builds a curve from control points
/// (as given, unclamped) and evaluates its output progress.
public struct TimingFunctionImplementation: Sendable {
    /// What failures call it.
    public var name: String
    /// Builds the curve for the control points; the result maps input progress to output.
    public var make: @Sendable (TimingControlPoints) -> @Sendable (Double) -> Double

    /// An implementation called `name` built by `make`.
    public init(name: String, make: @escaping @Sendable (TimingControlPoints) -> @Sendable (Double) -> Double) {
        self.name = name
        self.make = make
    }

    /// Cadence's `TimingFunction` and its `progress(at:)`: the reference.
    public static let cadence = TimingFunctionImplementation(name: "Cadence") { points in
        let f = points.timingFunction
        return { f.progress(at: $0) }
    }
}

/// Laws of timing functions (CAMediaTimingFunction): the ends are exact, and a curve whose
/// y control points lie in 0…1 never decreases.
public enum TimingFunctionLaws {
    /// progress(0) = 0 and progress(1) = 1 exactly, for every curve, pathological ones
    /// included (Core Animation pins the ends; NaN control points make a linear curve).
    public static func exactEnds(of implementation: TimingFunctionImplementation = .cadence) -> Law<TimingControlPoints> {
        Law("\(implementation.name) timing function: progress(0) = 0 and progress(1) = 1 exactly") { points in
            let progress = implementation.make(points)
            let start = progress(0), end = progress(1)
            try Violation.unless(start == 0, "progress(0) = \(start)")
            try Violation.unless(end == 1, "progress(1) = \(end)")
        }
    }

    /// The number of inputs `monotoneProgress(of:)` walks per curve.
    public static let monotoneWalkSteps = 2000

    /// For a curve whose y control points lie in 0…1, progress never decreases: along a
    /// walk from 0 to 1 of `monotoneWalkSteps` inputs, one step in three a few (1–4) ulps
    /// and the others about 1/1000 (scaled by a factor in [1, 2) taken from the control
    /// points, so different curves are walked through different inputs), so pairs are
    /// compared both ulps apart and far apart. Inputs
    /// with y outside 0…1 pass trivially (use `Arbitrary.monotoneTimingCurves`).
    public static func monotoneProgress(of implementation: TimingFunctionImplementation = .cadence) -> Law<TimingControlPoints> {
        Law("\(implementation.name) timing function: progress never decreases when the y control points lie in 0…1") { points in
            guard points.isMonotone else { return }
            let progress = implementation.make(points)
            let mixed = (points.c1x * 997 + points.c2y * 991).truncatingRemainder(dividingBy: 1)
            let stride = 1e-3 * (mixed.isFinite ? 1 + Swift.abs(mixed) : 1)
            var x = 0.0
            var previous = progress(x)
            for step in 0..<monotoneWalkSteps {
                x = step % 3 == 0 ? EdgeBiased.stepped(x, ulps: step % 4 + 1) : min(1, x + stride)
                let y = progress(x)
                try Violation.unless(y >= previous, "progress(\(x)) = \(y) < \(previous), its value \(step % 3 == 0 ? "a few ulps" : "\(stride)") before")
                previous = y
                if x >= 1 { break }
            }
        }
    }
}
