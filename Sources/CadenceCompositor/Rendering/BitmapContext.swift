import CadenceGeometry
import CadencePixels

/// A bitmap graphics context as Core Graphics makes one, for `Compositor.render(layerTree:in:)`
/// (Core Animation's `renderInContext:`): a size in pixels, a current transformation matrix,
/// and which way its y axis points.
///
/// A point `p` of the context's user space (where the layer's bounds coordinates land) goes
/// to `p · transform` in the context's base space, whose units are pixels and whose origin
/// is the bottom-left corner with y up (`origin` `.bottomLeft`, the default: a
/// `CGBitmapContext`), or the top-left corner with y down (`.topLeft`: a context flipped
/// as UIKit's image renderers flip theirs). Pixel `(i, j)` of the resulting bitmap (row 0
/// at the top, as every `Bitmap`) covers `i ..< i + 1` across and, in base space,
/// `height − j − 1 ..< height − j` up (y up) or `j ..< j + 1` down (y down).
public struct BitmapContext: Hashable, Sendable {
    /// The size in pixels; `Compositor.render(layerTree:in:)` accepts 1…`Bitmap.maxDimension`.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The current transformation matrix: user space to base space (pixels). Default
    /// identity (one point per pixel). A context of scale 2 is `AffineTransform(scaleX: 2, y: 2)`;
    /// translations move the origin (Core Graphics' `CGContextTranslateCTM`, applied
    /// before the scale when concatenated first: `translation.concatenating(scale)`).
    public var transform: AffineTransform
    /// Where the base space's origin is, and so which way y points: `.bottomLeft`, y up
    /// (Core Graphics; the default), or `.topLeft`, y down.
    public var origin: Canvas.Origin
    /// The colour the bitmap is cleared to (unpremultiplied); `nil`, the default, is
    /// transparent (a new bitmap context's pixels).
    public var background: Color?

    public init(
        pixelWidth: Int, pixelHeight: Int, transform: AffineTransform = .identity, origin: Canvas.Origin = .bottomLeft,
        background: Color? = nil
    ) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.transform = transform
        self.origin = origin
        self.background = background
    }

    /// User space to pixels (y down, row 0 at the top) as a row-vector 3D matrix: the
    /// transform, then the flip of a y-up base space.
    var userToPixels: Transform3D {
        let ctm = Transform3D(transform)
        guard origin == .bottomLeft else { return ctm }
        let flip = Transform3D(
            rows: SIMD4(1, 0, 0, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, Double(pixelHeight), 0, 1))
        return ctm.concatenating(flip)
    }

    /// +1 when user space's y axis points down the bitmap, −1 when it points up (the sign
    /// of the map's determinant; +1 for a singular or non-finite transform, which draws
    /// nothing anyway).
    var orientation: Double {
        let t = transform
        let det = (t.a * t.d - t.b * t.c) * (origin == .bottomLeft ? -1 : 1)
        return det < 0 ? -1 : 1
    }
}
