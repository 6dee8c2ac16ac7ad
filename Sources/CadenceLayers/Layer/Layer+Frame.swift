import CadenceGeometry

extension Layer {
    /// The layer's rectangle in its superlayer's coordinate space: the bounding box of its
    /// bounds after the layer's own placement (bounds origin, anchor point, `transform`,
    /// `position`; not the superlayer's `sublayerTransform`). Never stored; not animatable.
    ///
    /// Getter: with an identity transform, `position − anchorPoint · bounds.size` and the
    /// bounds size — position (100, 100) with bounds (0, 0, 120, 80) gives (40, 60, 120, 80).
    /// A rotated layer's frame is the box around it. A corner at or behind the viewer under
    /// perspective makes the box infinite, as `Transform3D.boundingBox(of:)` says.
    ///
    /// Setter (the guide): the bounds size becomes the frame's size and `position` moves
    /// the anchor point to its place in the frame; the bounds origin is untouched, a
    /// negative size is standardised first, and a non-finite frame is refused. When the
    /// transform maps the layer's plane by an axis-aligned scale and translation (no
    /// rotation about z, shear or perspective — flips and foreshortening rotations about x
    /// or y included) the setter solves for it, so reading the frame back gives what was
    /// set; along an axis the transform scales by 0 the bounds size is kept and only the
    /// frame's origin is honoured. Under any other transform (Apple: undefined) the setter
    /// ignores the transform and sets size and position as for the identity.
    public var frame: Rect {
        get {
            let b = bounds.standardized
            guard let axes = planeAxes else { return localTransform.boundingBox(of: b) }
            let a = anchorPoint
            let p = position
            let (x, width) = axes.x.frameEdge(anchor: a.x, extent: b.size.width, position: p.x)
            let (y, height) = axes.y.frameEdge(anchor: a.y, extent: b.size.height, position: p.y)
            return Rect(x: x, y: y, width: width, height: height)
        }
        set {
            guard newValue.isFiniteValue else { return }
            let f = newValue.standardized
            let axes = planeAxes ?? (FrameAxis.identity, FrameAxis.identity)
            let a = anchorPoint
            let b = bounds
            let (x, width) = axes.x.solve(minEdge: f.minX, extent: f.width, anchor: a.x, current: b.width)
            let (y, height) = axes.y.solve(minEdge: f.minY, extent: f.height, anchor: a.y, current: b.height)
            bounds = Rect(origin: b.origin, size: Size(width: width, height: height))
            position = Point(x: x, y: y)
        }
    }

    /// The transform's action on the layer's plane as one scale and offset per axis, when
    /// it is that simple (`m12 = m21 = m14 = m24 = 0` and a positive w); `nil` otherwise.
    /// The offset includes what `anchorPointZ` contributes through `m31`, `m32`.
    var planeAxes: (x: FrameAxis, y: FrameAxis)? {
        let t = transform
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0 else { return nil }
        let z = -anchorPointZ
        let w = z * t.m34 + t.m44
        guard w > 0 else { return nil }
        return (FrameAxis(scale: t.m11 / w, offset: (z * t.m31 + t.m41) / w),
                FrameAxis(scale: t.m22 / w, offset: (z * t.m32 + t.m42) / w))
    }

    /// The affine part of `transform` when it is affine (`Transform3D.isAffine`), the
    /// identity otherwise (Core Animation's `affineTransform`). Setting it replaces the
    /// whole transform with the affine one.
    public var affineTransform: AffineTransform {
        get {
            let t = transform
            return t.isAffine ? t.affineTransform : .identity
        }
        set { transform = Transform3D(newValue) }
    }
}

/// One axis of a layer's placement under a scale-and-offset transform: a bounds coordinate
/// `u` measured from the anchor lands at `position + offset + scale · u`.
struct FrameAxis {
    var scale: Double
    var offset: Double

    static let identity = FrameAxis(scale: 1, offset: 0)

    /// The frame's minimum edge and extent for a layer of bounds extent `extent` whose
    /// anchor sits at fraction `anchor` of it.
    func frameEdge(anchor: Double, extent: Double, position: Double) -> (Double, Double) {
        let lowest = scale >= 0 ? -anchor * extent : (1 - anchor) * extent
        return (position + offset + scale * lowest, Swift.abs(scale) * extent)
    }

    /// The position and bounds extent that put the frame's minimum edge at `minEdge` with
    /// extent `extent` (≥ 0). A zero scale keeps `current` and places the edge only.
    func solve(minEdge: Double, extent: Double, anchor: Double, current: Double) -> (Double, Double) {
        guard scale != 0 else { return (minEdge - offset, current) }
        // The anchor sits at fraction `anchor` of the frame, or `1 − anchor` when flipped.
        let fraction = scale > 0 ? anchor : 1 - anchor
        return (minEdge - offset + fraction * extent, extent / Swift.abs(scale))
    }
}
