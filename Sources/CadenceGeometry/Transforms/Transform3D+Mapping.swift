// Points, vectors and rectangles through a `Transform3D` (row vectors: [x y z 1] · M).

extension Transform3D {
    /// `[x y z 1] · M` before the homogeneous divide: `(X, Y, Z, W)`.
    @inlinable @inline(__always)
    public func homogeneous(x: Double, y: Double, z: Double) -> SIMD4<Double> {
        r1 * x + r2 * y + r3 * z + r4
    }

    /// The point `(x, y, z)` transformed, divided by `W`. When `W` is 0 (the point lies on
    /// the plane the perspective sends to infinity) the result is non-finite, as the
    /// mathematics says; `homogeneous(x:y:z:)` gives the undivided value. NaN fields give
    /// NaN coordinates (no fallback would be meaningful; `isFinite` tells beforehand).
    @inlinable @inline(__always)
    public func apply(x: Double, y: Double, z: Double = 0) -> SIMD3<Double> {
        let h = homogeneous(x: x, y: y, z: z)
        return SIMD3(h[0], h[1], h[2]) / h[3]
    }

    /// The 2D point `p` (at z = 0) transformed and projected back to its x and y.
    @inlinable @inline(__always)
    public func apply(to p: Point) -> Point {
        let h = homogeneous(x: p.x, y: p.y, z: 0)
        return Point(x: h[0] / h[3], y: h[1] / h[3])
    }

    /// A direction (w = 0): rotated, scaled and sheared, never translated or divided.
    @inlinable
    public func applyToVector(x: Double, y: Double, z: Double) -> SIMD3<Double> {
        let h = r1 * x + r2 * y + r3 * z
        return SIMD3(h[0], h[1], h[2])
    }

    /// The bounding box of the rectangle `rect` (at z = 0) after the transform: the box of
    /// its four transformed corners — how a rotated layer's `frame` is computed. When a
    /// corner has `W ≤ 0` (behind the viewer under perspective) no finite box contains the
    /// projection, and the result is the infinite rectangle `(−∞, −∞, ∞, ∞)`; so it is
    /// for a NaN `W` (a transform with NaN fields).
    public func boundingBox(of rect: Rect) -> Rect {
        let r = rect.standardized
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let h = homogeneous(x: x, y: y, z: 0)
            guard h[3] > 0 else {
                return Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)
            }
            let p = SIMD2(h[0], h[1]) / h[3]
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return Rect(x: lo[0], y: lo[1], width: hi[0] - lo[0], height: hi[1] - lo[1])
    }

    /// Transforms a batch of 2D points (z = 0) in place, with the homogeneous divide.
    /// No allocation.
    public func apply(to points: UnsafeMutableBufferPointer<Point>) {
        for i in points.indices {
            points[i] = apply(to: points[i])
        }
    }
}
