import CadenceTiming

/// Any animation a layer can hold (Core Animation's `CAAnimation` family): a property
/// animation of some key path and value kind, a group, or a transition.
public indirect enum Animation: Sendable {
    /// A `BasicAnimation` or `KeyframeAnimation` of a `KeyPathAnimatable` value.
    case property(any KeyPathAnimation)
    case group(AnimationGroup)
    case transition(Transition)

    /// The media timing of the animation; setting it replaces the timing of the animation
    /// inside.
    public var timing: MediaTiming {
        get {
            switch self {
            case .property(let animation): return animation.timing
            case .group(let group): return group.timing
            case .transition(let transition): return transition.timing
            }
        }
        set {
            switch self {
            case .property(let animation): self = .property(animation.replacingTiming(newValue))
            case .group(var group):
                group.timing = newValue
                self = .group(group)
            case .transition(var transition):
                transition.timing = newValue
                self = .transition(transition)
            }
        }
    }

    /// The timing of the animation, resolved (0.25 s default duration).
    public var resolvedTiming: ResolvedTiming {
        switch self {
        case .property(let animation): return animation.resolvedTiming
        case .group(let group): return group.resolvedTiming
        case .transition(let transition): return transition.resolvedTiming
        }
    }

    /// Whether the animation is removed from its layer at the end of its active interval.
    public var isRemovedOnCompletion: Bool {
        switch self {
        case .property(let animation): return animation.isRemovedOnCompletion
        case .group(let group): return group.isRemovedOnCompletion
        case .transition(let transition): return transition.isRemovedOnCompletion
        }
    }

    /// Whether this is a transition or a group with one inside (at any depth): an
    /// animation that needs a previous rendering.
    public var containsTransition: Bool {
        switch self {
        case .transition: true
        case .group(let group): group.animations.contains { $0.containsTransition }
        case .property: false
        }
    }

    /// The time after which a removed-on-completion animation no longer exists, in its
    /// parent's time: the later end of its active interval (`ResolvedTiming.activeInterval`;
    /// `nil` when it never ends or is kept).
    public var removalTime: Double? {
        let end = resolvedTiming.activeInterval.end
        return isRemovedOnCompletion && end.isFinite ? end : nil
    }
}

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
public struct AnimationGroup: Sendable {
    public var animations: [Animation]
    public var timing: MediaTiming {
        didSet { resolvedTiming = timing.resolved() }
    }
    public private(set) var resolvedTiming: ResolvedTiming
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion: Bool

    public init(
        animations: [Animation], timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isRemovedOnCompletion: Bool = true
    ) {
        self.animations = animations
        self.timing = timing
        self.resolvedTiming = timing.resolved()
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The children's parent time at the group's parent time `parentTime`, or `nil` when
    /// the group is not in effect (or removed after its end, when `honoursRemoval`).
    public func childTime(atParentTime parentTime: Double, honoursRemoval: Bool = true) -> Double? {
        let state = resolvedTiming.state(atParentTime: parentTime)
        guard state.contributes(isRemovedOnCompletion: honoursRemoval && isRemovedOnCompletion) else { return nil }
        guard let timingFunction else { return state.basicTime }
        return timingFunction.progress(at: state.progress) * resolvedTiming.duration
    }
}

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
public struct Transition: Sendable, Hashable {
    public var type: TransitionType
    public var subtype: TransitionSubtype?
    public var startProgress: Double
    public var endProgress: Double
    public var timing: MediaTiming {
        didSet { resolvedTiming = timing.resolved() }
    }
    public private(set) var resolvedTiming: ResolvedTiming
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion: Bool

    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype? = nil, startProgress: Double = 0,
        endProgress: Double = 1, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isRemovedOnCompletion: Bool = true
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.timing = timing
        self.resolvedTiming = timing.resolved()
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The direction a motion transition uses (`subtype`, or `fromLeft`).
    public var direction: TransitionSubtype { subtype ?? .fromLeft }

    /// The transition's progress (0 = all old content, 1 = all new) at `parentTime`, or
    /// `nil` when it is not in effect: `start + (end − start) · f(progress)`.
    public func progress(atParentTime parentTime: Double, honoursRemoval: Bool = true) -> Double? {
        let state = resolvedTiming.state(atParentTime: parentTime)
        guard state.contributes(isRemovedOnCompletion: honoursRemoval && isRemovedOnCompletion) else { return nil }
        let eased = timingFunction?.progress(at: state.progress) ?? state.progress
        let start = Self.clamped(startProgress, default: 0), end = Self.clamped(endProgress, default: 1)
        return start + (end - start) * eased
    }

    static func clamped(_ value: Double, default fallback: Double) -> Double {
        value.isNaN ? fallback : Swift.min(Swift.max(value, 0), 1)
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
