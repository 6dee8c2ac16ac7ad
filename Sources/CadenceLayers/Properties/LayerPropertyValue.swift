import CadenceAnimation
import CadenceGeometry

/// A type a layer property holds that key-value coding and `LayerStyle` can carry as a
/// `KeyPathValue`: `Double`, `Bool`, `Point`, `Size`, `Rect`, `Transform3D`, and the
/// optional `Color` of the colour properties — one per `ValueKind` (`LayerKey.kind`).
///
/// Each conformance holds the table of the layer's getters (`read`) and of the storage
/// fields (`store`) by `LayerKey` for its type: the one place a key is tied to its
/// property. Writing through a layer (`write`, with its finite check and actions) is
/// derived from `store`. Key-value coding (`LayerKey.read`, `LayerKey.write`) and
/// presentation snapshots (`PresentedValue`, which store into the snapshot's storage
/// directly) go through it. A `switch`, so no closure, key path or allocation.
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
    /// Stores this value in the field of `storage` that holds `key`, with no check and no
    /// action (the caller decides: `write(_:to:)`, or a snapshot); nothing when `key` holds
    /// another type or is not stored (`frame`).
    func store(_ key: LayerKey, into storage: inout LayerStorage)
}

extension LayerPropertyValue {
    /// Assigns this value to the property `key` of `layer` as its setter does: refused when
    /// not finite (except in the media timing, which takes any number and runs no action),
    /// marked assigned, and through the layer's actions when it has a transaction context;
    /// `frame` through its setter. Nothing when `key` holds another type.
    func write(_ key: LayerKey, to layer: Layer) {
        if key == .frame {
            if let frame = self as? Rect { layer.frame = frame }
        } else if key == .bounds, let bounds = self as? Rect {
            layer.bounds = bounds  // the setter standardises
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

    static func read(_ key: LayerKey, of layer: Layer) -> Double? {
        switch key {
        case .zPosition: return layer.zPosition
        case .anchorPointZ: return layer.anchorPointZ
        case .opacity: return layer.opacity
        case .cornerRadius: return layer.cornerRadius
        case .maskedCorners: return Double(layer.maskedCorners.rawValue)
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .zPosition: storage.zPosition = self
        case .anchorPointZ: storage.anchorPointZ = self
        case .opacity: storage.opacity = self
        case .cornerRadius: storage.cornerRadius = self
        case .maskedCorners: storage.maskedCorners = CornerMask(truncating: self)
        case .borderWidth: storage.borderWidth = self
        case .shadowOpacity: storage.shadowOpacity = self
        case .shadowRadius: storage.shadowRadius = self
        case .contentsScale: storage.contentsScale = self
        case .minificationFilterBias: storage.minificationFilterBias = self
        case .beginTime: storage.timing.beginTime = self
        case .duration: storage.timing.duration = self
        case .speed: storage.timing.speed = self
        case .timeOffset: storage.timing.timeOffset = self
        case .repeatCount: storage.timing.repeatCount = self
        case .repeatDuration: storage.timing.repeatDuration = self
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .hidden: storage.isHidden = self
        case .masksToBounds: storage.masksToBounds = self
        case .doubleSided: storage.isDoubleSided = self
        case .geometryFlipped: storage.geometryFlipped = self
        case .autoreverses: storage.timing.autoreverses = self
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .position: storage.position = self
        case .anchorPoint: storage.anchorPoint = self
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        if key == .shadowOffset { storage.shadowOffset = self }
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .bounds: storage.bounds = standardized  // as the setter stores it, presented values too
        case .frame: break  // not stored: `write(_:to:)` calls its setter, which moves `bounds` and `position`
        case .contentsRect: storage.contentsRect = self
        case .contentsCenter: storage.contentsCenter = self
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .transform: storage.transform = self
        case .sublayerTransform: storage.sublayerTransform = self
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

    func store(_ key: LayerKey, into storage: inout LayerStorage) {
        switch key {
        case .borderColor: storage.borderColor = self
        case .backgroundColor: storage.backgroundColor = self
        case .shadowColor: storage.shadowColor = self
        default: break
        }
    }
}
