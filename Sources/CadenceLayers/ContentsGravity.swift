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
