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
    public var recomposed: Transform3D {
        let (u0, u1, u2) = rotation.rows
        // Rows of scale · shear · rotation.
        let a0 = u0 * scale[0]
        let a1 = (u1 + u0 * shear[0]) * scale[1]
        let a2 = (u2 + u0 * shear[1] + u1 * shear[2]) * scale[2]
        let p = perspective
        // Affine part A (rows a0, a1, a2, translation), then A · E where E is the identity
        // with its fourth column replaced by p: column 4 becomes A · p.
        let t = translation
        let column4 = SIMD4(
            (a0 * SIMD3(p[0], p[1], p[2])).sum(), (a1 * SIMD3(p[0], p[1], p[2])).sum(),
            (a2 * SIMD3(p[0], p[1], p[2])).sum(), (t * SIMD3(p[0], p[1], p[2])).sum() + p[3])
        let m = Transform3D(
            rows: SIMD4(a0[0], a0[1], a0[2], column4[0]), SIMD4(a1[0], a1[1], a1[2], column4[1]),
            SIMD4(a2[0], a2[1], a2[2], column4[2]), SIMD4(t[0], t[1], t[2], column4[3]))
        return m44 == 1 ? m : Transform3D(rows: m.r1 * m44, m.r2 * m44, m.r3 * m44, m.r4 * m44)
    }

    /// The parameters a fraction `t` of the way to `other`: every component linearly
    /// except the rotation, which takes the short spherical path (`Quaternion.slerp`).
    /// `t` is not clamped (overshooting timing functions extrapolate). Cost: one slerp
    /// and a few lerps, no allocation.
    @inlinable @inline(__always)
    public func interpolated(to other: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        @inline(__always) func lerp3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> { a + (b - a) * t }
        return DecomposedTransform(
            scale: lerp3(scale, other.scale), shear: lerp3(shear, other.shear),
            rotation: rotation.slerp(to: other.rotation, t),
            translation: lerp3(translation, other.translation),
            perspective: perspective + (other.perspective - perspective) * t,
            m44: m44 + (other.m44 - m44) * t)
    }
}

extension Transform3D {
    /// The decomposition of this transform, or `nil` when it has none: `m44 = 0`, a
    /// singular perspective part (for instance a scale of 0 on some axis), or non-finite
    /// fields. See `DecomposedTransform` for the method; `decomposed?.recomposed` gives
    /// back the transform to about 1e-15 relative.
    public var decomposed: DecomposedTransform? {
        let w = m44
        guard w != 0, isFinite else { return nil }
        let k = 1 / w
        let n = Transform3D(rows: r1 * k, r2 * k, r3 * k, r4 * k)
        // The perspective part: n = P · E, P = n with its fourth column (0, 0, 0, 1), so
        // P = [[A, 0], [t, 1]] with A the upper 3×3 and t the translation. P is singular
        // exactly when A is, judged like `Transform3D.inverse` (relative to Hadamard's
        // bound, here |a0|·|a1|·|a2|·|(t, 1)|).
        let a0 = SIMD3(n.r1[0], n.r1[1], n.r1[2])
        let a1 = SIMD3(n.r2[0], n.r2[1], n.r2[2])
        let a2 = SIMD3(n.r3[0], n.r3[1], n.r3[2])
        let t = SIMD3(n.r4[0], n.r4[1], n.r4[2])
        @inline(__always) func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        }
        let b0 = cross(a1, a2), b1 = cross(a2, a0), b2 = cross(a0, a1)
        let determinant = (a0 * b0).sum()
        let hadamardSquared = (a0 * a0).sum() * (a1 * a1).sum() * (a2 * a2).sum() * ((t * t).sum() + 1)
        let threshold = Transform3D.singularityThreshold
        guard determinant * determinant > threshold * threshold * hadamardSquared else { return nil }
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if n.r1[3] != 0 || n.r2[3] != 0 || n.r3[3] != 0 {
            // Column 4 of n is P · p: the first three rows give A·p′ = c′ (solved with the
            // cross products: a_i · b_j = det·δ_ij), the last p₃ = c₃ − t·p′.
            let c = SIMD4(n.r1[3], n.r2[3], n.r3[3], n.r4[3])
            let solved = (b0 * c[0] + b1 * c[1] + b2 * c[2]) * (1 / determinant)
            perspective = SIMD4(solved[0], solved[1], solved[2], c[3] - (t * solved).sum())
        }
        let translation = t
        // Scale and shear by Gram–Schmidt on the rows of the upper 3×3.
        var row0 = a0
        var row1 = a1
        var row2 = a2
        var scale = SIMD3<Double>.zero
        var shear = SIMD3<Double>.zero
        scale[0] = (row0 * row0).sum().squareRoot()
        row0 /= scale[0]
        shear[0] = (row0 * row1).sum()
        row1 -= row0 * shear[0]
        scale[1] = (row1 * row1).sum().squareRoot()
        row1 /= scale[1]
        shear[0] /= scale[1]
        shear[1] = (row0 * row2).sum()
        row2 -= row0 * shear[1]
        shear[2] = (row1 * row2).sum()
        row2 -= row1 * shear[2]
        scale[2] = (row2 * row2).sum().squareRoot()
        row2 /= scale[2]
        shear[1] /= scale[2]
        shear[2] /= scale[2]
        // A mirror (negative determinant): flip the x scale and row. CSS Transforms 2 flips
        // all three; flipping one in-plane axis instead keeps a 2D transform's rotation
        // about z, so 2D transforms stay 2D when interpolated (also between a mirrored and
        // an unmirrored one) and interpolate the same as `AffineTransform`s.
        if determinant < 0 {  // Gram–Schmidt keeps the orientation of A
            // row1 and row2 were built on +row0: their xy and xz shears flip with it.
            scale[0] = -scale[0]
            row0 = -row0
            shear[0] = -shear[0]
            shear[1] = -shear[1]
        }
        return DecomposedTransform(
            scale: scale, shear: shear, rotation: Quaternion(rows: row0, row1, row2),
            translation: translation, perspective: perspective, m44: w)
    }

    /// The transform a fraction `t` of the way to `other`, as Core Animation interpolates
    /// matrices: decompose both, blend (`DecomposedTransform.interpolated`), recompose.
    /// An identity → 2π rotation therefore does not move (both ends decompose to the same
    /// rotation); a path through `transform.rotation.z` or a value function is how one
    /// spins further. When either end cannot be decomposed the result switches discretely
    /// from `self` to `other` at `t = 0.5`. Endpoints: `t = 0` and `t = 1` give the ends to
    /// about 1e-15 relative. Cost: two decompositions, a slerp and a recomposition.
    public func interpolated(to other: Transform3D, _ t: Double) -> Transform3D {
        guard let a = decomposed, let b = other.decomposed else { return t < 0.5 ? self : other }
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
