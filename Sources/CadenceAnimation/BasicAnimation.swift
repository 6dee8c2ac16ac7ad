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
public struct BasicAnimation<Value: AnimatableValue>: PropertyAnimation {
    public var keyPath: String
    public var fromValue: Value?
    public var toValue: Value?
    public var byValue: Value?
    /// The media timing; setting it re-resolves `resolvedTiming`.
    public var timing: MediaTiming {
        didSet { resolvedTiming = timing.resolved() }
    }
    public private(set) var resolvedTiming: ResolvedTiming
    /// The pacing; `nil` is linear.
    public var timingFunction: TimingFunction?
    /// Whether the value is added to the value beneath it instead of replacing it.
    public var isAdditive: Bool
    /// Whether each repeat starts where the previous one ended (adds `to − from` per
    /// completed cycle).
    public var isCumulative: Bool
    /// Whether the animation stops contributing after its active interval (Core
    /// Animation's `removedOnCompletion`, default true). When true, a forwards fill is
    /// cut off at the end, as the animation is removed from its layer there.
    public var isRemovedOnCompletion: Bool
    /// Turns the animated numbers into a transform (`CAValueFunction`).
    public var valueFunction: ValueFunction?

    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.resolvedTiming = timing.resolved()
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.valueFunction = valueFunction
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

    /// `from + (to − from) · progress`.
    @inlinable
    public func cycleSample(atProgress progress: Double, model: Value) -> AnimationSample<Value>? {
        let (from, to) = endpoints(model: model)
        return AnimationSample(value: Value.interpolate(from, to, progress))
    }

    @inlinable
    public func easedProgress(_ progress: Double) -> Double {
        timingFunction?.progress(at: progress) ?? progress
    }

    /// `to − from`.
    @inlinable
    public func cycleChange(model: Value) -> Value? {
        let (from, to) = endpoints(model: model)
        return to.subtracting(from)
    }
}
