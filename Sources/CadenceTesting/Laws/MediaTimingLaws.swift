import Cadence

/// A media-timing implementation under test (CAMediaTiming): conversion between a parent's
/// time and local time, and the state at a parent time.
public struct MediaTimingImplementation: Sendable {
    /// What failures call it.
    public var name: String
    /// Local (active, offset, scaled) time at a parent time.
    public var localTime: @Sendable (MediaTiming, Double) -> Double
    /// The parent time of a local time (the inverse of `localTime`, for speed ≠ 0).
    public var parentTime: @Sendable (MediaTiming, Double) -> Double
    /// At a parent time: whether the object is in effect, and its progress in its iteration.
    public var state: @Sendable (MediaTiming, Double) -> (isInEffect: Bool, progress: Double)

    /// An implementation called `name` of the three functions.
    public init(
        name: String, localTime: @escaping @Sendable (MediaTiming, Double) -> Double,
        parentTime: @escaping @Sendable (MediaTiming, Double) -> Double,
        state: @escaping @Sendable (MediaTiming, Double) -> (isInEffect: Bool, progress: Double)
    ) {
        self.name = name
        self.localTime = localTime
        self.parentTime = parentTime
        self.state = state
    }

    /// Cadence's `ResolvedTiming` (resolved with the animation default duration): the reference.
    public static let cadence = MediaTimingImplementation(
        name: "Cadence",
        localTime: { $0.resolved().localTime(fromParent: $1) },
        parentTime: { $0.resolved().parentTime(fromLocal: $1) },
        state: { timing, t in
            let s = timing.state(atParentTime: t)
            return (s.isInEffect, s.progress)
        })
}

/// Laws of media timing: time-space conversion round trips, and a bounded state.
public enum MediaTimingLaws {
    /// parent → local → parent returns the parent time, within 1e-9 relative to the larger
    /// of 1, |t| and |beginTime| (each conversion rounds a subtraction and a product at
    /// that scale), for timings with speed ≠ 0 (`Arbitrary.convertibleMediaTimings`;
    /// others pass trivially).
    public static func conversionRoundTrip(of implementation: MediaTimingImplementation = .cadence) -> Law<(MediaTiming, Double)> {
        Law("\(implementation.name) media timing: parent → local → parent time returns the parent time") { input in
            let (timing, t) = input
            guard timing.speed != 0, timing.speed.isFinite, timing.beginTime.isFinite, timing.timeOffset.isFinite, t.isFinite else { return }
            let local = implementation.localTime(timing, t)
            let back = implementation.parentTime(timing, local)
            try Violation.unlessClose(back, t, within: 1e-9 * max(1, abs(t), abs(timing.beginTime)), "parent time of local time \(local)")
        }
    }

    /// Whenever the object is in effect its progress is a number in 0…1, whatever its
    /// fields (NaN, ±∞, 0, negative, subnormal: `Arbitrary.pathologicalMediaTimings`) and
    /// at any finite parent time.
    public static func boundedProgress(of implementation: MediaTimingImplementation = .cadence) -> Law<(MediaTiming, Double)> {
        Law("\(implementation.name) media timing: progress in effect lies in 0…1") { input in
            let (timing, t) = input
            guard t.isFinite else { return }
            let state = implementation.state(timing, t)
            try Violation.unless(!state.isInEffect || (0...1).contains(state.progress), "in effect with progress \(state.progress)")
        }
    }
}
