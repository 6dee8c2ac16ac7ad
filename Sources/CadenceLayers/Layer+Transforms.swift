import CadenceGeometry

// The matrix chain from a layer's coordinate space to its superlayer's, in Core
// Animation's row-vector convention ([x y z 1] · M, `a.concatenating(b)` applies `a`
// first). `docs/layers.md` draws it.

extension Layer {
    /// The matrix from this layer's coordinate space (its bounds) to its superlayer's:
    ///
    /// 1. bounds origin and anchor: move the anchor point — `bounds.origin + anchorPoint ·
    ///    bounds.size` (standardised bounds) and `anchorPointZ` — to the origin;
    /// 2. `transform`;
    /// 3. `position` and `zPosition`: move the origin there;
    /// 4. the superlayer's `sublayerTransform`, about the superlayer's anchor point (its
    ///    bounds point and `anchorPointZ`), unless this layer is the superlayer's mask.
    ///
    /// A root layer stops after step 3: its matrix maps into the space all roots share.
    /// This is the one place the chain is written; `frame`, conversion, hit testing and the
    /// compositor's world matrices all start from it. Core Animation's layers flatten
    /// their sublayers into their own plane, so a chain of levels composes through
    /// `Transform3D.flattenedToPlane` of each level (see `convert(_:from:)`).
    ///
    /// Cost: four row updates for the translations, plus one matrix product when the
    /// superlayer has a sublayer transform.
    public var transformToSuperlayer: Transform3D {
        let own = localTransform
        guard let superlayer, superlayer.mask !== self else { return own }
        let sublayerTransform = superlayer.sublayerTransform
        guard !sublayerTransform.isIdentity else { return own }
        let anchor = superlayer.anchorInBounds
        return own.concatenating(
            sublayerTransform.translatedBy(x: -anchor.x, y: -anchor.y, z: -anchor.z).translatedAfter(by: anchor))
    }

    /// Steps 1–3 of `transformToSuperlayer`: the layer's own placement, without its
    /// superlayer's sublayer transform (what `frame` is computed from).
    var localTransform: Transform3D {
        let anchor = anchorInBounds
        let p = position
        return transform.translatedBy(x: -anchor.x, y: -anchor.y, z: -anchor.z)
            .translatedAfter(by: SIMD3(p.x, p.y, zPosition))
    }

    /// The anchor point in the layer's own coordinates: `(x, y)` in the standardised bounds
    /// and `anchorPointZ`.
    var anchorInBounds: SIMD3<Double> {
        let b = bounds.standardized
        let a = anchorPoint
        return SIMD3(b.origin.x + a.x * b.size.width, b.origin.y + a.y * b.size.height, anchorPointZ)
    }

    /// `p` (in this layer's space) in its superlayer's space, or `nil` when it has no image
    /// there: it lies at or behind the viewer (W ≤ 0) or lands on a non-finite point.
    func mapToSuperlayer(_ p: Point) -> Point? {
        Self.project(transformToSuperlayer.homogeneous(x: p.x, y: p.y, z: 0))
    }

    /// `p` (in the superlayer's space) in this layer's space: the point of this layer's
    /// plane that lands on it. `nil` when the level is singular (the layer is edge-on or
    /// flattened to a line or point) or the point has no preimage in front of the viewer.
    func mapFromSuperlayer(_ p: Point) -> Point? {
        guard let inverse = transformToSuperlayer.flattenedToPlane.inverse else { return nil }
        return Self.project(inverse.homogeneous(x: p.x, y: p.y, z: 0))
    }

    /// `(X/W, Y/W)`, or `nil` unless `W > 0` and the quotient is finite.
    @inline(__always)
    static func project(_ h: SIMD4<Double>) -> Point? {
        guard h[3] > 0 else { return nil }
        let x = h[0] / h[3], y = h[1] / h[3]
        guard x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }
}

extension Transform3D {
    /// This transform restricted to the plane z = 0 on both sides — what a layer's content
    /// undergoes when Core Animation flattens it into its superlayer's plane: the third row
    /// and column become those of the identity, so the input's z is 0 and the output's z is
    /// dropped. The x, y and w parts (`m11 m12 m14`, `m21 m22 m24`, `m41 m42 m44`) form the
    /// plane-to-plane homography, which `inverse` inverts exactly when it is invertible.
    public var flattenedToPlane: Transform3D {
        Transform3D(
            rows: SIMD4(r1[0], r1[1], 0, r1[3]), SIMD4(r2[0], r2[1], 0, r2[3]),
            SIMD4(0, 0, 1, 0), SIMD4(r4[0], r4[1], 0, r4[3]))
    }

    /// `self · translation(t)`: the translation applied after this transform.
    @inline(__always)
    func translatedAfter(by t: SIMD3<Double>) -> Transform3D {
        let d = SIMD4(t.x, t.y, t.z, 0)
        return Transform3D(rows: r1 + d * r1[3], r2 + d * r2[3], r3 + d * r3[3], r4 + d * r4[3])
    }
}
