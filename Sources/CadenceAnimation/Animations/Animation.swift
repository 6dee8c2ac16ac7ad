import CadenceTiming

/// Any animation a layer can hold (Core Animation's `CAAnimation` family): a property
/// animation of some key path and value kind, a group, or a transition.
///
/// Make a property animation's case from a typed one with `Animation(_:)`
/// (`Animation(BasicAnimation<Point>(…))`), or `.property(PropertyAnimation(…))`: the same.
/// Copying an `Animation` costs a retain (every case is boxed).
public enum Animation: TimedAnimation {
    /// A `BasicAnimation` or `KeyframeAnimation` of a `KeyPathAnimatable` value.
    case property(PropertyAnimation)
    indirect case group(AnimationGroup)
    indirect case transition(Transition)

    /// A basic animation (`.property(PropertyAnimation(animation))`).
    public init<V: KeyPathAnimatable>(_ animation: BasicAnimation<V>) {
        self = .property(PropertyAnimation(animation))
    }

    /// A keyframe animation (`.property(PropertyAnimation(animation))`).
    public init<V: KeyPathAnimatable>(_ animation: KeyframeAnimation<V>) {
        self = .property(PropertyAnimation(animation))
    }

    /// The timing of the animation inside; setting it replaces that animation's timing.
    public var animationTiming: AnimationTiming {
        get {
            switch self {
            case .property(let animation): animation.animationTiming
            case .group(let group): group.animationTiming
            case .transition(let transition): transition.animationTiming
            }
        }
        set {
            switch self {
            case .property(var animation):
                animation.animationTiming = newValue
                self = .property(animation)
            case .group(var group):
                group.animationTiming = newValue
                self = .group(group)
            case .transition(var transition):
                transition.animationTiming = newValue
                self = .transition(transition)
            }
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
}
