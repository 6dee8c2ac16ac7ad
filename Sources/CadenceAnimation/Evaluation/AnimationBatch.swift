import CadenceGeometry
import CadenceTiming

/// Many (animation, time) samples evaluated in one call, over buffers (a structure of
/// arrays: the animation index and the time of sample `k` in two arrays, its value in the
/// output): for engines and tests that evaluate thousands of animations per frame.
///
/// A batch is built once from property animations of any mix of kinds, each with the model
/// value its open ends read and that it shows where it contributes nothing. Each sample's
/// value is the animation alone on its property (`AnimationEvaluator` with that one
/// animation: an additive one adds to the model), bit for bit.
///
/// Output layout: sample `k` writes its value's numbers at `output[k · stride …]`, where
/// `stride` is the most numbers any animation of the batch has (1 for numbers, 2 for points
/// and sizes, 4 for rectangles and colours, 16 for transforms in field order, as
/// `KeyPathValue.components`); the rest of a shorter value's stride is left untouched. So a
/// batch of number animations writes one `Double` per sample.
///
/// Cost: the samples are taken in chunks, and each chunk's samples are grouped by
/// animation (a counting sort); each animation then evaluates its run of times at once
/// (`values(atParentTimes:model:into:)`: for a basic animation, four timing states at a
/// time and the timing function's batch form), and the values are scattered to their
/// samples' places. A value-function animation, or one whose model is of another kind,
/// goes sample by sample through the evaluator. Scratch memory is temporary: one block
/// per call for the sort and the values of a run before they are scattered (up to 8,192
/// samples' worth and 16 KiB of values, about 112 KiB, so on the heap unless the call has
/// only a few dozen samples: two allocations per call (indices, numbers), none per sample
/// or per animation), and per run small stack buffers (1 KiB). A run's animation is looked up,
/// and its kind switched on, once a run, and the run's values are worked out in pieces
/// of up to 16 KiB (a run of 128 colours in one piece, not four).
public struct AnimationBatch: Sendable {
    /// The numbers each sample's value takes in the output (see the type).
    public let stride: Int
    let entries: [Entry]

    /// One animation and its model.
    struct Entry: Sendable {
        let animation: PropertyAnimation
        let model: KeyPathValue
    }

    /// The most samples a chunk holds: enough that a run of one animation amortises its
    /// setup (64 animations give runs of about 128 samples).
    static let chunk = 8192

    /// The most bytes of values a run works out before it scatters them (`Typed.values`):
    /// 512 colours, 128 transforms, 2,048 numbers.
    static let valueBytes = 16384

    /// A batch of `animations`, each with the model value at the same index of `models` (a
    /// missing model reads as its kind's zero: 0, the origin, the identity, …).
    ///
    /// An animation whose model is of another kind contributes nothing (rule 4 of
    /// `AnimationEvaluator`): its samples are the model value.
    public init(_ animations: [PropertyAnimation], models: [KeyPathValue]) {
        var stride = 1
        entries = animations.enumerated().map { i, animation in
            let model = i < models.count ? models[i] : animation.storage.zero
            stride = Swift.max(stride, model.components.count)
            return Entry(animation: animation, model: model)
        }
        self.stride = stride
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
        guard samples > 0, !entries.isEmpty, let out = output.baseAddress else { return 0 }
        let animations = entries.count
        // Scratch: the chunk's samples in animation order (position, time), and where each
        // animation's run starts (a counting sort); more animations than a full chunk holds
        // samples sort by a coarser key (the index divided by `spread`), runs of several.
        let chunk = Swift.min(Self.chunk, samples)
        let spread = (animations + Self.chunk - 1) / Self.chunk
        let buckets = (animations + spread - 1) / spread
        // The values' scratch after the sorted times, in the same allocation: a run's values
        // of `stride` numbers each at most, aligned to 64 bytes (8 doubles of slack).
        let valueDoubles = Swift.min(Self.valueBytes / 8, chunk * stride)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: chunk + buckets + 1) { ints in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: chunk + valueDoubles + 8) { doubles in
                let sortedTimes = UnsafeMutableBufferPointer(rebasing: doubles[0..<chunk])
                let valueStart = (Int(bitPattern: doubles.baseAddress! + chunk) + 63) & ~63
                let values = UnsafeMutableRawBufferPointer(
                    start: UnsafeMutableRawPointer(bitPattern: valueStart), count: 8 * valueDoubles)
                let order = UnsafeMutableBufferPointer(rebasing: ints[0..<chunk])
                let starts = UnsafeMutableBufferPointer(rebasing: ints[chunk...])
                var first = 0
                while first < samples {
                    let n = Swift.min(chunk, samples - first)
                    // Counting sort of the chunk's valid samples by bucket (the index itself
                    // when every animation has its own, without the division).
                    let chunkIndices = UnsafeBufferPointer(rebasing: indices[first..<(first + n)])
                    let limit = UInt32(Swift.min(animations, Int(Int32.max) + 1))
                    // Wrapping arithmetic: every count is below the chunk's size.
                    for b in 0...buckets { starts[b] = 0 }
                    if spread == 1 {
                        for index in chunkIndices where UInt32(bitPattern: index) < limit {
                            starts[Int(index) &+ 1] &+= 1
                        }
                    } else {
                        for index in chunkIndices where UInt32(bitPattern: index) < limit {
                            starts[Int(index) / spread &+ 1] &+= 1
                        }
                    }
                    for b in 0..<buckets { starts[b &+ 1] &+= starts[b] }
                    let chunkTimes = times.baseAddress! + first
                    // Each valid sample to its bucket's next slot; one loop per kind of key,
                    // so that the loop tests no `spread`.
                    @inline(__always) func place(_ bucket: (Int32) -> Int) {
                        let order = order.baseAddress!, sortedTimes = sortedTimes.baseAddress!, starts = starts.baseAddress!
                        for k in 0..<n {
                            let index = chunkIndices[k]
                            guard UInt32(bitPattern: index) < limit else { continue }
                            let b = bucket(index)
                            let slot = Int(starts[b])
                            order[slot] = Int32(truncatingIfNeeded: k)  // a place in the chunk
                            sortedTimes[slot] = chunkTimes[k]
                            starts[b] &+= 1
                        }
                    }
                    if spread == 1 { place { Int($0) } } else { place { Int($0) / spread } }
                    // Now starts[b] is the end of bucket b's run; evaluate run by run.
                    var begin = 0
                    for b in 0..<buckets {
                        let end = Int(starts[b])
                        if end > begin {
                            evaluateRun(
                                UnsafeBufferPointer(rebasing: order[begin..<end]),
                                UnsafeBufferPointer(rebasing: sortedTimes[begin..<end]),
                                indices: chunkIndices, into: out + first * stride, values: values,
                                singleAnimation: spread == 1)
                        }
                        begin = end
                    }
                    first += n
                }
            }
        }
        return samples
    }

    /// The samples at `positions` (their times in `times`), all of one animation when
    /// `singleAnimation`, else of a few (then split by index here); `values` is scratch for
    /// a run's values.
    private func evaluateRun(
        _ positions: UnsafeBufferPointer<Int32>, _ times: UnsafeBufferPointer<Double>, indices: UnsafeBufferPointer<Int32>,
        into out: UnsafeMutablePointer<Double>, values: UnsafeMutableRawBufferPointer, singleAnimation: Bool
    ) {
        guard singleAnimation else {
            for (k, position) in positions.enumerated() {
                let index = Int(indices[Int(position)])
                entries[index].evaluate(
                    UnsafeBufferPointer(rebasing: positions[k..<(k + 1)]), UnsafeBufferPointer(rebasing: times[k..<(k + 1)]),
                    into: out, stride: stride, values: values)
            }
            return
        }
        entries[Int(indices[Int(positions[0])])].evaluate(positions, times, into: out, stride: stride, values: values)
    }
}

extension AnimationBatch.Entry {
    /// This animation at `times`, each value written at `out + positions[k] · stride`;
    /// `values` is scratch for them (`Typed.values`). The kind is switched on once, the
    /// storage first and the model inside its case (no pair of the two is copied).
    func evaluate(
        _ positions: UnsafeBufferPointer<Int32>, _ times: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>,
        stride: Int, values: UnsafeMutableRawBufferPointer
    ) {
        if animation.valueFunction == nil {
            switch animation.storage {
            case .scalar(let typed):
                if case .scalar(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            case .point(let typed):
                if case .point(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            case .size(let typed):
                if case .size(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            case .rect(let typed):
                if case .rect(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            case .color(let typed):
                if case .color(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            case .transform(let typed):
                if case .transform(let model) = model { return typed.values(times, model, positions, out, stride, values) }
            default: break
            }
        }
        // Anything else through the evaluator (a value function, a model of another kind).
        let animations = [Animation.property(animation)]
        for (k, time) in times.enumerated() {
            let value = AnimationEvaluator.presentationValue(
                ofProperty: animation.keyPath, model: model, animations: animations, atTime: time).value
            let target = out + Int(positions[k]) * stride
            for (c, number) in value.components.enumerated() { target[c] = number }
        }
    }
}

extension PropertyAnimation.Typed where Value: BatchComponents {
    /// The values at `times` (`values(atParentTimes:model:into:)`), scattered: worked out
    /// into `scratch` in pieces of as many values as it holds, the typed case chosen once
    /// for the whole run. `scratch` holds at least one value, aligned: the batch gives it
    /// room for `stride` numbers or more, 64-byte aligned, and a value of these types is
    /// its numbers (`MemoryLayout<Value>.stride` is 8 bytes a number, 128 for a transform).
    func values(
        _ times: UnsafeBufferPointer<Double>, _ model: Value, _ positions: UnsafeBufferPointer<Int32>,
        _ out: UnsafeMutablePointer<Double>, _ stride: Int, _ scratch: UnsafeMutableRawBufferPointer
    ) {
        let capacity = scratch.count / MemoryLayout<Value>.stride
        precondition(capacity > 0 && Int(bitPattern: scratch.baseAddress) % MemoryLayout<Value>.alignment == 0,
                     "AnimationBatch: no room for a \(Value.self) in the run's scratch")
        // The values are plain numbers (`BatchComponents`): binding the bytes to them
        // initialises nothing and needs no deinitialisation.
        let values = scratch.baseAddress!.bindMemory(to: Value.self, capacity: capacity)
        switch self {
        case .basic(let held): Self.values(of: held.animation, times, model, positions, out, stride, values, capacity)
        case .keyframe(let held): Self.values(of: held.animation, times, model, positions, out, stride, values, capacity)
        }
    }

    /// `values(_:_:_:_:_:_:)` for one animation (borrowed from its box), `capacity` values
    /// at a time.
    @inline(__always)
    private static func values<A: PropertyAnimationProtocol<Value>>(
        of animation: A, _ times: UnsafeBufferPointer<Double>, _ model: Value, _ positions: UnsafeBufferPointer<Int32>,
        _ out: UnsafeMutablePointer<Double>, _ stride: Int, _ values: UnsafeMutablePointer<Value>, _ capacity: Int
    ) {
        var start = 0
        while start < times.count {
            let n = Swift.min(capacity, times.count - start)
            animation.values(
                atParentTimes: UnsafeBufferPointer(rebasing: times[start..<(start + n)]), model: model,
                into: UnsafeMutableBufferPointer(start: values, count: n))
            for k in 0..<n { values[k].write(to: out + Int(positions[start &+ k]) &* stride) }
            start += n
        }
    }
}

/// A value type whose numbers a batch writes (`KeyPathValue.components`' order).
protocol BatchComponents: KeyPathAnimatable {
    func write(to out: UnsafeMutablePointer<Double>)
}

extension Double: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) { out[0] = self }
}

extension Point: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) {
        out[0] = x
        out[1] = y
    }
}

extension Size: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) {
        out[0] = width
        out[1] = height
    }
}

extension Rect: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) {
        out[0] = origin.x
        out[1] = origin.y
        out[2] = size.width
        out[3] = size.height
    }
}

extension Color: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) {
        out[0] = red
        out[1] = green
        out[2] = blue
        out[3] = alpha
    }
}

extension Transform3D: BatchComponents {
    func write(to out: UnsafeMutablePointer<Double>) {
        (out[0], out[1], out[2], out[3]) = (m11, m12, m13, m14)
        (out[4], out[5], out[6], out[7]) = (m21, m22, m23, m24)
        (out[8], out[9], out[10], out[11]) = (m31, m32, m33, m34)
        (out[12], out[13], out[14], out[15]) = (m41, m42, m43, m44)
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
        case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: .transform(.identity)
        case .path: .path(Path())
        case .colorList: .colorList([])
        case .numberList: .numberList([])
        }
    }
}

extension KeyPathValue {
    /// The value's numbers: a scalar's one, `[x, y]`, `[width, height]`,
    /// `[x, y, width, height]`, `[r, g, b, a]`, a transform's 16 fields in order; a Boolean
    /// as 0 or 1; a list's numbers in order (a colour list's `[r, g, b, a]` one colour after
    /// another); a path's coordinates, element by element (control points first); a string
    /// has none (`[]`).
    public var components: [Double] {
        switch self {
        case .scalar(let v): [v]
        case .boolean(let flag): [flag ? 1 : 0]
        case .string: []
        case .path(let path): path.elements.flatMap { element -> [Double] in
            switch element {
            case .moveTo(let p), .lineTo(let p): [p.x, p.y]
            case .quadCurveTo(let c, let p): [c.x, c.y, p.x, p.y]
            case .curveTo(let c1, let c2, let p): [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case .closeSubpath: []
            }
        }
        case .colorList(let colors): colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .numberList(let numbers): numbers
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): t.fields
        }
    }
}
