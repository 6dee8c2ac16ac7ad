import CCadenceFeatures

extension Transform3D {
    /// The relative determinant below which a transform counts as singular: `|det|` at most
    /// this times the product of the rows' lengths (Hadamard's bound, which `|det|` never
    /// exceeds). Being relative to each row's scale, a uniform scale of 0.04 (det 6.4e-5)
    /// is invertible, while a matrix that flattens an axis is not.
    public static let singularityThreshold = 1e-14

    /// The inverse, or `nil` when the transform is singular (see `singularityThreshold`)
    /// or has non-finite fields.
    ///
    /// Accuracy: the adjugate (cofactors from 2×2 minors) over the determinant, about
    /// `cond(M) · 1e-16` relative; `M · M⁻¹` is the identity to 8·ε·cond_F (tested, with
    /// cond_F = ‖M‖_F·‖M⁻¹‖_F). Cost (`cadence_matrix4_invert`, a C function inlined
    /// here): about 45 operations and 20 shuffles in 4-lane vectors, one division.
    @inlinable @inline(__always)
    public var inverse: Transform3D? {
        var m = _matrix4
        guard cadence_matrix4_invert(&m, Transform3D.singularityThreshold) != 0 else { return nil }
        return Transform3D(rows: m.r1, m.r2, m.r3, m.r4)
    }

    /// `CATransform3DInvert`: the inverse, or `self` unchanged when it has none (singular
    /// relative to its scale, or non-finite), as Core Animation's documentation specifies.
    @inlinable @inline(__always)
    public var inverted: Transform3D { inverse ?? self }

    /// The determinant (Laplace expansion along rows 1–2 and 3–4).
    public var determinant: Double {
        var m = _matrix4
        return cadence_matrix4_determinant(&m)
    }

    /// The rows as the C helpers take them.
    @inlinable @inline(__always)
    var _matrix4: cadence_matrix4 { cadence_matrix4(r1: r1, r2: r2, r3: r3, r4: r4) }
}
