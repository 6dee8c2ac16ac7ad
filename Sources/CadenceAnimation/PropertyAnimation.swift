import CadenceGeometry
import CadenceTiming

/// What every animation of one property shares (Core Animation's `CAAnimation` and
/// `CAPropertyAnimation`): a key path, media timing, a timing function, and the flags that
/// decide how its value combines with the values below it.
///
/// Evaluation is a pure function of the time given; nothing runs on a timer. The steps,
/// shared by `BasicAnimation` and `KeyframeAnimation`:
/// 1. The timing (`resolvedTiming`, built once when `timing` is set) maps the parent time
///    (the layer's local time) to a `TimingState`.
/// 2. An animation not in effect there (outside its active interval and fill), or in its
///    "after" phase while `isRemovedOnCompletion` (it has been removed from its layer at
///    its end, whatever its fill mode), contributes nothing.
/// 3. The progress goes through `timingFunction` (`nil` is linear; the output is not
///    clamped, so an overshooting curve extrapolates a basic animation).
/// 4. The type's own rule gives the value of the current repeat cycle; a cumulative
///    animation adds its end-of-cycle change once per completed cycle.
/// 5. An additive animation adds that value to the value below it
///    (`below.adding(value)`); a non-additive one replaces it.
///
/// A `valueFunction` turns the animated numbers into a transform before step 5; see
/// `KeyPathAnimation.keyPathSample(in:model:honoursRemoval:)`.
public protocol PropertyAnimation<Value>: Sendable {
    associatedtype Value: AnimatableValue
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    var keyPath: String { get }
    /// The media timing as set.
    var timing: MediaTiming { get set }
    /// `timing` resolved with the 0.25 s default duration, kept up to date with `timing`.
    var resolvedTiming: ResolvedTiming { get }
    /// The pacing of the whole animation; `nil` is linear.
    var timingFunction: TimingFunction? { get }
    /// Whether the value is added to the value below instead of replacing it.
    var isAdditive: Bool { get }
    /// Whether each repeat cycle starts where the previous one ended.
    var isCumulative: Bool { get }
    /// Whether the animation contributes nothing after its active interval (default true).
    var isRemovedOnCompletion: Bool { get }
    /// Turns the animated numbers into a transform (`CAValueFunction`), or `nil`.
    var valueFunction: ValueFunction? { get }

    /// The value of the current cycle at eased progress `progress` (step 4 without the
    /// cumulative offset), and the rotation of a path animation with a rotation mode.
    /// `model` is the layer's model value, which open ends read. `nil` when the animation
    /// has nothing to show (a keyframe animation without keyframes).
    func cycleSample(atProgress progress: Double, model: Value) -> AnimationSample<Value>?

    /// The change over one whole cycle, which a cumulative animation adds once per
    /// completed cycle (`to − from`; `last − first` for keyframes).
    func cycleChange(model: Value) -> Value?

    /// `progress` through `timingFunction` (unchanged when it is `nil`). A requirement so
    /// each type reads its own stored curve in place: through the protocol's getter the
    /// curve (and its tables) would be copied and retained per evaluation.
    func easedProgress(_ progress: Double) -> Double
}

/// An animation's own value at one time, and the rotation angle (radians) a path
/// animation with a rotation mode asks for.
public struct AnimationSample<Value>: @unchecked Sendable {
    public var value: Value
    public var rotation: Double?

    @inlinable
    public init(value: Value, rotation: Double? = nil) {
        self.value = value
        self.rotation = rotation
    }
}

extension AnimationSample: Equatable where Value: Equatable {}

extension PropertyAnimation {
    /// Whether the animation contributes in `state` (steps 1–2). `honoursRemoval` false
    /// ignores `isRemovedOnCompletion`, as a group does for its children.
    @inlinable
    public func contributes(in state: TimingState, honoursRemoval: Bool = true) -> Bool {
        state.contributes(isRemovedOnCompletion: honoursRemoval && isRemovedOnCompletion)
    }

    /// The animation's own value in `state` before combining (steps 2–4): `nil` when it
    /// contributes nothing.
    @inlinable
    public func ownSample(in state: TimingState, model: Value, honoursRemoval: Bool = true) -> AnimationSample<Value>? {
        guard contributes(in: state, honoursRemoval: honoursRemoval) else { return nil }
        let eased = easedProgress(state.progress)
        guard var sample = cycleSample(atProgress: eased, model: model) else { return nil }
        if isCumulative && state.iteration != 0, let change = cycleChange(model: model) {
            sample.value = sample.value.adding(change.multiplied(byCount: state.iteration))
        }
        return sample
    }

    /// The value this animation leaves in `state` (steps 1–5): its own value, added to
    /// `below` when additive (`below` defaults to the model value, as for an animation
    /// alone on its key path); `nil` when it contributes nothing.
    @inlinable
    public func value(in state: TimingState, model: Value, below: Value? = nil) -> Value? {
        guard let own = ownSample(in: state, model: model)?.value else { return nil }
        return isAdditive ? (below ?? model).adding(own) : own
    }

    /// The value at `parentTime` (the layer's local time) for model value `model`, or
    /// `nil` when the animation is not in effect there.
    @inlinable
    public func value(atParentTime parentTime: Double, model: Value, below: Value? = nil) -> Value? {
        value(in: resolvedTiming.state(atParentTime: parentTime), model: model, below: below)
    }
}
