import CadenceAnimation
import CadenceGeometry
import CadenceTiming

/// The batch benchmarks' fixture, shared by Google Benchmark's rows and the instruction
/// counts so both evaluate the same samples: 64 animations two ways — all basic scalars
/// (the batch's fast entries), and a mix of kinds (a quarter each of numbers, points and
/// colours, and every eighth a 4-key cubic keyframe animation of numbers) — and `count`
/// seeded (animation index, parent time) samples over them, times in [0, 3).
///
/// The buffers are allocated once and never freed: a fixture lives as long as the process.
public struct BatchSamples: @unchecked Sendable {
    /// The 64 basic scalar animations.
    public let scalars: AnimationBatch
    /// The 64 animations of mixed kinds.
    public let mixed: AnimationBatch
    /// Each sample's animation, 0..<64.
    public let indices: UnsafeMutableBufferPointer<Int32>
    /// Each sample's parent time.
    public let times: UnsafeMutableBufferPointer<Double>
    /// Room for every sample's value in either batch (`mixed.stride` numbers a sample).
    public let output: UnsafeMutableBufferPointer<Double>

    public init(count: Int) {
        let ease = TimingFunction.easeInEaseOut
        var scalarAnimations: [PropertyAnimation] = []
        var mixedAnimations: [PropertyAnimation] = []
        var mixedModels: [KeyPathValue] = []
        for i in 0..<64 {
            let timing = MediaTiming(beginTime: Double(i % 4) * 0.1, duration: 1 + Double(i % 3))
            let curve: TimingFunction = i % 2 == 0 ? ease : .easeOut
            let scalar = PropertyAnimation(BasicAnimation<Double>(
                keyPath: "opacity", fromValue: Double(i), toValue: Double(i) + 1, timing: timing, timingFunction: curve))
            scalarAnimations.append(scalar)
            switch i % 8 {
            case 0, 1, 2:
                mixedAnimations.append(scalar)
                mixedModels.append(.scalar(0))
            case 3, 4:
                mixedAnimations.append(PropertyAnimation(BasicAnimation<Point>(
                    keyPath: "position", fromValue: Point(x: Double(i), y: 0), toValue: Point(x: 300, y: Double(i)),
                    timing: timing, timingFunction: curve)))
                mixedModels.append(.point(.zero))
            case 5, 6:
                mixedAnimations.append(PropertyAnimation(BasicAnimation<Color>(
                    keyPath: "backgroundColor", fromValue: Color(red: 1, green: 0, blue: 0, alpha: 1),
                    toValue: Color(red: 0, green: 0, blue: 1, alpha: 0.5), timing: timing, timingFunction: curve)))
                mixedModels.append(.color(Color(red: 0, green: 0, blue: 0, alpha: 1)))
            default:
                mixedAnimations.append(PropertyAnimation(KeyframeAnimation<Double>(
                    keyPath: "opacity", values: [0, 1, 0.25, 1], calculationMode: .cubic, timing: timing)))
                mixedModels.append(.scalar(0))
            }
        }
        scalars = AnimationBatch(scalarAnimations, models: Array(repeating: .scalar(0), count: scalarAnimations.count))
        mixed = AnimationBatch(mixedAnimations, models: mixedModels)
        var generator = SplitMix64(seed: 0xCADE_0402)
        indices = .allocate(capacity: count)
        times = .allocate(capacity: count)
        for i in 0..<count {
            indices[i] = Int32(truncatingIfNeeded: generator.next() & 63)
            times[i] = Double.random(in: 0..<3, using: &generator)
        }
        output = .allocate(capacity: count * mixed.stride)
        output.initialize(repeating: 0)
    }

    /// Evaluates every sample in `batch` (one of this fixture's) into `output`, and returns
    /// the last value's bits for a sink.
    @inline(__always)
    public func evaluate(_ batch: AnimationBatch) -> UInt64 {
        batch.evaluate(indices: UnsafeBufferPointer(indices), times: UnsafeBufferPointer(times), into: output)
        return output[indices.count - 1].bitPattern
    }
}
