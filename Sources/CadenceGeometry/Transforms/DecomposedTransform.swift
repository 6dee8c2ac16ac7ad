import CCadenceFeatures

/// A `Transform3D` taken apart into the parameters that interpolate well: perspective,
/// translation, scale, shear and rotation — the unmatrix method of Graphics Gems II
/// (Thomas, "Decomposing a matrix into simple transformations") as CSS Transforms Level 2
/// uses it to interpolate 3D matrices, in Core Animation's row-vector layout (which is
/// CSS's: translation in `m41 m42 m43`).
///
/// One departure from CSS: a negative determinant flips only the x scale (CSS flips all
/// three), which keeps 2D transforms in their plane (see `Transform3D.decomposed`).
///
/// The transform it stands for is, applied in this order to a row vector: scale, then
/// shear (`xy`, then `xz`, `yz`: `row1 += xy·row0`, `row2 += xz·row0 + yz·row1`), then the
/// rotation, then the translation, then the perspective — times `m44`, which the
/// decomposition divides out and `interpolated(to:_:)` blends linearly.
public struct DecomposedTransform: Hashable, Sendable, Codable {
    public var scale: SIMD3<Double>
    /// Shears `(xy, xz, yz)`.
    public var shear: SIMD3<Double>
    public var rotation: Quaternion
    public var translation: SIMD3<Double>
    /// The perspective row `(p1, p2, p3, p4)`: the normalised matrix's fourth column.
    public var perspective: SIMD4<Double>
    /// The original `m44` (the decomposition works on the matrix divided by it).
    public var m44: Double

    @inlinable
    public init(
        scale: SIMD3<Double> = SIMD3(1, 1, 1), shear: SIMD3<Double> = .zero,
        rotation: Quaternion = .identity, translation: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), m44: Double = 1
    ) {
        self.scale = scale
        self.shear = shear
        self.rotation = rotation
        self.translation = translation
        self.perspective = perspective
        self.m44 = m44
    }

    /// The decomposition of the identity.
    public static let identity = DecomposedTransform()

    /// The transform these parameters stand for.
    ///
    /// Cost (`cadence_recompose`, a C function inlined here): the rotation's rows from the
    /// quaternion, three rows of scale · shear · rotation and their products with the
    /// perspective (the fourth column) in 4-lane vectors — about 70 flops, no division.
    @inlinable @inline(__always)
    public var recomposed: Transform3D {
        var parts = _parts
        var m = cadence_matrix4()
        cadence_recompose(&parts, m44, &m)
        return Transform3D(rows: m.r1, m.r2, m.r3, m.r4)
    }

    /// The parameters from the C helpers' form.
    @inlinable @inline(__always)
    init(_ parts: cadence_decomposition, m44: Double) {
        @inline(__always) func three(_ v: SIMD4<Double>) -> SIMD3<Double> { SIMD3(v[0], v[1], v[2]) }
        self.init(
            scale: three(parts.scale), shear: three(parts.shear), rotation: Quaternion(parts.rotation),
            translation: three(parts.translation), perspective: parts.perspective, m44: m44)
    }

    /// The parameters as the C helpers take them.
    @inlinable @inline(__always)
    var _parts: cadence_decomposition {
        cadence_decomposition(
            scale: SIMD4(scale, 0), shear: SIMD4(shear, 0), rotation: rotation.vector,
            translation: SIMD4(translation, 0), perspective: perspective)
    }

    /// The parameters a fraction `t` of the way to `other`: every component linearly
    /// except the rotation, which takes the short spherical path (`Quaternion.slerp`).
    /// `t` is not clamped (overshooting timing functions extrapolate). Accuracy: the
    /// lerps are exact to rounding; the rotation as `Quaternion.slerp` states; `t = 0` and
    /// `t = 1` give `self` and `other` exactly (the lerp `a + (b − a)·t` is not exact at
    /// `t = 1` when `a`'s parts are much larger than `b`'s, as they are for a transform
    /// behind the viewer, whose translation is divided by a small `m44`). Cost
    /// (`cadence_decomposition_interpolate`, a C function inlined here): one slerp and
    /// five 4-lane lerps, no allocation. With `recomposed`, the per-frame path of an
    /// animation whose ends were decomposed once.
    @inlinable @inline(__always)
    public func interpolated(to other: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        if t == 0 { return self }
        if t == 1 { return other }
        var (a, b, blend) = (_parts, other._parts, cadence_decomposition())
        cadence_decomposition_interpolate(&a, &b, t, &blend)
        return DecomposedTransform(blend, m44: m44 + (other.m44 - m44) * t)
    }
}

extension Transform3D {
    /// The decomposition of this transform, or `nil` when it has none: `m44 = 0`, a
    /// singular perspective part (for instance a scale of 0 on some axis), or non-finite
    /// fields. See `DecomposedTransform` for the method; `decomposed?.recomposed` gives
    /// back the transform to about 1e-15 relative.
    ///
    /// Accuracy: the golden decompositions of `Reference/` to 1e-10 relative per field;
    /// the rotation's rows are orthonormal to a few ulps (Gram–Schmidt written as cross
    /// products, which never subtract nearly equal vectors).
    ///
    /// Cost (`cadence_matrix4_decompose`, a C function in 4-lane vectors): about 150 flops,
    /// three square roots and two divisions (one of them four lanes at once; one more with
    /// perspective, one more when `m44 ≠ 1`); no branch depends on the rotation or on the
    /// sign of the determinant. Inlined over one out-of-line function that writes the parts
    /// in place, so no optional is copied through memory.
    @inlinable @inline(__always)
    public var decomposed: DecomposedTransform? {
        // A placeholder the writer overwrites (the identity spelled out: the default
        // argument `.identity` is a global, one accessor call per decomposition).
        var parts = DecomposedTransform(rotation: Quaternion(SIMD4(0, 0, 0, 1)))
        return _decompose(into: &parts) ? parts : nil
    }

    /// `decomposed` out of line: writes the parts and returns `true`, or returns `false`.
    @usableFromInline
    func _decompose(into parts: inout DecomposedTransform) -> Bool {
        guard let decomposition = _decomposition else { return false }
        parts = decomposition
        return true
    }

    /// The decomposition itself, inlined where it is used: twice, interleaved, by
    /// `interpolated(to:_:)`.
    @inline(__always)
    var _decomposition: DecomposedTransform? {
        var m = _matrix4
        var parts = cadence_decomposition()
        guard cadence_matrix4_decompose(&m, Transform3D.singularityThreshold, &parts) != 0 else { return nil }
        return DecomposedTransform(parts, m44: m44)
    }

    /// The transform a fraction `t` of the way to `other`, as Core Animation interpolates
    /// matrices: decompose both, blend (`DecomposedTransform.interpolated`), recompose.
    /// An identity → 2π rotation therefore does not move (both ends decompose to the same
    /// rotation); a path through `transform.rotation.z` or a value function is how one
    /// spins further. When either end cannot be decomposed the result switches discretely
    /// from `self` to `other` at `t = 0.5`. Endpoints: `t = 0` and `t = 1` give `self` and
    /// `other` exactly (not through the decomposition: a blend of the parts at `t = 1`
    /// misses `other` when `self`'s parts are much larger, as for a transform behind the
    /// viewer, whose parts are divided by a small `m44`). Cost: two decompositions
    /// (inlined, so the two overlap), a blend and a recomposition. An animation that keeps
    /// its ends decomposes them once and calls `DecomposedTransform.interpolated(to:_:)` and
    /// `recomposed` per frame, at about a third of the cost.
    public func interpolated(to other: Transform3D, _ t: Double) -> Transform3D {
        if t == 0 { return self }
        if t == 1 { return other }
        guard let a = _decomposition, let b = other._decomposition else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, t).recomposed
    }
}

extension AffineTransform {
    /// The transform a fraction `t` of the way to `other`, through the same decomposition
    /// as `Transform3D`, so a 2D transform interpolates identically whichever way it is
    /// passed.
    public func interpolated(to other: AffineTransform, _ t: Double) -> AffineTransform {
        Transform3D(self).interpolated(to: Transform3D(other), t).affineTransform
    }
}
