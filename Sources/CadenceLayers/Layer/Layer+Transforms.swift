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
    /// 4. when the superlayer `isGeometryFlipped`, its flip `F`: y ↦ B.minY + B.maxY − y
    ///    (`B` its standardised bounds; x and z unchanged) — a sublayer at position y
    ///    sits at `B.minY + B.maxY − y` of the superlayer's bounds;
    /// 5. the superlayer's `sublayerTransform`, about the superlayer's anchor point (its
    ///    bounds point and `anchorPointZ`), unless this layer is the superlayer's mask
    ///    (a mask gets step 4, not step 5).
    ///
    /// So a sublayer's matrix is `own · F · S` (row vectors: `own` first). A root layer
    /// stops after step 3: its matrix maps into the space all roots share. This is the one
    /// place the chain is written (`LayerPlacement.localTransform` for steps 1–3,
    /// `LayerPlacement.sublayerSpace` and `maskSpace` for steps 4–5); `frame`, conversion,
    /// hit testing and the compositor's world matrices all start from it. Core Animation's
    /// layers flatten their sublayers into their own plane, so a chain of levels composes
    /// through `Transform3D.flattenedToPlane` of each level (see `convert(_:from:)`).
    ///
    /// Cost: four row updates for the translations, plus one matrix product when the
    /// superlayer has a sublayer transform or a flip (the flip itself is four row updates).
    public var transformToSuperlayer: Transform3D {
        let own = localTransform
        guard let superlayer else { return own }
        let parent = superlayer.placement
        guard let space = superlayer.mask === self ? parent.maskSpace : parent.sublayerSpace else { return own }
        return own.concatenating(space)
    }

    /// `transformToSuperlayer` as if this layer were a sublayer of `superlayer` (`nil`: a
    /// root): its own placement, then `superlayer`'s flip and sublayer transform (steps
    /// 1–5, never the mask's rule). For placing a tree where a sublayer of `superlayer`
    /// would be without putting it there (a transition's previous rendering, whose
    /// `superlayer` already is the layer's: there both give the same matrix). Cost as
    /// `transformToSuperlayer`.
    public func transformToSuperlayer(asSublayerOf superlayer: Layer?) -> Transform3D {
        let own = localTransform
        guard let space = superlayer?.placement.sublayerSpace else { return own }
        return own.concatenating(space)
    }

    /// Steps 1–3 of `transformToSuperlayer`: the layer's own placement, without its
    /// superlayer's sublayer transform (what `frame` is computed from).
    var localTransform: Transform3D { placement.localTransform }

    /// The anchor point in the layer's own coordinates: `(x, y)` in the standardised bounds
    /// and `anchorPointZ`.
    var anchorInBounds: SIMD3<Double> { placement.anchorInBounds }

    /// `p` (in this layer's space) in its superlayer's space, or `nil` when it has no image
    /// there: it lies at or behind the viewer (W ≤ 0) or lands on a non-finite point.
    func mapToSuperlayer(_ p: Point) -> Point? {
        Self.project(transformToSuperlayer.homogeneous(x: p.x, y: p.y, z: 0))
    }

    /// `p` (in the superlayer's space) in this layer's space: the point of this layer's
    /// plane that lands on it. `nil` when the level is singular (the layer is edge-on or
    /// flattened to a line or point) or the point has no preimage in front of the viewer.
    func mapFromSuperlayer(_ p: Point) -> Point? {
        transformToSuperlayer.mapFromPlaneReference(p)
    }

    /// `(X/W, Y/W)`, or `nil` unless `W > 0` and the quotient is finite.
    @inline(__always)
    static func project(_ h: SIMD4<Double>) -> Point? {
        guard h[3] > 0 else { return nil }
        let x = h[0] / h[3], y = h[1] / h[3]
        guard x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    /// The properties of this layer its level of the chain and hit testing read, the style
    /// rule applied, from one read of the storage (the getters would each pay a read, with
    /// its exclusivity check).
    @inline(__always)
    var placement: LayerPlacement {
        let hot = storage.hot
        if let unstyled = LayerPlacement(
            unstyled: hot, transform: { storage.transform }, sublayerTransform: { storage.sublayerTransform }) {
            return unstyled
        }
        return LayerPlacement(
            bounds: bounds, position: position, zPosition: zPosition, anchorPoint: anchorPoint,
            anchorPointZ: anchorPointZ, transform: transform, isHidden: isHidden, masksToBounds: masksToBounds,
            isGeometryFlipped: isGeometryFlipped, sublayerTransform: sublayerTransform)
    }
}

/// A layer's placement properties as the chain reads them (`Layer.placement`), and the
/// chain's formulas over them.
struct LayerPlacement {
    var bounds: Rect
    var position: Point
    var zPosition: Double
    var anchorPoint: Point
    var anchorPointZ: Double
    var transform: Transform3D
    var isHidden: Bool
    var masksToBounds: Bool
    var isGeometryFlipped: Bool
    /// Whether `sublayerTransform` is not the identity.
    var hasSublayerTransform: Bool
    var sublayerTransform: Transform3D
    /// Whether `transform` is the identity.
    var transformIsIdentity: Bool

    init(
        bounds: Rect, position: Point, zPosition: Double, anchorPoint: Point, anchorPointZ: Double,
        transform: Transform3D, isHidden: Bool, masksToBounds: Bool, isGeometryFlipped: Bool = false,
        sublayerTransform: Transform3D
    ) {
        self.bounds = bounds
        self.position = position
        self.zPosition = zPosition
        self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ
        self.transform = transform
        self.isHidden = isHidden
        self.masksToBounds = masksToBounds
        self.isGeometryFlipped = isGeometryFlipped
        self.sublayerTransform = sublayerTransform
        hasSublayerTransform = !sublayerTransform.isIdentity
        transformIsIdentity = transform.isIdentity
    }

    /// The stored values, which the getters return for a layer without a style: `hot`,
    /// and the transforms only when they are not the identity (`nil` for a layer with a
    /// style).
    @inline(__always)
    init?(unstyled hot: LayerStorage.Hot, transform: () -> Transform3D, sublayerTransform: () -> Transform3D) {
        guard !hot.hasStyle else { return nil }
        bounds = hot.bounds
        position = hot.position
        zPosition = hot.zPosition
        anchorPoint = hot.anchorPoint
        anchorPointZ = hot.anchorPointZ
        transformIsIdentity = hot.transformIsIdentity
        self.transform = hot.transformIsIdentity ? Self.identity : transform()
        isHidden = hot.isHidden
        masksToBounds = hot.masksToBounds
        isGeometryFlipped = hot.isGeometryFlipped
        hasSublayerTransform = hot.hasSublayerTransform
        self.sublayerTransform = hot.hasSublayerTransform ? sublayerTransform() : Self.identity
    }

    /// The identity, as a constant (no read of a global).
    static var identity: Transform3D {
        @inline(__always) get {
            Transform3D(rows: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
        }
    }

    /// `Layer.anchorInBounds`.
    @inline(__always)
    var anchorInBounds: SIMD3<Double> {
        let b = bounds.standardized
        let a = anchorPoint
        return SIMD3(b.origin.x + a.x * b.size.width, b.origin.y + a.y * b.size.height, anchorPointZ)
    }

    /// Steps 1–3 of `Layer.transformToSuperlayer`.
    @inline(__always)
    var localTransform: Transform3D {
        let anchor = anchorInBounds
        let p = position
        return transform.translatedBy(x: -anchor.x, y: -anchor.y, z: -anchor.z)
            .translatedAfter(by: SIMD3(p.x, p.y, zPosition))
    }

    /// Steps 4–5 of `Layer.transformToSuperlayer` for this layer's sublayers: its flip
    /// (when `isGeometryFlipped`), then its sublayer transform about its anchor point;
    /// `nil` when there is neither.
    @inline(__always)
    var sublayerSpace: Transform3D? {
        guard hasSublayerTransform else { return maskSpace }
        let anchor = anchorInBounds
        let space = sublayerTransform.translatedBy(x: -anchor.x, y: -anchor.y, z: -anchor.z).translatedAfter(by: anchor)
        return isGeometryFlipped ? space.yFlippedBefore(aboutSum: flipSum) : space
    }

    /// Step 4 of `Layer.transformToSuperlayer` for this layer's mask: its flip when
    /// `isGeometryFlipped`, else `nil` (the sublayer transform does not apply to a mask).
    @inline(__always)
    var maskSpace: Transform3D? {
        guard isGeometryFlipped else { return nil }
        return Transform3D(rows: SIMD4(1, 0, 0, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, flipSum, 0, 1))
    }

    /// `B.minY + B.maxY` of the standardised bounds: the flip sends y to this minus y.
    @inline(__always)
    var flipSum: Double {
        let b = bounds.standardized
        return b.origin.y + (b.origin.y + b.size.height)
    }

    /// Whether `point`, in the layer's space, is inside its bounds (`Layer.contains`).
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The largest translation the exact shortcut of `mapFromSuperlayer` takes: far below
    /// the 1e14 where the level would count as singular (`Transform3D.inverse`'s test is
    /// relative to the rows' lengths, the translation row included).
    static let shortcutTranslationLimit = 1e12

    /// `p` (in the superlayer's space) in this layer's space, for a layer whose level is
    /// `localTransform` followed by `space` (its superlayer's `sublayerSpace`, or `nil`):
    /// `Layer.mapFromSuperlayer(_:)`.
    ///
    /// When the level is a translation (identity `transform`, no `space`) the inverse of
    /// the flattened level is the negated translation, and the general path's arithmetic —
    /// adjugate, products by 0 and 1, division by W = 1 — reduces exactly to
    /// `p − translation`: the same result, up to the sign of a zero, without the inverse
    /// (`LayerHitTestingTests` checks the two against each other).
    @inline(__always)
    func mapFromSuperlayer(_ p: Point, space: Transform3D?) -> Point? {
        if space == nil, transformIsIdentity {
            let anchor = anchorInBounds
            let tx = -anchor.x + position.x, ty = -anchor.y + position.y
            let limit = Self.shortcutTranslationLimit
            if Swift.abs(tx) < limit, Swift.abs(ty) < limit {
                let x = p.x - tx, y = p.y - ty
                guard x.isFinite, y.isFinite else { return nil }
                return Point(x: x, y: y)
            }
        }
        return mapFromSuperlayerGeneral(p, space: space)
    }

    /// `mapFromSuperlayer(_:space:)` without the translation shortcut. An affine level
    /// takes `Transform3D.mapFromPlaneAffine`, the inverse's arithmetic without its terms
    /// that are products of zeros; others, the inverse of the flattened level.
    @inline(__always)
    func mapFromSuperlayerGeneral(_ p: Point, space: Transform3D?) -> Point? {
        let own = localTransform
        let level = space.map { own.concatenating($0) } ?? own
        if let mapped = level.mapFromPlaneAffine(p) { return mapped.point }
        return level.mapFromPlaneReference(p)
    }
}

extension Transform3D {
    /// The reference for mapping `p` back through this level of the chain: the inverse of
    /// the flattened level, then the homogeneous divide (`Layer.project`); `nil` when the
    /// level is singular or the point has no preimage in front of the viewer.
    func mapFromPlaneReference(_ p: Point) -> Point? {
        guard let inverse = flattenedToPlane.inverse else { return nil }
        return Layer.project(inverse.homogeneous(x: p.x, y: p.y, z: 0))
    }

    /// `mapFromPlaneReference(p)` for an affine level (`m14 = m24 = 0`, `m44 = 1`), as
    /// `(point)`; `nil` (outer) for any other level, which the caller maps the reference
    /// way.
    ///
    /// For such a level the flattened matrix has rows (A, B, 0, 0), (C, D, 0, 0),
    /// (0, 0, 1, 0), (E, G, 0, 1), and every term of `inverse` and `homogeneous` that
    /// involves one of the zeros is an exact zero (or a product by an exact 1). What is
    /// left is computed here with the same operations in the same order: det = AD − CB
    /// (with the same singularity test, on the same rows), k = 1/det, the inverse's
    /// entries times k, X = (Dk·x + (−Ck)·y) + (CG − DE)k, Y = (−Bk·x + Ak·y) + (BE − AG)k,
    /// W = det·k. So the result is the reference's bit for bit, up to the sign of a zero
    /// (`LayerConversionTests` checks it), at about a third of the cost.
    @inline(__always)
    func mapFromPlaneAffine(_ p: Point) -> (point: Point?, Void)? {
        guard r1[3] == 0, r2[3] == 0, r4[3] == 1 else { return nil }
        let a = SIMD4(r1[0], r1[1], 0, r1[3]), b = SIMD4(r2[0], r2[1], 0, r2[3])
        let c = SIMD4<Double>(0, 0, 1, 0), d = SIMD4(r4[0], r4[1], 0, r4[3])
        let (A, B, C, D, E, G) = (a[0], a[1], b[0], b[1], d[0], d[1])
        let det = A * D - C * B
        let hadamardSquared = (a * a).sum() * (b * b).sum() * (c * c).sum() * (d * d).sum()
        let threshold = Transform3D.singularityThreshold
        guard det * det > threshold * threshold * hadamardSquared else { return (nil, ()) }
        let k = 1 / det
        let x = (D * k) * p.x + (-C * k) * p.y + (C * G - D * E) * k
        let y = (-B * k) * p.x + (A * k) * p.y + (B * E - A * G) * k
        let w = det * k
        guard w > 0 else { return (nil, ()) }
        let px = x / w, py = y / w
        guard px.isFinite, py.isFinite else { return (nil, ()) }
        return (Point(x: px, y: py), ())
    }

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

    /// `F · self`, `F` the flip y ↦ c − y (x, z unchanged) applied before this transform:
    /// its rows are this one's with the second negated and `c` times the second added to
    /// the fourth (four row updates, no product).
    @inline(__always)
    func yFlippedBefore(aboutSum c: Double) -> Transform3D {
        Transform3D(rows: r1, -r2, r3, r4 + c * r2)
    }

    /// `self · translation(t)`: the translation applied after this transform.
    @inline(__always)
    func translatedAfter(by t: SIMD3<Double>) -> Transform3D {
        let d = SIMD4(t.x, t.y, t.z, 0)
        return Transform3D(rows: r1 + d * r1[3], r2 + d * r2[3], r3 + d * r3[3], r4 + d * r4[3])
    }
}
