import Cadence

/// A 3D-transform implementation under test (CATransform3D), on Cadence's `Transform3D`
/// values in Core Animation's row-vector convention.
public struct TransformImplementation: Sendable {
    /// What failures call it.
    public var name: String
    /// The inverse, or `nil` when the transform has none.
    public var inverse: @Sendable (Transform3D) -> Transform3D?
    /// `concat(a, b) = a · b`: applies `a` first.
    public var concatenating: @Sendable (Transform3D, Transform3D) -> Transform3D
    /// The transform a fraction `t` of the way from the first to the second.
    public var interpolate: @Sendable (Transform3D, Transform3D, Double) -> Transform3D

    /// An implementation called `name` of the three functions (`concatenating` defaults to
    /// Cadence's, as most engines share the product).
    public init(
        name: String, inverse: @escaping @Sendable (Transform3D) -> Transform3D?,
        concatenating: @escaping @Sendable (Transform3D, Transform3D) -> Transform3D = { $0.concatenating($1) },
        interpolate: @escaping @Sendable (Transform3D, Transform3D, Double) -> Transform3D = { $0.interpolated(to: $1, $2) }
    ) {
        self.name = name
        self.inverse = inverse
        self.concatenating = concatenating
        self.interpolate = interpolate
    }

    /// Cadence's `Transform3D.inverse`, `concatenating(_:)` and `interpolated(to:_:)`: the reference.
    public static let cadence = TransformImplementation(name: "Cadence", inverse: { $0.inverse })

    /// Throws unless `a` and `b` agree field by field within `tolerance` relative to their
    /// largest entry (or 1).
    public static func requireClose(_ a: Transform3D, _ b: Transform3D, within tolerance: Double, _ what: String) throws(Violation) {
        let scale = max(1, a.fields.map(abs).max() ?? 1, b.fields.map(abs).max() ?? 1)
        for (x, y) in zip(a.fields, b.fields) where !(abs(x - y) <= tolerance * scale) {
            throw Violation("\(what): \(a) ≉ \(b) (tolerance \(tolerance) × \(scale))")
        }
    }
}

/// Laws of 3D transforms: inversion and interpolation.
public enum TransformLaws {
    /// inverse(m) · m ≈ I and m · inverse(m) ≈ I, within `tolerance` relative to the largest
    /// entry, for every m that has an inverse. 1e-12 suits well-conditioned transforms
    /// (condition numbers below about 1e3, so 1e-16 · cond · a few): `Arbitrary.transforms`
    /// of kind `.wellConditioned` or `.perspective`.
    public static func inverseRoundTrip(of implementation: TransformImplementation = .cadence, tolerance: Double = 1e-12) -> Law<Transform3D> {
        Law("\(implementation.name) transform: inverse(m) · m = m · inverse(m) = I for invertible m") { m in
            guard let inverse = implementation.inverse(m) else { return }
            try TransformImplementation.requireClose(implementation.concatenating(m, inverse), .identity, within: tolerance, "m · inverse(m)")
            try TransformImplementation.requireClose(implementation.concatenating(inverse, m), .identity, within: tolerance, "inverse(m) · m")
        }
    }

    /// A well-conditioned transform has an inverse (a law over `.wellConditioned` and
    /// `.perspective` transforms), and a singular one has none (over `.singular`): pass
    /// `expectInvertible` to say which.
    public static func invertibility(of implementation: TransformImplementation = .cadence, expectInvertible: Bool) -> Law<Transform3D> {
        Law("\(implementation.name) transform: \(expectInvertible ? "a well-conditioned transform has" : "a singular transform has no") inverse") { m in
            let inverse = implementation.inverse(m)
            try Violation.unless((inverse != nil) == expectInvertible, "inverse \(inverse.map { "\($0)" } ?? "nil")")
        }
    }

    /// Interpolation ends exactly where it should: t = 0 gives the first transform and
    /// t = 1 the second, within `tolerance` relative to the largest entry.
    public static func interpolationEndpoints(of implementation: TransformImplementation = .cadence, tolerance: Double = 1e-12) -> Law<(Transform3D, Transform3D)> {
        Law("\(implementation.name) transform: interpolating from a to b gives a at t = 0 and b at t = 1") { pair in
            let (a, b) = pair
            try TransformImplementation.requireClose(implementation.interpolate(a, b, 0), a, within: tolerance, "t = 0")
            try TransformImplementation.requireClose(implementation.interpolate(a, b, 1), b, within: tolerance, "t = 1")
        }
    }
}
