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
    /// A `Path` (a shape layer's `path`), SVG path data in JSON. Paths of the same structure
    /// (the same element kinds in the same order) interpolate point by point; others switch
    /// at the halfway point (`Path`'s `AnimatableValue` conformance).
    case path
    /// A list of colours (a gradient layer's `colors`), `[[r, g, b, a], …]`: element-wise
    /// through unpremultiplied components (as `color`) when the counts match, else a switch
    /// at halfway.
    case colorList
    /// A list of numbers (a gradient layer's `locations`), `[n, …]`: element-wise when the
    /// counts match, else a switch at halfway.
    case numberList
    /// A Boolean (`hidden`, `masksToBounds`, `doubleSided`): animates discretely.
    case boolean
    /// A string (`fillMode`, `contentsGravity`, the filter names, `name`): set, never
    /// animated.
    case string
    /// Anything else Core Animation animates only discretely or by transition (`contents`,
    /// `mask`, `sublayers`, `shadowPath`, filters).
    case discrete
}
