import CadenceAnimation
import CadenceGeometry

/// A type a layer property holds that key-value coding and `LayerStyle` can carry as a
/// `KeyPathValue`: `Double`, `Bool`, `Point`, `Size`, `Rect`, `Transform3D`, and the
/// optional `Color` of the colour properties — one per `ValueKind` (`LayerKey.kind`).
///
/// Each conformance holds the table of the layer's getters and setters by `LayerKey` for
/// its type: the one place a key is tied to its property. Key-value coding
/// (`LayerKey.read`, `LayerKey.write`) and the snapshot's typed tracks
/// (`PresentedValue`) both go through it. A `switch`, so no closure, key path or
/// allocation.
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
    /// The property `key` of `layer` through its getter (the style rule included), or
    /// `nil` when `key` holds another type.
    static func read(_ key: LayerKey, of layer: Layer) -> Self?
    /// Assigns this value to the property `key` of `layer` through its setter (which
    /// refuses a non-finite value, except in the media timing, and runs the layer's
    /// actions when it has a transaction context); nothing when `key` holds another type.
    func write(_ key: LayerKey, to layer: Layer)
}

extension Double: LayerPropertyValue {
    static var kind: ValueKind { .scalar }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .scalar(let x)? = value else { return nil }
        self = x
    }
    var keyPathValue: KeyPathValue? { .scalar(self) }
    var isFiniteValue: Bool { isFinite }

    static func read(_ key: LayerKey, of layer: Layer) -> Double? {
        switch key {
        case .zPosition: return layer.zPosition
        case .anchorPointZ: return layer.anchorPointZ
        case .opacity: return layer.opacity
        case .cornerRadius: return layer.cornerRadius
        case .borderWidth: return layer.borderWidth
        case .shadowOpacity: return layer.shadowOpacity
        case .shadowRadius: return layer.shadowRadius
        case .contentsScale: return layer.contentsScale
        case .minificationFilterBias: return layer.minificationFilterBias
        case .beginTime: return layer.timing.beginTime
        case .duration: return layer.timing.duration
        case .speed: return layer.timing.speed
        case .timeOffset: return layer.timing.timeOffset
        case .repeatCount: return layer.timing.repeatCount
        case .repeatDuration: return layer.timing.repeatDuration
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .zPosition: layer.zPosition = self
        case .anchorPointZ: layer.anchorPointZ = self
        case .opacity: layer.opacity = self
        case .cornerRadius: layer.cornerRadius = self
        case .borderWidth: layer.borderWidth = self
        case .shadowOpacity: layer.shadowOpacity = self
        case .shadowRadius: layer.shadowRadius = self
        case .contentsScale: layer.contentsScale = self
        case .minificationFilterBias: layer.minificationFilterBias = self
        case .beginTime: layer.timing.beginTime = self
        case .duration: layer.timing.duration = self
        case .speed: layer.timing.speed = self
        case .timeOffset: layer.timing.timeOffset = self
        case .repeatCount: layer.timing.repeatCount = self
        case .repeatDuration: layer.timing.repeatDuration = self
        default: break
        }
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

    static func read(_ key: LayerKey, of layer: Layer) -> Bool? {
        switch key {
        case .hidden: return layer.isHidden
        case .masksToBounds: return layer.masksToBounds
        case .doubleSided: return layer.isDoubleSided
        case .geometryFlipped: return layer.isGeometryFlipped
        case .autoreverses: return layer.timing.autoreverses
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .hidden: layer.isHidden = self
        case .masksToBounds: layer.masksToBounds = self
        case .doubleSided: layer.isDoubleSided = self
        case .geometryFlipped: layer.isGeometryFlipped = self
        case .autoreverses: layer.timing.autoreverses = self
        default: break
        }
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

    static func read(_ key: LayerKey, of layer: Layer) -> Point? {
        switch key {
        case .position: return layer.position
        case .anchorPoint: return layer.anchorPoint
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .position: layer.position = self
        case .anchorPoint: layer.anchorPoint = self
        default: break
        }
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

    static func read(_ key: LayerKey, of layer: Layer) -> Size? {
        key == .shadowOffset ? layer.shadowOffset : nil
    }

    func write(_ key: LayerKey, to layer: Layer) {
        if key == .shadowOffset { layer.shadowOffset = self }
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

    static func read(_ key: LayerKey, of layer: Layer) -> Rect? {
        switch key {
        case .bounds: return layer.bounds
        case .frame: return layer.frame
        case .contentsRect: return layer.contentsRect
        case .contentsCenter: return layer.contentsCenter
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .bounds: layer.bounds = self
        case .frame: layer.frame = self  // not stored: its setter moves `bounds` and `position`
        case .contentsRect: layer.contentsRect = self
        case .contentsCenter: layer.contentsCenter = self
        default: break
        }
    }
}

extension Transform3D: LayerPropertyValue {
    static var kind: ValueKind { .transform }
    init?(keyPathValue value: KeyPathValue?) {
        guard case .transform(let t)? = value else { return nil }
        self = t
    }
    var keyPathValue: KeyPathValue? { .transform(self) }
    var isFiniteValue: Bool { isFinite }

    static func read(_ key: LayerKey, of layer: Layer) -> Transform3D? {
        switch key {
        case .transform: return layer.transform
        case .sublayerTransform: return layer.sublayerTransform
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .transform: layer.transform = self
        case .sublayerTransform: layer.sublayerTransform = self
        default: break
        }
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

    /// `.some(nil)` for a colour property with no colour.
    static func read(_ key: LayerKey, of layer: Layer) -> Color?? {
        switch key {
        case .borderColor: return .some(layer.borderColor)
        case .backgroundColor: return .some(layer.backgroundColor)
        case .shadowColor: return .some(layer.shadowColor)
        default: return nil
        }
    }

    func write(_ key: LayerKey, to layer: Layer) {
        switch key {
        case .borderColor: layer.borderColor = self
        case .backgroundColor: layer.backgroundColor = self
        case .shadowColor: layer.shadowColor = self
        default: break
        }
    }
}
