import CadenceGeometry
import CadenceTiming

/// An animation through a list of keyframes (Core Animation's `CAKeyframeAnimation`): the
/// keyframes are `values`, or the points of `path` when the value is a `Point` (the path
/// wins, as on Core Animation; each line or curve end is a keyframe, a move-to is not).
///
/// The keyframe rules (key-time validation, per-segment timing functions, the five
/// calculation modes, Kochanek–Bartels tension/continuity/bias) live in `KeyframeCurve`
/// for values and `KeyframePath` for paths; both are built once whenever a keyframe
/// property changes, never per evaluation. What this type adds:
/// - media timing, the animation's own `timingFunction` (applied first, then the
///   per-segment `timingFunctions`; the eased progress is clamped to 0…1 before the
///   keyframe lookup, so an overshooting animation curve holds the end keyframes);
/// - `rotationMode` for paths (`auto`: the tangent angle of the direction of travel,
///   `autoReverse`: that + π; `nil`, the default, no rotation). Keyframes given as
///   `values` never rotate (Core Animation calls it undefined);
/// - `isCumulative`: each completed cycle adds `last − first` (by analogy with the basic
///   animation's `to − from`);
/// - `isAdditive` and `valueFunction`, as for every `PropertyAnimation`.
///
/// No keyframes (empty `values`, or a path without a line or curve) means the animation
/// contributes nothing. A path on an animation whose value is not a `Point` is ignored.
///
/// ```swift
/// let hop = KeyframeAnimation<Point>(
///     keyPath: "position",
///     values: [Point(x: 0, y: 100), Point(x: 50, y: 20), Point(x: 100, y: 100)],
///     keyTimes: [0, 0.4, 1], calculationMode: .cubic,
///     timing: MediaTiming(duration: 1))
/// let top = hop.value(atParentTime: 0.4, model: .zero)  // passes through (50, 20)
/// ```
public struct KeyframeAnimation<Value: AnimatableValue>: PropertyAnimationProtocol {
    public var keyPath: String
    /// The keyframe values (used when there is no usable `path`).
    public var values: [Value] { didSet { rebuild() } }
    /// The keyframes as a path (points only; it wins over `values`).
    public var path: Path? { didSet { rebuild() } }
    /// When each keyframe is reached, as fractions of the duration (validated; an invalid
    /// array is ignored and the keyframes are spaced evenly).
    public var keyTimes: [Double]? { didSet { rebuild() } }
    /// One timing function per segment (`n − 1` of them, or ignored).
    public var timingFunctions: [TimingFunction]? { didSet { rebuild() } }
    public var calculationMode: CalculationMode { didSet { rebuild() } }
    /// Kochanek–Bartels parameters per keyframe for the cubic modes (missing entries 0).
    public var tensionValues: [Double] { didSet { rebuild() } }
    public var continuityValues: [Double] { didSet { rebuild() } }
    public var biasValues: [Double] { didSet { rebuild() } }
    /// How a path animation turns the layer: `nil` (no rotation), `auto`, `autoReverse`.
    public var rotationMode: RotationMode?
    public var animationTiming: AnimationTiming
    /// Whether the value is added to the value beneath it instead of replacing it.
    public var isAdditive: Bool
    /// Whether each repeat starts where the previous one ended (adds `last − first` per
    /// completed cycle).
    public var isCumulative: Bool
    /// Turns the animated numbers into a transform (`CAValueFunction`).
    public var valueFunction: ValueFunction?

    /// The keyframe curve through `values`, as built from the properties above.
    public private(set) var curve: KeyframeCurve<Value>
    /// The keyframes of `path`, when the path is in use.
    public private(set) var pathKeyframes: KeyframePath?
    /// `last − first` keyframe, built with the tables (`cycleChange(model:)`); `nil` without
    /// keyframes.
    @usableFromInline private(set) var lastMinusFirst: Value?

    public init(
        keyPath: String, values: [Value] = [], path: Path? = nil, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
        tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
        rotationMode: RotationMode? = nil, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        isRemovedOnCompletion: Bool = true, valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.values = values
        self.path = path
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.rotationMode = rotationMode
        animationTiming = AnimationTiming(
            timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion)
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        (curve, pathKeyframes, lastMinusFirst) = (KeyframeCurve(values: []), nil, nil)
        rebuild()
    }

    /// Builds the keyframe tables from the properties (the path wins for points), and the
    /// change over one cycle.
    private mutating func rebuild() {
        if let path, Value.self == Point.self {
            let keyframes = KeyframePath(path: path, mode: calculationMode, keyTimes: keyTimes, timingFunctions: timingFunctions)
            pathKeyframes = keyframes
            curve = KeyframeCurve(values: [])
            if let first = keyframes.point(at: 0), let last = keyframes.point(at: 1) {
                lastMinusFirst = unsafeBitCast(last.subtracting(first), to: Value.self)
            } else {
                lastMinusFirst = nil
            }
        } else {
            pathKeyframes = nil
            curve = KeyframeCurve(
                values: values, mode: calculationMode, keyTimes: keyTimes, timingFunctions: timingFunctions,
                tension: tensionValues, continuity: continuityValues, bias: biasValues)
            if let first = values.first, let last = values.last {
                lastMinusFirst = last.subtracting(first)
            } else {
                lastMinusFirst = nil
            }
        }
    }

    /// The keyframe value at `progress` (clamped to 0…1), with the rotation of a path
    /// animation that has a rotation mode.
    ///
    /// Inlinable, so that code in any module evaluates it compiled for its value type (the
    /// keyframe tables are generic types whose metadata unspecialised code would look up on
    /// every call).
    @inlinable @inline(__always)
    public func cycleSample(atProgress progress: Double, model: Value) -> AnimationSample<Value>? {
        if let pathKeyframes {
            guard let (point, rotation) = pathKeyframes.sample(at: progress, rotationMode: rotationMode) else { return nil }
            return AnimationSample(value: unsafeBitCast(point, to: Value.self), rotation: rotation)
        }
        return curve.value(at: progress).map { AnimationSample(value: $0) }
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
    public func easedProgress(_ progress: Double) -> Double { animationTiming.eased(progress) }

    /// `last − first` keyframe (worked out when the keyframes are set, not per evaluation).
    @inlinable
    public func cycleChange(model: Value) -> Value? { lastMinusFirst }
}
