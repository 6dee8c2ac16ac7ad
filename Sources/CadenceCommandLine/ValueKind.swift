/// The kinds of value a key path animates (INTERFACE.md's value table), and which kind the
/// layer properties Cadence knows take.
enum ValueKind: String, Sendable {
    case scalar, point, size, rect, color, transform

    /// How a value of this kind is written in JSON.
    var encoding: String {
        switch self {
        case .scalar: return "a number"
        case .point: return "[x, y]"
        case .size: return "[width, height]"
        case .rect: return "[x, y, width, height]"
        case .color: return "[r, g, b, a]"
        case .transform: return "16 numbers m11…m44"
        }
    }

    /// The kind of a key path Cadence knows, or `nil` for any other key path (whose kind
    /// then comes from the shape of its values).
    static func of(keyPath: String) -> ValueKind? { known[keyPath] }

    private static let known: [String: ValueKind] = {
        var table: [String: ValueKind] = [:]
        let scalars = [
            "opacity", "zPosition", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius",
            "anchorPointZ",
            "position.x", "position.y", "anchorPoint.x", "anchorPoint.y",
            "bounds.origin.x", "bounds.origin.y", "bounds.size.width", "bounds.size.height",
            "shadowOffset.width", "shadowOffset.height",
            "transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z",
            "transform.scale", "transform.scale.x", "transform.scale.y", "transform.scale.z",
            "transform.translation.x", "transform.translation.y", "transform.translation.z",
            "sublayerTransform.rotation", "sublayerTransform.rotation.x", "sublayerTransform.rotation.y",
            "sublayerTransform.rotation.z", "sublayerTransform.scale", "sublayerTransform.scale.x",
            "sublayerTransform.scale.y", "sublayerTransform.scale.z", "sublayerTransform.translation.x",
            "sublayerTransform.translation.y", "sublayerTransform.translation.z",
        ]
        for path in scalars { table[path] = .scalar }
        for path in ["position", "anchorPoint", "bounds.origin"] { table[path] = .point }
        for path in ["bounds.size", "shadowOffset", "transform.translation", "sublayerTransform.translation"] {
            table[path] = .size
        }
        for path in ["bounds", "contentsRect", "contentsCenter"] { table[path] = .rect }
        for path in ["backgroundColor", "borderColor", "shadowColor"] { table[path] = .color }
        for path in ["transform", "sublayerTransform"] { table[path] = .transform }
        return table
    }()
}
