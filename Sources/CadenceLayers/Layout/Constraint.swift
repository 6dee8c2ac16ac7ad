/// One relationship of a constraint layout (Core Animation's `CAConstraint`): an attribute
/// of the constrained layer equals `scale · source + offset`, where `source` is an
/// attribute of a sibling (by `name`) or of the superlayer.
///
/// Read by `ConstraintLayoutManager` from the `constraints` of the sublayers of the layer it
/// lays out. A constraint whose `scale` or `offset` is not finite, or whose `sourceName`
/// names no sibling, is ignored (`docs/layout.md`).
public struct Constraint: Hashable, Sendable {
    /// A geometric attribute of a layer's frame (`CAConstraintAttribute`, with its raw
    /// values): the edges, the middle and the extent along x and y. A sibling's attributes
    /// are read from its frame, the superlayer's from its bounds (the space the frames
    /// live in).
    public enum Attribute: Int, CaseIterable, Hashable, Sendable {
        case minX = 0, midX, maxX, width, minY, midY, maxY, height

        /// Whether the attribute lies along x.
        public var isHorizontal: Bool { rawValue < Attribute.minY.rawValue }
    }

    /// The name that means the superlayer (`"superlayer"`; the empty name means it too).
    public static let superlayerName = "superlayer"

    /// The attribute this constraint sets.
    public var attribute: Attribute
    /// The layer it is relative to: a sibling's `name`, or `"superlayer"` / `""`.
    public var sourceName: String
    /// The attribute of that layer it reads.
    public var sourceAttribute: Attribute
    /// Multiplies the source attribute (unitless). Default 1.
    public var scale: Double
    /// Added after scaling, in points. Default 0.
    public var offset: Double

    /// `attribute = scale · sourceName.sourceAttribute + offset`
    /// (`constraintWithAttribute:relativeTo:attribute:scale:offset:`).
    public init(
        attribute: Attribute, relativeTo sourceName: String, attribute sourceAttribute: Attribute,
        scale: Double = 1, offset: Double = 0
    ) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
    }

    /// Whether the source is the superlayer.
    public var isRelativeToSuperlayer: Bool { sourceName.isEmpty || sourceName == Self.superlayerName }

    /// Whether the layout manager can use it: finite `scale` and `offset`.
    public var isUsable: Bool { scale.isFinite && offset.isFinite }
}

extension Layer {
    /// The constraints that place this layer within its superlayer when the superlayer's
    /// `layoutManager` is a `ConstraintLayoutManager` (`constraints`). Default empty.
    /// Setting them marks the superlayer as needing layout.
    public var constraints: [Constraint] {
        get { storage.constraints }
        set {
            storage.constraints = newValue
            superlayer?.setNeedsLayout()
        }
    }

    /// Appends `constraint` (`addConstraint:`).
    public func addConstraint(_ constraint: Constraint) {
        constraints.append(constraint)
    }
}
