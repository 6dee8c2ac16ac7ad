import CadenceAnimation
import CadenceGeometry

/// A type a layer property holds that key-value coding and `LayerStyle` can carry as a
/// `KeyPathValue`: `Double`, `Bool`, `Point`, `Size`, `Rect`, `Transform3D`, and the
/// optional `Color` of the colour properties — one per `ValueKind` (`LayerKey.kind`).
///
/// Reading a property by key (`read`, through the style rule as a getter does) and storing
/// one (`store`, into a storage directly) go through the accessors of the property's
/// declaration (`LayerKey`'s table); writing through a layer (`write`, with its finite
/// check and actions) is derived from `store`. Key-value coding (`LayerKey.read`,
/// `LayerKey.write`), the public properties (`Layer.subscript(_:)`) and presentation
/// snapshots (`PresentedValue`) go through them. No key path and no allocation: each
/// accessor is a closure without captures.
protocol LayerPropertyValue {
    /// The kind of `KeyPathValue` that carries this type.
    static var kind: ValueKind { get }
    /// The value carried by `value`, or `nil` when it is of another kind (only an
    /// optional type accepts a `nil` value).
    init?(keyPathValue value: KeyPathValue?)
    /// This value as a `KeyPathValue` (`nil` for an absent colour).
    var keyPathValue: KeyPathValue? { get }
    /// Whether every number in it is finite (layer properties refuse the others).
    var isFiniteValue: Bool { get }
    /// The accessors of a property stored as this type, or `nil` when `access` holds
    /// another type (or is `frame`, which is not stored).
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Self>?
}

extension LayerPropertyValue {
    /// The property `key` of `layer` through its getter (the style rule included), or
    /// `nil` when `key` holds another type.
    @inline(__always)
    static func read(_ key: LayerKey, of layer: Layer) -> Self? {
        let property = key.property
        guard let field = field(property.access) else {
            if case .frame = property.access { return layer.frame as? Self }
            return nil
        }
        let stored = field.get(layer)
        return property.readsStyle ? layer.styled(key, stored) : stored
    }

    /// Stores this value in the field of `storage` that holds `key`, with no check and no
    /// action (the caller decides: `write(_:to:)`, or a snapshot); nothing when `key` holds
    /// another type or is not stored (`frame`).
    @inline(__always)
    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        Self.field(key.property.access)?.set(&storage, self)
    }

    /// Assigns this value to the property `key` of `layer` as its setter does: refused when
    /// not finite (except in the media timing, which takes any number and runs no action),
    /// marked assigned, and through the layer's actions when it has a transaction context;
    /// `frame` and `bounds` through their setters. Nothing when `key` holds another type.
    func write(_ key: LayerKey, to layer: Layer) {
        if key == .frame {
            if let frame = self as? Rect { layer.frame = frame }
        } else if key == .bounds, let bounds = self as? Rect {
            layer.bounds = bounds  // the setter standardises and lays out
        } else if key.isMediaTiming {
            store(key, into: &layer.storage)
        } else {
            layer.assign(self, key) { storage, value in value.store(key, into: &storage) }
        }
    }
}

extension Double: LayerPropertyValue {
    static var kind: ValueKind { .scalar }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .scalar(let x)? = value else { return nil }
        self = x
    }
    var keyPathValue: KeyPathValue? { .scalar(self) }
    var isFiniteValue: Bool { isFinite }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Double>? {
        if case .scalar(let field) = access { field } else { nil }
    }
}

extension Bool: LayerPropertyValue {
    static var kind: ValueKind { .boolean }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .boolean(let b)? = value else { return nil }
        self = b
    }
    var keyPathValue: KeyPathValue? { .boolean(self) }
    var isFiniteValue: Bool { true }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Bool>? {
        if case .boolean(let field) = access { field } else { nil }
    }
}

extension Point: LayerPropertyValue {
    static var kind: ValueKind { .point }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .point(let p)? = value else { return nil }
        self = p
    }
    var keyPathValue: KeyPathValue? { .point(self) }
    var isFiniteValue: Bool { x.isFinite && y.isFinite }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Point>? {
        if case .point(let field) = access { field } else { nil }
    }
}

extension Size: LayerPropertyValue {
    static var kind: ValueKind { .size }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .size(let s)? = value else { return nil }
        self = s
    }
    var keyPathValue: KeyPathValue? { .size(self) }
    var isFiniteValue: Bool { width.isFinite && height.isFinite }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Size>? {
        if case .size(let field) = access { field } else { nil }
    }
}

extension Rect: LayerPropertyValue {
    static var kind: ValueKind { .rect }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .rect(let r)? = value else { return nil }
        self = r
    }
    var keyPathValue: KeyPathValue? { .rect(self) }
    var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Rect>? {
        if case .rect(let field) = access { field } else { nil }
    }
}

extension Transform3D: LayerPropertyValue {
    static var kind: ValueKind { .transform }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .transform(let t)? = value else { return nil }
        self = t
    }
    var keyPathValue: KeyPathValue? { .transform(self) }
    @inline(__always)
    var isFiniteValue: Bool { isFinite }
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Transform3D>? {
        if case .transform(let field) = access { field } else { nil }
    }
}

extension Optional: LayerPropertyValue where Wrapped == Color {
    static var kind: ValueKind { .color }
    init?(keyPathValue value: KeyPathValue?) {
        switch value {
        case .color(let c)?: self = c
        case nil: self = nil
        default: return nil
        }
    }
    var keyPathValue: KeyPathValue? { map { .color($0) } }
    var isFiniteValue: Bool {
        guard let c = self else { return true }
        let v = c.components
        return (v - v) == .zero  // NaN or ±∞ in any lane makes its difference NaN
    }
    /// A colour property holds `Color?` (`read` gives `.some(nil)` for one with no colour).
    static func field(_ access: LayerProperty.Access) -> LayerProperty.Access.Field<Color?>? {
        if case .color(let field) = access { field } else { nil }
    }
}
