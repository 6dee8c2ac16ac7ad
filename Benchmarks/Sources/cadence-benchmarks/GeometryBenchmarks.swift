import BenchmarkShim
import BenchmarkSupport
import CadenceGeometry

// Geometry: Transform3D's product, inverse and point mapping, decomposition and
// interpolation, and the arc length of a cubic — with Eigen's Matrix4d product and inverse
// on the same matrices as the C++ peer baseline.

/// The largest difference between two transforms' fields, relative to the largest field.
func relativeDifference(_ a: [Double], _ b: [Double]) -> Double {
    let scale = a.map(abs).max()!
    return zip(a, b).map { abs($0 - $1) }.max()! / scale
}

// MARK: - Benchmarks

func registerGeometryBenchmarks() {
    let fixture = TransformPairs()
    let (a, b, ts) = (fixture.a, fixture.b, fixture.ts)
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
