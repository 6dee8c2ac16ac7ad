import CadenceGeometry

/// The kind of value a layer key path holds, which decides how an animation of it
/// interpolates (and how the command line reads its JSON).
public enum ValueKind: String, CaseIterable, Hashable, Sendable {
    /// A number (`Double`).
    case scalar
    /// A `Point`, `[x, y]` in JSON.
    case point
    /// A `Size`, `[width, height]`.
    case size
    /// A `Rect`, `[x, y, width, height]`.
    case rect
    /// A `Color`, `[r, g, b, a]`, unpremultiplied, 0…1.
    case color
    /// A `Transform3D`, 16 numbers in field order.
    case transform
    /// A Boolean (`hidden`, `masksToBounds`, `doubleSided`): animates discretely.
    case boolean
    /// A string (`fillMode`, `contentsGravity`, the filter names, `name`): set, never
    /// animated.
    case string
    /// Anything else Core Animation animates only discretely or by transition (`contents`,
    /// `mask`, `sublayers`, `shadowPath`, filters).
    case discrete
}
