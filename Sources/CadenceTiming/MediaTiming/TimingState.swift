/// Where a timed object's parent time falls relative to its active interval.
public enum TimingPhase: String, Hashable, Sendable, Codable {
    /// Before the active interval (elapsed active time < 0). With a negative speed this is
    /// at parent times *after* `beginTime`.
    case before
    /// Inside the active interval, both ends included.
    case active
    /// After the active interval.
    case after
    /// No position exists: the parent time is NaN, or the object has been active for an
    /// infinite time inside an infinite active interval. Never in effect.
    case undefined
}

/// The state of a timed object at one parent time: its phase and, when it is in effect,
/// its position — the iteration, the direction and the basic local time.
public struct TimingState: Hashable, Sendable {
    /// The phase of the parent time.
    public var phase: TimingPhase
    /// Whether the object contributes at this time: in its active interval, or filling.
    public var isInEffect: Bool
    /// The iteration (0-based; one iteration of an autoreversing object is forward + back).
    /// 0 when not in effect; saturates at `Int.max`/`Int.min` for astronomically many.
    public var iteration: Int
    /// Whether the object is on the backward leg of an autoreversing iteration.
    public var isReversed: Bool
    /// Basic local time in seconds, 0…duration (mirrored on a backward leg). 0 when not in
    /// effect. With an infinite duration it is the active position itself.
    public var basicTime: Double
    /// `basicTime / duration`, 0…1, before any timing function; 0 when the duration is
    /// infinite or the object is not in effect.
    public var progress: Double

    @inlinable
    public init(
        phase: TimingPhase, isInEffect: Bool, iteration: Int = 0, isReversed: Bool = false,
        basicTime: Double = 0, progress: Double = 0
    ) {
        self.phase = phase
        self.isInEffect = isInEffect
        self.iteration = iteration
        self.isReversed = isReversed
        self.basicTime = basicTime
        self.progress = progress
    }

    /// A state that does not contribute.
    @inlinable
    public static func notInEffect(_ phase: TimingPhase) -> TimingState {
        TimingState(phase: phase, isInEffect: false)
    }
}

extension TimingState {
    /// Whether an animation in this state contributes: in effect (active or filling), and
    /// not past its end when it is removed on completion (then it is gone from its layer,
    /// whatever its fill mode).
    @inlinable
    public func contributes(isRemovedOnCompletion: Bool) -> Bool {
        isInEffect && !(isRemovedOnCompletion && phase == .after)
    }
}
