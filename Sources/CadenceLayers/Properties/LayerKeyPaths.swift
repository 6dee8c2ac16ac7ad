import CadenceAnimation
import CadenceGeometry

/// The table of `CALayer`'s animatable properties ("Animatable Properties" in the Core
/// Animation Programming Guide) and the structure fields of "Key Path Support for
/// Structure Fields", mapped to the kind of value each holds.
public enum LayerKeyPaths {
    /// Every animatable `CALayer` property and its kind. `frame` is absent: the guide says
    /// it is not animatable (animate `bounds` and `position`). `anchorPointZ` and
    /// `contentsCenter` are animatable numbers and rectangles on Core Animation too, and the
    /// Quartz Core reference marks `shouldRasterize` and `rasterizationScale` animatable.
    ///
    /// Derived from the layer's property table (`LayerKey`: the properties declared
    /// animatable, with their kinds), plus the animatable properties whose values key-value
    /// coding cannot carry, which animate discretely or by transition, and the properties
    /// of variable size (`path`, `colors`, `locations`: `LayerListKey`).
    public static let properties: [String: ValueKind] = Dictionary(
        uniqueKeysWithValues: LayerKey.allCases.filter { $0.property.isAnimatable }.map { ($0.name, $0.kind) }
            + LayerListKey.allCases.map { ($0.rawValue, $0.kind) }
            + ["backgroundFilters", "compositingFilter", "contents", "filters", "mask", "shadowPath", "sublayers"]
            .map { ($0, ValueKind.discrete) })

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
