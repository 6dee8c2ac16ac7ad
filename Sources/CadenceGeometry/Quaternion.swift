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
    /// Accuracy: within 2e-15 of each component of the libm formula
    /// `(sin((1−t)θ)·a + sin(tθ)·b) / sin θ`, `θ = acos(dot)` (tested on random and edge
    /// inputs). Cost: polynomials for `acos` and for both sines (one two-lane evaluation),
    /// two square roots in one vector, one division, no branch on the data for `t` in
    /// −1…2 (further out the sines come from libm).
    @inlinable @inline(__always)
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        let cosine = (vector * other.vector).sum()
        // The short way: a multiply by ±1 rather than a branch (the sign is a coin toss on
        // varied rotations). dot = −0 does not flip, as `dot < 0` says.
        let sign: Double = cosine < 0 ? -1 : 1
        let b = other.vector * sign
        let dot = cosine * sign
        if dot > 1 - 1e-12 {
            return Quaternion(vector + (b - vector) * t).normalized
        }
        let weights = Quaternion._slerpWeights(dot: dot, t)
        return Quaternion(_multiplyAdd(vector, SIMD4(repeating: weights[0]), b * weights[1]))
    }

    /// `(sin((1−t)θ), sin(tθ)) / sin θ` for `θ = acos(dot)`, `dot` in 0…1 − 1e-12 (so θ is in
    /// 1.4e-6…π/2).
    @inlinable @inline(__always)
    static func _slerpWeights(dot: Double, _ t: Double) -> SIMD2<Double> {
        // sin θ = √((1 − d)(1 + d)), and for acos √((1 − d)/2).
        let sinTheta = cadence_sqrt((1 - dot) * (1 + dot))
        let theta = _acos(dot, halfVersine: cadence_sqrt((1 - dot) * 0.5))
        let angles = SIMD2(1 - t, t) * theta
        let sines = Swift.max(Swift.abs(angles[0]), Swift.abs(angles[1])) <= .pi
            ? _sine(angles) : _libmSine(angles)
        return sines * (1 / sinTheta)
    }

    /// `acos(d)` for `d` in 0…1, given `h = √((1 − d)/2)`: `π/2 − asin(d)` up to 1/2,
    /// `2·asin(h)` above (both arguments ≤ 1/2; the choice is a select). Within 3e-16
    /// absolute of libm's `acos`.
    @inlinable @inline(__always)
    static func _acos(_ d: Double, halfVersine h: Double) -> Double {
        // Blends with a weight of exactly 0 or 1 rather than selects: the compiler turns a
        // select into a branch (a coin toss on varied rotations) when an operand is a
        // square root or a constant. θ = factor · asin(x) + offset, with (x, factor,
        // offset) = (h, 2, 0) or (d, −1, π/2).
        let w: Double = d > 0.5 ? 1 : 0
        let x = _multiplyAdd(h, w, d * (1 - w))
        return _multiplyAdd(3 * w - 1, _asin(x), (1 - w) * (.pi / 2))
    }

    /// `asin(x)` for `x` in 0…1/2: `x + x³·P(x²)`, P of degree 11 fitted to the relative
    /// error (within 1.6e-16 relative, measured against 50-digit values), evaluated by
    /// Estrin's scheme (a shorter dependency chain than Horner's).
    @inlinable @inline(__always)
    static func _asin(_ x: Double) -> Double {
        let z = x * x
        let p = _estrin(
            z, 0.1666666666666665, 0.07500000000020797, 0.04464285710336827, 0.03038194737068087,
            0.02237204751352192, 0.017355262221945347, 0.013929625916473681, 0.011875700165918232,
            0.007801943829663346, 0.016038559905076553, -0.010754253819189541, 0.02817305169670452)
        return _multiplyAdd(x * z, p, x)
    }

    /// `sin` of both lanes for arguments in −π…π: `x + x³·P(x²)`, P of degree 10 fitted to
    /// the relative error of sin x / x (within 7e-16 absolute, and 2e-16 relative below π/2,
    /// measured against 50-digit values), by Estrin's scheme.
    @inlinable @inline(__always)
    static func _sine(_ x: SIMD2<Double>) -> SIMD2<Double> {
        let z = x * x
        let p = _estrin(
            z, -0.16666666666666666, 0.00833333333333333, -0.0001984126984126936, 2.755731922394579e-06,
            -2.5052108383450746e-08, 1.605904377338054e-10, -7.647162386553427e-13, 2.8114380352425378e-15,
            -8.218804250473063e-18, 1.9461160271149705e-20, -3.470272968303619e-23, 0)
        return _multiplyAdd(x * z, p, x)
    }

    /// `c0 + c1·z + … + c11·z¹¹` by Estrin's scheme: pairs, then pairs of pairs with z², z⁴
    /// and z⁸, so the longest chain is four multiply-adds after z⁸.
    @inlinable @inline(__always)
    static func _estrin<V: SIMD>(
        _ z: V, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double,
        _ c6: Double, _ c7: Double, _ c8: Double, _ c9: Double, _ c10: Double, _ c11: Double
    ) -> V where V.Scalar == Double {
        @inline(__always) func pair(_ a: Double, _ b: Double) -> V { _multiplyAdd(V(repeating: b), z, V(repeating: a)) }
        let z2 = z * z
        let z4 = z2 * z2
        let q0 = _multiplyAdd(pair(c2, c3), z2, pair(c0, c1))
        let q1 = _multiplyAdd(pair(c6, c7), z2, pair(c4, c5))
        let q2 = _multiplyAdd(pair(c10, c11), z2, pair(c8, c9))
        return _multiplyAdd(q2, z4 * z4, _multiplyAdd(q1, z4, q0))
    }

    @inlinable @inline(__always)
    static func _estrin(
        _ z: Double, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double,
        _ c6: Double, _ c7: Double, _ c8: Double, _ c9: Double, _ c10: Double, _ c11: Double
    ) -> Double {
        _estrin(SIMD2(repeating: z), c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11)[0]
    }

    /// Both sines from libm: the path for `t` far outside 0…1.
    @usableFromInline @inline(never)
    static func _libmSine(_ x: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(sin(x[0]), sin(x[1]))
    }
}

/// `a·b + c`: fused where the CPU has FMA (one instruction), two operations where it does
/// not (there `addingProduct` is a library call per lane).
@inlinable @inline(__always)
func _multiplyAdd<V: SIMD>(_ a: V, _ b: V, _ c: V) -> V where V.Scalar: FloatingPoint {
    cadence_has_fma() != 0 ? c.addingProduct(a, b) : a * b + c
}

@inlinable @inline(__always)
func _multiplyAdd(_ a: Double, _ b: Double, _ c: Double) -> Double {
    cadence_has_fma() != 0 ? c.addingProduct(a, b) : a * b + c
}

/// The fast kernels of `slerp`, for tests that compare them with libm.
extension Quaternion {
    @_spi(Testing) public static func fastAcos(_ d: Double) -> Double {
        _acos(d, halfVersine: ((1 - d) * 0.5).squareRoot())
    }

    @_spi(Testing) public static func fastSine(_ x: Double) -> Double { _sine(SIMD2(x, 0))[0] }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCadenceFeatures
