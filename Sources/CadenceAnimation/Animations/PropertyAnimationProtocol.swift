import CadenceGeometry
import CadenceTiming

/// What the typed property animations share (Core Animation's `CAPropertyAnimation`):
/// `BasicAnimation<Value>` and `KeyframeAnimation<Value>` conform. A key path, the timing of
/// `AnimationTiming`, and the flags that decide how the value combines with the values
/// below it.
///
/// Evaluation is a pure function of the time given; nothing runs on a timer. The steps:
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
/// A `valueFunction` turns the animated numbers into a transform before step 5 (see
/// `PropertyAnimation`, the form a layer holds them in).
public protocol PropertyAnimationProtocol<Value>: TimedAnimation {
    associatedtype Value: AnimatableValue
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    var keyPath: String { get }
    /// Whether the value is added to the value below instead of replacing it.
    var isAdditive: Bool { get }
    /// Whether each repeat cycle starts where the previous one ended.
    var isCumulative: Bool { get }
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

    /// `animationTiming.contributingState(atParentTime:honoursRemoval:)` and
    /// `animationTiming.eased(_:)`. Requirements, so that each type reads its stored timing
    /// in place: through the protocol's `animationTiming` getter the timing (its curve
    /// included) would be copied, and the curve's table retained, on every evaluation.
    func contributingState(atParentTime parentTime: Double, honoursRemoval: Bool) -> TimingState?
    func easedProgress(_ progress: Double) -> Double
    /// `animationTiming.resolvedTiming.firstIterationProgress(atParentTime:)` (a requirement
    /// for the same reason): the progress where the fast path settles the time, else NaN.
    func firstIterationProgress(atParentTime parentTime: Double) -> Double

    /// `output[k]` = the value at `times[k]` (`value(atParentTime:model:)`, the model where
    /// the animation contributes nothing), for a timeline or a property test: one
    /// animation at many times.
    ///
    /// The buffers must have the same length: a debug build stops at a precondition when
    /// they do not; a release build evaluates the first `min(times.count, output.count)`
    /// and leaves the rest of `output` untouched. No allocation.
    func values(atParentTimes times: UnsafeBufferPointer<Double>, model: Value, into output: UnsafeMutableBufferPointer<Value>)
}

/// An animation's own value at one time, and the rotation angle (radians) a path
/// animation with a rotation mode asks for.
public struct AnimationSample<Value> {
    public var value: Value
    public var rotation: Double?

    @inlinable
    public init(value: Value, rotation: Double? = nil) {
        self.value = value
        self.rotation = rotation
    }
}

extension AnimationSample: Sendable where Value: Sendable {}
extension AnimationSample: Equatable where Value: Equatable {}

extension PropertyAnimationProtocol {
    /// The default: through `animationTiming` (`BasicAnimation` and `KeyframeAnimation`
    /// read their stored timing in place instead).
    @inlinable
    public func firstIterationProgress(atParentTime parentTime: Double) -> Double {
        animationTiming.resolvedTiming.firstIterationProgress(atParentTime: parentTime)
    }

    /// The animation's own value at `parentTime` before combining (steps 1–4): `nil` when
    /// it contributes nothing. `honoursRemoval` false ignores `isRemovedOnCompletion`, as a
    /// group does for its children.
    ///
    /// Inside the active interval of a one-leg timing (the common case) the progress comes
    /// straight from `ResolvedTiming.firstIterationProgress(atParentTime:)`, with no
    /// `TimingState` on the way (iteration 0: nothing to cumulate; active: it contributes);
    /// every other time takes the state, out of line (`foldSample` keeps it in line).
    @inlinable @inline(__always)
    public func ownSample(atParentTime parentTime: Double, model: Value, honoursRemoval: Bool = true) -> AnimationSample<Value>? {
        let progress = firstIterationProgress(atParentTime: parentTime)
        if progress == progress { return cycleSample(atProgress: easedProgress(progress), model: model) }
        return stateSampleOutOfLine(atParentTime: parentTime, model: model, honoursRemoval: honoursRemoval)
    }

    /// `ownSample(atParentTime:model:honoursRemoval:)` with the state's path in line too:
    /// for the folds, which read the animation in place from the box a layer or the
    /// evaluator holds it in. A call taking the animation, or any call made while it is
    /// read in place, makes the compiler copy it out of the box (retaining what it holds)
    /// for the call; a group's children outside their intervals took that path on every
    /// evaluation.
    ///
    /// Both paths meet before the cycle's sample, so that its code (the timing function,
    /// the interpolation) is in line once.
    @inlinable @inline(__always)
    func foldSample(atParentTime parentTime: Double, model: Value, honoursRemoval: Bool) -> AnimationSample<Value>? {
        var progress = firstIterationProgress(atParentTime: parentTime)
        var iteration = 0
        if progress != progress {
            guard let state = contributingState(atParentTime: parentTime, honoursRemoval: honoursRemoval) else { return nil }
            progress = state.progress
            iteration = state.iteration
        }
        // `ownSample(in:model:)` on the state's progress and iteration.
        guard var sample = cycleSample(atProgress: easedProgress(progress), model: model) else { return nil }
        if isCumulative && iteration != 0 {
            sample.value = cumulated(sample.value, iteration: iteration, model: model)
        }
        return sample
    }

    /// Steps 1–4 through the timing state (the times the fast path does not settle).
    @inlinable @inline(__always)
    func stateSample(atParentTime parentTime: Double, model: Value, honoursRemoval: Bool) -> AnimationSample<Value>? {
        guard let state = contributingState(atParentTime: parentTime, honoursRemoval: honoursRemoval) else { return nil }
        return ownSample(in: state, model: model)
    }

    /// `stateSample(atParentTime:model:honoursRemoval:)` out of line, so that
    /// `ownSample(atParentTime:model:honoursRemoval:)` stays small where it is called.
    @inlinable @inline(never)
    func stateSampleOutOfLine(atParentTime parentTime: Double, model: Value, honoursRemoval: Bool) -> AnimationSample<Value>? {
        stateSample(atParentTime: parentTime, model: model, honoursRemoval: honoursRemoval)
    }

    /// The animation's own value in `state`, which must contribute (steps 3–4).
    @inlinable @inline(__always)
    public func ownSample(in state: TimingState, model: Value) -> AnimationSample<Value>? {
        guard var sample = cycleSample(atProgress: easedProgress(state.progress), model: model) else { return nil }
        if isCumulative && state.iteration != 0 {
            sample.value = cumulated(sample.value, iteration: state.iteration, model: model)
        }
        return sample
    }

    /// `value` plus the change over one cycle once per completed cycle (out of line: rare).
    @inlinable @inline(never)
    func cumulated(_ value: Value, iteration: Int, model: Value) -> Value {
        guard let change = cycleChange(model: model) else { return value }
        return value.adding(change.multiplied(byCount: iteration))
    }

    /// The value this animation leaves in `state` (steps 2–5): as `value(atParentTime:…)`
    /// for the state at that time.
    @inlinable
    public func value(in state: TimingState, model: Value, below: Value? = nil) -> Value? {
        guard state.contributes(isRemovedOnCompletion: isRemovedOnCompletion),
              let own = ownSample(in: state, model: model)?.value
        else { return nil }
        return isAdditive ? (below ?? model).adding(own) : own
    }

    /// The default: the values of `value(atParentTime:model:)` (the model where it is
    /// `nil`), bit for bit, with the timing worked out 64 times at a time in lanes
    /// (`ResolvedTiming.progress(atParentTimes:…)`, on the stack) and steps 3–5 per time.
    @inlinable
    public func values(atParentTimes times: UnsafeBufferPointer<Double>, model: Value, into output: UnsafeMutableBufferPointer<Value>) {
        let count = checkedCount(times, output)
        guard count > 0 else { return }
        // 64 a block: each scratch buffer fits the 1 KiB `withUnsafeTemporaryAllocation`
        // always places on the stack.
        let block = 64
        let timing = resolvedTiming, removed = isRemovedOnCompletion, cumulative = isCumulative
        withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { progress in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { iterations in
                var start = 0
                while start < count {
                    let n = Swift.min(block, count - start)
                    timing.progress(
                        atParentTimes: UnsafeBufferPointer(rebasing: times[start..<(start + n)]), isRemovedOnCompletion: removed,
                        into: UnsafeMutableBufferPointer(rebasing: progress[0..<n]),
                        iterations: cumulative ? UnsafeMutableBufferPointer(rebasing: iterations[0..<n]) : nil)
                    for k in 0..<n {
                        // NaN: the animation contributes nothing at this time.
                        guard !progress[k].isNaN, var own = cycleSample(atProgress: easedProgress(progress[k]), model: model)?.value
                        else {
                            output[start + k] = model
                            continue
                        }
                        if cumulative && iterations[k] != 0 { own = cumulated(own, iteration: iterations[k], model: model) }
                        output[start + k] = isAdditive ? model.adding(own) : own
                    }
                    start += n
                }
            }
        }
    }

    /// The number of samples a batch call evaluates: the common length, after a debug
    /// precondition that the lengths agree.
    @inlinable @inline(__always)
    func checkedCount<T>(_ times: UnsafeBufferPointer<Double>, _ output: UnsafeMutableBufferPointer<T>) -> Int {
        assert(times.count == output.count, "values(atParentTimes:): \(times.count) times but \(output.count) outputs")
        return Swift.min(times.count, output.count)
    }

    /// The value this animation leaves at `parentTime` (the layer's local time), steps 1–5:
    /// its own value, added to `below` when additive (`below` defaults to the model value,
    /// as for an animation alone on its key path); `nil` when it contributes nothing.
    @inlinable
    public func value(atParentTime parentTime: Double, model: Value, below: Value? = nil) -> Value? {
        guard let own = ownSample(atParentTime: parentTime, model: model)?.value else { return nil }
        return isAdditive ? (below ?? model).adding(own) : own
    }
}
