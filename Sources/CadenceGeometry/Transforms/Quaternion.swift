/// A unit quaternion `(x, y, z, w)` for rotations, in the convention where the rotation
/// by `angle` about the unit axis `u` is `(u·sin(angle/2), cos(angle/2))` and its
/// `Transform3D` is the row-vector (transposed) rotation matrix — so
/// `Quaternion(angle: a, axis: (0, 0, 1)).matrix` equals `Transform3D(rotationAngle: a, x: 0, y: 0, z: 1)`.
public struct Quaternion: Hashable, Sendable, Codable {
    public var vector: SIMD4<Double>

    @inlinable public var x: Double { vector[0] }
    @inlinable public var y: Double { vector[1] }
    @inlinable public var z: Double { vector[2] }
    @inlinable public var w: Double { vector[3] }

    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        vector = SIMD4(x, y, z, w)
    }

    @inlinable
    public init(_ vector: SIMD4<Double>) { self.vector = vector }

    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation by `angle` radians about `axis` (normalised; a zero axis gives the
    /// identity).
    public init(angle: Double, axis: SIMD3<Double>) {
        let length = (axis * axis).sum().squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / length
        self.init(x: axis[0] * s, y: axis[1] * s, z: axis[2] * s, w: cos(angle / 2))
    }

    /// The rotation whose row-vector matrix has the orthonormal rows `r0, r1, r2`
    /// (Shepperd's method: from the largest of the four squared components, so every
    /// component keeps full precision). `w ≥ 0` is not enforced; `q` and `−q` are the
    /// same rotation.
    ///
    /// The case is chosen without branches (`cadence_quaternion_from_rows`, shared with
    /// `Transform3D.decomposed`): on varied rotations a branch is mispredicted about one
    /// time in three. Cost: one square root, one division.
    @inlinable @inline(__always)
    public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        self.init(cadence_quaternion_from_rows(SIMD4(r0, 0), SIMD4(r1, 0), SIMD4(r2, 0)))
    }

    /// The rows of the row-vector rotation matrix (the transpose of the column-vector one).
    @inlinable @inline(__always)
    public var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (x, y, z, w) = (vector[0], vector[1], vector[2], vector[3])
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    /// The rotation as a transform.
    public var matrix: Transform3D {
        let (a, b, c) = rows
        return Transform3D(
            rows: SIMD4(a[0], a[1], a[2], 0), SIMD4(b[0], b[1], b[2], 0), SIMD4(c[0], c[1], c[2], 0),
            SIMD4(0, 0, 0, 1))
    }

    /// The same rotation at unit length.
    @inlinable
    public var normalized: Quaternion {
        let length = (vector * vector).sum().squareRoot()
        return length > 0 ? Quaternion(vector / length) : .identity
    }

    /// The composition `self ⊗ other` (Hamilton product): in column-vector terms the
    /// rotation `other` followed by `self`.
    public func multiplied(by other: Quaternion) -> Quaternion {
        let (a, b) = (vector, other.vector)
        return Quaternion(
            x: a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            y: a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            z: a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            w: a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2])
    }

    /// Spherical interpolation the short way round: if the two quaternions lie in opposite
    /// hemispheres (`dot < 0`) the second is negated (the same rotation) first. Nearly
    /// equal quaternions (`dot > 1 − 1e-12`, where `sin θ` loses all precision) use a
    /// normalised linear blend. `t` is not clamped. Exactly opposite rotations by π are
    /// ambiguous; the rule above picks one deterministically.
    ///
    /// Accuracy: each component within 2e-15·max(1, |t|) of the libm formula
    /// `(sin((1−t)θ)·a + sin(tθ)·b) / sin θ`, `θ = acos(dot)` (tested on random and edge
    /// inputs). Cost (`cadence_slerp`, a C function inlined here): a polynomial `acos`
    /// and one two-lane polynomial for both sines, two square roots in one vector, one
    /// division; no branch on the data for `t` in −1…2 (further out the sines come from
    /// libm).
    @inlinable @inline(__always)
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        Quaternion(cadence_slerp(vector, other.vector, t))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCadenceFeatures
