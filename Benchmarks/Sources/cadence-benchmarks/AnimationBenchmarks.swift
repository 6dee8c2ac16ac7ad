import BenchmarkShim
import BenchmarkSupport
import CadenceAnimation
import CadenceGeometry
import CadenceTiming
#if canImport(Glibc)
import Glibc
#endif

// Animations: basic evaluation per value kind, keyframes (16 keys) per calculation mode,
// table construction, a group of 8 children through the evaluator, and the batch of
// 100,000 (animation, time) pairs. The C++ baseline does a basic animation's bare
// arithmetic (progress, UnitBezier ease, lerp) on the same times.

@inline(__always)
func digest(_ t: Transform3D) -> UInt64 { t.m11.bitPattern ^ t.m22.bitPattern ^ t.m41.bitPattern ^ t.m12.bitPattern }

func registerAnimationBenchmarks() {
    let times = Inputs.animationTimes()
    let timing = MediaTiming(duration: 2)
    let ease = TimingFunction.easeInEaseOut

    // 1. Basic animations.
    cadence_baseline_basic_animation_register(
        "baseline: C++ basic animation (t/d, UnitBezier easeInEaseOut 1e-7, lerp)",
        ease.c1x, ease.c1y, ease.c2x, ease.c2y, 2, 0, 1, times.base, Int64(times.count))
    let scalar = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing, timingFunction: ease)
    registerBenchmark("BasicAnimation<Double> easeInEaseOut value(atParentTime:)") { n in
        walk(n, through: times) { t in (scalar.value(atParentTime: t, model: 0) ?? 0).bitPattern }
    }
    let linearScalar = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing)
    registerBenchmark("BasicAnimation<Double> linear value(atParentTime:)") { n in
        walk(n, through: times) { t in (linearScalar.value(atParentTime: t, model: 0) ?? 0).bitPattern }
    }
    let point = BasicAnimation<Point>(
        keyPath: "position", fromValue: Point(x: 0, y: 0), toValue: Point(x: 300, y: 200), timing: timing,
        timingFunction: ease)
    registerBenchmark("BasicAnimation<Point> easeInEaseOut value(atParentTime:)") { n in
        walk(n, through: times) { t in digest(point.value(atParentTime: t, model: .zero) ?? .zero) }
    }
    let transform = BasicAnimation<Transform3D>(
        keyPath: "transform", fromValue: Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1),
        toValue: Transform3D(scaleX: 2, y: 1.5, z: 1).concatenating(Transform3D(translationX: 40, y: 10, z: 0))
            .concatenating(Transform3D(rotationAngle: 2.5, x: 0, y: 0, z: 1)),
        timing: timing, timingFunction: ease)
    registerBenchmark("BasicAnimation<Transform3D> easeInEaseOut value(atParentTime:) (decompose both ends)") { n in
        walk(n, through: times) { t in digest(transform.value(atParentTime: t, model: .identity) ?? .identity) }
    }

    // 2. Keyframes: 16 points on a wobbly loop, every calculation mode.
    let points = keyframePoints()
    for mode in CalculationMode.allCases {
        let animation = KeyframeAnimation<Point>(keyPath: "position", values: points, calculationMode: mode, timing: timing)
        registerBenchmark("KeyframeAnimation<Point> 16 keys \(mode.rawValue) value(atParentTime:)") { n in
            walk(n, through: times) { t in digest(animation.value(atParentTime: t, model: .zero) ?? .zero) }
        }
    }
    let path = try! Path(svgPathData: "M0 0 C 40 -60 80 60 120 0 S 200 -60 240 0 Q 280 60 320 0 L 400 40 C 420 80 380 120 340 100 Z")
    for mode in [CalculationMode.linear, .paced] {
        let animation = KeyframeAnimation<Point>(
            keyPath: "position", path: path, calculationMode: mode, rotationMode: .auto, timing: timing)
        registerBenchmark("KeyframeAnimation<Point> path (5 segments) \(mode.rawValue) rotationMode auto") { n in
            walk(n, through: times) { t in
                let s = animation.ownSample(in: animation.resolvedTiming.state(atParentTime: t), model: .zero)
                return digest(s?.value ?? .zero) ^ (s?.rotation ?? 0).bitPattern
            }
        }
    }

    // 3. Table construction (once per animation, never per evaluation).
    for mode in [CalculationMode.paced, .cubic, .cubicPaced] {
        registerBenchmark("KeyframeAnimation<Point> 16 keys \(mode.rawValue): construction (tables)") { n in
            var sink: UInt64 = 0
            for k in 0..<Int(n) {
                var shifted = points
                shifted[0].x = Double(k & 7)
                let a = KeyframeAnimation<Point>(keyPath: "position", values: shifted, calculationMode: mode, timing: timing)
                sink ^= UInt64(a.curve.keyTimes.count)
            }
            cadence_benchmark_consume(sink)
        }
    }
    // The same loop continued to 1000 keys: construction grows linearly.
    let manyPoints = keyframePoints(count: 1000)
    registerBenchmark("KeyframeAnimation<Point> 1000 keys cubicPaced: construction (tables)") { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            var shifted = manyPoints
            shifted[0].x = Double(k & 7)
            let a = KeyframeAnimation<Point>(keyPath: "position", values: shifted, calculationMode: .cubicPaced, timing: timing)
            sink ^= UInt64(a.curve.keyTimes.count)
        }
        cadence_benchmark_consume(sink)
    }
    registerBenchmark("KeyframeAnimation<Point> path (5 segments) paced: construction (arc-length tables)") { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) {
            let a = KeyframeAnimation<Point>(keyPath: "position", path: path, calculationMode: .paced, timing: timing)
            sink ^= UInt64(a.pathKeyframes?.keyframeCount ?? 0)
        }
        cadence_benchmark_consume(sink)
    }

    // 4. A group of 8 children of one property, through the type-erased evaluator.
    let children: [Animation] = (0..<8).map { i in
        Animation(BasicAnimation<Double>(
            keyPath: "opacity", fromValue: Double(i), toValue: Double(i + 1),
            timing: MediaTiming(beginTime: 0.1 * Double(i), duration: 1), timingFunction: ease, isAdditive: i > 0))
    }
    let group: [Animation] = [.group(AnimationGroup(animations: children, timing: timing))]
    registerBenchmark("AnimationEvaluator: group of 8 additive basic children (opacity)") { n in
        walk(n, through: times) { t in
            let sample = AnimationEvaluator.presentationValue(ofProperty: "opacity", model: .scalar(0), animations: group, atTime: t)
            guard case .scalar(let v) = sample.value else { return 0 }
            return v.bitPattern
        }
    }

    // 5. Batch: 100,000 (animation, time) samples over 64 animations, all basic scalars
    // (the fast entries), then a mix of kinds (`BatchSamples`); and one animation at 4096
    // times.
    let pairCount = 100_000
    let samples = BatchSamples(count: pairCount)
    for (name, batch) in [("64 basic scalar animations", samples.scalars), ("64 animations: numbers, points, colours, cubic keyframes", samples.mixed)] {
        registerBenchmark("AnimationBatch.evaluate 100,000 (animation, time) samples, \(name)", itemsPerIteration: pairCount) { n in
            var sink: UInt64 = 0
            for _ in 0..<Int(n) { sink ^= samples.evaluate(batch) }
            cadence_benchmark_consume(sink)
        }
    }
    let timeline = UnsafeMutableBufferPointer<Double>.allocate(capacity: 4096)
    for i in 0..<4096 { timeline[i] = times.base[i] }
    let timelineOut = UnsafeMutableBufferPointer<Double>.allocate(capacity: 4096)
    registerBenchmark("BasicAnimation<Double> easeInEaseOut values(atParentTimes:) x4096", itemsPerIteration: 4096) { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) {
            scalar.values(atParentTimes: UnsafeBufferPointer(timeline), model: 0, into: timelineOut)
            sink ^= timelineOut[4095].bitPattern
        }
        cadence_benchmark_consume(sink)
    }
}
