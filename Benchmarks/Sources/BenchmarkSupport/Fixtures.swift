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

/// The benchmark package's `scenes` folder (with a trailing slash), found from this
/// source file's path: the scene files the frame benchmarks load.
public let benchmarkScenes: String = {
    var path = "\(#filePath)"
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/scenes/"
}()

/// The keyframe benchmarks' values: `count` points on a wobbly loop.
public func keyframePoints(count: Int = 16) -> [Point] {
    (0..<count).map { i -> Point in
        let a = Double(i) * 0.4
        return Point(x: 100 * cos(a) + 7 * Double(i), y: 60 * sin(1.3 * a))
    }
}

// The drawing context's shapes (issue 18): the benchmarks draw them beside pixman, the
// instruction counts draw them alone.

/// A simple (non-self-intersecting) 1,000-vertex polygon on a 640 × 640 canvas: a circle of
/// radius 280 whose radius wobbles by 15 % seventeen times around.
public func wobblyPolygon() -> [Point] {
    (0..<1000).map { k in
        let a = Double(k) / 1000 * 2 * .pi
        let r = 280 * (1 + 0.15 * sin(17 * a))
        return Point(320 + r * cos(a), 320 + r * sin(a))
    }
}

/// A 1,000-segment polyline on a 640 × 640 canvas: a spiral of five turns from radius 40 to
/// 290 whose points alternate `zigzag` px in and out (2: every vertex a corner, sharper
/// than 90° near the centre, where the stroke folds over itself; 0: a smooth spiral, turns
/// of 1.8°, segments 1.3–9 px — a flattened curve).
public func wavyPolyline(zigzag: Double = 2) -> Path {
    var p = Path()
    for k in 0...1000 {
        let t = Double(k) / 1000
        let a = t * 10 * .pi, r = 40 + 250 * t + (k % 2 == 0 ? zigzag : -zigzag)
        let point = Point(320 + r * cos(a), 320 + r * sin(a))
        if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
    }
    return p
}
