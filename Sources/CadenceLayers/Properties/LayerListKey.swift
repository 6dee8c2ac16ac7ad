import CadenceAnimation
import CadenceGeometry

/// The animatable layer properties whose values have no fixed size — a shape layer's
/// `path`, a gradient layer's `colors` and `locations` — which key-value coding reads and
/// writes as `KeyPathValue.path`, `.colorList` and `.numberList`.
///
/// They are not in `LayerKey`'s table: their values live outside the copy-on-write
/// storage's fixed fields, and a presentation snapshot presents them by name, through
/// key-value coding (`LayerAnimationPlan.Target.keyPath`), out of the typed visitor that
/// folds the fixed-size properties. Every layer stores and key-value codes them (as it does
/// the other classes' properties); only layers of their class draw with them.
///
/// An absent value (`nil`) reads as an empty one (an empty path or list), so animations
/// from and to it have a model value to start from; writing an empty one stores `nil`.
/// Writing a value with a non-finite number throws `nonFinite` (the typed properties
/// accept one, and draw nothing for it), so a presentation snapshot keeps the model value
/// where an animation gives NaN, as it does for every other property.
enum LayerListKey: String, CaseIterable, Sendable {
    case path, colors, locations

    /// The kind of value the property holds.
    var kind: ValueKind {
        switch self {
        case .path: .path
        case .colors: .colorList
        case .locations: .numberList
        }
    }

    /// The class whose property it is.
    var owner: LayerClass {
        switch self {
        case .path: .shape
        case .colors, .locations: .gradient
        }
    }

    /// The property's value (an absent one as an empty one).
    func read(_ layer: Layer) -> KeyPathValue {
        switch self {
        case .path: .path(layer.storage.shape.path ?? Path())
        case .colors: .colorList(layer.storage.gradient.colors ?? [])
        case .locations: .numberList(layer.storage.gradient.locations ?? [])
        }
    }

    /// Writes `value` (an empty value or `nil` stores `nil`) as the typed property's setter
    /// does: as a change of the layer's transaction, running the action for the key, when
    /// the layer has a context. Throws `kindMismatch` for another kind and `nonFinite` for
    /// a value with a non-finite number.
    func write(_ layer: Layer, _ value: KeyPathValue?) throws(LayerKey.WriteError) {
        let store: (inout LayerStorage) -> Void
        switch (self, value) {
        case (.path, .path(let path)?):
            guard path.isFinite else { throw .nonFinite }
            store = { $0.shape.path = path.isEmpty ? nil : path }
        case (.colors, .colorList(let colors)?):
            guard colors.allSatisfy({ Optional($0).isFiniteValue }) else { throw .nonFinite }
            store = { $0.gradient.colors = colors.isEmpty ? nil : colors }
        case (.locations, .numberList(let locations)?):
            guard locations.allSatisfy(\.isFinite) else { throw .nonFinite }
            store = { $0.gradient.locations = locations.isEmpty ? nil : locations }
        case (.path, nil): store = { $0.shape.path = nil }
        case (.colors, nil): store = { $0.gradient.colors = nil }
        case (.locations, nil): store = { $0.gradient.locations = nil }
        default: throw .kindMismatch(expected: kind)
        }
        layer.changeRunningActions(rawValue) { store(&$0.storage) }
    }
}
