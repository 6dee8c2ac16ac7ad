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

/// The table of `CALayer`'s animatable properties ("Animatable Properties" in the Core
/// Animation Programming Guide) and the structure fields of "Key Path Support for
/// Structure Fields", mapped to the kind of value each holds.
public enum LayerKeyPaths {
    /// Every animatable `CALayer` property and its kind. `frame` is absent: the guide says
    /// it is not animatable (animate `bounds` and `position`). `anchorPointZ` and
    /// `contentsCenter` are animatable numbers and rectangles on Core Animation too.
    public static let properties: [String: ValueKind] = [
        "anchorPoint": .point, "anchorPointZ": .scalar, "backgroundColor": .color,
        "backgroundFilters": .discrete, "borderColor": .color, "borderWidth": .scalar,
        "bounds": .rect, "compositingFilter": .discrete, "contents": .discrete,
        "contentsRect": .rect, "contentsCenter": .rect, "cornerRadius": .scalar,
        "doubleSided": .boolean, "filters": .discrete, "hidden": .boolean, "mask": .discrete,
        "masksToBounds": .boolean, "opacity": .scalar, "position": .point,
        "shadowColor": .color, "shadowOffset": .size, "shadowOpacity": .scalar,
        "shadowPath": .discrete, "shadowRadius": .scalar, "sublayers": .discrete,
        "sublayerTransform": .transform, "transform": .transform, "zPosition": .scalar,
    ]

    /// The fields each kind of structure exposes to key paths, and their kinds.
    public static let structureFields: [ValueKind: [String: ValueKind]] = [
        .point: ["x": .scalar, "y": .scalar],
        .size: ["width": .scalar, "height": .scalar],
        .rect: [
            "origin": .point, "origin.x": .scalar, "origin.y": .scalar, "size": .size,
            "size.width": .scalar, "size.height": .scalar,
        ],
        .transform: Dictionary(
            uniqueKeysWithValues: Transform3D.Component.allCases.map { ($0.rawValue, ValueKind.scalar) }
                + [("translation", .size)]),
    ]

    /// The kind of value at `keyPath` — a property (`position`) or a structure field of
    /// one (`position.x`, `bounds.size.width`, `transform.rotation.z`,
    /// `transform.translation`) — or `nil` for a key path Core Animation does not animate.
    public static func kind(of keyPath: String) -> ValueKind? {
        if let kind = properties[keyPath] { return kind }
        let (property, field) = KeyPathValue.split(keyPath)
        guard !field.isEmpty, let kind = properties[property] else { return nil }
        return structureFields[kind]?[field]
    }
}
