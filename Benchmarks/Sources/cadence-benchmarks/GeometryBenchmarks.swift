import BenchmarkShim
import CadenceGeometry

// Geometry: Transform3D's product, inverse and point mapping, decomposition and
// interpolation, and the arc length of a cubic — with Eigen's Matrix4d product and inverse
// on the same matrices as the C++ peer baseline.

// MARK: - Inputs

/// `count` (a power of two) values made once at registration and never freed: the
/// benchmarks read them until the process exits.
struct Table<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int
    var mask: Int { count - 1 }

    init(count: Int = 4096, _ make: (Int) -> Element) {
        precondition(count > 0 && count & (count - 1) == 0, "count must be a power of two")
        base = .allocate(capacity: count)
        for i in 0..<count { (base + i).initialize(to: make(i)) }
        self.count = count
    }

    subscript(i: Int) -> Element { base[i] }

    /// The 16 fields of every transform, in field order, for the C++ side.
    func fields() -> [Double] where Element == Transform3D {
        (0..<count).flatMap { base[$0].fields }
    }
}

/// Runs a batch of `n` iterations: iteration `k` calls `body(k mod count)` and xors the
/// 4 lanes it returns into a sink consumed once at the end (as `walk` does with one lane).
/// Four lanes so a transform's four rows fold in with three vector `xor`s and no shuffle;
/// the Eigen baseline folds its four columns the same way.
@inline(__always)
func walk4(_ n: Int64, count: Int, _ body: (Int) -> SIMD4<UInt64>) {
    let mask = count - 1
    var sink = SIMD4<UInt64>.zero
    for k in 0..<Int(n) {
        sink ^= body(k & mask)
    }
    cadence_benchmark_consume(sink[0] ^ sink[1] ^ sink[2] ^ sink[3])
}

/// One lane: `walk` over table indices rather than over doubles.
@inline(__always)
func walk1(_ n: Int64, count: Int, _ body: (Int) -> UInt64) {
    let mask = count - 1
    var sink: UInt64 = 0
    for k in 0..<Int(n) {
        sink ^= body(k & mask)
    }
    cadence_benchmark_consume(sink)
}

@inline(__always)
func bits(_ v: SIMD4<Double>) -> SIMD4<UInt64> { unsafeBitCast(v, to: SIMD4<UInt64>.self) }

/// Every field of a transform, folded into 4 lanes.
@inline(__always)
func digest(_ m: Transform3D) -> SIMD4<UInt64> {
    bits(m.r1) ^ bits(m.r2) ^ bits(m.r3) ^ bits(m.r4)
}

/// Every parameter of a decomposition, folded into 4 lanes.
@inline(__always)
func digest(_ d: DecomposedTransform) -> SIMD4<UInt64> {
    bits(d.rotation.vector) ^ bits(d.perspective) ^ bits(SIMD4(d.scale, d.m44))
        ^ bits(SIMD4(d.shear, 0)) ^ bits(SIMD4(d.translation, 0))
}

/// A random well-conditioned transform with perspective, built as Core Animation content
/// usually is (row vectors, applied left to right): scale (each axis in [0.5, 2)), shear
/// (xy, xz, yz in [−0.3, 0.3)), a rotation by an angle in [−π, π) about a random axis,
/// a translation (each axis in [−100, 100)), then the perspective `m34 = −1/d`,
/// d in [500, 2000). Singular values within about 0.3…3 in the linear part; every one
/// decomposes, and no two rotations of a pair are nearly equal, so the blends take the
/// slerp's general path (acos, three sines).
func randomTransform(using g: inout SplitMix64) -> Transform3D {
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

/// The largest difference between two transforms' fields, relative to the largest field.
func relativeDifference(_ a: [Double], _ b: [Double]) -> Double {
    let scale = a.map(abs).max()!
    return zip(a, b).map { abs($0 - $1) }.max()! / scale
}

// MARK: - Benchmarks

func registerGeometryBenchmarks() {
    var generator = SplitMix64(seed: 0xCADE_0101)
    let a = Table { _ in randomTransform(using: &generator) }
    let b = Table { _ in randomTransform(using: &generator) }
    let ts = Table { _ in Double.random(in: 0..<1, using: &generator) }
    let pairs = "\(a.count) random pairs (TRS+shear+m34)"
    let singles = "\(a.count) random (TRS+shear+m34)"

    // Eigen must compute what Cadence computes, or the ratio means nothing: check one
    // product and one inverse against each other before anything is measured.
    do {
        var product = [Double](repeating: 0, count: 16), inverse = product
        cadence_baseline_eigen_multiply(a[0].fields, b[0].fields, &product)
        cadence_baseline_eigen_invert(a[0].fields, &inverse)
        precondition(relativeDifference(product, a[0].concatenating(b[0]).fields) < 1e-13, "Eigen's a·b differs")
        precondition(relativeDifference(inverse, a[0].inverted.fields) < 1e-12, "Eigen's inverse differs")
    }

    // 1. Product: a[i] · b[i] (a applied first), and Eigen's Matrix4d product of the same.
    registerBenchmark("Transform3D a.concatenating(b), \(pairs)") { n in
        walk4(n, count: a.count) { i in digest(a[i].concatenating(b[i])) }
    }
    cadence_baseline_eigen_product_register(
        "baseline: C++ Eigen Matrix4d a * b, same \(pairs)", a.fields(), b.fields(), Int64(a.count))

    // 2. Inverse: `inverted` (CATransform3DInvert: singularity test against Hadamard's
    // bound, then the adjugate), and Eigen's `inverse()` (no test) of the same.
    registerBenchmark("Transform3D.inverted, \(singles)") { n in
        walk4(n, count: a.count) { i in digest(a[i].inverted) }
    }
    cadence_baseline_eigen_inverse_register(
        "baseline: C++ Eigen Matrix4d.inverse(), same \(singles)", a.fields(), Int64(a.count))

    // 3. Points through one transform with perspective, so every point is divided by W:
    // one call per point, and the batch API over 4096 points in place. The batch applies
    // the transform and its inverse on alternate iterations so the points stay where they
    // started (no drift into overflow or subnormals); 4096 points are 64 KiB, in L2.
    var pointGenerator = SplitMix64(seed: 0xCADE_0102)
    let projection = randomTransform(using: &pointGenerator)
    let projectionInverse = projection.inverted
    let points = Table { _ in
        Point(x: Double.random(in: -100..<100, using: &pointGenerator), y: Double.random(in: -100..<100, using: &pointGenerator))
    }
    registerBenchmark("Transform3D(TRS+shear+m34).apply(to: Point) scalar, points in [-100,100)^2") { n in
        walk1(n, count: points.count) { i in
            let p = projection.apply(to: points[i])
            return p.x.bitPattern ^ p.y.bitPattern
        }
    }
    // Its own copy: the scalar benchmark keeps reading the untouched table.
    let batch = UnsafeMutableBufferPointer<Point>.allocate(capacity: points.count)
    _ = batch.initialize(from: UnsafeBufferPointer(start: points.base, count: points.count))
    registerBenchmark(
        "Transform3D(TRS+shear+m34).apply(to: points) x\(points.count), T and T^-1 alternately",
        itemsPerIteration: points.count
    ) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            (k & 1 == 0 ? projection : projectionInverse).apply(to: batch)
            sink ^= batch[k & points.mask].x.bitPattern
        }
        cadence_benchmark_consume(sink)
    }

    // 4. Decomposition, and interpolation: both ends decomposed every time, or decomposed
    // once at registration (what an animation that keeps its endpoints can do), with and
    // without the recomposition. t uniform in [0, 1).
    registerBenchmark("Transform3D.decomposed, \(singles)") { n in
        walk4(n, count: a.count) { i in digest(a[i].decomposed!) }
    }
    registerBenchmark("Transform3D.interpolated(to:_:) (decompose both + blend + recompose), \(pairs), t in [0,1)") { n in
        walk4(n, count: a.count) { i in digest(a[i].interpolated(to: b[i], ts[i])) }
    }
    let da = Table { i in a[i].decomposed! }
    let db = Table { i in b[i].decomposed! }
    registerBenchmark("DecomposedTransform.interpolated(to:_:).recomposed, \(pairs) pre-decomposed, t in [0,1)") { n in
        walk4(n, count: da.count) { i in digest(da[i].interpolated(to: db[i], ts[i]).recomposed) }
    }
    registerBenchmark("DecomposedTransform.interpolated(to:_:) (blend only), \(pairs) pre-decomposed, t in [0,1)") { n in
        walk4(n, count: da.count) { i in digest(da[i].interpolated(to: db[i], ts[i])) }
    }

    // 5. Arc length of a cubic: control points uniform in [0, 100)^2, so the set includes
    // the occasional loop or near-cusp (more quadrature panels) in its natural proportion.
    var curveGenerator = SplitMix64(seed: 0xCADE_0103)
    let cubics = Table(count: 4096) { _ in
        func p() -> Point {
            Point(x: Double.random(in: 0..<100, using: &curveGenerator), y: Double.random(in: 0..<100, using: &curveGenerator))
        }
        return PathSegment.cubicCurve(from: p(), control1: p(), control2: p(), to: p())
    }
    registerBenchmark("PathSegment.cubicCurve.length, 4096 random cubics, points in [0,100)^2") { n in
        walk1(n, count: cubics.count) { i in cubics[i].length.bitPattern }
    }
}
