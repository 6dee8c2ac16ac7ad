import CadenceAnimation
import CadenceGeometry

/// What a layer's list of animations animates, worked out once per list so that a
/// presentation snapshot touches no strings: the animated properties in the order they
/// first appear, each with how to read and write it and the animations that can change it.
///
/// A plan describes one list exactly: it keeps a copy of the list (which shares the
/// list's storage, so costs one retain) and is valid while the layer's list still shares
/// that storage. Any change to `animationEntries` — through the `add`/`remove` family or
/// directly — gives the list new storage (the copy here forces copy-on-write), so a stale
/// plan is detected by one pointer comparison and rebuilt (`Layer.animationPlan`).
final class LayerAnimationPlan {
    /// How the snapshot reads the model value of a property and writes the presented one.
    enum Target {
        /// A property with a `LayerKey`: its typed getter and setter (`LayerKey.read`, `write`).
        case key(LayerKey)
        /// Anything else (extra keys, properties key-value coding cannot carry): through
        /// `value(forKeyPath:)` and `setValue(_:forKeyPath:)`, as named.
        case keyPath
    }

    /// One animated property.
    struct Property {
        /// The property's name, as `AnimationEvaluator` matches key paths against it.
        let name: String
        let target: Target
        /// The animations that can change it, in the layer's order: the property
        /// animations whose key path is the property or one of its fields, and the groups
        /// with such an animation inside. The others leave the property alone, so
        /// evaluating these gives the same value as evaluating them all.
        let animations: [Animation]
        /// The same animations specialised for the property's type, when they allow it
        /// (`LayerPropertyTrack`); `nil`: evaluate `animations` with `AnimationEvaluator`.
        let typed: LayerTypedTrack?
        /// Owns the track `typed` refers to.
        let track: AnyObject?
    }

    /// What a snapshot does for each property, in order: a typed track, or the
    /// evaluator on `properties[i]`. Plain values (the tracks are held by `properties`),
    /// so walking them costs no reference counting.
    enum Step {
        case typed(LayerTypedTrack)
        case evaluate(Int)
    }

    /// The list the plan was made from.
    let entries: [Layer.AnimationEntry]
    let properties: [Property]
    let steps: [Step]
    /// Whether an entry has a captured previous rendering (is or holds a transition), so
    /// that a snapshot looks for a transition in effect only then.
    let hasCaptures: Bool

    /// The plan of `entries`: the properties in the order `Layer.applyAnimationsReference`
    /// visits them.
    init(_ entries: [Layer.AnimationEntry]) {
        self.entries = entries
        var properties: [Property] = []
        var seen: Set<String> = []
        for entry in entries {
            for keyPath in Layer.animatedKeyPaths(of: entry.animation) {
                let name = KeyPathValue.split(keyPath).head
                guard seen.insert(name).inserted else { continue }
                let key = LayerKey.byName[name]
                let animations = entries.lazy.map(\.animation).filter { animation in
                    Layer.animatedKeyPaths(of: animation).contains { AnimationEvaluator.field(of: $0, in: name) != nil }
                }
                let list = Array(animations)
                let typed = key.flatMap { LayerTypedTrack.make(for: $0, name: name, animations: list) }
                properties.append(Property(
                    name: name, target: key.map(Target.key) ?? .keyPath, animations: list, typed: typed?.track,
                    track: typed?.owner))
            }
        }
        self.properties = properties
        steps = properties.indices.map { i in properties[i].typed.map(Step.typed) ?? .evaluate(i) }
        hasCaptures = entries.contains { $0.previous != nil }
    }

    /// Whether the plan describes `entries` (they share the storage the plan was made from).
    @inline(__always)
    func describes(_ entries: [Layer.AnimationEntry]) -> Bool {
        Self.storageAddress(of: entries) == Self.storageAddress(of: self.entries)
    }

    @inline(__always)
    private static func storageAddress(of entries: [Layer.AnimationEntry]) -> UnsafeRawPointer? {
        entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}

extension Layer {
    /// The plan of `animationEntries`, rebuilt when they have changed since the last one.
    var animationPlan: LayerAnimationPlan {
        if let plan = animationPlanCache, plan.describes(animationEntries) { return plan }
        let plan = LayerAnimationPlan(animationEntries)
        animationPlanCache = plan
        return plan
    }
}

// MARK: Typed tracks

/// A property's animations folded with code specialised for the property's value type:
/// the fast twin of `AnimationEvaluator.presentationValue(ofProperty:model:animations:atTime:)`
/// for the common case, which `LayerAnimationPlan` uses when it can make one
/// (`LayerPropertyTrack.make`) and the evaluator otherwise. One case per value type, so
/// `apply` reaches code compiled for that type (a protocol witness or closure of a
/// generic type would run unspecialised code or copy what it captured).
enum LayerTypedTrack {
    // Unowned: the plan owns the tracks (`LayerAnimationPlan.Property.track`).
    case number(Unmanaged<LayerPropertyTrack<Double>>)
    case point(Unmanaged<LayerPropertyTrack<Point>>)
    case size(Unmanaged<LayerPropertyTrack<Size>>)
    case rect(Unmanaged<LayerPropertyTrack<Rect>>)
    case color(Unmanaged<LayerPropertyTrack<Color>>)
    case transform(Unmanaged<LayerPropertyTrack<Transform3D>>)

    /// Reads the property's model value from `model`, folds the animations into it at
    /// `time` (the layer's local time) and, when the result differs, stores it in `copy`
    /// (`LayerTrackValue.write`). A path animation with a rotation mode in effect sets
    /// `rotation`. Nothing for an absent colour (as key-value coding reads no value).
    /// The track must be alive (its plan is).
    @inline(__always)
    func apply(from model: Layer, to copy: Layer, atTime time: Double, rotation: inout Double?) {
        switch self {
        case .number(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        case .point(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        case .size(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        case .rect(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        case .color(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        case .transform(let track):
            track._withUnsafeGuaranteedRef { $0.apply(from: model, to: copy, atTime: time, rotation: &rotation) }
        }
    }

    /// The track of `animations` on `key` (named `name`) and the object that owns it, or
    /// `nil` when the key's value is not animatable by type (the Booleans) or an animation
    /// is of another shape.
    static func make(
        for key: LayerKey, name: String, animations: [Animation]
    ) -> (track: LayerTypedTrack, owner: AnyObject)? {
        func typed<V>(_ track: LayerPropertyTrack<V>?, _ wrap: (Unmanaged<LayerPropertyTrack<V>>) -> LayerTypedTrack)
            -> (track: LayerTypedTrack, owner: AnyObject)? {
            track.map { (wrap(Unmanaged.passUnretained($0)), $0) }
        }
        switch key.kind {
        case .scalar: return typed(LayerPropertyTrack<Double>.make(key, name, animations), Self.number)
        case .point: return typed(LayerPropertyTrack<Point>.make(key, name, animations), Self.point)
        case .size: return typed(LayerPropertyTrack<Size>.make(key, name, animations), Self.size)
        case .rect: return typed(LayerPropertyTrack<Rect>.make(key, name, animations), Self.rect)
        case .color: return typed(LayerPropertyTrack<Color>.make(key, name, animations), Self.color)
        case .transform: return typed(LayerPropertyTrack<Transform3D>.make(key, name, animations), Self.transform)
        case .boolean, .discrete: return nil
        }
    }
}

/// The animations of one property whose value type is `Value`, every one of them a
/// `BasicAnimation` or `KeyframeAnimation` of the whole property (no structure field, no
/// group): of `Value` itself without a value function, or — for a transform property —
/// of numbers through a value function.
///
/// `apply` follows `AnimationEvaluator`'s rules for exactly these animations, in the
/// same operations: each animation's `ownSample` at its timing state (removal honoured),
/// added to the value below when additive (`AnimatableValue.adding`, which
/// `KeyPathValue.adding` calls), else replacing it; open ends read the model value (a
/// value function's neutral input for number animations); the last rotation wins. So
/// the result is the evaluator's bit for bit (`LayerAnimationTests` checks it against
/// `presentationReference(at:)`).
///
/// Cost: no allocation, existential or string per animation; the animations are read in
/// place (a value function still allocates inside `ValueFunction.transform(_:)`).
final class LayerPropertyTrack<Value: LayerTrackValue> {
    /// One animation, in the layer's order. Each is held in a box whose constant field
    /// the fold borrows (an array element, an enum payload or a pointee would be copied
    /// out for the call: a few hundred bytes and retains); unowned here (`boxes` owns
    /// them), so walking the steps costs no reference counting.
    enum Step {
        case basic(Unmanaged<LayerAnimationBox<BasicAnimation<Value>>>)
        case keyframe(Unmanaged<LayerAnimationBox<KeyframeAnimation<Value>>>)
        /// A number animation through a value function (only when `Value` is `Transform3D`).
        case functionBasic(Unmanaged<LayerAnimationBox<BasicAnimation<Double>>>)
        case functionKeyframe(Unmanaged<LayerAnimationBox<KeyframeAnimation<Double>>>)
    }

    let key: LayerKey
    /// The first step, stored in the track (most properties have one animation).
    let first: Step
    /// The others.
    let rest: [Step]
    /// Owns the boxes of the steps.
    let boxes: [AnyObject]

    private init(key: LayerKey, first: Step, rest: [Step], boxes: [AnyObject]) {
        self.key = key
        self.first = first
        self.rest = rest
        self.boxes = boxes
    }

    /// The track of `animations` (at least one) on `key` (named `name`), or `nil` when one
    /// of them is of another shape (the evaluator handles those).
    static func make(_ key: LayerKey, _ name: String, _ animations: [Animation]) -> LayerPropertyTrack? {
        var steps: [Step] = [], boxes: [AnyObject] = []
        func boxed<A>(_ animation: A) -> Unmanaged<LayerAnimationBox<A>> {
            let box = LayerAnimationBox(animation)
            boxes.append(box)
            return Unmanaged.passUnretained(box)
        }
        for animation in animations {
            guard case .property(let wrapped) = animation, wrapped.keyPath == name else { return nil }
            let base = wrapped.unwrapped
            if let a = base as? BasicAnimation<Value>, a.valueFunction == nil {
                steps.append(.basic(boxed(a)))
            } else if let a = base as? KeyframeAnimation<Value>, a.valueFunction == nil {
                steps.append(.keyframe(boxed(a)))
            } else if Value.self == Transform3D.self, let a = base as? BasicAnimation<Double>, a.valueFunction != nil {
                steps.append(.functionBasic(boxed(a)))
            } else if Value.self == Transform3D.self, let a = base as? KeyframeAnimation<Double>, a.valueFunction != nil {
                steps.append(.functionKeyframe(boxed(a)))
            } else {
                return nil
            }
        }
        guard let first = steps.first else { return nil }
        return LayerPropertyTrack(key: key, first: first, rest: Array(steps.dropFirst()), boxes: boxes)
    }

    func apply(from model: Layer, to copy: Layer, atTime time: Double, rotation: inout Double?) {
        guard let modelValue = Value.read(key, of: model) else { return }
        var value = modelValue
        Self.fold(first, model: modelValue, time: time, into: &value, rotation: &rotation)
        if !rest.isEmpty {
            for step in rest { Self.fold(step, model: modelValue, time: time, into: &value, rotation: &rotation) }
        }
        if value != modelValue { value.write(key, to: copy) }
    }

    /// `step` on `value` (the value below it).
    @inline(__always)
    private static func fold(_ step: Step, model: Value, time: Double, into value: inout Value, rotation: inout Double?) {
        switch step {
        case .basic(let box):
            box._withUnsafeGuaranteedRef { fold($0, model: model, time: time, into: &value, rotation: &rotation) }
        case .keyframe(let box):
            box._withUnsafeGuaranteedRef { fold($0, model: model, time: time, into: &value, rotation: &rotation) }
        case .functionBasic(let box):
            box._withUnsafeGuaranteedRef { foldThroughFunction($0, time: time, into: &value, rotation: &rotation) }
        case .functionKeyframe(let box):
            box._withUnsafeGuaranteedRef { foldThroughFunction($0, time: time, into: &value, rotation: &rotation) }
        }
    }

    /// One animation of `Value` on `value` (the value below it).
    @inline(__always)
    private static func fold<A: PropertyAnimation>(
        _ box: LayerAnimationBox<A>, model: Value, time: Double, into value: inout Value, rotation: inout Double?
    ) where A.Value == Value {
        let state = box.animation.resolvedTiming.state(atParentTime: time)
        guard let own = box.animation.ownSample(in: state, model: model, honoursRemoval: true) else { return }
        value = box.animation.isAdditive ? value.adding(own.value) : own.value
        if let angle = own.rotation { rotation = angle }
    }

    /// One number animation through its value function on `value` (a transform).
    @inline(__always)
    private static func foldThroughFunction<A: PropertyAnimation>(
        _ box: LayerAnimationBox<A>, time: Double, into value: inout Value, rotation: inout Double?
    ) where A.Value == Double {
        let state = box.animation.resolvedTiming.state(atParentTime: time)
        guard let function = box.animation.valueFunction, let neutral = Double.valueFunctionNeutralInput(function),
              let own = box.animation.ownSample(in: state, model: neutral, honoursRemoval: true),
              let transform = own.value.transform(through: function), let typed = transform as? Value
        else { return }
        value = box.animation.isAdditive ? value.adding(typed) : typed
        if let angle = own.rotation { rotation = angle }
    }
}

/// An animation in a box of its own, so that code can borrow it (a class's constant field
/// is never copied out to be passed on).
final class LayerAnimationBox<A> {
    let animation: A
    init(_ animation: A) { self.animation = animation }
}

// MARK: Typed property access

/// A value type of animatable layer properties, with typed access by `LayerKey`: what a
/// `LayerPropertyTrack` reads from the model layer and stores in the snapshot layer —
/// through the getters and setters of `LayerPropertyValue`'s table (a snapshot layer has
/// no transaction context, so its setters only store: refused unless finite, except in
/// the media timing, and marked assigned).
protocol LayerTrackValue: KeyPathAnimatable, Equatable {
    /// The property `key` of `layer` through its getter (the style rule included), or
    /// `nil` when it has no value (an absent colour) or is not of this type.
    static func read(_ key: LayerKey, of layer: Layer) -> Self?
    /// Assigns this value to the property `key` of `layer` through its setter.
    func write(_ key: LayerKey, to layer: Layer)
}

// The table's own types: `LayerPropertyValue`'s `read` and `write` are the witnesses.
extension Double: LayerTrackValue {}
extension Point: LayerTrackValue {}
extension Size: LayerTrackValue {}
extension Rect: LayerTrackValue {}
extension Transform3D: LayerTrackValue {}

extension Color: LayerTrackValue {
    /// The colour properties hold `Color?` (`nil`: no colour).
    static func read(_ key: LayerKey, of layer: Layer) -> Color? {
        Color?.read(key, of: layer) ?? nil
    }

    func write(_ key: LayerKey, to layer: Layer) {
        Optional(self).write(key, to: layer)
    }
}
