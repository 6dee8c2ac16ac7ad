import CadenceTiming

/// A single-keyframe animation of one property (Core Animation's `CABasicAnimation`): it
/// interpolates between two values chosen from `fromValue`, `toValue` and `byValue`.
///
/// The seven cases of the class reference (each end that is missing is read from the
/// model value at every evaluation, not once):
///
/// | set | from | to |
/// | --- | --- | --- |
/// | from, to | from | to |
/// | from, by | from | from + by |
/// | by, to | to − by | to |
/// | from | from | model |
/// | to | model | to |
/// | by | model | model + by |
/// | none | model | model |
///
/// With all three set, `byValue` is ignored (from + to). The case "none" interpolates
/// between the previous presentation value and the model value in Core Animation; without
/// a render tree to remember the previous value it reads the model for both ends.
public struct BasicAnimation<Value: AnimatableValue>: Sendable {
    public var keyPath: String
    public var fromValue: Value?
    public var toValue: Value?
    public var byValue: Value?
    public var timing: MediaTiming
    /// The pacing; `nil` is linear.
    public var timingFunction: TimingFunction?
    /// Whether the value is added to the value beneath it (the model value) instead of
    /// replacing it.
    public var isAdditive: Bool
    /// Whether each repeat starts where the previous one ended.
    public var isCumulative: Bool
    /// Whether the animation stops contributing after its active interval (Core
    /// Animation's `removedOnCompletion`, default true). When true, a forwards fill is
    /// cut off at the end, as the animation is removed from its layer there.
    public var isRemovedOnCompletion: Bool

    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The two ends of the interpolation for model value `model` (table above).
    @inlinable
    public func endpoints(model: Value) -> (from: Value, to: Value) {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, from.adding(by))
        case let (nil, to?, by?): return (to.subtracting(by), to)
        case let (from?, nil, nil): return (from, model)
        case let (nil, to?, nil): return (model, to)
        case let (nil, nil, by?): return (model, model.adding(by))
        case (nil, nil, nil): return (model, model)
        }
    }

    /// The presentation value at `parentTime` (the layer's local time) given the model
    /// value, or `nil` when the animation is not in effect there.
    ///
    /// A removed-on-completion animation contributes nothing after its active interval,
    /// whatever its fill mode.
    @inlinable
    public func value(atParentTime parentTime: Double, model: Value) -> Value? {
        let state = timing.state(atParentTime: parentTime)
        return value(in: state, model: model)
    }

    /// The presentation value for an already evaluated timing state.
    ///
    /// `model` is the layer's model value, which open from/to/by ends read; `below` is the
    /// value of the animations under this one, which an additive animation adds to (the
    /// model value when it is alone, the default).
    @inlinable
    public func value(in state: TimingState, model: Value, below: Value? = nil) -> Value? {
        guard state.isInEffect else { return nil }
        if isRemovedOnCompletion && state.phase == .after { return nil }
        let eased = timingFunction?.progress(at: state.progress) ?? state.progress
        let (from, to) = endpoints(model: model)
        var value = Value.interpolate(from, to, eased)
        if isCumulative && state.iteration > 0 {
            value = value.adding(to.subtracting(from).multiplied(byCount: state.iteration))
        }
        return isAdditive ? (below ?? model).adding(value) : value
    }
}
