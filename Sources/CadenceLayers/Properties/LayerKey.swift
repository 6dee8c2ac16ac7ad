import CadenceAnimation
import CadenceGeometry

/// The layer properties key-value coding reaches by name: every `CALayer` property a
/// `KeyPathValue` can carry (the animatable ones of `LayerKeyPaths.properties`, plus
/// `frame`, `geometryFlipped`, `contentsScale`, `minificationFilterBias`, `maskedCorners`) and the numeric
/// and Boolean fields of the layer's media timing. The case names are the key names.
enum LayerKey: Int, CaseIterable, Sendable {
    // Geometry.
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    // Style.
    case opacity, hidden, masksToBounds, doubleSided, geometryFlipped, cornerRadius, maskedCorners, borderWidth
    case borderColor
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
        "contents", "mask", "sublayers", "superlayer", "shadowPath",
        "style", "actions", "delegate", "timing", "affineTransform",
        "filters", "backgroundFilters", "compositingFilter",
        "layoutManager", "constraints", "autoresizingMask", "scrollMode",
    ]

    /// This key's bit in `LayerStorage.explicitKeys`.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The kind of value the property holds, which names its Swift type: `Double`, `Bool`,
    /// `Point`, `Size`, `Rect`, `Color?` or `Transform3D` (`LayerPropertyValue`, whose
    /// conformances hold the one table of getters and setters by key). Never `.discrete`.
    var kind: ValueKind {
        switch self {
        case .position, .anchorPoint: .point
        case .shadowOffset: .size
        case .bounds, .frame, .contentsRect, .contentsCenter: .rect
        case .borderColor, .backgroundColor, .shadowColor: .color
        case .transform, .sublayerTransform: .transform
        case .hidden, .masksToBounds, .doubleSided, .geometryFlipped, .autoreverses: .boolean
        case .zPosition, .anchorPointZ, .opacity, .cornerRadius, .maskedCorners, .borderWidth, .shadowOpacity, .shadowRadius,
             .contentsScale, .minificationFilterBias, .beginTime, .duration, .speed, .timeOffset, .repeatCount,
             .repeatDuration:
            .scalar
        }
    }

    /// Whether the key is a field of the media timing, which takes any number (a
    /// `ResolvedTiming` sanitises it); the other properties refuse non-finite ones.
    var isMediaTiming: Bool { rawValue >= LayerKey.beginTime.rawValue }

    // MARK: Access through `KeyPathValue`s

    enum WriteError: Error {
        case kindMismatch(expected: ValueKind)
        case nonFinite
    }

    /// The property's value through its getter (`nil` for an absent colour).
    func read(_ layer: Layer) -> KeyPathValue? {
        func read<T: LayerPropertyValue>(_: T.Type) -> KeyPathValue? { T.read(self, of: layer)?.keyPathValue }
        switch kind {
        case .scalar: return read(Double.self)
        case .boolean: return read(Bool.self)
        case .point: return read(Point.self)
        case .size: return read(Size.self)
        case .rect: return read(Rect.self)
        case .color: return read(Color?.self)
        case .transform: return read(Transform3D.self)
        case .string, .discrete: return nil
        }
    }

    /// Writes `value` through the property's setter. Throws `kindMismatch` for a value of
    /// another kind and `nonFinite` for a non-finite one (except in the media timing).
    func write(_ layer: Layer, _ value: KeyPathValue?) throws(WriteError) {
        func write<T: LayerPropertyValue>(_: T.Type) throws(WriteError) {
            guard let typed = T(keyPathValue: value) else { throw .kindMismatch(expected: T.kind) }
            guard isMediaTiming || typed.isFiniteValue else { throw .nonFinite }
            typed.write(self, to: layer)
        }
        switch kind {
        case .scalar: try write(Double.self)
        case .boolean: try write(Bool.self)
        case .point: try write(Point.self)
        case .size: try write(Size.self)
        case .rect: try write(Rect.self)
        case .color: try write(Color?.self)
        case .transform: try write(Transform3D.self)
        case .string, .discrete: break
        }
    }
}
