import CadenceAnimation
import CadenceGeometry

// How a presentation snapshot writes a layer's animated stored properties: one presenter
// per animated property, made with the layer's plan (`LayerAnimationPlan`) and chained in
// the plan's order. A snapshot makes one call, `firstPresenter?.present(…)`; each
// presenter reads its property from the model layer, folds the animations that reach it
// with code compiled for its type, stores the result in the snapshot's storage and hands
// on to the next.
//
// Why a chain of objects rather than a loop over an array of per-property plans: a
// reference loaded from an array element and passed to a call is retained for the call
// (the compiler cannot see that the array outlives it), which cost a retain and a release
// per property, and another per fold for the reaches array it read out of the plan. A
// `let` field of an object the caller already holds is passed on borrowed, and so is
// `next` through optional chaining, so walking the chain counts no references. The chain
// is as long as the layer has animated stored properties (at most one per `LayerKey`), so
// the recursion is shallow.
//
// Each presenter's work is a function compiled for the property's type, kept by the
// presenter with the property's key, its field's accessors and reaches
// (`TypedPropertyPresenter`): a generic
// subclass's override would run unspecialised and look its type up on every call, and a
// closure holding the key and the reaches would be one more object per property to
// allocate and to bring into the cache.

/// One animated stored property of a layer's plan, and through `next` the ones after it.
class PropertyPresenter {
    /// Presents the property that the presenter (a `TypedPropertyPresenter`) stands for,
    /// of a model layer into a snapshot's storage (valid for the call) at a local time,
    /// setting the path rotation when one is in effect.
    typealias Present = (PropertyPresenter, Layer, UnsafeMutablePointer<LayerStorage>, Double, inout Double?) -> Void

    private let presentProperty: Present
    /// The next animated property in the plan's order; `nil` after the last.
    final let next: PropertyPresenter?

    fileprivate init(_ present: @escaping Present, next: PropertyPresenter?) {
        presentProperty = present
        self.next = next
    }

    /// Presents this property of `layer` (the model layer) at `localTime` into `storage`
    /// (its snapshot's, valid for the call), then the ones after it; sets `rotation` when a
    /// path animation with a rotation mode is in effect.
    final func present(
        _ layer: Layer, into storage: UnsafeMutablePointer<LayerStorage>, atLocalTime localTime: Double,
        rotation: inout Double?
    ) {
        presentProperty(self, layer, storage, localTime, &rotation)
        next?.present(layer, into: storage, atLocalTime: localTime, rotation: &rotation)
    }

    /// The presenter of `key`'s property with the animations that reach it (planned here
    /// for the key's type, `Reach.plan`), followed by `next`; `nil` for a property a
    /// snapshot presents through the layer (`frame`, Booleans).
    static func make(for key: LayerKey, animations: [Animation], next: PropertyPresenter?) -> PropertyPresenter? {
        func make<T: PresentedValue>(_: T.Type) -> PropertyPresenter? {
            // The field's accessors and rules, found once here through the declaration.
            var declaration = FieldFinder<T.Stored>()
            key.visit(&declaration)
            guard let field = declaration.field else { return nil }
            return TypedPropertyPresenter<T>(
                key: key, field: field, readsStyle: declaration.readsStyle, isMediaTiming: declaration.isMediaTiming,
                reaches: Reach<T>.plan(animations, property: key.name), next: next)
        }
        switch key.property.access {
        case .scalar: return make(Double.self)
        case .point: return make(Point.self)
        case .size: return make(Size.self)
        case .rect: return make(Rect.self)
        case .transform: return make(Transform3D.self)
        case .color: return make(Color.self)
        case .boolean, .frame: return nil
        }
    }
}

/// The presenter of a property of type `Value`: its key, the accessors and rules of its
/// field (found once, when the plan is made, rather than through the declaration's `switch`
/// at every snapshot), the reaches planned for it, and `Value.present` as the presenter's
/// function.
///
/// The first reach is kept apart from the others: read from an immutable field of the
/// presenter, which the caller holds, it is passed on borrowed, while a reach read out of
/// an array is copied for the fold (a retain and a release of its box).
private final class TypedPropertyPresenter<Value: PresentedValue>: PropertyPresenter {
    let key: LayerKey
    /// Whether the property reads the style when unassigned (`LayerProperty.readsStyle`).
    let readsStyle: Bool
    /// Whether the property is a media-timing field: any number, not marked assigned.
    let isMediaTiming: Bool
    /// The field's accessors, from the property's declaration.
    let field: LayerProperty.Access.Field<Value.Stored>
    /// The first of the reaches planned for the property (`nil`: none).
    let firstReach: Reach<Value>?
    /// The reaches after the first, in order (usually none).
    let otherReaches: [Reach<Value>]

    init(
        key: LayerKey, field: LayerProperty.Access.Field<Value.Stored>, readsStyle: Bool, isMediaTiming: Bool,
        reaches: [Reach<Value>], next: PropertyPresenter?
    ) {
        self.key = key
        self.field = field
        self.readsStyle = readsStyle
        self.isMediaTiming = isMediaTiming
        firstReach = reaches.first
        otherReaches = Array(reaches.dropFirst())
        super.init({ presenter, layer, storage, localTime, rotation in
            // The function is only ever called with the presenter that holds it.
            let typed = unsafeDowncast(presenter, to: TypedPropertyPresenter<Value>.self)
            Value.present(typed, layer, into: storage, atLocalTime: localTime, rotation: &rotation)
        }, next: next)
    }
}

extension PresentedValue {
    /// Presents the property of `presenter` (its key, field and rules), reached by its
    /// first reach then the others, of `layer` into `storage`: its model value read as its
    /// getter reads it (the style rule included; an absent colour is left alone), folded
    /// with the animations, and stored when it changed — refused unless finite, and marked
    /// assigned, as its setter would (the media timing takes any number and is not marked).
    @inline(__always)
    fileprivate static func present(
        _ presenter: TypedPropertyPresenter<Self>, _ layer: Layer, into storage: UnsafeMutablePointer<LayerStorage>,
        atLocalTime localTime: Double, rotation: inout Double?
    ) {
        let key = presenter.key
        let stored = presenter.field.get(layer)
        guard let model = Self(stored: presenter.readsStyle ? layer.styled(key, stored) : stored) else { return }
        let value = PropertyAnimationPlan.presentedValue(
            first: presenter.firstReach, rest: presenter.otherReaches, model: model, atTime: localTime, rotation: &rotation)
        guard value != model, presenter.isMediaTiming || value.isFiniteValue else { return }
        presenter.field.set(&storage.pointee, value.stored)
        if !presenter.isMediaTiming { storage.pointee.markExplicit(key) }
    }
}

/// Finds the accessors of a property stored as a `Stored` and the rules it is read and
/// stored by (`field` `nil`: a property of another type).
private struct FieldFinder<Stored: LayerPropertyValue>: LayerPropertyVisitor {
    var field: LayerProperty.Access.Field<Stored>?
    var readsStyle = false
    var isMediaTiming = false

    @inline(__always)
    mutating func visit(_ key: LayerKey, _ property: LayerProperty) {
        field = Stored.field(property.access)
        readsStyle = property.readsStyle
        isMediaTiming = property.isMediaTiming
    }
}
