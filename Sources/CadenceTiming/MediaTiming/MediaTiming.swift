/// The timing of a layer or an animation: Core Animation's `CAMediaTiming` protocol as a
/// value, with its eight properties and their defaults.
///
/// A `MediaTiming` is what users set; `ResolvedTiming` is the sanitised, precomputed form
/// that evaluates it (make one with `resolved(defaultDuration:)` and keep it). The rules —
/// stages, phases, fill modes, repeats, the choices where Apple is silent — are stated in
/// `docs/time-model.md` and summarised on each member.
///
/// ```swift
/// let timing = MediaTiming(beginTime: 1, duration: 2, repeatCount: 1.5, fillMode: .both)
/// let state = timing.state(atParentTime: 4)  // second cycle, progress 0.5
/// let before = timing.state(atParentTime: 0) // in effect before it begins: fill mode both
/// ```
public struct MediaTiming: Hashable, Sendable, Codable {
    /// When the object begins, in seconds of its parent's time space. Default 0.
    public var beginTime: Double
    /// The basic duration of one iteration, in seconds. Default 0, which means the default
    /// duration: `MediaTiming.defaultAnimationDuration` (0.25 s) for an animation,
    /// infinite for a layer.
    public var duration: Double
    /// How fast local time runs relative to the parent's. Default 1; negative plays
    /// backwards; 0 pauses at `timeOffset`. (Core Animation stores a `Float`.)
    public var speed: Double
    /// An extra offset, in seconds of active local time: where playback starts inside the
    /// active interval (it wraps around; it does not change how long the object is active).
    public var timeOffset: Double
    /// How many times the iteration plays. Default 0, which plays once; fractional values
    /// stop part-way; `.infinity` repeats forever. (Core Animation stores a `Float`.)
    public var repeatCount: Double
    /// How many seconds the object repeats for. Default 0, which is ignored. When both this
    /// and `repeatCount` are set (Apple: undefined), the shorter of the two wins.
    public var repeatDuration: Double
    /// Whether each iteration plays forwards then backwards. Default false. One repeat of
    /// an autoreversing object is the forward leg plus the backward leg.
    public var autoreverses: Bool
    /// What the object shows outside its active interval. Default `.removed`.
    public var fillMode: FillMode

    /// Creates a timing; every argument defaults to Core Animation's default.
    public init(
        beginTime: Double = 0,
        duration: Double = 0,
        speed: Double = 1,
        timeOffset: Double = 0,
        repeatCount: Double = 0,
        repeatDuration: Double = 0,
        autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration an animation gets when its `duration` is 0 and no transaction says
    /// otherwise: 0.25 s.
    public static let defaultAnimationDuration = 0.25
    /// The duration a layer's time space has when its `duration` is 0: infinite.
    public static let defaultLayerDuration = Double.infinity

    /// The sanitised, precomputed form of this timing.
    ///
    /// `defaultDuration` is what a `duration` of 0 means: 0.25 s for an animation (the
    /// default), `.infinity` for a layer, or a transaction's duration.
    @inlinable
    public func resolved(defaultDuration: Double = MediaTiming.defaultAnimationDuration) -> ResolvedTiming {
        ResolvedTiming(self, defaultDuration: defaultDuration)
    }

    /// The state at parent time `parentTime` (see `ResolvedTiming.state(atParentTime:)`).
    /// Resolves on every call; keep a `ResolvedTiming` for repeated evaluation.
    @inlinable
    public func state(
        atParentTime parentTime: Double,
        defaultDuration: Double = MediaTiming.defaultAnimationDuration
    ) -> TimingState {
        resolved(defaultDuration: defaultDuration).state(atParentTime: parentTime)
    }
}
