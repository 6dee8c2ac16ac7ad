import CadenceTiming

/// The timing every animation has (Core Animation's `CAAnimation` with `CAMediaTiming`):
/// its media timing, the timing function that paces it, and whether it leaves its layer at
/// its end. `BasicAnimation`, `KeyframeAnimation`, `AnimationGroup` and `Transition` each
/// hold one (`TimedAnimation` gives them the same four properties).
///
/// `resolvedTiming` is `timing` resolved with the 0.25 s default duration, redone whenever
/// `timing` is set, so evaluation never resolves.
public struct AnimationTiming: Hashable, Sendable {
    /// The media timing as set.
    public var timing: MediaTiming {
        didSet { resolvedTiming = timing.resolved() }
    }
    /// `timing` resolved (0.25 s when its duration is 0), kept up to date with `timing`.
    public private(set) var resolvedTiming: ResolvedTiming
    /// The pacing of the whole animation; `nil` is linear.
    public var timingFunction: TimingFunction? {
        get { isEased ? curve : nil }
        set {
            curve = newValue ?? .linear
            isEased = newValue != nil
        }
    }
    /// `timingFunction`, stored without the optional (linear when there is none), so that
    /// evaluation calls it in place: unwrapping an optional curve copied it (and the timing
    /// around it) on every evaluation.
    @usableFromInline private(set) var curve: TimingFunction
    /// Whether `timingFunction` is set.
    @usableFromInline private(set) var isEased: Bool
    /// Whether the animation contributes nothing after its active interval (Core
    /// Animation's `removedOnCompletion`, default true): it is removed from its layer at its
    /// end, so a forwards fill is cut off there.
    public var isRemovedOnCompletion: Bool

    public init(timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil, isRemovedOnCompletion: Bool = true) {
        self.timing = timing
        self.resolvedTiming = timing.resolved()
        curve = timingFunction ?? .linear
        isEased = timingFunction != nil
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The state at `parentTime`, or `nil` when the animation contributes nothing there:
    /// not in effect (outside its active interval and fill), or in its "after" phase while
    /// removed on completion (`honoursRemoval` false ignores the removal, as a group does
    /// for its children).
    @inlinable @inline(__always)
    public func contributingState(atParentTime parentTime: Double, honoursRemoval: Bool = true) -> TimingState? {
        let state = resolvedTiming.state(atParentTime: parentTime)
        return state.contributes(isRemovedOnCompletion: honoursRemoval && isRemovedOnCompletion) ? state : nil
    }

    /// `progress` through `timingFunction` (unchanged when it is `nil`; not clamped).
    @inlinable @inline(__always)
    public func eased(_ progress: Double) -> Double {
        isEased ? curve.progress(at: progress) : progress
    }
}

/// An animation with the shared timing of `AnimationTiming`, read and written through the
/// four properties below (the type stores only `animationTiming`).
public protocol TimedAnimation: Sendable {
    /// The timing the animation holds.
    var animationTiming: AnimationTiming { get set }
}

extension TimedAnimation {
    /// The media timing; setting it re-resolves `resolvedTiming`.
    @inlinable
    public var timing: MediaTiming {
        get { animationTiming.timing }
        set { animationTiming.timing = newValue }
    }

    /// `timing` resolved with the 0.25 s default duration, kept up to date with `timing`.
    @inlinable
    public var resolvedTiming: ResolvedTiming { animationTiming.resolvedTiming }

    /// The pacing; `nil` is linear.
    @inlinable
    public var timingFunction: TimingFunction? {
        get { animationTiming.timingFunction }
        set { animationTiming.timingFunction = newValue }
    }

    /// Whether the animation stops contributing after its active interval (default true).
    @inlinable
    public var isRemovedOnCompletion: Bool {
        get { animationTiming.isRemovedOnCompletion }
        set { animationTiming.isRemovedOnCompletion = newValue }
    }

    /// The time after which a removed-on-completion animation no longer exists, in its
    /// parent's time: the later end of its active interval (`ResolvedTiming.activeInterval`;
    /// `nil` when it never ends or is kept).
    public var removalTime: Double? {
        let end = resolvedTiming.activeInterval.end
        return isRemovedOnCompletion && end.isFinite ? end : nil
    }
}
