import CadenceGeometry

/// A random well-conditioned transform with perspective, built as Core Animation content
/// usually is (row vectors, applied left to right): scale (each axis in [0.5, 2)), shear
/// (xy, xz, yz in [−0.3, 0.3)), a rotation by an angle in [−π, π) about a random axis,
/// a translation (each axis in [−100, 100)), then the perspective `m34 = −1/d`,
/// d in [500, 2000). Singular values within about 0.3…3 in the linear part; every one
/// decomposes, and no two rotations of a pair are nearly equal, so the blends take the
/// slerp's general path (acos, three sines).
public func randomTransform(using g: inout SplitMix64) -> Transform3D {
    func r(_ range: Range<Double>) -> Double { Double.random(in: range, using: &g) }
    let scale = Transform3D(scaleX: r(0.5..<2), y: r(0.5..<2), z: r(0.5..<2))
    let shear = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: r(-0.3..<0.3), m22: 1, m23: 0, m24: 0,
        m31: r(-0.3..<0.3), m32: r(-0.3..<0.3), m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
    var axis: SIMD3<Double>
    repeat {
        axis = SIMD3(r(-1..<1), r(-1..<1), r(-1..<1))
    } while (axis * axis).sum() < 0.01
    let rotation = Transform3D(rotationAngle: r(-.pi ..< .pi), x: axis[0], y: axis[1], z: axis[2])
    let translation = Transform3D(translationX: r(-100..<100), y: r(-100..<100), z: r(-100..<100))
    var perspective = Transform3D.identity
    perspective.m34 = -1 / r(500..<2000)
    return scale.concatenating(shear).concatenating(rotation).concatenating(translation)
        .concatenating(perspective)
}

/// The transform benchmarks' inputs: two tables of 4096 random transforms (`a`, `b`, from
/// `randomTransform`, seed 0xCADE_0101) and 4096 blend fractions `ts` uniform in [0, 1),
/// drawn in that order from one generator.
public struct TransformPairs: Sendable {
    public let a: Table<Transform3D>
    public let b: Table<Transform3D>
    public let ts: Table<Double>

    public init() {
        var generator = SplitMix64(seed: 0xCADE_0101)
        a = Table { _ in randomTransform(using: &generator) }
        b = Table { _ in randomTransform(using: &generator) }
        ts = Table { _ in Double.random(in: 0..<1, using: &generator) }
    }
}
