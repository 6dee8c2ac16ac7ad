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
/// property at one time (DESIGN.md, "Data flow of one frame", step 3).
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
public enum AnimationEvaluator {
    /// The presentation value of `property` at `time` (the layer's local time, the parent
    /// time of its animations).
    public static func presentationValue(
        ofProperty property: String, model: KeyPathValue, animations: some Sequence<Animation>, atTime time: Double
    ) -> PresentationSample {
        var sample = PresentationSample(value: model)
        for animation in animations {
            apply(animation, property: property, model: model, time: time, honoursRemoval: true, to: &sample)
        }
        return sample
    }

    static func apply(
        _ animation: Animation, property: String, model: KeyPathValue, time: Double, honoursRemoval: Bool,
        to sample: inout PresentationSample
    ) {
        switch animation {
        case .transition:
            return
        case .group(let group):
            guard let childTime = group.childTime(atParentTime: time, honoursRemoval: honoursRemoval) else { return }
            for child in group.animations {
                apply(child, property: property, model: model, time: childTime, honoursRemoval: false, to: &sample)
            }
        case .property(let animation):
            guard let field = field(of: animation.keyPath, in: property),
                  let fieldModel = model.value(atField: field), let below = sample.value.value(atField: field)
            else { return }
            let state = animation.resolvedTiming.state(atParentTime: time)
            guard let own = animation.keyPathSample(in: state, model: fieldModel, honoursRemoval: honoursRemoval),
                  let combined = animation.isAdditive ? below.adding(own.value) : own.value,
                  let value = sample.value.setting(field: field, to: combined)
            else { return }
            sample.value = value
            if let rotation = own.rotation { sample.rotation = rotation }
        }
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
}

/// Batch evaluation of typed animations: many (animation, time) pairs into a buffer,
/// without allocating (the benchmarks' 100,000-pair runs).
public enum AnimationBatch {
    /// `output[i]` = the value of `animations[i]` at `times[i]` over `model` (the model value
    /// where it contributes nothing), for `i` below the shortest of the three counts.
    @inlinable
    public static func evaluate<A: PropertyAnimation>(
        _ animations: UnsafeBufferPointer<A>, atTimes times: UnsafeBufferPointer<Double>, model: A.Value,
        into output: UnsafeMutableBufferPointer<A.Value>
    ) {
        let count = Swift.min(animations.count, times.count, output.count)
        for i in 0..<count {
            output[i] = animations[i].value(atParentTime: times[i], model: model) ?? model
        }
    }

    /// `output[i]` = the value of `animations[indices[i]]` at `times[i]`; an index outside
    /// `animations` gives the model value.
    @inlinable
    public static func evaluate<A: PropertyAnimation>(
        _ animations: UnsafeBufferPointer<A>, indices: UnsafeBufferPointer<Int32>,
        atTimes times: UnsafeBufferPointer<Double>, model: A.Value, into output: UnsafeMutableBufferPointer<A.Value>
    ) {
        let count = Swift.min(indices.count, times.count, output.count)
        for i in 0..<count {
            let index = Int(indices[i])
            output[i] = animations.indices.contains(index)
                ? animations[index].value(atParentTime: times[i], model: model) ?? model : model
        }
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
