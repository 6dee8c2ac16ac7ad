import CadenceAnimation

/// The layer properties key-value coding reaches by name: every `CALayer` property a
/// `KeyPathValue` can carry (the animatable ones of `LayerKeyPaths.properties`, plus
/// `frame`, `contentsScale`) and the numeric and Boolean fields of the layer's media
/// timing. The case names are the key names.
enum LayerKey: Int, CaseIterable, Sendable {
    // Geometry.
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    // Style.
    case opacity, hidden, masksToBounds, doubleSided, cornerRadius, borderWidth, borderColor
    case backgroundColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case contentsRect, contentsCenter, contentsScale
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
        "contents", "contentsGravity", "mask", "sublayers", "superlayer", "shadowPath", "name",
        "style", "actions", "delegate", "fillMode", "timing", "affineTransform",
        "filters", "backgroundFilters", "compositingFilter",
    ]

    /// This key's bit in `LayerStorage.explicitKeys`.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The typed property behind this key. Media-timing fields take any number (a
    /// `ResolvedTiming` sanitises them); the others refuse non-finite ones.
    var property: AnyLayerProperty {
        switch self {
        case .bounds: return AnyLayerProperty(\.bounds)
        case .position: return AnyLayerProperty(\.position)
        case .zPosition: return AnyLayerProperty(\.zPosition)
        case .anchorPoint: return AnyLayerProperty(\.anchorPoint)
        case .anchorPointZ: return AnyLayerProperty(\.anchorPointZ)
        case .transform: return AnyLayerProperty(\.transform)
        case .sublayerTransform: return AnyLayerProperty(\.sublayerTransform)
        case .frame: return AnyLayerProperty(\.frame)
        case .opacity: return AnyLayerProperty(\.opacity)
        case .hidden: return AnyLayerProperty(\.isHidden)
        case .masksToBounds: return AnyLayerProperty(\.masksToBounds)
        case .doubleSided: return AnyLayerProperty(\.isDoubleSided)
        case .cornerRadius: return AnyLayerProperty(\.cornerRadius)
        case .borderWidth: return AnyLayerProperty(\.borderWidth)
        case .borderColor: return AnyLayerProperty(\.borderColor)
        case .backgroundColor: return AnyLayerProperty(\.backgroundColor)
        case .shadowColor: return AnyLayerProperty(\.shadowColor)
        case .shadowOpacity: return AnyLayerProperty(\.shadowOpacity)
        case .shadowOffset: return AnyLayerProperty(\.shadowOffset)
        case .shadowRadius: return AnyLayerProperty(\.shadowRadius)
        case .contentsRect: return AnyLayerProperty(\.contentsRect)
        case .contentsCenter: return AnyLayerProperty(\.contentsCenter)
        case .contentsScale: return AnyLayerProperty(\.contentsScale)
        case .beginTime: return AnyLayerProperty(\.timing.beginTime, requiresFinite: false)
        case .duration: return AnyLayerProperty(\.timing.duration, requiresFinite: false)
        case .speed: return AnyLayerProperty(\.timing.speed, requiresFinite: false)
        case .timeOffset: return AnyLayerProperty(\.timing.timeOffset, requiresFinite: false)
        case .repeatCount: return AnyLayerProperty(\.timing.repeatCount, requiresFinite: false)
        case .repeatDuration: return AnyLayerProperty(\.timing.repeatDuration, requiresFinite: false)
        case .autoreverses: return AnyLayerProperty(\.timing.autoreverses, requiresFinite: false)
        }
    }
}

/// A typed layer property reached through `KeyPathValue`s.
struct AnyLayerProperty {
    enum WriteError: Error {
        case kindMismatch(expected: ValueKind)
        case nonFinite
    }

    let read: (Layer) -> KeyPathValue?
    let write: (Layer, KeyPathValue?) throws(WriteError) -> Void

    init<T: LayerPropertyValue>(_ path: ReferenceWritableKeyPath<Layer, T>, requiresFinite: Bool = true) {
        read = { $0[keyPath: path].keyPathValue }
        write = { (layer, value) throws(WriteError) in
            guard let typed = T(keyPathValue: value) else { throw .kindMismatch(expected: T.kind) }
            guard !requiresFinite || typed.isFiniteValue else { throw .nonFinite }
            layer[keyPath: path] = typed
        }
    }
}
