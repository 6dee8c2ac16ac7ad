import CadenceAnimation

/// The layer properties key-value coding reaches by name: every `CALayer` property a
/// `KeyPathValue` can carry (the animatable ones of `LayerKeyPaths.properties`, plus
/// `frame`, `geometryFlipped`, `contentsScale`, `minificationFilterBias`) and the numeric
/// and Boolean fields of the layer's media timing. The case names are the key names.
enum LayerKey: Int, CaseIterable, Sendable {
    // Geometry.
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    // Style.
    case opacity, hidden, masksToBounds, doubleSided, geometryFlipped, cornerRadius, borderWidth, borderColor
    case backgroundColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case contentsRect, contentsCenter, contentsScale, minificationFilterBias
    // Media timing.
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses

    /// The key names, by `rawValue`.
    static let names: [String] = allCases.map { String(describing: $0) }
    /// The keys by name.
    static let byName: [String: LayerKey] = Dictionary(uniqueKeysWithValues: allCases.map { (names[$0.rawValue], $0) })

    /// The key's name (`"hidden"` for `isHidden`).
    var name: String { LayerKey.names[rawValue] }

    /// The layer properties whose values `KeyPathValue` cannot carry; key-value coding
    /// reads `nil` for them and refuses to write them.
    static let notKeyValueCodable: Set<String> = [
        "contents", "contentsGravity", "magnificationFilter", "minificationFilter", "mask", "sublayers", "superlayer", "shadowPath", "name",
        "style", "actions", "delegate", "fillMode", "timing", "affineTransform",
        "filters", "backgroundFilters", "compositingFilter",
    ]

    /// This key's bit in `LayerStorage.explicitKeys`.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The typed property behind this key. Media-timing fields take any number (a
    /// `ResolvedTiming` sanitises them); the others refuse non-finite ones.
    var property: AnyLayerProperty { AnyLayerProperty(key: self) }
}

/// A typed layer property reached through `KeyPathValue`s: the layer's own getter and
/// setter for the key, chosen by a `switch` (no closure, key path or allocation).
struct AnyLayerProperty {
    enum WriteError: Error {
        case kindMismatch(expected: ValueKind)
        case nonFinite
    }

    let key: LayerKey

    /// The property's value through its getter (`nil` for an absent colour).
    func read(_ layer: Layer) -> KeyPathValue? {
        switch key {
        case .bounds: return layer.bounds.keyPathValue
        case .position: return layer.position.keyPathValue
        case .zPosition: return layer.zPosition.keyPathValue
        case .anchorPoint: return layer.anchorPoint.keyPathValue
        case .anchorPointZ: return layer.anchorPointZ.keyPathValue
        case .transform: return layer.transform.keyPathValue
        case .sublayerTransform: return layer.sublayerTransform.keyPathValue
        case .frame: return layer.frame.keyPathValue
        case .opacity: return layer.opacity.keyPathValue
        case .hidden: return layer.isHidden.keyPathValue
        case .masksToBounds: return layer.masksToBounds.keyPathValue
        case .doubleSided: return layer.isDoubleSided.keyPathValue
        case .geometryFlipped: return layer.isGeometryFlipped.keyPathValue
        case .cornerRadius: return layer.cornerRadius.keyPathValue
        case .borderWidth: return layer.borderWidth.keyPathValue
        case .borderColor: return layer.borderColor.keyPathValue
        case .backgroundColor: return layer.backgroundColor.keyPathValue
        case .shadowColor: return layer.shadowColor.keyPathValue
        case .shadowOpacity: return layer.shadowOpacity.keyPathValue
        case .shadowOffset: return layer.shadowOffset.keyPathValue
        case .shadowRadius: return layer.shadowRadius.keyPathValue
        case .contentsRect: return layer.contentsRect.keyPathValue
        case .contentsCenter: return layer.contentsCenter.keyPathValue
        case .contentsScale: return layer.contentsScale.keyPathValue
        case .minificationFilterBias: return layer.minificationFilterBias.keyPathValue
        case .beginTime: return layer.timing.beginTime.keyPathValue
        case .duration: return layer.timing.duration.keyPathValue
        case .speed: return layer.timing.speed.keyPathValue
        case .timeOffset: return layer.timing.timeOffset.keyPathValue
        case .repeatCount: return layer.timing.repeatCount.keyPathValue
        case .repeatDuration: return layer.timing.repeatDuration.keyPathValue
        case .autoreverses: return layer.timing.autoreverses.keyPathValue
        }
    }

    /// Writes `value` through the property's setter. Throws `kindMismatch` for a value of
    /// another kind and `nonFinite` for a non-finite one (except in the media timing).
    func write(_ layer: Layer, _ value: KeyPathValue?) throws(WriteError) {
        switch key {
        case .bounds: layer.bounds = try Self.typed(value)
        case .position: layer.position = try Self.typed(value)
        case .zPosition: layer.zPosition = try Self.typed(value)
        case .anchorPoint: layer.anchorPoint = try Self.typed(value)
        case .anchorPointZ: layer.anchorPointZ = try Self.typed(value)
        case .transform: layer.transform = try Self.typed(value)
        case .sublayerTransform: layer.sublayerTransform = try Self.typed(value)
        case .frame: layer.frame = try Self.typed(value)
        case .opacity: layer.opacity = try Self.typed(value)
        case .hidden: layer.isHidden = try Self.typed(value)
        case .masksToBounds: layer.masksToBounds = try Self.typed(value)
        case .doubleSided: layer.isDoubleSided = try Self.typed(value)
        case .geometryFlipped: layer.isGeometryFlipped = try Self.typed(value)
        case .cornerRadius: layer.cornerRadius = try Self.typed(value)
        case .borderWidth: layer.borderWidth = try Self.typed(value)
        case .borderColor: layer.borderColor = try Self.typed(value)
        case .backgroundColor: layer.backgroundColor = try Self.typed(value)
        case .shadowColor: layer.shadowColor = try Self.typed(value)
        case .shadowOpacity: layer.shadowOpacity = try Self.typed(value)
        case .shadowOffset: layer.shadowOffset = try Self.typed(value)
        case .shadowRadius: layer.shadowRadius = try Self.typed(value)
        case .contentsRect: layer.contentsRect = try Self.typed(value)
        case .contentsCenter: layer.contentsCenter = try Self.typed(value)
        case .contentsScale: layer.contentsScale = try Self.typed(value)
        case .minificationFilterBias: layer.minificationFilterBias = try Self.typed(value)
        case .beginTime: layer.timing.beginTime = try Self.typed(value, requiresFinite: false)
        case .duration: layer.timing.duration = try Self.typed(value, requiresFinite: false)
        case .speed: layer.timing.speed = try Self.typed(value, requiresFinite: false)
        case .timeOffset: layer.timing.timeOffset = try Self.typed(value, requiresFinite: false)
        case .repeatCount: layer.timing.repeatCount = try Self.typed(value, requiresFinite: false)
        case .repeatDuration: layer.timing.repeatDuration = try Self.typed(value, requiresFinite: false)
        case .autoreverses: layer.timing.autoreverses = try Self.typed(value, requiresFinite: false)
        }
    }

    /// `value` as a `T`, or the error `write` throws.
    @inline(__always)
    private static func typed<T: LayerPropertyValue>(
        _ value: KeyPathValue?, requiresFinite: Bool = true
    ) throws(WriteError) -> T {
        guard let typed = T(keyPathValue: value) else { throw .kindMismatch(expected: T.kind) }
        guard !requiresFinite || typed.isFiniteValue else { throw .nonFinite }
        return typed
    }
}
