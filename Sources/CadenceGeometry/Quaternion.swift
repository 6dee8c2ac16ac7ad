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
    public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        // In column-vector terms R[i][j] = r_j[i]; write the row-vector entries directly.
        let trace = r0[0] + r1[1] + r2[2]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2  // 4w
            self.init(x: (r1[2] - r2[1]) / s, y: (r2[0] - r0[2]) / s, z: (r0[1] - r1[0]) / s, w: s / 4)
        } else if r0[0] > r1[1] && r0[0] > r2[2] {
            let s = (1 + r0[0] - r1[1] - r2[2]).squareRoot() * 2  // 4x
            self.init(x: s / 4, y: (r0[1] + r1[0]) / s, z: (r0[2] + r2[0]) / s, w: (r1[2] - r2[1]) / s)
        } else if r1[1] > r2[2] {
            let s = (1 + r1[1] - r0[0] - r2[2]).squareRoot() * 2  // 4y
            self.init(x: (r0[1] + r1[0]) / s, y: s / 4, z: (r1[2] + r2[1]) / s, w: (r2[0] - r0[2]) / s)
        } else {
            let s = (1 + r2[2] - r0[0] - r1[1]).squareRoot() * 2  // 4z
            self.init(x: (r0[2] + r2[0]) / s, y: (r1[2] + r2[1]) / s, z: s / 4, w: (r0[1] - r1[0]) / s)
        }
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
    @inlinable
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        var b = other.vector
        var dot = (vector * b).sum()
        if dot < 0 {
            b = -b
            dot = -dot
        }
        if dot > 1 - 1e-12 {
            return Quaternion(vector + (b - vector) * t).normalized
        }
        let theta = acos(Swift.min(dot, 1))
        // sin θ from cos θ without a library call: √((1 − d)(1 + d)), accurate here since
        // d ≤ 1 − 1e-12.
        let sinTheta = ((1 - dot) * (1 + dot)).squareRoot()
        let wa = sin((1 - t) * theta) / sinTheta
        let wb = sin(t * theta) / sinTheta
        return Quaternion(vector * wa + b * wb)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
