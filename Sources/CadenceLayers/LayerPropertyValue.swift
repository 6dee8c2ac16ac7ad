import CadenceAnimation
import CadenceGeometry

/// A type a layer property holds that key-value coding and `LayerStyle` can carry as a
/// `KeyPathValue`: `Double`, `Bool`, `Point`, `Size`, `Rect`, `Transform3D`, and the
/// optional `Color` of the colour properties.
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
}

extension Double: LayerPropertyValue {
    static var kind: ValueKind { .scalar }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .scalar(let x)? = value else { return nil }
        self = x
    }
    var keyPathValue: KeyPathValue? { .scalar(self) }
    var isFiniteValue: Bool { isFinite }
}

extension Bool: LayerPropertyValue {
    static var kind: ValueKind { .boolean }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .boolean(let b)? = value else { return nil }
        self = b
    }
    var keyPathValue: KeyPathValue? { .boolean(self) }
    var isFiniteValue: Bool { true }
}

extension Point: LayerPropertyValue {
    static var kind: ValueKind { .point }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .point(let p)? = value else { return nil }
        self = p
    }
    var keyPathValue: KeyPathValue? { .point(self) }
    var isFiniteValue: Bool { x.isFinite && y.isFinite }
}

extension Size: LayerPropertyValue {
    static var kind: ValueKind { .size }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .size(let s)? = value else { return nil }
        self = s
    }
    var keyPathValue: KeyPathValue? { .size(self) }
    var isFiniteValue: Bool { width.isFinite && height.isFinite }
}

extension Rect: LayerPropertyValue {
    static var kind: ValueKind { .rect }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .rect(let r)? = value else { return nil }
        self = r
    }
    var keyPathValue: KeyPathValue? { .rect(self) }
    var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue }
}

extension Transform3D: LayerPropertyValue {
    static var kind: ValueKind { .transform }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .transform(let t)? = value else { return nil }
        self = t
    }
    var keyPathValue: KeyPathValue? { .transform(self) }
    var isFiniteValue: Bool { isFinite }
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
}
