extension Transform3D {
    /// The relative determinant below which a transform counts as singular: `|det|` at most
    /// this times the product of the rows' lengths (Hadamard's bound, which `|det|` never
    /// exceeds). Being relative to each row's scale, a uniform scale of 0.04 (det 6.4e-5)
    /// is invertible, while a matrix that flattens an axis is not.
    public static let singularityThreshold = 1e-14

    /// The inverse, or `nil` when the transform is singular (see `singularityThreshold`)
    /// or has non-finite fields.
    ///
    /// Accuracy: the adjugate over the determinant, both from 2×2 minors: about
    /// `cond(M) · 1e-16` relative. Cost: about 100 flops in `SIMD4` lanes.
    @inlinable @inline(__always)
    public var inverse: Transform3D? {
        let a = r1, b = r2, c = r3, d = r4
        let m = _minors
        let (s0, s1, s2, s3, s4, s5) = (m.s[0], m.s[1], m.s[2], m.s[3], m.s[4], m.s[5])
        let (c0, c1, c2, c3, c4, c5) = (m.c[0], m.c[1], m.c[2], m.c[3], m.c[4], m.c[5])
        let det = m.determinant
        // |det| > threshold · ∏|row|, squared to spare the square root. NaN fails the
        // comparison: non-finite transforms have no inverse.
        let hadamardSquared = (a * a).sum() * (b * b).sum() * (c * c).sum() * (d * d).sum()
        let threshold = Transform3D.singularityThreshold
        guard det * det > threshold * threshold * hadamardSquared else { return nil }
        let k = 1 / det
        let i1 = SIMD4(
            b[1] * c5 - b[2] * c4 + b[3] * c3, -a[1] * c5 + a[2] * c4 - a[3] * c3,
            d[1] * s5 - d[2] * s4 + d[3] * s3, -c[1] * s5 + c[2] * s4 - c[3] * s3)
        let i2 = SIMD4(
            -b[0] * c5 + b[2] * c2 - b[3] * c1, a[0] * c5 - a[2] * c2 + a[3] * c1,
            -d[0] * s5 + d[2] * s2 - d[3] * s1, c[0] * s5 - c[2] * s2 + c[3] * s1)
        let i3 = SIMD4(
            b[0] * c4 - b[1] * c2 + b[3] * c0, -a[0] * c4 + a[1] * c2 - a[3] * c0,
            d[0] * s4 - d[1] * s2 + d[3] * s0, -c[0] * s4 + c[1] * s2 - c[3] * s0)
        let i4 = SIMD4(
            -b[0] * c3 + b[1] * c1 - b[2] * c0, a[0] * c3 - a[1] * c1 + a[2] * c0,
            -d[0] * s3 + d[1] * s1 - d[2] * s0, c[0] * s3 - c[1] * s1 + c[2] * s0)
        return Transform3D(rows: i1 * k, i2 * k, i3 * k, i4 * k)
    }

    /// `CATransform3DInvert`: the inverse, or `self` unchanged when it has none (singular
    /// relative to its scale, or non-finite), as the seed specifies.
    @inlinable @inline(__always)
    public var inverted: Transform3D { inverse ?? self }

    /// The determinant (Laplace expansion along rows 1–2 and 3–4).
    public var determinant: Double { _minors.determinant }

    /// The 2×2 minors of rows 1–2 (`s`, columns 01 02 03 12 13 23) and of rows 3–4 (`c`,
    /// the same columns), and the determinant they expand to; shared by `inverse` and
    /// `determinant`.
    @inlinable @inline(__always)
    var _minors: (s: SIMD8<Double>, c: SIMD8<Double>, determinant: Double) {
        let a = r1, b = r2, c = r3, d = r4
        let s = SIMD8(
            a[0] * b[1] - b[0] * a[1], a[0] * b[2] - b[0] * a[2], a[0] * b[3] - b[0] * a[3],
            a[1] * b[2] - b[1] * a[2], a[1] * b[3] - b[1] * a[3], a[2] * b[3] - b[2] * a[3], 0, 0)
        let k = SIMD8(
            c[0] * d[1] - d[0] * c[1], c[0] * d[2] - d[0] * c[2], c[0] * d[3] - d[0] * c[3],
            c[1] * d[2] - d[1] * c[2], c[1] * d[3] - d[1] * c[3], c[2] * d[3] - d[2] * c[3], 0, 0)
        let det = s[0] * k[5] - s[1] * k[4] + s[2] * k[3] + s[3] * k[2] - s[4] * k[1] + s[5] * k[0]
        return (s, k, det)
    }
}
