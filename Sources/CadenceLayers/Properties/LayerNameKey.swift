import CadenceAnimation
import CadenceTiming

/// The layer properties whose values are names — strings, as they are on Core Animation
/// (`NSString` constants such as `kCAGravityResize`, `kCAFillModeRemoved`) — which
/// key-value coding reads and writes as `KeyPathValue.string`.
///
/// A known name sets the typed property (`contentsGravity = .center` for `"center"`). An
/// unknown one is stored and read back as given, as Core Animation stores any string; where
/// it is used it acts as the property's default (Core Animation's behaviour for a name it
/// does not know): `contentsGravity` as `resize`, the filters as `linear`, `fillMode` as
/// `removed`, `cornerCurve` as `circular`. The typed property then reports that default. Writing the typed property
/// forgets the stored name.
enum LayerNameKey: String, CaseIterable, Sendable {
    case contentsGravity, magnificationFilter, minificationFilter, fillMode, cornerCurve, name

    /// The key for `name`, when it is one of these.
    static func named(_ name: String) -> LayerNameKey? { LayerNameKey(rawValue: name) }

    /// The property's name as key-value coding reads it (`nil` only for an absent `name`).
    func read(_ layer: Layer) -> KeyPathValue? {
        let storage = layer.storage
        if let unknown = storage.unknownName(self) { return .string(unknown) }
        switch self {
        case .contentsGravity: return .string(storage.contentsGravity.rawValue)
        case .magnificationFilter: return .string(storage.magnificationFilter.rawValue)
        case .minificationFilter: return .string(storage.minificationFilter.rawValue)
        case .fillMode: return .string(storage.timing.fillMode.rawValue)
        case .cornerCurve: return .string(storage.cornerCurve.rawValue)
        case .name: return storage.name.map(KeyPathValue.string)
        }
    }

    /// Writes `value`, a `.string` or `nil` (`nil`: no name for `name`, the default for the
    /// others). Throws `kindMismatch` for any other kind.
    func write(_ layer: Layer, _ value: KeyPathValue?) throws(LayerKey.WriteError) {
        let text: String?
        switch value {
        case .string(let string): text = string
        case nil: text = nil
        default: throw .kindMismatch(expected: .string)
        }
        layer.storage.setUnknownName(nil, for: self)
        switch self {
        case .contentsGravity:
            layer.contentsGravity = text.flatMap(ContentsGravity.init(rawValue:)) ?? .resize
        case .magnificationFilter:
            layer.magnificationFilter = text.flatMap(ContentsFilter.init(rawValue:)) ?? .linear
        case .minificationFilter:
            layer.minificationFilter = text.flatMap(ContentsFilter.init(rawValue:)) ?? .linear
        case .fillMode:
            layer.timing.fillMode = text.flatMap(FillMode.init(rawValue:)) ?? .removed
        case .cornerCurve:
            layer.cornerCurve = text.flatMap(CornerCurve.init(rawValue:)) ?? .circular
        case .name:
            layer.name = text
            return
        }
        // Keep an unknown name as given.
        if let text, isUnknown(text) { layer.storage.setUnknownName(text, for: self) }
    }

    /// Whether `text` is none of this property's known names.
    private func isUnknown(_ text: String) -> Bool {
        switch self {
        case .contentsGravity: ContentsGravity(rawValue: text) == nil
        case .magnificationFilter, .minificationFilter: ContentsFilter(rawValue: text) == nil
        case .fillMode: FillMode(rawValue: text) == nil
        case .cornerCurve: CornerCurve(rawValue: text) == nil
        case .name: false
        }
    }
}
