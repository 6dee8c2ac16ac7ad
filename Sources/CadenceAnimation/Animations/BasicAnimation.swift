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
///
/// **Additive.** An additive animation's values are added to the value below it (the
/// class reference: "added to the current render tree value"), so they are offsets, and
/// the "current value" an open end stands for is, in that space, the offset that changes
/// nothing: an open end of an additive animation reads the type's additive identity
/// (`AnimatableValue.additiveIdentity(like:)`: 0, the zero point, the identity transform)
/// instead of the model. So a lone `toValue` eases the offset from nothing to `toValue`,
/// a lone `byValue` gives the same values as the non-additive animation, and the model is
/// never counted twice. Example: opacity model 0.5, additive, `toValue` 0.25, linear over
/// 1 s: 0.5 at t = 0, 0.625 at t = 0.5, 0.75 at t = 1 (not 1.0, 0.875, 0.75 as reading the
/// model would give). A value-function animation's open ends read the function's neutral
/// input, additive or not (0 for rotations and translations, 1 for scales).
///
/// Cost: when no end reads the model, the ends, their interpolation forms (a transform's
/// decomposition) and `to − from` are worked out whenever an end is set, so an evaluation
/// is the timing state, the timing function and one interpolation.
///
/// ```swift
/// let fade = BasicAnimation<Double>(
///     keyPath: "opacity", fromValue: 1, toValue: 0,
///     timing: MediaTiming(duration: 0.5), timingFunction: .easeOut)
/// let halfway = fade.value(atParentTime: 0.25, model: 1)  // Optional(0.3153…)
/// ```
public struct BasicAnimation<Value: AnimatableValue>: PropertyAnimationProtocol {
    public var keyPath: String
    public var fromValue: Value? { didSet { resolveFixedEnds() } }
    public var toValue: Value? { didSet { resolveFixedEnds() } }
    public var byValue: Value? { didSet { resolveFixedEnds() } }
    public var animationTiming: AnimationTiming { didSet { classifyPlainValue() } }
    /// Whether the value is added to the value beneath it instead of replacing it.
    public var isAdditive: Bool { didSet { classifyPlainValue() } }
    /// Whether each repeat starts where the previous one ended (adds `to − from` per
    /// completed cycle).
    public var isCumulative: Bool
    /// Turns the animated numbers into a transform (`CAValueFunction`).
    public var valueFunction: ValueFunction?
    /// A spring that drives the interpolation (Core Animation's `CASpringAnimation`, a
    /// basic animation whose progress is a damped oscillator); `nil` (the default): the
    /// timing function does. With a spring, the progress at basic time `t` of the cycle
    /// (seconds, `progress · duration`) is `spring.progress(atTime: t)`, which overshoots
    /// 1 when the spring is under-damped (the value extrapolates past the end), and the
    /// timing function is ignored. The spring does not choose the duration, as on Core
    /// Animation: set `timing.duration` to `spring.settlingDuration` for the whole motion
    /// (the default 0.25 s cuts it short). `springVelocity(atParentTime:)` hands the
    /// motion on.
    public var spring: Spring? { didSet { classifyPlainValue() } }
    /// The two ends prepared for interpolation and the change over one cycle
    /// (`to − from`) when no end reads the model (from and to, from and by, or by and to
    /// set); `nil` when an end reads the model.
    @usableFromInline private(set) var fixedEnds: FixedEnds?
    /// Whether the value is the plain interpolation of `fixedEnds` in a plain leg: both
    /// ends fixed, no spring, not additive, and a timing with `isPlainLeg` (what
    /// `value(atParentTime:model:below:)` tests once, where the general path tests them one
    /// by one). Kept up to date by the setters.
    @usableFromInline private(set) var hasPlainValue = false

    /// See `fixedEnds`.
    @usableFromInline
    struct FixedEnds: Sendable {
        @usableFromInline let from: Value
        @usableFromInline let to: Value
        @usableFromInline let fromForm: Value.InterpolationForm
        @usableFromInline let toForm: Value.InterpolationForm
        @usableFromInline let change: Value
    }

    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true,
        valueFunction: ValueFunction? = nil, spring: Spring? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        animationTiming = AnimationTiming(
            timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion)
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.spring = spring
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
        fixedEnds = ends.map {
            FixedEnds(
                from: $0.from, to: $0.to, fromForm: Value.interpolationForm($0.from),
                toForm: Value.interpolationForm($0.to), change: $0.to.subtracting($0.from))
        }
        classifyPlainValue()
    }

    /// Sets `hasPlainValue`.
    private mutating func classifyPlainValue() {
        hasPlainValue = fixedEnds != nil && spring == nil && !isAdditive && animationTiming.resolvedTiming.isPlainLeg
    }

    /// The value this animation leaves at `parentTime` (the layer's local time), as
    /// `PropertyAnimationProtocol.value(atParentTime:model:below:)`, bit for bit.
    ///
    /// The common case is in line, where the call is made: a plain value (`hasPlainValue`)
    /// at a time inside its leg (`ResolvedTiming.plainLegProgress`) is the interpolation of
    /// the fixed ends at the eased progress, with no `TimingState`, no optional sample and
    /// no combining. Every other case goes out of line to the general path
    /// (`valueOffThePlainPath`).
    @inlinable @inline(__always)
    public func value(atParentTime parentTime: Double, model: Value, below: Value? = nil) -> Value? {
        if hasPlainValue, let progress = animationTiming.resolvedTiming.plainLegProgress(atParentTime: parentTime) {
            // `hasPlainValue` holds only with `fixedEnds` set.
            let ends = fixedEnds.unsafelyUnwrapped
            return Value.interpolate(forms: ends.fromForm, ends.toForm, animationTiming.eased(progress))
        }
        return valueOffThePlainPath(atParentTime: parentTime, model: model, below: below)
    }

    /// Steps 1–5 of `PropertyAnimationProtocol` for every case (out of line: the rarer path).
    @inlinable @inline(never)
    func valueOffThePlainPath(atParentTime parentTime: Double, model: Value, below: Value?) -> Value? {
        guard let own = ownSample(atParentTime: parentTime, model: model)?.value else { return nil }
        return isAdditive ? (below ?? model).adding(own) : own
    }

    /// The two ends of the interpolation for model value `model` (table above).
    @inlinable
    public func endpoints(model: Value) -> (from: Value, to: Value) {
        if let fixedEnds { return (fixedEnds.from, fixedEnds.to) }
        // The rows whose ends read the model (the others are `fixedEnds`); an additive
        // animation's open ends read the additive identity (see the type).
        let base = isAdditive && valueFunction == nil ? Value.additiveIdentity(like: model) : model
        switch (fromValue, toValue, byValue) {
        case let (from?, _, _): return (from, base)
        case let (nil, to?, _): return (base, to)
        case let (nil, nil, by?): return (base, base.adding(by))
        case (nil, nil, nil): return (base, base)
        }
    }

    /// `from + (to − from) · progress` (`Value.interpolate`).
    @inlinable @inline(__always)
    public func cycleSample(atProgress progress: Double, model: Value) -> AnimationSample<Value>? {
        if let fixedEnds {
            return AnimationSample(value: Value.interpolate(forms: fixedEnds.fromForm, fixedEnds.toForm, progress))
        }
        let (from, to) = endpoints(model: model)
        return AnimationSample(value: Value.interpolate(from, to, progress))
    }

    @inlinable @inline(__always)
    public func contributingState(atParentTime parentTime: Double, honoursRemoval: Bool) -> TimingState? {
        animationTiming.contributingState(atParentTime: parentTime, honoursRemoval: honoursRemoval)
    }

    @inlinable @inline(__always)
    public func firstIterationProgress(atParentTime parentTime: Double) -> Double {
        animationTiming.resolvedTiming.firstIterationProgress(atParentTime: parentTime)
    }

    @inlinable @inline(__always)
    public func easedProgress(_ progress: Double) -> Double {
        if let spring { return springProgress(spring, progress) }
        return animationTiming.eased(progress)
    }

    /// The spring's progress at the cycle's progress `progress` (out of line: the rare path).
    @usableFromInline @inline(never)
    func springProgress(_ spring: Spring, _ progress: Double) -> Double {
        spring.progress(atTime: progress * resolvedTiming.duration)
    }

    /// The velocity of the spring at `parentTime`, in units of the whole from → to
    /// distance per second (Core Animation's unit for `initialVelocity`): what a spring
    /// taking over from here starts with, once scaled to its own distance. `nil` without a
    /// spring or where the animation contributes nothing. Playing backwards (an
    /// autoreverse leg) gives the spring's own velocity at the mirrored time.
    public func springVelocity(atParentTime parentTime: Double) -> Double? {
        guard let spring, let state = contributingState(atParentTime: parentTime, honoursRemoval: true) else { return nil }
        return spring.velocity(atTime: state.progress * resolvedTiming.duration)
    }

    /// `to − from`.
    @inlinable
    public func cycleChange(model: Value) -> Value? {
        if let fixedEnds { return fixedEnds.change }
        let (from, to) = endpoints(model: model)
        return to.subtracting(from)
    }
}
