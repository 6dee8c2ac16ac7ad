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
// presenter with the property's key and reaches (`TypedPropertyPresenter`): a generic
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
            TypedPropertyPresenter<T>(key: key, reaches: Reach<T>.plan(animations, property: key.name), next: next)
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

/// The presenter of a property of type `Value`: its key, the reaches planned for it, and
/// `Value.present` as the presenter's function.
///
/// The first reach is kept apart from the others: read from an immutable field of the
/// presenter, which the caller holds, it is passed on borrowed, while a reach read out of
/// an array is copied for the fold (a retain and a release of its box).
private final class TypedPropertyPresenter<Value: PresentedValue>: PropertyPresenter {
    let key: LayerKey
    /// The first of the reaches planned for the property (`nil`: none).
    let firstReach: Reach<Value>?
    /// The reaches after the first, in order (usually none).
    let otherReaches: [Reach<Value>]

    init(key: LayerKey, reaches: [Reach<Value>], next: PropertyPresenter?) {
        self.key = key
        firstReach = reaches.first
        otherReaches = Array(reaches.dropFirst())
        super.init({ presenter, layer, storage, localTime, rotation in
            // The function is only ever called with the presenter that holds it.
            let typed = unsafeDowncast(presenter, to: TypedPropertyPresenter<Value>.self)
            Value.present(
                typed.key, typed.firstReach, typed.otherReaches, layer, into: storage, atLocalTime: localTime,
                rotation: &rotation)
        }, next: next)
    }
}

extension PresentedValue {
    /// Presents `key`'s property, stored as a `Stored` and reached by `first` then `rest`,
    /// of `layer` into `storage`: its model value read as its getter reads it (the style
    /// rule included; an absent colour is left alone), folded with the animations, and stored
    /// when it changed — refused unless finite, and marked assigned, as its setter would
    /// (the media timing takes any number and is not marked).
    @inline(__always)
    static func present(
        _ key: LayerKey, _ first: Reach<Self>?, _ rest: [Reach<Self>], _ layer: Layer,
        into storage: UnsafeMutablePointer<LayerStorage>, atLocalTime localTime: Double, rotation: inout Double?
    ) {
        var declaration = FieldFinder<Stored>()
        key.visit(&declaration)
        // The field's getter is called here, not in the visitor: a visitor holding the
        // layer cost a retain and a release of it per property.
        guard let field = declaration.field else { return }
        let stored = field.get(layer)
        guard let model = Self(stored: declaration.readsStyle ? layer.styled(key, stored) : stored) else { return }
        let value = PropertyAnimationPlan.presentedValue(
            first: first, rest: rest, model: model, atTime: localTime, rotation: &rotation)
        guard value != model, declaration.isMediaTiming || value.isFiniteValue else { return }
        field.set(&storage.pointee, value.stored)
        if !declaration.isMediaTiming { storage.pointee.markExplicit(key) }
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
