import CCadenceFeatures

// Core Animation's transform functions (CATransform3DMake*, CATransform3DTranslate/Scale/
// Rotate, CATransform3DConcat) in the row-vector convention of `Transform3D`.

extension Transform3D {
    /// `CATransform3DMakeTranslation`: identity with `(tx, ty, tz)` in `m41 m42 m43`.
    @inlinable
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self.init(rows: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(tx, ty, tz, 1))
    }

    /// `CATransform3DMakeScale`: `diag(sx, sy, sz, 1)`.
    @inlinable
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self.init(rows: SIMD4(sx, 0, 0, 0), SIMD4(0, sy, 0, 0), SIMD4(0, 0, sz, 0), SIMD4(0, 0, 0, 1))
    }

    /// `CATransform3DMakeRotation`: a rotation by `angle` radians about the axis
    /// `(x, y, z)` (normalised here). A zero-length or non-finite axis gives the identity,
    /// as Core Animation's documentation says; so does a non-finite angle (Cadence's rule: no NaN matrix).
    ///
    /// In the row-vector convention this is the transpose of the column-vector Rodrigues
    /// matrix: about z, `m11 = cos a`, `m12 = sin a`, `m21 = −sin a`, `m22 = cos a`, so
    /// (1, 0) turns towards (0, 1) — clockwise on a y-down screen, like
    /// `CGAffineTransformMakeRotation`.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        // The unit axes (what the value functions pass) skip the normalisation: the same
        // arithmetic with the axis known, so the same bits.
        if x == 0 && y == 0 && z == 1 && angle.isFinite {
            self = Transform3D.rotation(Transform3D.sineCosine(angle), 0, 0, 1)
            return
        }
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else {
            self = .identity
            return
        }
        // Exact for quarter turns: sin and cos of multiples of π/2 are snapped, so
        // rotating by .pi / 2 gives exact 0s and 1s rather than 6e-17.
        self = Transform3D.rotation(Transform3D.sineCosine(angle), x / length, y / length, z / length)
    }

    /// The rotation by `angle` radians about the x (`axis` 0), y (1) or z (any other)
    /// axis: `init(rotationAngle:x:y:z:)` with that unit axis, bit for bit (the same
    /// arithmetic with the axis known; a non-finite angle gives the identity), without
    /// testing or normalising the axis. For the rotation value functions, which a
    /// presentation snapshot evaluates for every spinning layer.
    package static func rotation(by angle: Double, aboutAxis axis: Int) -> Transform3D {
        guard angle.isFinite else { return .identity }
        let sc = sineCosine(angle)
        switch axis {
        case 0: return rotation(sc, 1, 0, 0)
        case 1: return rotation(sc, 0, 1, 0)
        default: return rotation(sc, 0, 0, 1)
        }
    }

    /// The rotation by the angle whose sine and cosine are `sc` about the unit axis
    /// `(ux, uy, uz)` (the axis–angle matrix, row-vector layout).
    @inline(__always)
    static func rotation(_ sc: (Double, Double), _ ux: Double, _ uy: Double, _ uz: Double) -> Transform3D {
        let (s, c) = sc
        let k = 1 - c
        return Transform3D(
            rows: SIMD4(c + k * ux * ux, k * ux * uy + s * uz, k * ux * uz - s * uy, 0),
            SIMD4(k * ux * uy - s * uz, c + k * uy * uy, k * uy * uz + s * ux, 0),
            SIMD4(k * ux * uz + s * uy, k * uy * uz - s * ux, c + k * uz * uz, 0),
            SIMD4(0, 0, 0, 1))
    }

    /// `(sin a, cos a)`, exact at whole multiples of π/2 (where the libm values carry a
    /// 1e-16 residue from π's rounding).
    static func sineCosine(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (.pi / 2)
        // A whole number of quarter turns (truncation is exact below 1e15; `rounded()` would
        // be a library call on baseline x86-64).
        if Swift.abs(quarters) < 1e15, Double(Int64(quarters)) == quarters {
            switch ((Int(quarters) % 4) + 4) % 4 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        var s = 0.0, c = 0.0
        cadence_sincos(angle, &s, &c)
        return (s, c)
    }

    /// `a · b`: the transform that applies `self` first, then `other`
    /// (`CATransform3DConcat(self, other)`). 16 multiply-adds in `SIMD4` rows.
    @inlinable @inline(__always)
    public func concatenating(_ other: Transform3D) -> Transform3D {
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
            if cadence_has_fma() != 0 {
                // One fused multiply-add per lane where the hardware has it (without it,
                // `addingProduct` would be a library call per lane).
                return (other.r4 * r[3]).addingProduct(other.r3, r[2]).addingProduct(other.r2, r[1])
                    .addingProduct(other.r1, r[0])
            }
            return other.r1 * r[0] + other.r2 * r[1] + other.r3 * r[2] + other.r4 * r[3]
        }
        return Transform3D(rows: row(r1), row(r2), row(r3), row(r4))
    }

    /// `CATransform3DTranslate(t, tx, ty, tz)`: the translation applied *before* `self`,
    /// `translation · self`.
    @inlinable
    public func translatedBy(x tx: Double, y ty: Double, z tz: Double) -> Transform3D {
        var result = self
        result.r4 = r1 * tx + r2 * ty + r3 * tz + r4
        return result
    }

    /// `CATransform3DScale(t, sx, sy, sz)`: the scale applied before `self`, `scale · self`.
    @inlinable
    public func scaledBy(x sx: Double, y sy: Double, z sz: Double) -> Transform3D {
        Transform3D(rows: r1 * sx, r2 * sy, r3 * sz, r4)
    }

    /// `CATransform3DRotate(t, angle, x, y, z)`: the rotation applied before `self`,
    /// `rotation · self`. A zero-length axis (undefined in Core Animation's documentation) leaves `self`
    /// unchanged, since its rotation is the identity.
    public func rotatedBy(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
