/// A 4×4 homogeneous transform in Core Animation's layout (`CATransform3D`).
///
/// Convention (pinned by `Transform3DTests.testConcatAppliesTheFirstOperandFirst`): points
/// are **row vectors**, `[x y z 1] · M`, so translation sits in `m41 m42 m43` and
/// perspective in `m34` (the `m34 = −1/d` idiom for a viewer at distance `d`), and
/// `a.concatenating(b) = a · b` applies `a` first. Angles are radians.
///
/// Worked example: a layer moved by (10, 20) and then turned a quarter turn about z,
/// `Transform3D(translationX: 10, y: 20, z: 0).concatenating(.init(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))`,
/// maps the point (1, 0) to (−20, 11): first (11, 20), then the quarter turn (which sends
/// (1, 0) to (0, 1) — clockwise on a y-down screen).
///
/// Storage is four `SIMD4<Double>` rows; equality is exact (`CATransform3DEqualToTransform`),
/// `Codable` as the 16 numbers in field order.
///
/// ```swift
/// let spin = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
/// let placed = spin.concatenating(Transform3D(translationX: 40, y: 0, z: 0))  // rotate, then move
/// let corner = placed.apply(to: Point(x: 10, y: 0))
/// let back = placed.inverse                        // nil when singular
/// let between = Transform3D.identity.interpolated(to: placed, 0.5)
/// ```
public struct Transform3D: Hashable, Sendable {
    /// The rows `(m11 m12 m13 m14)`, …, `(m41 m42 m43 m44)`.
    public var r1, r2, r3, r4: SIMD4<Double>

    /// A transform from its four rows.
    @inlinable
    public init(rows r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>, _ r4: SIMD4<Double>) {
        self.r1 = r1
        self.r2 = r2
        self.r3 = r3
        self.r4 = r4
    }

    /// A transform from its sixteen fields, in Core Animation's order.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.init(
            rows: SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24),
            SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44))
    }

    /// A transform from 16 numbers in field order (`m11, m12, …, m44`); `nil` unless
    /// there are exactly 16.
    public init?(_ fields: [Double]) {
        guard fields.count == 16 else { return nil }
        self.init(
            rows: SIMD4(fields[0], fields[1], fields[2], fields[3]),
            SIMD4(fields[4], fields[5], fields[6], fields[7]),
            SIMD4(fields[8], fields[9], fields[10], fields[11]),
            SIMD4(fields[12], fields[13], fields[14], fields[15]))
    }

    /// The 16 fields in order `m11, m12, …, m44`.
    public var fields: [Double] {
        [r1[0], r1[1], r1[2], r1[3], r2[0], r2[1], r2[2], r2[3],
         r3[0], r3[1], r3[2], r3[3], r4[0], r4[1], r4[2], r4[3]]
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(
        rows: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// Whether this is exactly the identity (`CATransform3DIsIdentity`).
    @inlinable
    public var isIdentity: Bool {
        r1 == SIMD4(1, 0, 0, 0) && r2 == SIMD4(0, 1, 0, 0) && r3 == SIMD4(0, 0, 1, 0) && r4 == SIMD4(0, 0, 0, 1)
    }

    /// Whether every field is finite.
    @inlinable @inline(__always)
    public var isFinite: Bool {
        // x − x is 0 for every finite x and NaN for ±∞ and NaN, and a sum with a NaN in
        // it is NaN: one comparison, not one per row.
        (r1 - r1) + (r2 - r2) + (r3 - r3) + (r4 - r4) == .zero
    }

    /// Row `i` (0…3).
    @inlinable
    public func row(_ i: Int) -> SIMD4<Double> {
        switch i {
        case 0: return r1
        case 1: return r2
        case 2: return r3
        default: return r4
        }
    }

    // MARK: Core Animation's field names

    @inlinable public var m11: Double { get { r1[0] } set { r1[0] = newValue } }
    @inlinable public var m12: Double { get { r1[1] } set { r1[1] = newValue } }
    @inlinable public var m13: Double { get { r1[2] } set { r1[2] = newValue } }
    @inlinable public var m14: Double { get { r1[3] } set { r1[3] = newValue } }
    @inlinable public var m21: Double { get { r2[0] } set { r2[0] = newValue } }
    @inlinable public var m22: Double { get { r2[1] } set { r2[1] = newValue } }
    @inlinable public var m23: Double { get { r2[2] } set { r2[2] = newValue } }
    @inlinable public var m24: Double { get { r2[3] } set { r2[3] = newValue } }
    @inlinable public var m31: Double { get { r3[0] } set { r3[0] = newValue } }
    @inlinable public var m32: Double { get { r3[1] } set { r3[1] = newValue } }
    @inlinable public var m33: Double { get { r3[2] } set { r3[2] = newValue } }
    @inlinable public var m34: Double { get { r3[3] } set { r3[3] = newValue } }
    @inlinable public var m41: Double { get { r4[0] } set { r4[0] = newValue } }
    @inlinable public var m42: Double { get { r4[1] } set { r4[1] = newValue } }
    @inlinable public var m43: Double { get { r4[2] } set { r4[2] = newValue } }
    @inlinable public var m44: Double { get { r4[3] } set { r4[3] = newValue } }
}

extension Transform3D: Codable {
    /// Decodes 16 numbers in field order; any other count is a `DecodingError`.
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var fields: [Double] = []
        while !container.isAtEnd { fields.append(try container.decode(Double.self)) }
        guard let transform = Transform3D(fields) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a transform is 16 numbers m11…m44, got \(fields.count)"))
        }
        self = transform
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: fields)
    }
}

extension Transform3D: CustomStringConvertible {
    public var description: String {
        "[\(r1[0]) \(r1[1]) \(r1[2]) \(r1[3]); \(r2[0]) \(r2[1]) \(r2[2]) \(r2[3]); "
            + "\(r3[0]) \(r3[1]) \(r3[2]) \(r3[3]); \(r4[0]) \(r4[1]) \(r4[2]) \(r4[3])]"
    }
}
