/// A toy engine's 4×4 transform in Core Animation's row-vector layout (16 fields, m11 … m44).
///
/// **The known bug:** `inverse` inverts only the affine part — the upper 3×3 block and the
/// translation row — as if m14, m24, m34 were 0 and m44 were 1, so a perspective
/// transform's "inverse" is wrong.
public struct ToyTransform: Sendable {
    /// The fields in row order.
    public var m: [Double]

    /// A transform of 16 fields in row order.
    public init(_ fields: [Double]) {
        precondition(fields.count == 16)
        m = fields
    }

    /// The affine inverse, or `nil` when the 3×3 block is singular.
    public var inverse: ToyTransform? {
        let (a, b, c) = (m[0], m[1], m[2]), (d, e, f) = (m[4], m[5], m[6]), (g, h, i) = (m[8], m[9], m[10])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-12 else { return nil }
        let r = [
            (e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
            (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
            (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det,
        ]
        let (tx, ty, tz) = (m[12], m[13], m[14])
        return ToyTransform([
            r[0], r[1], r[2], 0,
            r[3], r[4], r[5], 0,
            r[6], r[7], r[8], 0,
            -(tx * r[0] + ty * r[3] + tz * r[6]), -(tx * r[1] + ty * r[4] + tz * r[7]), -(tx * r[2] + ty * r[5] + tz * r[8]), 1,
        ])
    }
}
