/// A 2D affine transform (Core Graphics' `CGAffineTransform`): `[x y 1] · [[a b 0] [c d 0] [tx ty 1]]`,
/// so `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. Row vectors, like `Transform3D`:
/// `concatenating` applies `self` first.
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a, b, c, d, tx, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(tx, ty)`.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `(sx, sy)`.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians: (1, 0) turns towards (0, 1) (clockwise on a y-down
    /// screen), exact at quarter turns. A non-finite angle gives the identity.
    public init(rotationAngle angle: Double) {
        guard angle.isFinite else {
            self = .identity
            return
        }
        let (s, cosine) = Transform3D.sineCosine(angle)
        self.init(a: cosine, b: s, c: -s, d: cosine, tx: 0, ty: 0)
    }

    @inlinable public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self`, then `other`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or `nil` when singular: `|ad − bc|` at most
    /// `Transform3D.singularityThreshold` times the product of the column lengths.
    public var inverse: AffineTransform? {
        let det = a * d - b * c
        let bound = ((a * a + b * b) * (c * c + d * d)).squareRoot()
        guard Swift.abs(det) > Transform3D.singularityThreshold * bound else { return nil }
        let k = 1 / det
        return AffineTransform(
            a: d * k, b: -b * k, c: -c * k, d: a * k,
            tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k)
    }

    /// `CGAffineTransformInvert`: the inverse, or `self` unchanged when singular.
    public var inverted: AffineTransform { inverse ?? self }

    /// `p` transformed.
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

extension Transform3D {
    /// `CATransform3DMakeAffineTransform`: the same effect in 3D (z untouched).
    @inlinable
    public init(_ affine: AffineTransform) {
        self.init(
            rows: SIMD4(affine.a, affine.b, 0, 0), SIMD4(affine.c, affine.d, 0, 0),
            SIMD4(0, 0, 1, 0), SIMD4(affine.tx, affine.ty, 0, 1))
    }

    /// `CATransform3DIsAffine`: whether the transform is exactly a 2D affine one (no z,
    /// no perspective).
    @inlinable
    public var isAffine: Bool {
        r1[2] == 0 && r1[3] == 0 && r2[2] == 0 && r2[3] == 0 && r3 == SIMD4(0, 0, 1, 0)
            && r4[2] == 0 && r4[3] == 1
    }

    /// `CATransform3DGetAffineTransform`: the affine part (`m11 m12 m21 m22 m41 m42`).
    /// Apple leaves the result undefined when the transform is not affine; Cadence returns
    /// that same 2D part, which is what a layer's `affineTransform` reads.
    @inlinable
    public var affineTransform: AffineTransform {
        AffineTransform(a: r1[0], b: r1[1], c: r2[0], d: r2[1], tx: r4[0], ty: r4[1])
    }
}
