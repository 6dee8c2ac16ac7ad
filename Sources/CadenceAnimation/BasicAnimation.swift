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
    public var fromValue: Value? { didSet { resolveFixedEnds() } }
    public var toValue: Value? { didSet { resolveFixedEnds() } }
    public var byValue: Value? { didSet { resolveFixedEnds() } }
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
    /// The two ends and the change over one cycle (`to − from`) when no end reads the model
    /// (from and to, from and by, or by and to set), worked out whenever an end is set, so
    /// that an evaluation neither rebuilds them nor (for transforms) inverts a matrix;
    /// `nil` when an end reads the model.
    @usableFromInline private(set) var fixedEnds: (from: Value, to: Value, change: Value)?

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
        resolveFixedEnds()
    }

    /// Sets `fixedEnds` from the three values (the first three rows of the table above).
    private mutating func resolveFixedEnds() {
        let ends: (from: Value, to: Value)?
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): ends = (from, to)
        case let (from?, nil, by?): ends = (from, from.adding(by))
        case let (nil, to?, by?): ends = (to.subtracting(by), to)
        default: ends = nil
        }
        fixedEnds = ends.map { ($0.from, $0.to, $0.to.subtracting($0.from)) }
    }

    /// The two ends of the interpolation for model value `model` (table above).
    @inlinable
    public func endpoints(model: Value) -> (from: Value, to: Value) {
        if let fixedEnds { return (fixedEnds.from, fixedEnds.to) }
        // The rows whose ends read the model (the others are `fixedEnds`).
        switch (fromValue, toValue, byValue) {
        case let (from?, _, _): return (from, model)
        case let (nil, to?, _): return (model, to)
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
        if let fixedEnds { return fixedEnds.change }
        let (from, to) = endpoints(model: model)
        return to.subtracting(from)
    }
}
