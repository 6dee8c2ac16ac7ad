import Cadence

/// A keyframe implementation under test (CAKeyframeAnimation's values over progress).
public struct KeyframeImplementation: Sendable {
    /// What failures call it.
    public var name: String
    /// Builds the keyframe curve of a sample; the result gives the value at a progress in
    /// 0…1 (after the animation's timing function), `nil` when there is none.
    public var make: @Sendable (KeyframeSample) -> @Sendable (Double) -> Point?

    /// An implementation called `name` built by `make`.
    public init(name: String, make: @escaping @Sendable (KeyframeSample) -> @Sendable (Double) -> Point?) {
        self.name = name
        self.make = make
    }

    /// Cadence's `KeyframeCurve`: the reference.
    public static let cadence = KeyframeImplementation(name: "Cadence") { sample in
        let curve = sample.curve
        return { curve.value(at: $0) }
    }
}

/// Laws of keyframe animations: keyframes are passed through, and paced ones move at
/// constant speed.
public enum KeyframeLaws {
    /// In the linear, discrete and cubic modes, the value at each keyframe's key time (the
    /// given ones, or even spacing) is that keyframe, within `tolerance` per coordinate (at
    /// a key time shared by several keyframes, the last of them). Paced samples pass
    /// trivially (their key times are computed).
    public static func keyframesPassedThrough(of implementation: KeyframeImplementation = .cadence, tolerance: Double = 1e-9) -> Law<KeyframeSample> {
        Law("\(implementation.name) keyframes: the value at each key time is its keyframe") { sample in
            guard sample.mode != .paced, sample.mode != .cubicPaced else { return }
            let value = implementation.make(sample)
            let n = sample.values.count
            let times = sample.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            for i in 0..<n where i == n - 1 || times[i + 1] > times[i] {
                guard let found = value(times[i]) else { throw Violation("no value at key time \(times[i])") }
                try Violation.unlessClose(found.x, sample.values[i].x, within: tolerance, "x at key time \(times[i]) (keyframe \(i))")
                try Violation.unlessClose(found.y, sample.values[i].y, within: tolerance, "y at key time \(times[i]) (keyframe \(i))")
            }
        }
    }

    /// The number of progress steps `pacedConstantSpeed(of:)` checks.
    public static let pacedSteps = 900

    /// In the paced mode the value moves along the polyline through the keyframes at
    /// constant speed: at progress p it is the point at arc length p · (total length),
    /// within 1e-9 of the total length (plus 1e-12), at `pacedSteps` + 1 even progresses
    /// (key times ignored). Over zero length it is the first keyframe. Samples in other
    /// modes pass trivially (use `Arbitrary.keyframes([.paced])`).
    public static func pacedConstantSpeed(of implementation: KeyframeImplementation = .cadence) -> Law<KeyframeSample> {
        Law("\(implementation.name) keyframes: paced keyframes move at constant speed") { sample in
            guard sample.mode == .paced, let first = sample.values.first else { return }
            let value = implementation.make(sample)
            let points = sample.values
            let legs = zip(points, points.dropFirst()).map { $0.distance(to: $1) }
            let total = legs.reduce(0, +)
            for step in 0...pacedSteps {
                let p = Double(step) / Double(pacedSteps)
                guard let found = value(p) else { throw Violation("no value at progress \(p)") }
                var expected = first
                if total > 0 {
                    var remaining = p * total
                    for (i, leg) in legs.enumerated() {
                        if remaining <= leg || i == legs.count - 1 {
                            let f = leg > 0 ? min(1, remaining / leg) : 1
                            expected = Point(points[i].x + (points[i + 1].x - points[i].x) * f, points[i].y + (points[i + 1].y - points[i].y) * f)
                            break
                        }
                        remaining -= leg
                    }
                }
                try Violation.unless(
                    found.distance(to: expected) <= 1e-9 * total + 1e-12,
                    "at progress \(p) the value is \(found), \(found.distance(to: expected)) from \(expected), at arc length \(p * total) of \(total)")
            }
        }
    }
}
