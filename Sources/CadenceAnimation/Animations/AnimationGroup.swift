import CadenceTiming

/// Animations that run together in one time space (Core Animation's `CAAnimationGroup`).
///
/// - The children's parent time is the group's *basic local time* (within one cycle,
///   after repeats and autoreverse), so their `beginTime` is relative to the group's, a
///   repeating group repeats them, an autoreversing one plays them backwards, and a
///   filling group freezes them at its frozen time.
/// - Children are clipped to the group's duration (default 0.25 s), not scaled: outside
///   the group's active interval and fill no child contributes.
/// - A group's `timingFunction` (default `nil`, linear) warps its basic time before the
///   children see it: child time = f(basic time / duration) · duration.
/// - The children's own `isRemovedOnCompletion` is ignored (the class reference says it
///   is "currently ignored"); only the group's applies. Their fill modes still apply.
/// - In the stack the children take the group's place, in array order, each with its own
///   `isAdditive`. Groups nest.
/// - `animations` may be empty (the default, Core Animation's `nil`): the group is timed
///   as any other and contributes nothing; no special case anywhere.
public struct AnimationGroup: TimedAnimation {
    public var animations: [Animation]
    public var animationTiming: AnimationTiming

    public init(
        animations: [Animation] = [], timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isRemovedOnCompletion: Bool = true
    ) {
        self.animations = animations
        animationTiming = AnimationTiming(
            timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// The children's parent time at the group's parent time `parentTime`, or `nil` when
    /// the group is not in effect (or removed after its end, when `honoursRemoval`).
    public func childTime(atParentTime parentTime: Double, honoursRemoval: Bool = true) -> Double? {
        // Inside a one-leg active interval (in effect, whatever the removal) no state; the
        // curve read in place (`timingFunction` would copy it out).
        if animationTiming.isEased {
            let progress = resolvedTiming.firstIterationProgress(atParentTime: parentTime)
            if progress == progress { return animationTiming.eased(progress) * resolvedTiming.duration }
        } else {
            let basicTime = resolvedTiming.firstIterationTime(atParentTime: parentTime)
            if basicTime == basicTime { return basicTime }
        }
        guard let state = animationTiming.contributingState(atParentTime: parentTime, honoursRemoval: honoursRemoval)
        else { return nil }
        return animationTiming.isEased ? animationTiming.eased(state.progress) * resolvedTiming.duration : state.basicTime
    }
}
