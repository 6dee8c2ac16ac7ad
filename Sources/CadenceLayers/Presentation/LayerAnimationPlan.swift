import CadenceAnimation
import CadenceGeometry

/// What a layer's list of animations animates, worked out once per list so that a
/// presentation snapshot touches no strings: the animated properties in the order they
/// first appear, with the animations that reach each typed by the property's kind and their
/// key paths matched once — as a chain of presenters that store into the snapshot's
/// storage (`PropertyPresenter`), or, when a property must be written through the layer,
/// as a list of targets with their plans (`PropertyAnimationPlan`).
///
/// A plan describes one list exactly: it keeps a copy of the list (which shares the
/// list's storage, so costs one retain) and is valid while the layer's list still shares
/// that storage. Any change to `animationEntries` — through the `add`/`remove` family or
/// directly — gives the list new storage (the copy here forces copy-on-write), so a stale
/// plan is detected by one pointer comparison and rebuilt (`Layer.animationPlan`).
final class LayerAnimationPlan {
    /// How the snapshot reads the model value of a property and writes the presented one.
    enum Target {
        /// A property with a `LayerKey`: its declaration's accessors and rules.
        case key(LayerKey)
        /// Anything else (extra keys, properties key-value coding cannot carry): through
        /// `value(forKeyPath:)` and `setValue(_:forKeyPath:)`, as named.
        case keyPath
    }

    /// One animated property.
    struct Property {
        let target: Target
        /// The animations that can change it, in the layer's order, and how each reaches
        /// it. The others leave the property alone, so evaluating these gives the same
        /// value as evaluating them all.
        let plan: PropertyAnimationPlan
    }

    /// The list the plan was made from.
    let entries: [Layer.AnimationEntry]
    /// The animated properties in order, when they are presented through the layer
    /// (`hasLayerLevelProperties`); empty otherwise (`firstPresenter` presents them).
    let properties: [Property]
    /// Whether an entry has a captured previous rendering (is or holds a transition), so
    /// that a snapshot looks for a transition in effect only then.
    let hasCaptures: Bool
    /// Whether a property must be written through the layer rather than its storage
    /// (`frame`, Booleans, names without a `LayerKey`, or a property without a presenter):
    /// snapshots then present every property through the layer, in order.
    let hasLayerLevelProperties: Bool
    /// The presenters of the properties, chained in order (`PropertyPresenter`), when every
    /// property is stored (`hasLayerLevelProperties` false); `nil` otherwise, or when there
    /// is none.
    let firstPresenter: PropertyPresenter?

    /// The plan of `entries`: the properties in the order `Layer.presentationReference`
    /// visits them.
    init(_ entries: [Layer.AnimationEntry]) {
        self.entries = entries
        // Each animated property by name, with its key and the animations that reach it.
        var found: [(name: String, key: LayerKey?, animations: [Animation])] = []
        var seen: Set<String> = []
        let animations = entries.map(\.animation)
        for animation in animations {
            for keyPath in Layer.animatedKeyPaths(of: animation) {
                let name = KeyPathValue.split(keyPath).head
                guard seen.insert(name).inserted else { continue }
                let reaching = animations.filter { animation in
                    Layer.animatedKeyPaths(of: animation).contains { AnimationEvaluator.field(of: $0, in: name) != nil }
                }
                found.append((name, LayerKey.byName[name], reaching))
            }
        }
        hasCaptures = entries.contains { $0.previous != nil }
        // The presenters' chain, made from the last property back, unless a property is
        // written through the layer (then none is: the list is presented in order).
        var first: PropertyPresenter?
        var presentable = !found.contains { property in
            guard let key = property.key else { return true }
            return key == .frame || key.kind == .boolean || key.kind == .discrete
        }
        for property in found.reversed() where presentable {
            if let key = property.key,
               let presenter = PropertyPresenter.make(for: key, animations: property.animations, next: first) {
                first = presenter
            } else {
                presentable = false
            }
        }
        hasLayerLevelProperties = !presentable
        firstPresenter = presentable ? first : nil
        // The per-property plans only where the layer presents through its setters (rare):
        // the presenters hold what they need.
        properties = presentable ? [] : found.map { property in
            Property(
                target: property.key.map(Target.key) ?? .keyPath,
                plan: PropertyAnimationPlan(property: property.name, kind: property.key?.kind, animations: property.animations))
        }
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

    /// `animationPlan`, or `nil` when the layer has no animations: what a snapshot asks.
    /// A current plan is recognised before the list is looked at (`describes` compares
    /// the address of its storage, not its contents), and it describes a list that is not
    /// empty (plans are made only for those, and a list that shares a plan's storage is
    /// that list): so an animated layer's snapshot never reads the list's storage, one
    /// cache miss fewer per layer in a large tree.
    @inline(__always)
    var snapshotAnimationPlan: LayerAnimationPlan? {
        if let plan = animationPlanCache, plan.describes(animationEntries) { return plan }
        return animationEntries.isEmpty ? nil : animationPlan
    }

    /// `snapshotAnimationPlan` lent, not retained: the plan `animationPlanCache` holds
    /// (made first when the list has changed), read from the field as a plain word. Valid
    /// while the cache keeps it, that is until the layer's animations change and a plan is
    /// asked for again; a snapshot node presents within that (presenting reads the model
    /// layer and writes its copy, and never changes the model's animations). Saves the
    /// retain and release of the plan per animated layer of a snapshot.
    @inline(__always)
    var lentSnapshotAnimationPlan: Unmanaged<LayerAnimationPlan>? {
        let cached = withUnsafeMutablePointer(to: &animationPlanCache) {
            UnsafeRawPointer($0).load(as: Unmanaged<LayerAnimationPlan>?.self)
        }
        if let cached, cached._withUnsafeGuaranteedRef({ $0.describes(animationEntries) }) { return cached }
        return animationEntries.isEmpty ? nil : Self.lendNewAnimationPlan(of: self)
    }

    /// The plan made afresh for `layer` (`animationPlan`), lent: the cache holds it. Out of
    /// line: the rare path of `lentSnapshotAnimationPlan`.
    @inline(never)
    private static func lendNewAnimationPlan(of layer: Layer) -> Unmanaged<LayerAnimationPlan> {
        Unmanaged.passUnretained(layer.animationPlan)
    }
}

// MARK: Typed property access

/// A value type of animatable layer properties that a snapshot folds (`PropertyValue`) and
/// refuses unless finite, as the property's setter does; its storage accessors come from
/// the property's declaration (`LayerKey`).
protocol PresentedValue: PropertyValue {
    /// The type a property of this type is stored as (`Color?` for colours).
    associatedtype Stored: LayerPropertyValue = Self
    /// Whether every number in it is finite.
    var isFiniteValue: Bool { get }
    /// A stored value as presented (`nil`: an absent colour, which is not presented).
    init?(stored: Stored)
    /// The value as stored.
    var stored: Stored { get }
}

extension Double: PresentedValue {}
extension Point: PresentedValue {}
extension Size: PresentedValue {}
extension Rect: PresentedValue {}
extension Transform3D: PresentedValue {}
extension PresentedValue where Stored == Self {
    @inline(__always) init?(stored: Self) { self = stored }
    @inline(__always) var stored: Self { self }
}

extension Color: PresentedValue {
    var isFiniteValue: Bool { Optional(self).isFiniteValue }
    @inline(__always) init?(stored: Color?) {
        guard let stored else { return nil }
        self = stored
    }
    @inline(__always) var stored: Color? { self }
}
