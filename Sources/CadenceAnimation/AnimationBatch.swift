import CadenceGeometry
import CadenceTiming

/// Many (animation, time) samples evaluated in one call, over buffers (a structure of
/// arrays: the animation index and the time of sample `k` in two arrays, its value in the
/// output): for engines and tests that evaluate thousands of animations per frame.
///
/// A batch is built once from property animations of any mix of kinds, each with the model
/// value its open ends read and that it shows where it contributes nothing. Each sample's
/// value is the animation alone on its property (`AnimationEvaluator` with that one
/// animation: additive animations add to the model), bit for bit.
///
/// Output layout: sample `k` writes its value's numbers at `output[k · stride …]`, where
/// `stride` is the most numbers any animation of the batch has (1 for numbers, 2 for points
/// and sizes, 4 for rectangles and colours, 16 for transforms in field order, as
/// `KeyPathValue.components`); the rest of a shorter value's stride is left untouched. So a
/// batch of number animations writes one `Double` per sample.
///
/// Cost: basic animations with fixed ends of numbers, points, sizes, rectangles and colours
/// (the common case) are evaluated from a compact table — the timing state, the timing
/// function, one multiply-add per number — with no allocation and no existential; the
/// others through `PropertyAnimation`'s evaluation.
public struct AnimationBatch: Sendable {
    /// The numbers each sample's value takes in the output (see the type).
    public let stride: Int
    /// Per animation: how to evaluate it.
    let entries: [Entry]
    /// The fixed ends and model values of the fast entries, `stride`-free: each entry's
    /// numbers start at its `offset` (from, to, to − from, then the model).
    let numbers: [Double]
    /// The animations and models, for the general path.
    let animations: [PropertyAnimation]
    let models: [KeyPathValue]

    struct Entry: Sendable {
        let timing: AnimationTiming
        /// The count of numbers of the value.
        let count: Int
        /// Where the entry's numbers start in `numbers`; `-1`: the general path.
        let offset: Int
        let isAdditive: Bool
        let isCumulative: Bool
    }

    /// A batch of `animations`, each with the model value at the same index of `models` (a
    /// missing model reads as the animation's own kind's zero: 0, the origin, …).
    ///
    /// An animation whose model is of another kind contributes nothing: its samples are the
    /// model value.
    public init(_ animations: [PropertyAnimation], models: [KeyPathValue]) {
        var entries: [Entry] = []
        var numbers: [Double] = []
        var resolvedModels: [KeyPathValue] = []
        var stride = 1
        for (i, animation) in animations.enumerated() {
            let model = i < models.count ? models[i] : animation.storage.zero
            resolvedModels.append(model)
            let count = model.components.count
            stride = Swift.max(stride, count)
            let fixed = animation.fixedEnds
            let offset: Int
            if let fixed, fixed.from.count == count, animation.valueFunction == nil, count <= 4 {
                offset = numbers.count
                numbers += fixed.from
                numbers += fixed.to
                numbers += fixed.change
                numbers += model.components
            } else {
                offset = -1
            }
            entries.append(Entry(
                timing: animation.animationTiming, count: count, offset: offset, isAdditive: animation.isAdditive,
                isCumulative: animation.isCumulative))
        }
        self.stride = stride
        self.entries = entries
        self.numbers = numbers
        self.animations = animations
        self.models = resolvedModels
    }

    /// The number of animations.
    public var count: Int { entries.count }

    /// Writes the value of `animations[indices[k]]` at `times[k]` for every sample `k` (see
    /// the type for the layout). An index outside the batch writes nothing for its sample.
    ///
    /// The buffers must agree: `indices.count == times.count` and
    /// `output.count ≥ samples · stride`. A debug build stops at a precondition when they
    /// do not; a release build evaluates the samples that fit all three (never reading or
    /// writing out of bounds). Returns the number of samples evaluated.
    @discardableResult
    public func evaluate(
        indices: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        assert(indices.count == times.count, "AnimationBatch.evaluate: \(indices.count) indices but \(times.count) times")
        assert(output.count >= times.count * stride, "AnimationBatch.evaluate: output holds \(output.count) numbers, needs \(times.count * stride)")
        let samples = Swift.min(indices.count, times.count, output.count / stride)
        guard samples > 0, let out = output.baseAddress else { return 0 }
        entries.withUnsafeBufferPointer { entries in
            numbers.withUnsafeBufferPointer { numbers in
                for k in 0..<samples {
                    let index = Int(indices[k])
                    guard index >= 0 && index < entries.count else { continue }
                    let entry = entries[index]
                    let target = out + k * stride
                    if entry.offset >= 0 {
                        Self.evaluateFast(entry, numbers.baseAddress! + entry.offset, at: times[k], into: target)
                    } else {
                        evaluateGeneral(index, at: times[k], into: target)
                    }
                }
            }
        }
        return samples
    }

    /// A fixed-ends basic animation of `entry.count` numbers (`numbers`: from, to, change,
    /// model): the arithmetic of `BasicAnimation` on vector values.
    @inline(__always)
    static func evaluateFast(_ entry: Entry, _ numbers: UnsafePointer<Double>, at time: Double, into out: UnsafeMutablePointer<Double>) {
        let count = entry.count
        let model = numbers + 3 * count
        guard let state = entry.timing.contributingState(atParentTime: time) else {
            for c in 0..<count { out[c] = model[c] }
            return
        }
        let t = entry.timing.eased(state.progress)
        let iteration = entry.isCumulative ? Double(state.iteration) : 0
        for c in 0..<count {
            let from = numbers[c], to = numbers[count + c]
            // from + (to − from)·t, as `interpolate` computes it from the two ends.
            var value = from + (to - from) * t
            if entry.isCumulative && state.iteration != 0 { value = value + numbers[2 * count + c] * iteration }
            out[c] = entry.isAdditive ? model[c] + value : value
        }
    }

    /// Any other animation, through `PropertyAnimation`'s evaluation.
    @inline(never)
    func evaluateGeneral(_ index: Int, at time: Double, into out: UnsafeMutablePointer<Double>) {
        let model = models[index]
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: animations[index].keyPath, model: model, animations: CollectionOfOne(.property(animations[index])),
            atTime: time)
        for (c, number) in sample.value.components.enumerated() { out[c] = number }
    }
}

extension PropertyAnimation {
    /// The numbers of the ends and of `to − from` when this is a basic animation of a
    /// vector kind whose ends are fixed.
    var fixedEnds: (from: [Double], to: [Double], change: [Double])? {
        func numbers<V: KeyPathAnimatable>(_ typed: Typed<V>) -> (from: [Double], to: [Double], change: [Double])? {
            guard case .basic(let held) = typed, let ends = held.animation.fixedEnds else { return nil }
            return (ends.from.keyPathValue.components, ends.to.keyPathValue.components, ends.change.keyPathValue.components)
        }
        switch storage {
        case .scalar(let typed): return numbers(typed)
        case .point(let typed): return numbers(typed)
        case .size(let typed): return numbers(typed)
        case .rect(let typed): return numbers(typed)
        case .color(let typed): return numbers(typed)
        case .transform, .vector: return nil
        }
    }
}

extension PropertyAnimation.Storage {
    /// The zero value of the kind (a model for an animation given none).
    var zero: KeyPathValue {
        switch self {
        case .scalar, .vector: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(Size(width: 0, height: 0))
        case .rect: .rect(.zero)
        case .color: .color(Color(SIMD4<Double>(0, 0, 0, 0)))
        case .transform: .transform(.identity)
        }
    }
}

extension KeyPathValue {
    /// The value's numbers: a scalar's one, `[x, y]`, `[width, height]`,
    /// `[x, y, width, height]`, `[r, g, b, a]`, a transform's 16 fields in order; a Boolean
    /// as 0 or 1.
    public var components: [Double] {
        switch self {
        case .scalar(let v): [v]
        case .boolean(let flag): [flag ? 1 : 0]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): t.fields
        }
    }
}
