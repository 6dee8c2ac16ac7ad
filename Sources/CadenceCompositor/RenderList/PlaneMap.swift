import CadenceGeometry

/// The projective map of a plane to a plane (a 3×3 homography) in Core Animation's
/// row-vector convention: the point `(x, y)` maps to `(X/W, Y/W)` where
/// `(X, Y, W) = x · r1 + y · r2 + r3`.
///
/// It is the part of a `Transform3D` that acts on the plane z = 0 and keeps x, y and w
/// (rows 1, 2, 4 and columns 1, 2, 4): what `Transform3D.flattenedToPlane` keeps. The
/// compositor maps layer space to pixels with one, and pixels back to layer space with its
/// inverse.
struct PlaneMap: Hashable, Sendable {
    var r1, r2, r3: SIMD3<Double>

    init(rows r1: SIMD3<Double>, _ r2: SIMD3<Double>, _ r3: SIMD3<Double>) {
        self.r1 = r1
        self.r2 = r2
        self.r3 = r3
    }

    /// The plane part of `t`: `m11 m12 m14`, `m21 m22 m24`, `m41 m42 m44`.
    init(_ t: Transform3D) {
        self.init(rows: SIMD3(t.m11, t.m12, t.m14), SIMD3(t.m21, t.m22, t.m24), SIMD3(t.m41, t.m42, t.m44))
    }

    /// `(X, Y, W)` for the point `(x, y)`, before the divide.
    @inline(__always)
    func homogeneous(_ x: Double, _ y: Double) -> SIMD3<Double> {
        r1 * x + r2 * y + r3
    }

    /// The columns of the Jacobian of the map (pixels per unit along x and along y) at the
    /// corners and middle of `box` that are in front of the viewer (`W > 0`), handed to
    /// `body` one point at a time.
    func forEachJacobian(over box: Rect, _ body: (_ dx: SIMD2<Double>, _ dy: SIMD2<Double>) -> Void) {
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY),
                       (box.midX, box.midY)] {
            let h = homogeneous(x, y)
            guard h.z > 0 else { continue }
            let p = SIMD2(h.x, h.y) / h.z
            body((SIMD2(r1.x, r1.y) - p * r1.z) / h.z, (SIMD2(r2.x, r2.y) - p * r2.z) / h.z)
        }
    }

    /// Whether W does not depend on the point (no perspective).
    var isAffine: Bool { r1.z == 0 && r2.z == 0 }

    /// The edges of the rectangle `b` maps onto when the map is affine and keeps the axes
    /// (no rotation, shear or perspective, `W > 0`): `xs` the images of `b.minX` and
    /// `b.maxX`, `ys` of `b.minY` and `b.maxY` (a negative scale reverses a pair); else `nil`.
    func axisAlignedEdges(of b: Rect) -> (xs: SIMD2<Double>, ys: SIMD2<Double>)? {
        guard isAffine, r3.z > 0, r1.y == 0, r2.x == 0 else { return nil }
        return (SIMD2(b.minX, b.maxX) * r1.x / r3.z + r3.x / r3.z, SIMD2(b.minY, b.maxY) * r2.y / r3.z + r3.y / r3.z)
    }

    var isFinite: Bool {
        r1.x.isFinite && r1.y.isFinite && r1.z.isFinite && r2.x.isFinite && r2.y.isFinite && r2.z.isFinite
            && r3.x.isFinite && r3.y.isFinite && r3.z.isFinite
    }

    var determinant: Double {
        r1.x * (r2.y * r3.z - r2.z * r3.y) - r1.y * (r2.x * r3.z - r2.z * r3.x) + r1.z * (r2.x * r3.y - r2.y * r3.x)
    }

    /// Whether the map collapses the plane (an edge-on or zero-scaled layer), or has a
    /// non-finite field: `|det|` at most `Transform3D.singularityThreshold` times Hadamard's
    /// bound (the product of the rows' lengths), the test `Transform3D.inverse` makes —
    /// but made on the map followed by the translation that brings the input origin's
    /// image back to the origin (when it is in front), so that where a layer lands does not
    /// count, only how it is shaped. Rows are scaled to a largest component of 1 first (the
    /// test does not change; huge or tiny matrices cannot overflow it).
    var isSingular: Bool {
        guard isFinite else { return true }
        var m = self
        if r3.z > 0 { m = concatenating(.translation(-r3.x / r3.z, -r3.y / r3.z)) }
        func unit(_ r: SIMD3<Double>) -> SIMD3<Double> {
            let largest = Swift.max(abs(r.x), abs(r.y), abs(r.z))
            return largest > 0 ? r / largest : r
        }
        let n = PlaneMap(rows: unit(m.r1), unit(m.r2), unit(m.r3))
        let det = n.determinant
        let bound = (n.r1 * n.r1).sum() * (n.r2 * n.r2).sum() * (n.r3 * n.r3).sum()
        let threshold = Transform3D.singularityThreshold
        return !(det * det > threshold * threshold * bound) || !m.isFinite
    }

    /// The inverse (adjugate over determinant), or `nil` when `isSingular`. Accuracy about
    /// `cond · 1e-16` relative.
    var inverse: PlaneMap? {
        guard !isSingular else { return nil }
        let k = 1 / determinant
        // Row-vector convention: the inverse's rows are the adjugate's rows.
        let c1 = SIMD3(r2.y * r3.z - r2.z * r3.y, r1.z * r3.y - r1.y * r3.z, r1.y * r2.z - r1.z * r2.y)
        let c2 = SIMD3(r2.z * r3.x - r2.x * r3.z, r1.x * r3.z - r1.z * r3.x, r1.z * r2.x - r1.x * r2.z)
        let c3 = SIMD3(r2.x * r3.y - r2.y * r3.x, r1.y * r3.x - r1.x * r3.y, r1.x * r2.y - r1.y * r2.x)
        return PlaneMap(rows: c1 * k, c2 * k, c3 * k)
    }

    /// `self` then `other`.
    func concatenating(_ other: PlaneMap) -> PlaneMap {
        PlaneMap(
            rows: other.r1 * r1.x + other.r2 * r1.y + other.r3 * r1.z,
            other.r1 * r2.x + other.r2 * r2.y + other.r3 * r2.z,
            other.r1 * r3.x + other.r2 * r3.y + other.r3 * r3.z)
    }

    /// The translation by `(tx, ty)`.
    static func translation(_ tx: Double, _ ty: Double) -> PlaneMap {
        PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(tx, ty, 1))
    }

    /// Pixels back to the plane, with the plane's origin moved to `(x, y)` first (so that
    /// the results are small near the shape that starts there): the inverse of
    /// `translation(x, y)` then `self`, normalised to w = 1 when affine. `nil` when singular
    /// or, affine, behind the viewer (w ≤ 0). What the samplers invert a layer's map with.
    func pixelInverse(origin x: Double, _ y: Double) -> PlaneMap? {
        guard var inverse = PlaneMap.translation(x, y).concatenating(self).inverse else { return nil }
        if inverse.isAffine {
            guard inverse.r3.z > 0 else { return nil }
            let k = 1 / inverse.r3.z
            inverse = PlaneMap(rows: inverse.r1 * k, inverse.r2 * k, inverse.r3 * k)
        }
        return inverse
    }

    /// The linear part in `Float`: d(u·w)/dx, d(u·w)/dy, d(v·w)/dx, d(v·w)/dy, dw/dx, dw/dy
    /// (the samplers' per-lane steps).
    var floatGradients: (ux: Float, uy: Float, vx: Float, vy: Float, wx: Float, wy: Float) {
        (Float(r1.x), Float(r2.x), Float(r1.y), Float(r2.y), Float(r1.z), Float(r2.z))
    }
}
