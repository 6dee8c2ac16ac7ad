import CadenceGeometry

/// The animations that reach one property, sorted out once (`Reach.plan`) so that
/// evaluating them matches no key paths: what a layer keeps per animated property for its
/// presentation snapshots. Evaluation is `AnimationEvaluator`'s fold over the planned
/// reaches, with code compiled for the property's value type.
package final class PropertyAnimationPlan: Sendable {
    /// The property's name.
    package let property: String
    /// The animations as given (for a model value of an unexpected kind).
    let animations: [Animation]
    package let reaches: Reaches

    /// The reaches, typed by the kind the plan was made for.
    package enum Reaches: Sendable {
        case scalar([Reach<Double>])
        case point([Reach<Point>])
        case size([Reach<Size>])
        case rect([Reach<Rect>])
        case color([Reach<Color>])
        case transform([Reach<Transform3D>])
        /// The kind is not known before the model value is read.
        case dynamic
    }

    /// The plan of `animations` for `property`, whose values are of `kind` (`nil`: not
    /// known in advance; the fold then matches key paths as it goes).
    package init(property: String, kind: ValueKind?, animations: [Animation]) {
        self.property = property
        self.animations = animations
        switch kind {
        case .scalar: reaches = .scalar(Reach.plan(animations, property: property))
        case .point: reaches = .point(Reach.plan(animations, property: property))
        case .size: reaches = .size(Reach.plan(animations, property: property))
        case .rect: reaches = .rect(Reach.plan(animations, property: property))
        case .color: reaches = .color(Reach.plan(animations, property: property))
        case .transform: reaches = .transform(Reach.plan(animations, property: property))
        case .boolean, .string, .discrete, .path, .colorList, .numberList, nil: reaches = .dynamic
        }
    }

    /// The presentation value for model value `model` at `time` (the layer's local time);
    /// sets `rotation` when a path animation with a rotation mode is in effect. The same
    /// value as `AnimationEvaluator.presentationValue(ofProperty:model:animations:atTime:)`
    /// on the plan's animations, bit for bit.
    package func presentationValue(model: KeyPathValue, atTime time: Double, rotation: inout Double?) -> KeyPathValue {
        switch (reaches, model) {
        case (.scalar(let reaches), .scalar(let model)): .scalar(Self.fold(reaches, model, time, &rotation))
        case (.point(let reaches), .point(let model)): .point(Self.fold(reaches, model, time, &rotation))
        case (.size(let reaches), .size(let model)): .size(Self.fold(reaches, model, time, &rotation))
        case (.rect(let reaches), .rect(let model)): .rect(Self.fold(reaches, model, time, &rotation))
        case (.color(let reaches), .color(let model)): .color(Self.fold(reaches, model, time, &rotation))
        case (.transform(let reaches), .transform(let model)): .transform(Self.fold(reaches, model, time, &rotation))
        default: dynamicValue(model: model, atTime: time, rotation: &rotation)
        }
    }

    /// The reaches are read in place through the array's buffer: iterating the array
    /// copied each reach out of it, a retain and a release of its box per fold.
    @inline(__always)
    static func fold<V: PropertyValue>(_ reaches: [Reach<V>], _ model: V, _ time: Double, _ rotation: inout Double?) -> V {
        var value = model
        fold(reaches, model, time, &rotation, into: &value)
        return value
    }

    /// Applies `reaches` in order to `value` (each reach's model is `model`).
    @inline(__always)
    static func fold<V: PropertyValue>(
        _ reaches: [Reach<V>], _ model: V, _ time: Double, _ rotation: inout Double?, into value: inout V
    ) {
        reaches.withUnsafeBufferPointer { reaches in
            for index in reaches.indices {
                reaches[index].apply(model: model, time: time, honoursRemoval: true, into: &value, rotation: &rotation)
            }
        }
    }

    /// The fold of a property's planned reaches (for a property of type `V`) over `model`
    /// at `time`: `first`, then each of `rest`, applied in order to the value below it, as
    /// `presentationValue` folds a plan's reaches. Compiled for each planned kind
    /// (`@_specialize(exported:)`), for callers in other modules that keep the reaches
    /// themselves (a layer's property presenters).
    ///
    /// The first reach comes apart from the others so that a caller can hand it over
    /// borrowed from where it keeps it (an immutable field): a reach read out of an array
    /// is copied for the call, a retain and a release of its box, since the compiler cannot
    /// see that the array's storage does not change under it. Most properties have one.
    @_specialize(exported: true, where V == Double)
    @_specialize(exported: true, where V == Point)
    @_specialize(exported: true, where V == Size)
    @_specialize(exported: true, where V == Rect)
    @_specialize(exported: true, where V == Color)
    @_specialize(exported: true, where V == Transform3D)
    package static func presentedValue<V: PropertyValue>(
        first: Reach<V>?, rest: [Reach<V>], model: V, atTime time: Double, rotation: inout Double?
    ) -> V {
        var value = model
        first?.apply(model: model, time: time, honoursRemoval: true, into: &value, rotation: &rotation)
        if !rest.isEmpty { fold(rest, model, time, &rotation, into: &value) }
        return value
    }

    /// The value through the evaluator's key-path matching (a kind not planned for).
    @inline(never)
    package func dynamicValue(model: KeyPathValue, atTime time: Double, rotation: inout Double?) -> KeyPathValue {
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: property, model: model, animations: animations, atTime: time)
        if let angle = sample.rotation { rotation = angle }
        return sample.value
    }
}

extension PropertyValue {
    /// `plan.presentationValue(model:atTime:rotation:)` for a model of this type, without
    /// `KeyPathValue` (what a layer's typed property access calls).
    @inline(__always)
    package static func presentationValue(
        of plan: PropertyAnimationPlan, model: Self, atTime time: Double, rotation: inout Double?
    ) -> Self {
        if let reaches = reaches(in: plan.reaches) {
            return PropertyAnimationPlan.fold(reaches, model, time, &rotation)
        }
        let value = plan.dynamicValue(model: model.keyPathValue, atTime: time, rotation: &rotation)
        return Self(keyPathValue: value) ?? model
    }
}
