import CadenceGeometry
import CadenceTiming

/// A presentation value and the rotation a path animation with a rotation mode asks for
/// (radians about z; `nil` when no such animation is in effect).
public struct PresentationSample: Hashable, Sendable {
    public var value: KeyPathValue
    public var rotation: Double?

    public init(value: KeyPathValue, rotation: Double? = nil) {
        self.value = value
        self.rotation = rotation
    }
}

/// Folds a model value and a layer's animations into the presentation value of one
/// property at one time (docs/architecture.md, "One frame", step 4).
///
/// The rules:
/// 1. Start from the model value. Visit the animations in the order they were added
///    (later ones on top); a group's children take its place, in order, at the group's
///    child time (`AnimationGroup`); transitions animate no property and are skipped.
/// 2. An animation applies to the property when its key path is the property
///    (`position`) or a structure field of it (`position.x`, `transform.rotation.z`); a
///    field animation reads and writes that field of the value so far.
/// 3. One that contributes nothing at its time (not in effect, or removed on completion
///    after its end) leaves the value alone. Otherwise a non-additive one replaces the
///    value (or field); an additive one adds its own value to the value below it. Open
///    from/to/by ends read the *model* value, never the value below. Cumulative animations
///    carry their per-cycle offset; value functions make transforms before combining.
/// 4. An animation whose value does not fit the property (a point animation on a scalar
///    key path, a value function on a field that is not a transform) leaves it alone.
/// 5. The rotation is that of the last path animation with a rotation mode in effect.
///
/// One evaluation path serves every caller: the property's value is folded with code
/// compiled for its type (`fold`), each animation read in place from its
/// `PropertyAnimation` box; only a field animation goes through `KeyPathValue`. Layers plan
/// which animations reach which property once per change of their list
/// (`PropertyAnimationPlan`); this entry point matches key paths as it goes.
public enum AnimationEvaluator {
    /// The presentation value of `property` at `time` (the layer's local time, the parent
    /// time of its animations).
    public static func presentationValue(
        ofProperty property: String, model: KeyPathValue, animations: some Sequence<Animation>, atTime time: Double
    ) -> PresentationSample {
        presentationValue(ofProperty: property, model: model, animations: Array(animations), atTime: time)
    }

    /// The presentation value of `property` at `time` (the layer's local time, the parent
    /// time of its animations), for an array of animations (no copy).
    public static func presentationValue(
        ofProperty property: String, model: KeyPathValue, animations: [Animation], atTime time: Double
    ) -> PresentationSample {
        var rotation: Double?
        func typed<V: PropertyValue>(_ model: V) -> KeyPathValue {
            var value = model
            fold(animations, property: property, model: model, time: time, honoursRemoval: true, into: &value, rotation: &rotation)
            return value.keyPathValue
        }
        let value: KeyPathValue
        switch model {
        case .scalar(let m): value = typed(m)
        case .point(let m): value = typed(m)
        case .size(let m): value = typed(m)
        case .rect(let m): value = typed(m)
        case .color(let m): value = typed(m)
        case .transform(let m): value = typed(m)
        case .path(let m): value = typed(m)
        case .colorList(let m): value = typed(m)
        case .numberList(let m): value = typed(m)
        case .boolean, .string: value = model  // nothing animates a Boolean or a name continuously
        }
        return PresentationSample(value: value, rotation: rotation)
    }

    /// The structure field of `property` that `keyPath` names: `""` for the property
    /// itself, `"x"` for `position.x` in `position`, `nil` when it names something else.
    @inlinable
    public static func field(of keyPath: String, in property: String) -> String? {
        if keyPath == property { return "" }
        guard keyPath.utf8.count > property.utf8.count + 1, keyPath.hasPrefix(property) else { return nil }
        let rest = keyPath.utf8.dropFirst(property.utf8.count)
        guard rest.first == UInt8(ascii: ".") else { return nil }
        return String(rest.dropFirst())
    }

    // MARK: The fold

    /// Folds `animations` into `value` (the value of `property` so far, whose model value is
    /// `model`), matching each animation's key path against `property` as it goes.
    static func fold<V: PropertyValue>(
        _ animations: [Animation], property: String, model: V, time: Double, honoursRemoval: Bool,
        into value: inout V, rotation: inout Double?
    ) {
        for animation in animations {
            switch animation {
            case .transition:
                continue
            case .group(let group):
                guard let childTime = group.childTime(atParentTime: time, honoursRemoval: honoursRemoval) else { continue }
                fold(group.animations, property: property, model: model, time: childTime, honoursRemoval: false,
                     into: &value, rotation: &rotation)
            case .property(let animation):
                // The property itself first, compared in line: no call before the typed
                // path, so the animation is read in place from the array, never copied
                // out of it (an out-of-line call on the way made the compiler copy it,
                // with a retain and a release per animation).
                if animation.keyPath == property {
                    if animation.valueFunction == nil, let typed = V.typed(animation.storage) {
                        typed.apply(model: model, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
                    } else if V.self == Transform3D.self, animation.valueFunction != nil {
                        Reach<V>.applyFunction(
                            animation, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
                    }
                } else if let field = field(of: animation.keyPath, in: property) {
                    // A structure field (`field(of:in:)` is "" only for the property itself).
                    Reach<V>.applyField(animation, field: field, model: model, time: time, honoursRemoval: honoursRemoval,
                                        into: &value, rotation: &rotation)
                }
            }
        }
    }
}

/// A value type of a layer property that animations fold into: numbers, points, sizes,
/// rectangles, colours, transforms, paths and lists (`KeyPathValue`'s kinds but Booleans
/// and names). Paths and lists are never planned (`PropertyAnimationPlan.Reaches` has no
/// case for them: a layer presents them by name, out of the typed path).
package protocol PropertyValue: KeyPathAnimatable, Equatable {
    /// The animation in `storage` when it is an animation of this type, else `nil`.
    static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Self>?
    /// The reaches of a plan made for this type, else `nil`.
    static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Self>]?
    /// The presentation value of `plan` for a model of this type (a requirement, so a
    /// caller in another module reaches code compiled for the type).
    static func presentationValue(of plan: PropertyAnimationPlan, model: Self, atTime time: Double, rotation: inout Double?) -> Self
}

extension Double: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Double>? {
        if case .scalar(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Double>]? {
        if case .scalar(let reaches) = reaches { reaches } else { nil }
    }
}

extension Point: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Point>? {
        if case .point(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Point>]? {
        if case .point(let reaches) = reaches { reaches } else { nil }
    }
}

extension Size: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Size>? {
        if case .size(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Size>]? {
        if case .size(let reaches) = reaches { reaches } else { nil }
    }
}

extension Rect: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Rect>? {
        if case .rect(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Rect>]? {
        if case .rect(let reaches) = reaches { reaches } else { nil }
    }
}

extension Color: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Color>? {
        if case .color(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Color>]? {
        if case .color(let reaches) = reaches { reaches } else { nil }
    }
}

extension Transform3D: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Transform3D>? {
        if case .transform(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Transform3D>]? {
        if case .transform(let reaches) = reaches { reaches } else { nil }
    }
}

extension Path: PropertyValue {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<Path>? {
        if case .path(let typed) = storage { typed } else { nil }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<Path>]? { nil }
}

extension Array: PropertyValue where Element: AnimatableListElement {
    package static func typed(_ storage: PropertyAnimation.Storage) -> PropertyAnimation.Typed<[Element]>? {
        switch storage {
        case .colorList(let typed) where Element.self == Color.self:
            unsafeBitCast(typed, to: PropertyAnimation.Typed<[Element]>.self)
        case .numberList(let typed) where Element.self == Double.self:
            unsafeBitCast(typed, to: PropertyAnimation.Typed<[Element]>.self)
        default: nil
        }
    }
    package static func reaches(in reaches: PropertyAnimationPlan.Reaches) -> [Reach<[Element]>]? { nil }
}

/// How one animation reaches a property whose values are `V`s, resolved once (a plan) or
/// as the fold meets it: the whole property with a typed animation of `V`, the whole
/// (transform) property through a value function, one structure field, or the children
/// of a group that reach it. Every case holds one reference, so a reach copies with one
/// retain (or none, where the optimiser sees the owner).
package enum Reach<V: PropertyValue>: Sendable {
    case typed(PropertyAnimation.Typed<V>)
    /// A number animation through its value function; only when `V` is `Transform3D`.
    /// The typed animation itself, not its `PropertyAnimation` in a box of its own: one
    /// object fewer to reach (and to allocate per plan) on the way to the animation.
    case numberFunction(PropertyAnimation.Typed<Double>)
    /// A vector animation through its value function; only when `V` is `Transform3D`.
    case vectorFunction(PropertyAnimation.Typed<AnimatableVector>)
    case field(Held<(animation: PropertyAnimation, field: String)>)
    case group(Held<(group: AnimationGroup, children: [Reach<V>])>)

    /// How `animation`, whose key path is the property itself, reaches it: `nil` when its
    /// value does not fit (rule 4).
    @inline(__always)
    init?(_ animation: PropertyAnimation) {
        if animation.valueFunction == nil, let typed = V.typed(animation.storage) {
            self = .typed(typed)
        } else if V.self == Transform3D.self, animation.valueFunction != nil {
            // A value function reads numbers only (rule 4): an animation of another kind
            // with one leaves the transform alone, so it is left out of the plan.
            switch animation.storage {
            case .scalar(let typed): self = .numberFunction(typed)
            case .vector(let typed): self = .vectorFunction(typed)
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The reaches of `animations` into `property`, in order (animations that do not
    /// reach it, and groups none of whose children do, left out).
    package static func plan(_ animations: [Animation], property: String) -> [Reach<V>] {
        animations.compactMap { animation -> Reach<V>? in
            switch animation {
            case .transition:
                return nil
            case .group(let group):
                let children = plan(group.animations, property: property)
                return children.isEmpty ? nil : .group(Held((group, children)))
            case .property(let animation):
                guard let field = AnimationEvaluator.field(of: animation.keyPath, in: property) else { return nil }
                return field.isEmpty ? Reach(animation) : .field(Held((animation, field)))
            }
        }
    }

    /// Applies the animation to `value` (the value below it), whose model value is `model`,
    /// at `time` (the animation's parent time).
    @inline(__always)
    package func apply(model: V, time: Double, honoursRemoval: Bool, into value: inout V, rotation: inout Double?) {
        switch self {
        case .typed(let typed):
            typed.apply(model: model, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .numberFunction(let typed):
            Self.applyFunction(typed, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .vectorFunction(let typed):
            Self.applyFunction(typed, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .field(let held):
            Self.applyField(held.animation.animation, field: held.animation.field, model: model, time: time,
                            honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .group(let held):
            Self.applyGroup(held, model: model, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        }
    }

    /// A group's children that reach the property, at the group's child time. Out of line,
    /// as are the function and field paths, so that `apply` stays small enough for the
    /// typed path to be inlined whole.
    @inline(never)
    static func applyGroup(
        _ held: Held<(group: AnimationGroup, children: [Reach<V>])>, model: V, time: Double, honoursRemoval: Bool,
        into value: inout V, rotation: inout Double?
    ) {
        guard let childTime = held.animation.group.childTime(atParentTime: time, honoursRemoval: honoursRemoval)
        else { return }
        for child in held.animation.children {
            child.apply(model: model, time: childTime, honoursRemoval: false, into: &value, rotation: &rotation)
        }
    }

    /// A value-function animation on a transform property (`V` is `Transform3D`), as the
    /// evaluator meets it: its kind read here, then as a planned reach applies it.
    @inline(never)
    static func applyFunction(
        _ animation: PropertyAnimation, time: Double, honoursRemoval: Bool, into value: inout V, rotation: inout Double?
    ) {
        switch animation.storage {
        case .scalar(let typed):
            applyFunction(typed, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .vector(let typed):
            applyFunction(typed, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        default:
            return  // a value function reads numbers only (rule 4)
        }
    }

    /// A number or vector animation through its value function on a transform property
    /// (`V` is `Transform3D`).
    @inline(never)
    static func applyFunction<N: KeyPathAnimatable>(
        _ typed: PropertyAnimation.Typed<N>, time: Double, honoursRemoval: Bool, into value: inout V,
        rotation: inout Double?
    ) {
        guard let function = typed.valueFunction, var below = value as? Transform3D else { return }
        typed.applyFunction(function, time: time, honoursRemoval: honoursRemoval, into: &below, rotation: &rotation)
        value = below as! V  // V is Transform3D: `value as? Transform3D` succeeded
    }

    /// A structure-field animation: the field read, animated and written through
    /// `KeyPathValue`.
    @inline(never)
    static func applyField(
        _ animation: PropertyAnimation, field: String, model: V, time: Double, honoursRemoval: Bool,
        into value: inout V, rotation: inout Double?
    ) {
        let current = value.keyPathValue
        guard let fieldModel = model.keyPathValue.value(atField: field), let below = current.value(atField: field),
              let own = animation.sample(atTime: time, model: fieldModel, honoursRemoval: honoursRemoval),
              let combined = animation.isAdditive ? below.adding(own.value) : own.value,
              let updated = current.setting(field: field, to: combined), let typed = V(keyPathValue: updated)
        else { return }
        value = typed
        if let angle = own.rotation { rotation = angle }
    }
}

extension PropertyAnimation.Typed {
    /// This number (or vector) animation through `function` on `value`, a transform (the
    /// value below it): the open ends read the function's neutral input.
    @inline(__always)
    func applyFunction(
        _ function: ValueFunction, time: Double, honoursRemoval: Bool, into value: inout Transform3D, rotation: inout Double?
    ) {
        guard let neutral = Value.valueFunctionNeutralInput(function),
              let own = ownSample(atTime: time, model: neutral, honoursRemoval: honoursRemoval),
              let transform = own.value.transform(through: function)
        else { return }
        value = isAdditive ? value.adding(transform) : transform
        if let angle = own.rotation { rotation = angle }
    }

    /// A typed animation of the whole property on `value` (the value below it).
    @inline(__always)
    func apply(model: Value, time: Double, honoursRemoval: Bool, into value: inout Value, rotation: inout Double?) {
        switch self {
        case .basic(let held): held.animation.fold(model: model, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        case .keyframe(let held): held.animation.fold(model: model, time: time, honoursRemoval: honoursRemoval, into: &value, rotation: &rotation)
        }
    }
}

extension PropertyAnimationProtocol {
    /// Steps 1–5 on `value`, the value below (unchanged when the animation contributes
    /// nothing); the rotation of a path animation is written to `rotation`.
    @inline(__always)
    func fold(model: Value, time: Double, honoursRemoval: Bool, into value: inout Value, rotation: inout Double?) {
        guard let own = foldSample(atParentTime: time, model: model, honoursRemoval: honoursRemoval) else { return }
        value = isAdditive ? value.adding(own.value) : own.value
        if let angle = own.rotation { rotation = angle }
    }
}

extension PropertyAnimation {
    /// The animation's own value at `time` (its parent time) as a key-path value, before
    /// combining: through its value function when it has one (the open ends then read the
    /// function's neutral input, and the result is a transform), else of its own kind, which
    /// `model` must be. `nil` when it contributes nothing or `model` is of another kind.
    package func sample(atTime time: Double, model: KeyPathValue, honoursRemoval: Bool) -> AnimationSample<KeyPathValue>? {
        switch storage {
        case .scalar(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .point(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .size(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .rect(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .color(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .transform(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .vector(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .path(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .colorList(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        case .numberList(let typed): typed.keyPathSample(atTime: time, model: model, honoursRemoval: honoursRemoval)
        }
    }
}

extension PropertyAnimation.Typed {
    /// `PropertyAnimation.sample(atTime:model:honoursRemoval:)` for this type.
    func keyPathSample(atTime time: Double, model: KeyPathValue, honoursRemoval: Bool) -> AnimationSample<KeyPathValue>? {
        if let function = valueFunction {
            guard let neutral = Value.valueFunctionNeutralInput(function),
                  let own = ownSample(atTime: time, model: neutral, honoursRemoval: honoursRemoval),
                  let transform = own.value.transform(through: function)
            else { return nil }
            return AnimationSample(value: .transform(transform), rotation: own.rotation)
        }
        guard let typedModel = Value(keyPathValue: model),
              let own = ownSample(atTime: time, model: typedModel, honoursRemoval: honoursRemoval)
        else { return nil }
        return AnimationSample(value: own.value.keyPathValue, rotation: own.rotation)
    }
}

extension KeyPathValue {
    /// `self` with `other` added on top (`AnimatableValue.adding` of the two values), or
    /// `nil` when the kinds differ or do not add (Booleans).
    public func adding(_ other: KeyPathValue) -> KeyPathValue? {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(a + b)
        case let (.point(a), .point(b)): return .point(a.adding(b))
        case let (.size(a), .size(b)): return .size(a.adding(b))
        case let (.rect(a), .rect(b)): return .rect(a.adding(b))
        case let (.color(a), .color(b)): return .color(a.adding(b))
        case let (.transform(a), .transform(b)): return .transform(a.adding(b))
        default: return nil
        }
    }
}
