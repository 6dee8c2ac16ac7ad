import CadenceGeometry
import CadenceTiming

/// A value type that a `KeyPathValue` can carry: what lets a typed animation
/// (`BasicAnimation<Point>`, `KeyframeAnimation<Double>`, …) live in a layer's list of
/// animations next to animations of other kinds.
public protocol KeyPathAnimatable: AnimatableValue {
    /// The value inside `keyPathValue`, or `nil` when it holds another kind.
    init?(keyPathValue: KeyPathValue)
    /// This value as a key-path value.
    var keyPathValue: KeyPathValue { get }
    /// The input of `function` that gives the identity transform, or `nil` when a value
    /// function cannot read this type (only numbers and number vectors can).
    static func valueFunctionNeutralInput(_ function: ValueFunction) -> Self?
    /// This value through `function`, or `nil` when the function cannot read it.
    func transform(through function: ValueFunction) -> Transform3D?
}

extension KeyPathAnimatable {
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> Self? { nil }
    public func transform(through function: ValueFunction) -> Transform3D? { nil }
}

extension Double: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .scalar(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .scalar(self) }
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> Double? { function.isScale ? 1 : 0 }
}

extension Point: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .point(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .point(self) }
}

extension Size: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .size(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .size(self) }
}

extension Rect: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .rect(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .rect(self) }
}

extension Color: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .color(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .color(self) }
}

extension Transform3D: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .transform(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .transform(self) }
}

/// Vectors exist as animation values only for the value functions that read three
/// numbers (`scale`, `translate`). As a key-path value a vector of 1, 2, 4 or 16 numbers
/// reads as a scalar, point, rect or transform; any other length as its first number
/// (0 when empty).
extension AnimatableVector: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        switch keyPathValue {
        case .scalar(let v): self.init([v])
        case .point(let p): self.init([p.x, p.y])
        case .size(let s): self.init([s.width, s.height])
        case .rect(let r): self.init([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): self.init([c.red, c.green, c.blue, c.alpha])
        case .transform(let t): self.init(t.fields)
        case .boolean: return nil
        }
    }
    public var keyPathValue: KeyPathValue {
        let v = values
        switch v.count {
        case 2: return .point(Point(x: v[0], y: v[1]))
        case 4: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case 16: return .transform(Transform3D(v) ?? .identity)
        default: return .scalar(v.first ?? 0)
        }
    }
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> AnimatableVector? {
        AnimatableVector(Array(repeating: function.isScale ? 1 : 0, count: function.arity))
    }
}

extension Double {
    public func transform(through function: ValueFunction) -> Transform3D? { function.transform(self) }
}

extension AnimatableVector {
    public func transform(through function: ValueFunction) -> Transform3D? {
        function.transform { $0 < count ? storage[$0] : function.neutral }
    }
}

/// A property animation seen through `KeyPathValue`s, so animations of every kind can
/// share one list on a layer (`Animation.property`). `BasicAnimation` and
/// `KeyframeAnimation` of any `KeyPathAnimatable` value are key-path animations.
public protocol KeyPathAnimation: Sendable {
    var keyPath: String { get }
    var timing: MediaTiming { get }
    var resolvedTiming: ResolvedTiming { get }
    var isAdditive: Bool { get }
    var isRemovedOnCompletion: Bool { get }
    /// The animation's own value in `state` as a key-path value (through its value
    /// function, if any), before combining with the value below; `nil` when it contributes
    /// nothing, or when `model` is of a kind the animation cannot read (a point animation
    /// on a scalar key path). `honoursRemoval` false ignores `isRemovedOnCompletion` (the
    /// children of a group).
    func keyPathSample(in state: TimingState, model: KeyPathValue, honoursRemoval: Bool) -> AnimationSample<KeyPathValue>?
    /// The same animation with `timing` replaced.
    func replacingTiming(_ timing: MediaTiming) -> any KeyPathAnimation
}

extension PropertyAnimation where Value: KeyPathAnimatable {
    /// `KeyPathAnimation`'s requirement. With a value function the open ends read the
    /// function's neutral input, and the result is a transform; without one the model must
    /// be of the animation's kind.
    public func keyPathSample(in state: TimingState, model: KeyPathValue, honoursRemoval: Bool) -> AnimationSample<KeyPathValue>? {
        if let function = valueFunction {
            guard let neutral = Value.valueFunctionNeutralInput(function),
                  let own = ownSample(in: state, model: neutral, honoursRemoval: honoursRemoval),
                  let transform = own.value.transform(through: function)
            else { return nil }
            return AnimationSample(value: .transform(transform), rotation: own.rotation)
        }
        guard let typedModel = Value(keyPathValue: model), let own = ownSample(in: state, model: typedModel, honoursRemoval: honoursRemoval) else { return nil }
        return AnimationSample(value: own.value.keyPathValue, rotation: own.rotation)
    }
}

extension PropertyAnimation where Value: KeyPathAnimatable {
    /// A copy with `timing` replaced.
    public func replacingTiming(_ timing: MediaTiming) -> Self {
        var copy = self
        copy.timing = timing
        return copy
    }
}

extension BasicAnimation: KeyPathAnimation where Value: KeyPathAnimatable {
    public func replacingTiming(_ timing: MediaTiming) -> any KeyPathAnimation { replacingTiming(timing) as Self }
}

extension KeyframeAnimation: KeyPathAnimation where Value: KeyPathAnimatable {
    public func replacingTiming(_ timing: MediaTiming) -> any KeyPathAnimation { replacingTiming(timing) as Self }
}

/// A key-path animation whose sampling code is specialised for its value type.
///
/// Through the `KeyPathAnimation` existential, a `BasicAnimation<Point>` runs the generic
/// (unspecialised) code path, which looks up type metadata on every call and is an order
/// of magnitude slower than the typed path. `Animation(_:)` wraps an animation in this box
/// instead: for the value kinds of the layer properties (numbers, points, sizes, rects,
/// colours, transforms, vectors) the box calls code compiled for that exact type. Other
/// types fall back to the generic path, with the same results.
public struct SpecializedKeyPathAnimation: KeyPathAnimation {
    public typealias Sampler = @Sendable (TimingState, KeyPathValue, Bool) -> AnimationSample<KeyPathValue>?
    /// The animation as given.
    public let base: any KeyPathAnimation
    public let keyPath: String
    public var timing: MediaTiming { base.timing }
    public let resolvedTiming: ResolvedTiming
    public let isAdditive: Bool
    public let isRemovedOnCompletion: Bool
    let sampler: Sampler

    public init(_ animation: some KeyPathAnimation) {
        if let boxed = animation as? SpecializedKeyPathAnimation {
            self = boxed
            return
        }
        base = animation
        keyPath = animation.keyPath
        resolvedTiming = animation.resolvedTiming
        isAdditive = animation.isAdditive
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        sampler = Self.sampler(for: animation)
    }

    public func keyPathSample(in state: TimingState, model: KeyPathValue, honoursRemoval: Bool) -> AnimationSample<KeyPathValue>? {
        sampler(state, model, honoursRemoval)
    }

    public func replacingTiming(_ timing: MediaTiming) -> any KeyPathAnimation {
        SpecializedKeyPathAnimation(base.replacingTiming(timing))
    }

    /// A sampler compiled for the animation's concrete type, where the type is one of the
    /// common ones (each line below is a separate specialisation).
    static func sampler(for animation: some KeyPathAnimation) -> Sampler {
        switch animation {
        case let a as BasicAnimation<Double>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<Point>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<Size>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<Rect>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<Color>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<Transform3D>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as BasicAnimation<AnimatableVector>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Double>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Point>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Size>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Rect>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Color>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<Transform3D>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        case let a as KeyframeAnimation<AnimatableVector>: return { a.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        default: return { animation.keyPathSample(in: $0, model: $1, honoursRemoval: $2) }
        }
    }
}

extension KeyPathAnimation {
    /// The animation as it was given: the `base` of a `SpecializedKeyPathAnimation`,
    /// otherwise the animation itself. For code that looks at an animation's concrete
    /// type (`as? KeyframeAnimation<Point>`).
    public var unwrapped: any KeyPathAnimation {
        (self as? SpecializedKeyPathAnimation)?.base ?? self
    }
}

extension Animation {
    /// A property animation, wrapped so that its evaluation runs code specialised for its
    /// value type (`SpecializedKeyPathAnimation`). Prefer it to `.property(animation)`,
    /// which gives the same values more slowly.
    public init(_ animation: some KeyPathAnimation) {
        self = .property(SpecializedKeyPathAnimation(animation))
    }
}
