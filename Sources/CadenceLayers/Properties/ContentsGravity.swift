import CadenceGeometry

/// How a layer's contents are placed in its bounds (Core Animation's `contentsGravity`,
/// the `kCAGravity…` constants; the raw values are their strings). Default `.resize`.
///
/// The position-based cases pin the image, unscaled, to an edge, a corner or the centre;
/// the scaling cases fit it: `.resize` fills the bounds (the only one that does not keep
/// the aspect ratio), `.resizeAspect` fits it inside, `.resizeAspectFill` fills the bounds
/// and lets the image overflow in one axis, centred in that axis.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable, Codable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

extension ContentsGravity {
    /// Where contents of natural size `natural` (points) land in `bounds` under this
    /// gravity — the rectangle the compositor draws the image into (`docs/compositor.md`
    /// § 9): `bounds` for `.resize`; the largest rectangle of the contents' aspect that fits
    /// (`.resizeAspect`) or the smallest that covers (`.resizeAspectFill`, overflowing),
    /// centred; otherwise the natural size, unscaled, pinned by the gravity. The names are
    /// Core Animation's, whose geometry is y-up: `top` is the maximum y of `bounds`,
    /// `bottom` the minimum (a `geometryFlipped` layer, or a y-up canvas, shows them the
    /// way up the names say).
    ///
    /// `bounds` is standardised first. `nil` — nothing drawn — for a natural size that is
    /// not finite and positive, a scaling gravity on bounds of zero area, or a result that
    /// is not finite.
    public func destination(in bounds: Rect, naturalSize natural: Size) -> Rect? {
        let b = bounds.standardized
        guard natural.width > 0, natural.height > 0, natural.width.isFinite, natural.height.isFinite else { return nil }
        let size: Size
        switch self {
        case .resize:
            size = b.size
        case .resizeAspect, .resizeAspectFill:
            guard b.width > 0, b.height > 0 else { return nil }
            let fx = b.width / natural.width, fy = b.height / natural.height
            let f = self == .resizeAspect ? Swift.min(fx, fy) : Swift.max(fx, fy)
            size = Size(width: natural.width * f, height: natural.height * f)
        default:
            size = natural
        }
        guard size.width > 0, size.height > 0 else { return nil }
        let left = b.minX, centreX = b.midX - size.width / 2, right = b.maxX - size.width
        let bottom = b.minY, centreY = b.midY - size.height / 2, top = b.maxY - size.height
        let origin: (Double, Double)
        switch self {
        case .resize: origin = (b.minX, b.minY)
        case .resizeAspect, .resizeAspectFill, .center: origin = (centreX, centreY)
        case .top: origin = (centreX, top)
        case .bottom: origin = (centreX, bottom)
        case .left: origin = (left, centreY)
        case .right: origin = (right, centreY)
        case .topLeft: origin = (left, top)
        case .topRight: origin = (right, top)
        case .bottomLeft: origin = (left, bottom)
        case .bottomRight: origin = (right, bottom)
        }
        let d = Rect(x: origin.0, y: origin.1, width: size.width, height: size.height)
        guard d.origin.x.isFinite, d.origin.y.isFinite, d.maxX.isFinite, d.maxY.isFinite else { return nil }
        return d
    }

    /// The natural size, in points, of an image of `imageSize` pixels shown through
    /// `contentsRect` at `contentsScale`: `(|contentsRect.width| · W, |contentsRect.height|
    /// · H) / contentsScale`. A scale that is not finite and positive reads as 1, a
    /// `contentsRect` with a non-finite field as the unit square. `nil` when the result is
    /// not finite and positive.
    public static func naturalSize(imageSize: Size, contentsScale: Double = 1, contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) -> Size? {
        let (w, h) = (imageSize.width, imageSize.height)
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let finite = contentsRect.origin.x.isFinite && contentsRect.origin.y.isFinite
            && contentsRect.size.width.isFinite && contentsRect.size.height.isFinite
        let cr = finite ? contentsRect : Rect(x: 0, y: 0, width: 1, height: 1)
        let n = Size(width: Swift.abs(cr.size.width) * w / scale, height: Swift.abs(cr.size.height) * h / scale)
        guard n.width > 0, n.height > 0, n.width.isFinite, n.height.isFinite else { return nil }
        return n
    }
}

extension Layer {
    /// Where contents of `imageSize` pixels land in this layer's bounds, in its own
    /// coordinates: `contentsGravity.destination(in:naturalSize:)` with the natural size
    /// from this layer's `contentsScale` and `contentsRect` — the rectangle the compositor
    /// draws them into (an unknown gravity name acts as `.resize`). `nil` when nothing
    /// would be drawn.
    public func contentsDestination(imageSize: Size) -> Rect? {
        guard let natural = ContentsGravity.naturalSize(imageSize: imageSize, contentsScale: contentsScale, contentsRect: contentsRect)
        else { return nil }
        return contentsGravity.destination(in: bounds, naturalSize: natural)
    }
}
