import CadenceTiming

/// The kind of a transition (`CATransition.type`).
public enum TransitionType: String, CaseIterable, Hashable, Sendable, Codable {
    /// The new content fades in over the old (Core Animation's default).
    case fade
    /// The new content slides in over the old.
    case moveIn
    /// The new content pushes the old out as it slides in.
    case push
    /// The old content slides away, revealing the new.
    case reveal
}

/// The direction of a motion transition (`CATransition.subtype`): where it begins.
public enum TransitionSubtype: String, CaseIterable, Hashable, Sendable, Codable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// A transition between a layer's previous rendering and its current one (Core
/// Animation's `CATransition`); the compositor draws it, this type times it.
///
/// Defaults from the class reference: `type` fade, `subtype` nil (motion transitions
/// without a subtype move from the left, Cadence's choice), `startProgress` 0,
/// `endProgress` 1. Progress values are clamped to 0…1 (NaN reads as the default); an
/// `endProgress` below `startProgress` — undefined on Core Animation — runs the
/// transition backwards from `startProgress` to `endProgress`.
public struct Transition: TimedAnimation, Hashable {
    public var type: TransitionType
    public var subtype: TransitionSubtype?
    public var startProgress: Double
    public var endProgress: Double
    public var animationTiming: AnimationTiming

    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype? = nil, startProgress: Double = 0,
        endProgress: Double = 1, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isRemovedOnCompletion: Bool = true
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
        animationTiming = AnimationTiming(
            timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// The direction a motion transition uses (`subtype`, or `fromLeft`).
    public var direction: TransitionSubtype { subtype ?? .fromLeft }

    /// The transition's progress (0 = all old content, 1 = all new) at `parentTime`, or
    /// `nil` when it is not in effect: `start + (end − start) · f(progress)`.
    public func progress(atParentTime parentTime: Double, honoursRemoval: Bool = true) -> Double? {
        guard let state = animationTiming.contributingState(atParentTime: parentTime, honoursRemoval: honoursRemoval)
        else { return nil }
        let eased = animationTiming.eased(state.progress)
        let start = Self.clamped(startProgress, default: 0), end = Self.clamped(endProgress, default: 1)
        return start + (end - start) * eased
    }

    static func clamped(_ value: Double, default fallback: Double) -> Double {
        value.isNaN ? fallback : Swift.min(Swift.max(value, 0), 1)
    }
}
