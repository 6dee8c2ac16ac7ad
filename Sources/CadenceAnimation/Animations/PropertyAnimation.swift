import CadenceGeometry
import CadenceTiming

/// A basic or keyframe animation of one key path, in the one form layers and the
/// evaluator hold it: closed over the value kinds of layer properties, each case holding
/// the typed animation (`Animation.property`).
///
/// Make one from a typed animation (`PropertyAnimation(BasicAnimation<Point>(…))`, or
/// `Animation(_:)` directly); read it back with `basic(of:)` and `keyframe(of:)`. The typed
/// animation is held in an immutable box, so copying a `PropertyAnimation` costs a retain
/// and evaluating it reads the animation in place, with code compiled for its type.
///
/// Kinds: numbers (`Double`), points, sizes, rectangles, colours, transforms, the
/// number vectors that the `scale` and `translate` value functions read
/// (`AnimatableVector`), paths (`Path`) and lists of colours and of numbers (`[Color]`,
/// `[Double]`). An animation of another `KeyPathAnimatable` type is converted to
/// the Cadence type of its values' kind (see `init(_:)`).
public struct PropertyAnimation: TimedAnimation {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, …).
    public let keyPath: String
    /// The typed animation.
    package let storage: Storage
    /// Whether the value is added to the value below instead of replacing it.
    public let isAdditive: Bool
    /// The value function, if any.
    public let valueFunction: ValueFunction?

    /// One case per value type, each holding a basic or a keyframe animation of it.
    package enum Storage: Sendable {
        case scalar(Typed<Double>)
        case point(Typed<Point>)
        case size(Typed<Size>)
        case rect(Typed<Rect>)
        case color(Typed<Color>)
        case transform(Typed<Transform3D>)
        case vector(Typed<AnimatableVector>)
        case path(Typed<Path>)
        case colorList(Typed<[Color]>)
        case numberList(Typed<[Double]>)
    }

    /// A basic or keyframe animation of `Value`, boxed.
    package enum Typed<Value: KeyPathAnimatable>: Sendable {
        case basic(Held<BasicAnimation<Value>>)
        case keyframe(Held<KeyframeAnimation<Value>>)
    }

    init(keyPath: String, storage: Storage) {
        self.keyPath = keyPath
        self.storage = storage
        isAdditive = storage.erased.isAdditive
        valueFunction = storage.erased.valueFunction
    }

    /// The basic animation, held as it is when `V` is a Cadence value type; otherwise
    /// converted to the Cadence type of its values' kind (each value through
    /// `keyPathValue`, the first value set deciding the kind; with no value set it is held as
    /// a number animation, which reads and leaves only number properties).
    public init<V: KeyPathAnimatable>(_ animation: BasicAnimation<V>) {
        self.init(keyPath: animation.keyPath, storage: Storage(Typed.basic(Held(animation)), kind: Self.kind(of: animation.fromValue, animation.toValue, animation.byValue)))
    }

    /// The keyframe animation, held as it is when `V` is a Cadence value type; otherwise
    /// converted as `init(_:)` converts a basic animation (the first keyframe deciding the
    /// kind; a path is kept only for points).
    public init<V: KeyPathAnimatable>(_ animation: KeyframeAnimation<V>) {
        let kind = Self.kind(of: animation.values.first) ?? (animation.path != nil ? .point : nil)
        self.init(keyPath: animation.keyPath, storage: Storage(Typed.keyframe(Held(animation)), kind: kind))
    }

    /// The kind of the first of `values` that is set (only looked at for a type that is
    /// not one of Cadence's).
    private static func kind<V: KeyPathAnimatable>(of values: V?...) -> ValueKind? {
        guard !PropertyAnimation.isCadenceType(V.self) else { return nil }
        return values.lazy.compactMap { $0?.keyPathValue.kind }.first
    }

    /// Whether `V` is one of the value types `Storage` has a case for.
    private static func isCadenceType<V>(_: V.Type) -> Bool {
        V.self == Double.self || V.self == Point.self || V.self == Size.self || V.self == Rect.self
            || V.self == Color.self || V.self == Transform3D.self || V.self == AnimatableVector.self
            || V.self == Path.self || V.self == [Color].self || V.self == [Double].self
    }

    /// The animation as a `BasicAnimation<V>`, or `nil` when it is not one.
    public func basic<V: KeyPathAnimatable>(of _: V.Type = V.self) -> BasicAnimation<V>? {
        storage.erased.animation as? BasicAnimation<V>
    }

    /// The animation as a `KeyframeAnimation<V>`, or `nil` when it is not one.
    public func keyframe<V: KeyPathAnimatable>(of _: V.Type = V.self) -> KeyframeAnimation<V>? {
        storage.erased.animation as? KeyframeAnimation<V>
    }

    /// The timing of the animation inside; setting it re-boxes the animation with the new
    /// timing.
    public var animationTiming: AnimationTiming {
        get { storage.erased.animationTiming }
        set { self = storage.erased.replacingTiming(newValue) }
    }

    /// Whether each repeat cycle starts where the previous one ended.
    public var isCumulative: Bool { storage.erased.isCumulative }

    /// Whether the animation is a path animation with a rotation mode (it turns its layer).
    public var rotatesAlongPath: Bool {
        guard case .point(.keyframe(let held)) = storage else { return false }
        return held.animation.path != nil && held.animation.rotationMode != nil
    }
}

// MARK: Boxes and the typed cases

/// An immutable box: code borrows `animation` through the reference (a class's constant
/// field is read in place, never copied out to be passed on).
package final class Held<Animation: Sendable>: Sendable {
    package let animation: Animation
    init(_ animation: Animation) { self.animation = animation }
}

/// What the rare paths (construction, reading back, replacing the timing) ask of a typed
/// animation whatever its type; evaluation never goes through it.
protocol ErasedPropertyAnimation {
    var animation: Any { get }
    var animationTiming: AnimationTiming { get }
    var isAdditive: Bool { get }
    var isCumulative: Bool { get }
    var valueFunction: ValueFunction? { get }
    func replacingTiming(_ timing: AnimationTiming) -> PropertyAnimation
}

extension PropertyAnimation.Typed: ErasedPropertyAnimation {
    var animation: Any {
        switch self {
        case .basic(let held): held.animation
        case .keyframe(let held): held.animation
        }
    }

    var animationTiming: AnimationTiming {
        switch self {
        case .basic(let held): held.animation.animationTiming
        case .keyframe(let held): held.animation.animationTiming
        }
    }

    var isAdditive: Bool {
        switch self {
        case .basic(let held): held.animation.isAdditive
        case .keyframe(let held): held.animation.isAdditive
        }
    }

    var isCumulative: Bool {
        switch self {
        case .basic(let held): held.animation.isCumulative
        case .keyframe(let held): held.animation.isCumulative
        }
    }

    var valueFunction: ValueFunction? {
        switch self {
        case .basic(let held): held.animation.valueFunction
        case .keyframe(let held): held.animation.valueFunction
        }
    }

    func replacingTiming(_ timing: AnimationTiming) -> PropertyAnimation {
        switch self {
        case .basic(let held):
            var copy = held.animation
            copy.animationTiming = timing
            return PropertyAnimation(copy)
        case .keyframe(let held):
            var copy = held.animation
            copy.animationTiming = timing
            return PropertyAnimation(copy)
        }
    }

    /// The same animation with its values converted to `W` through `keyPathValue` (a value
    /// of another kind is dropped).
    func converted<W: KeyPathAnimatable>(to _: W.Type) -> PropertyAnimation.Typed<W> {
        func convert(_ value: Value) -> W? { W(keyPathValue: value.keyPathValue) }
        switch self {
        case .basic(let held):
            let a = held.animation
            return .basic(Held(BasicAnimation<W>(
                keyPath: a.keyPath, fromValue: a.fromValue.flatMap(convert), toValue: a.toValue.flatMap(convert),
                byValue: a.byValue.flatMap(convert), timing: a.timing, timingFunction: a.timingFunction,
                isAdditive: a.isAdditive, isCumulative: a.isCumulative, isRemovedOnCompletion: a.isRemovedOnCompletion,
                valueFunction: a.valueFunction)))
        case .keyframe(let held):
            let a = held.animation
            return .keyframe(Held(KeyframeAnimation<W>(
                keyPath: a.keyPath, values: a.values.compactMap(convert), path: a.path, keyTimes: a.keyTimes,
                timingFunctions: a.timingFunctions, calculationMode: a.calculationMode, tensionValues: a.tensionValues,
                continuityValues: a.continuityValues, biasValues: a.biasValues, rotationMode: a.rotationMode,
                timing: a.timing, timingFunction: a.timingFunction, isAdditive: a.isAdditive,
                isCumulative: a.isCumulative, isRemovedOnCompletion: a.isRemovedOnCompletion,
                valueFunction: a.valueFunction)))
        }
    }

    /// The animation's own value at `time` (its parent time) before combining, `nil` when
    /// it contributes nothing (`PropertyAnimationProtocol.ownSample`; its path through the
    /// state in line, as the animation is read in place from its box).
    @inline(__always)
    func ownSample(atTime time: Double, model: Value, honoursRemoval: Bool) -> AnimationSample<Value>? {
        switch self {
        case .basic(let held): held.animation.foldSample(atParentTime: time, model: model, honoursRemoval: honoursRemoval)
        case .keyframe(let held): held.animation.foldSample(atParentTime: time, model: model, honoursRemoval: honoursRemoval)
        }
    }
}

extension PropertyAnimation.Storage {
    /// The case holding `typed`: its own when `V` is a Cadence value type, otherwise the
    /// case of `kind` with the values converted (numbers when `kind` is `nil` or has no
    /// animatable type).
    init<V>(_ typed: PropertyAnimation.Typed<V>, kind: ValueKind?) {
        // A type comparison and a cast between identical types: no dynamic cast (which looks
        // up generic metadata and conformances on every call).
        func same<W>(_: W.Type) -> PropertyAnimation.Typed<W>? {
            V.self == W.self ? unsafeBitCast(typed, to: PropertyAnimation.Typed<W>.self) : nil
        }
        if let typed = same(Double.self) { self = .scalar(typed) }
        else if let typed = same(Point.self) { self = .point(typed) }
        else if let typed = same(Size.self) { self = .size(typed) }
        else if let typed = same(Rect.self) { self = .rect(typed) }
        else if let typed = same(Color.self) { self = .color(typed) }
        else if let typed = same(Transform3D.self) { self = .transform(typed) }
        else if let typed = same(AnimatableVector.self) { self = .vector(typed) }
        else if let typed = same(Path.self) { self = .path(typed) }
        else if let typed = same([Color].self) { self = .colorList(typed) }
        else if let typed = same([Double].self) { self = .numberList(typed) }
        else {
            switch kind {
            case .point: self = .point(typed.converted(to: Point.self))
            case .size: self = .size(typed.converted(to: Size.self))
            case .rect: self = .rect(typed.converted(to: Rect.self))
            case .color: self = .color(typed.converted(to: Color.self))
            case .transform: self = .transform(typed.converted(to: Transform3D.self))
            case .path: self = .path(typed.converted(to: Path.self))
            case .colorList: self = .colorList(typed.converted(to: [Color].self))
            case .numberList: self = .numberList(typed.converted(to: [Double].self))
            case .scalar, .boolean, .string, .discrete, nil: self = .scalar(typed.converted(to: Double.self))
            }
        }
    }

    /// The typed animation, erased (the rare paths).
    var erased: any ErasedPropertyAnimation {
        switch self {
        case .scalar(let typed): typed
        case .point(let typed): typed
        case .size(let typed): typed
        case .rect(let typed): typed
        case .color(let typed): typed
        case .transform(let typed): typed
        case .vector(let typed): typed
        case .path(let typed): typed
        case .colorList(let typed): typed
        case .numberList(let typed): typed
        }
    }
}
