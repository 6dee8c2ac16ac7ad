import CadenceGeometry
#if canImport(Glibc)
import Glibc
#endif

// Inputs that Google Benchmark's benchmarks and the instruction counts both walk, so the two
// measure the same calls on the same values. Each is seeded: the same every run.
extension Inputs {
    /// Timing-function inputs: 4096 uniform in (0, 1), so none is clamped.
    public static func progress() -> Inputs { Inputs(in: 0.0.nextUp..<1, seed: 0xCADE_0001) }

    /// Parent times over the active interval of a 2 s animation.
    public static func animationTimes() -> Inputs { Inputs(in: 0..<2, seed: 0xCADE_0401) }

    /// Parent times for `makeLayerTree`'s animations (2 s, repeating, autoreversing):
    /// two whole cycles.
    public static func layerTimes() -> Inputs { Inputs(in: 0..<4, seed: 0xCADE_0501) }
}

/// The keyframe benchmarks' values: `count` points on a wobbly loop.
public func keyframePoints(count: Int = 16) -> [Point] {
    (0..<count).map { i -> Point in
        let a = Double(i) * 0.4
        return Point(x: 100 * cos(a) + 7 * Double(i), y: 60 * sin(1.3 * a))
    }
}
