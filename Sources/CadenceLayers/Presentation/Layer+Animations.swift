import CadenceAnimation
import CadenceGeometry
import CadenceTiming

// Animations on layers (Core Animation's `addAnimation:forKey:` family) and presentation
// snapshots: the tree as it looks at a time, every animation applied.

extension Layer {
    // MARK: Attaching animations

    /// Adds `animation` under `key`; an animation already under the same (non-nil) key is
    /// removed first, so the new one goes on top. Animations with a `nil` key are never
    /// replaced, and cannot be found or removed by key (only by `removeAllAnimations()`).
    ///
    /// The layer keeps its own copy (animations are values). Times are in the layer's own
    /// time space. Core Animation replaces a `beginTime` of 0 with the current time when the
    /// transaction commits; Cadence has no hidden clock, so pass `beginningAt` (a time in
    /// the layer's time space) to get that behaviour, or set `beginTime` yourself.
    ///
    /// A transition (or a group with one inside) transitions from this layer as it is at
    /// this call: `add(_:forKey:from:beginningAt:)` with `previous` `nil`.
    public func add(_ animation: Animation, forKey key: String?, beginningAt now: Double? = nil) {
        add(animation, forKey: key, capture: nil, beginningAt: now)
    }

    /// Adds `transition` under `key` (by default `Layer.Event.transition`, the key Core
    /// Animation reserves for transitions), as `add(_:forKey:beginningAt:)` does, with the
    /// rendering it transitions from: a model copy of `previous`'s whole tree — its
    /// sublayers and masks, their properties, contents (the image shared, not copied) and
    /// animations (but not the renderings their own transitions captured: a previous
    /// rendering shows no transition of its own) — taken now; when `previous` is `nil`, of
    /// this layer's tree as it is now. A presentation snapshot then shows it as
    /// `presentedTransition` while the transition is in effect. Removing the entry
    /// (`removeAnimation(forKey:)`, `removeCompletedAnimations(atLocalTime:)`, …) drops
    /// the copy.
    ///
    /// **Differs from Core Animation**, which captures the previous rendering when the
    /// transaction commits: here the capture is made at this call, so add the transition
    /// first, then change the layer. (A transition found as the action of a property
    /// change, or of `replaceSublayer(_:with:)`, captures before the change, or the
    /// replaced layer: `Layer+Actions.swift`.) Later changes to `previous` do not reach
    /// the copy.
    ///
    /// Cost: one allocation and a storage copy per layer of the captured tree (the rarely
    /// set properties and the contents are shared, `LayerStorage`).
    public func add(
        _ transition: Transition, forKey key: String? = Layer.Event.transition, from previous: Layer? = nil,
        beginningAt now: Double? = nil
    ) {
        add(.transition(transition), forKey: key, from: previous, beginningAt: now)
    }

    /// `add(_:forKey:from:beginningAt:)` for any animation: `previous` (or this layer, when
    /// `nil`) is captured for the transitions the animation is or holds (in a group); for
    /// an animation without one nothing is captured and `previous` is ignored.
    public func add(_ animation: Animation, forKey key: String?, from previous: Layer?, beginningAt now: Double? = nil) {
        let capture = previous.flatMap { animation.containsTransition ? $0.capturedTreeCopy() : nil }
        add(animation, forKey: key, capture: capture, beginningAt: now)
    }

    /// The one place an animation is added: `capture` is the tree its transitions start
    /// from, already copied (`capturedTreeCopy()`; `nil`: a copy of this layer's tree,
    /// made here when the animation holds a transition).
    func add(_ animation: Animation, forKey key: String?, capture: Layer?, beginningAt now: Double?) {
        var animation = animation
        if let now, animation.timing.beginTime == 0 {
            animation.timing.beginTime = now
        }
        let previous = animation.containsTransition ? capture ?? capturedTreeCopy() : nil
        dropAnimationPlan()
        if let key { animationEntries.removeAll { $0.key == key } }
        animationEntries.append((key, animation, previous))
    }

    /// Adds a basic animation (`Animation(animation)`).
    public func add<V: KeyPathAnimatable>(_ animation: BasicAnimation<V>, forKey key: String?, beginningAt now: Double? = nil) {
        add(Animation(animation), forKey: key, beginningAt: now)
    }

    /// Adds a keyframe animation (`Animation(animation)`).
    public func add<V: KeyPathAnimatable>(
        _ animation: KeyframeAnimation<V>, forKey key: String?, beginningAt now: Double? = nil
    ) {
        add(Animation(animation), forKey: key, beginningAt: now)
    }

    /// The animation under `key`, or `nil`.
    public func animation(forKey key: String) -> Animation? {
        animationEntries.last { $0.key == key }?.animation
    }

    /// Removes the animation under `key` (nothing when there is none).
    public func removeAnimation(forKey key: String) {
        dropAnimationPlan()
        animationEntries.removeAll { $0.key == key }
    }

    /// Removes every animation, keyed or not.
    public func removeAllAnimations() {
        dropAnimationPlan()
        animationEntries.removeAll()
    }

    /// The keys of the attached animations, in the order they were added (animations
    /// added with a `nil` key are not listed, as on Core Animation).
    public func animationKeys() -> [String] {
        animationEntries.compactMap(\.key)
    }

    /// The attached animations in order, with their keys. (A new array each call; a
    /// transition's captured previous rendering is not listed.)
    public var animations: [(key: String?, animation: Animation)] {
        animationEntries.map { ($0.key, $0.animation) }
    }

    /// Drops the animations that are removed on completion and whose active interval has
    /// ended by `localTime` (a time in the layer's own time space), and returns their
    /// keys in order (`nil` for unkeyed ones). Core Animation removes them at the end on
    /// its own; Cadence does it when asked, so the result is a function of the time given.
    /// A transition's captured previous rendering goes with its entry.
    @discardableResult
    public func removeCompletedAnimations(atLocalTime localTime: Double) -> [String?] {
        func isCompleted(_ entry: AnimationEntry) -> Bool {
            guard let end = entry.animation.removalTime else { return false }
            return localTime > end
        }
        // Nothing to remove (most calls, made once a frame): the list, and its plan, stay.
        guard animationEntries.contains(where: isCompleted) else { return [] }
        let removed = animationEntries.filter(isCompleted).map(\.key)
        dropAnimationPlan()
        animationEntries.removeAll(where: isCompleted)
        return removed
    }

    /// Drops the plan of the animations before a change to them (a stale plan would be
    /// noticed and rebuilt anyway; dropping it first lets the list change in place, as the
    /// plan no longer shares its storage).
    private func dropAnimationPlan() {
        animationPlanCache = nil
    }

    // MARK: Presentation

    /// The model layer of a presentation snapshot, or the layer itself when it is a model
    /// layer (`modelLayer` on Core Animation). `nil` when the model layer no longer exists.
    /// A snapshot does not keep its model layer alive (`LayerModelHandle`).
    public var model: Layer? { isPresentation ? modelHandle?.layer : self }

    /// Whether the layer is a presentation snapshot (made by `presentation(at:)`).
    public var isPresentation: Bool { storage.isPresentation }

    /// A snapshot of this layer and its subtree (sublayers and masks) as they look at
    /// `time`, a time in the root time space (the parent time space of this layer's root).
    /// Every layer's own time is carried down through its ancestors' media timing; at
    /// that time the layer's animations are folded into its properties by
    /// `AnimationEvaluator` (model values where nothing is in effect). The snapshot layers
    /// hold no animations and answer `model` with the layer they were made from.
    ///
    /// A path animation with a rotation mode turns the layer: its angle about z is
    /// concatenated after the presented `transform` (`transform · R(angle)`), so the
    /// layer's own transform acts in the rotated frame, as Core Animation orients a layer
    /// along its path.
    ///
    /// A layer with a transition in effect at its time (the last added one that is, a
    /// transition inside a group counting at the group's child time) gets
    /// `presentedTransition`: the transition's type, direction and progress, and the
    /// snapshot of the tree it captured (`add(_:forKey:from:beginningAt:)`) at the same
    /// root time, as if that tree stood in the layer's place. (A captured tree holds no
    /// captures, so its snapshot presents no transition: each captured tree is presented
    /// once per transition in effect.)
    ///
    /// A replicator whose `instanceDelay` is not 0 gets `delayedInstances`: its sublayers'
    /// subtrees presented again for each further copy `k`, at its time minus `k ·
    /// instanceDelay`, within `ReplicatorLayer.maxCopiedLayers` copied layers per snapshot.
    ///
    /// Cost: per layer, one allocation (none for a layer reused from the last
    /// presentation, below) and a copy of about 300 bytes of properties (the
    /// rarely set ones and the references are shared, `LayerStorage`); per animated
    /// property, one fold of the animations that reach it, with code compiled for the
    /// property's value type (`PropertyAnimationPlan`), made by the property's presenter
    /// (`PropertyPresenter`); walking the presenters counts no references (the folds still
    /// retain and release each animation reach they read). No strings and no existentials: a
    /// layer's animations are planned once per change of its list (`LayerAnimationPlan`).
    /// `presentationReference(at:)` (`@_spi(Testing)`) is the twin it is tested against.
    ///
    /// Memory: a model layer keeps the sublayers of the last presentation made of it, and
    /// the next presentation reuses those layers that nothing else holds (its caller has
    /// dropped them) in place of new ones (`Layer+Recycling.swift`). A presentation the
    /// caller holds, whole or any layer of it, is never changed. The layers of a dropped
    /// presentation below its root live until the next presentation of this layer (a weak
    /// reference to one reads it until then; a layer kept from it reads its superlayer until
    /// then, then `nil`). What the kept layers cost and how to free them:
    /// `dropRecycledPresentation()`.
    ///
    /// Only a root model layer (no superlayer: what a frame loop presents) keeps its
    /// presentation's layers, so presenting every layer of a tree one by one (to read their
    /// animated values) keeps nothing, and a tree's kept layers are at most one copy of it.
    /// A layer presented while it has a superlayer drops what it kept as a root.
    public func presentation(at time: Double) -> Layer {
        let recycling = !isPresentation && superlayer == nil
        if !recycling && !isPresentation { dropRecycledPresentation() }
        return presentation(at: time, recycling: recycling)
    }

    /// `presentation(at:)` with every layer new: the same tree, made without reusing any
    /// layer of an earlier one (and without keeping its sublayers for a later one). The
    /// twin the recycling path is tested against.
    func freshPresentation(at time: Double) -> Layer { presentation(at: time, recycling: false) }

    /// The presentation at root time `time`, through the kept layers when `recycling`.
    private func presentation(at time: Double, recycling: Bool) -> Layer {
        let parentTime = superlayer?.animationTime(fromRoot: time) ?? time
        return presentationSnapshot(
            atLocalTime: animationTime(fromParent: parentTime), parentTime: parentTime, superlayer: nil,
            recycling: recycling)
    }

    /// The presentation value of one property or field (`"position"`, `"position.x"`) at
    /// `time` in the root time space, or `nil` for a key path the layer does not have.
    public func presentationValue(forKeyPath keyPath: String, at time: Double) -> KeyPathValue? {
        let localTime = animationTime(fromRoot: time)
        let (property, field) = KeyPathValue.split(keyPath)
        guard let model = value(forKeyPath: property) else { return nil }
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: property, model: model, animations: animationEntries.lazy.map(\.animation), atTime: localTime)
        return sample.value.value(atField: field)
    }

    /// The snapshot of this layer at `localTime` (its own time) and of its subtree, the
    /// layers made with their superlayer (`parent`) already set; `parentTime` is this
    /// layer's parent time (which places a transition's previous tree). Iterative (an
    /// explicit stack of layers still to copy), so the depth of a tree is bounded by
    /// memory, not by the call stack (a transition's previous tree is a snapshot of its
    /// own, one call deeper; captured trees hold no captures, so never more).
    ///
    /// With `recycling` (this layer a model layer), the root is new and its sublayers
    /// reuse, where nothing else holds them, the layers of the last presentation made this
    /// way, which this layer's identity keeps (`LayerModelIdentity.recycledSublayers`);
    /// the new sublayers are kept there in turn. A copy that is a reused layer holds its
    /// old sublayers until the walk reaches it, which reuses or drops them
    /// (`Layer+Recycling.swift`); a new copy holds none.
    private func presentationSnapshot(
        atLocalTime localTime: Double, parentTime: Double, superlayer parent: Layer?, recycling: Bool = false
    ) -> Layer {
        let root = snapshotNode(atLocalTime: localTime, parentTime: parentTime, superlayer: parent)
        if recycling, let identity = modelIdentity { Self.takeRecycledSublayers(from: identity, into: root) }
        var pending: [(source: Layer, copy: Layer, localTime: Double)] = [(self, root, localTime)]
        // Layers copied for replicators' delayed copies so far (`ReplicatorLayer.maxCopiedLayers`).
        var copiedLayers = 0
        while let (source, copy, time) = pending.popLast() {
            let sublayers = source.sublayers
            if !sublayers.isEmpty {
                // A reused copy's old sublayers take the new snapshots in place when they can
                // (`recyclesSublayers`, which lets them go when they cannot).
                if copy.sublayers.isEmpty || !copy.recyclesSublayers(presenting: sublayers, atLocalTime: time, pending: &pending) {
                    // Each node is made straight into the new array's storage (moved there,
                    // not retained for an append, and no capacity test per child).
                    // The model sublayers are lent, not retained: `sublayers` (this local
                    // array) holds every one of them until the loop ends (`Layer.withEachLent`).
                    copy.sublayers = Array(unsafeUninitializedCapacity: sublayers.count) { children, count in
                        Self.withEachLent(sublayers) { sublayer in
                            children.initializeElement(
                                at: count, to: sublayer.snapshot(atParentTime: time, superlayer: copy, pending: &pending))
                            count += 1
                        }
                    }
                }
                if source.storage.layerClass == .replicator {
                    Self.presentDelayedInstances(
                        of: source, into: copy, atLocalTime: time, copied: &copiedLayers, pending: &pending)
                }
            } else if !copy.sublayers.isEmpty {
                // A reused layer whose model layer has no sublayers now.
                copy.orphanSublayers()
            }
            if let mask = source.mask {
                let maskTime = mask.animationTime(fromParent: time)
                let presentedMask = mask.snapshotNode(atLocalTime: maskTime, parentTime: time, superlayer: copy)
                copy.mask = presentedMask
                if !mask.sublayers.isEmpty || mask.mask != nil { pending.append((mask, presentedMask, maskTime)) }
            }
        }
        if recycling, let identity = modelIdentity { identity.recycledSublayers = root.sublayers }
        return root
    }

    /// The snapshot node of this layer (a sublayer of `parent`'s model, presented at its
    /// superlayer's time `parentTime`), with this layer added to `pending` when it has a
    /// subtree still to copy. Leaves (most layers) have nothing left to copy: only inner
    /// layers wait.
    @inline(__always)
    private func snapshot(
        atParentTime parentTime: Double, superlayer parent: Layer,
        pending: inout [(source: Layer, copy: Layer, localTime: Double)]
    ) -> Layer {
        let localTime = animationTime(fromParent: parentTime)
        let child = snapshotNode(atLocalTime: localTime, parentTime: parentTime, superlayer: parent)
        if !sublayers.isEmpty || mask != nil { pending.append((self, child, localTime)) }
        return child
    }

    /// The delayed copies of a replicator's sublayers (`ReplicatorLayer.delayedInstances`):
    /// for copy `k`, each sublayer presented at the replicator's time `localTime − k ·
    /// instanceDelay` (as read on the presented `copy`), the subtrees below added to
    /// `pending` to be copied like any other. Nothing when the delay is 0 or not finite or
    /// fewer than two copies are drawn; copies stop where `copied` (layers copied so far
    /// in this snapshot, each copy charging its sublayers' whole subtrees) would pass
    /// `ReplicatorLayer.maxCopiedLayers`. Out of line: the rare path.
    @inline(never)
    static func presentDelayedInstances(
        of source: Layer, into copy: Layer, atLocalTime localTime: Double, copied: inout Int,
        pending: inout [(source: Layer, copy: Layer, localTime: Double)]
    ) {
        guard let replicator = copy as? ReplicatorLayer else { return }
        let delay = replicator.instanceDelay
        let count = replicator.drawnInstanceCount
        guard delay != 0, delay.isFinite, count > 1 else { return }
        // The layers one copy costs: the sublayers' subtrees (masks included), counted
        // only as far as the budget reaches.
        let budget = ReplicatorLayer.maxCopiedLayers
        var size = 0
        var stack = source.sublayers
        while let layer = stack.popLast(), size <= budget {
            size += 1
            stack.append(contentsOf: layer.sublayers)
            if let mask = layer.mask { stack.append(mask) }
        }
        let copies = Swift.min(count - 1, (budget - Swift.min(copied, budget)) / Swift.max(size, 1))
        guard copies > 0 else { return }
        copied += copies * size
        var instances: [[Layer]] = []
        instances.reserveCapacity(copies)
        for k in 1...copies {
            let time = localTime - Double(k) * delay
            instances.append(source.sublayers.map { $0.snapshot(atParentTime: time, superlayer: copy, pending: &pending) })
        }
        replicator.delayedInstances = instances
    }

    /// Records on an emitter's snapshot the local time its particles are drawn at
    /// (`EmitterLayer.presentationTime`). Out of line: the rare path.
    @inline(never)
    static func stampEmitter(_ copy: Layer, atLocalTime localTime: Double) {
        (copy as? EmitterLayer)?.presentationTime = localTime
    }

    /// This layer alone (no sublayers, no mask) as it looks at `localTime`; `parentTime`
    /// (its superlayer's time) places a transition's previous tree.
    func snapshotNode(atLocalTime localTime: Double, parentTime: Double, superlayer parent: Layer?) -> Layer {
        // The model's storage is copied once, straight into the new layer, and the
        // animated values are written over it there.
        let copy = snapshotCopy(superlayer: parent)
        present(into: copy, atLocalTime: localTime, parentTime: parentTime, superlayer: parent)
        return copy
    }

    /// Writes this layer's animated values at `localTime` over `copy`, a snapshot layer
    /// holding a copy of its properties (new, or reused: `Layer+Recycling.swift`), and
    /// marks it as `snapshotNode(atLocalTime:parentTime:superlayer:)` describes.
    @inline(__always)
    func present(into copy: Layer, atLocalTime localTime: Double, parentTime: Double, superlayer parent: Layer?) {
        if storage.layerClass == .emitter { Self.stampEmitter(copy, atLocalTime: localTime) }
        guard let lentPlan = lentSnapshotAnimationPlan else { return }
        var rotation: Double?
        let hasCaptures = lentPlan._withUnsafeGuaranteedRef { plan in
            if plan.hasLayerLevelProperties {
                // Rare: in list order through the copy, as a later property may read an
                // earlier one (`frame`'s setter reads the presented bounds, anchor and
                // transform).
                presentThroughLayer(plan, to: copy, atLocalTime: localTime, rotation: &rotation)
            } else {
                // Each stored property read once from this layer, folded once with the
                // animations that reach it and stored when it changed (`PropertyPresenter`).
                withUnsafeMutablePointer(to: &copy.storage) { storage in
                    plan.firstPresenter?.present(self, into: storage, atLocalTime: localTime, rotation: &rotation)
                }
            }
            return plan.hasCaptures
        }
        copy.turn(byPathRotation: rotation)
        if storage.hasDisplayKeys { markPresentedDisplayKeys(of: copy) }
        if hasCaptures {
            copy.presentedTransition = presentedTransition(atLocalTime: localTime, parentTime: parentTime, superlayer: parent) {
                $0.presentationSnapshot(atLocalTime: $0.animationTime(fromParent: parentTime), parentTime: parentTime, superlayer: parent)
            }
        }
    }

    /// A new snapshot layer of this layer, holding a copy of its properties, whose
    /// superlayer is `parent`: no sublayers, mask or animations yet. The one place a
    /// snapshot's layers are made.
    @inline(__always)
    func snapshotCopy(superlayer parent: Layer?) -> Layer {
        Layer.presenting(self, model: snapshotModelHandle, superlayer: parent)
    }

    /// The handle a snapshot layer of this layer holds: a snapshot's own, or this model
    /// layer's (made on first use).
    @inline(__always)
    var snapshotModelHandle: LayerModelHandle? { isPresentation ? modelHandle : modelLayerHandle }

    /// The last added transition in effect at `localTime` (`transitionInEffect`) with the
    /// snapshot of its captured tree, made by `snapshot` (whose root's parent time is
    /// `parentTime` and whose superlayer is `parent`); `nil` when none is in effect. Out of
    /// line: the rare path, kept out of `snapshotNode` so that it stays small enough to
    /// inline.
    @inline(never)
    func presentedTransition(
        atLocalTime localTime: Double, parentTime: Double, superlayer parent: Layer?, snapshot: (Layer) -> Layer
    ) -> PresentedTransition? {
        for entry in animationEntries.reversed() {
            guard let previous = entry.previous,
                  let (transition, progress) = Self.transitionInEffect(entry.animation, atTime: localTime, honoursRemoval: true)
            else { continue }
            return PresentedTransition(
                type: transition.type, direction: transition.direction, progress: progress, previous: snapshot(previous))
        }
        return nil
    }

    /// The last transition in `animation` in effect at `time` (the animation's parent
    /// time) and its progress: the transition itself, or for a group the last of its
    /// children that is, at the group's child time (the children's own removal ignored,
    /// as `AnimationEvaluator` treats them). `nil` when none is.
    static func transitionInEffect(
        _ animation: Animation, atTime time: Double, honoursRemoval: Bool
    ) -> (transition: Transition, progress: Double)? {
        switch animation {
        case .property:
            return nil
        case .transition(let transition):
            return transition.progress(atParentTime: time, honoursRemoval: honoursRemoval).map { (transition, $0) }
        case .group(let group):
            guard let childTime = group.childTime(atParentTime: time, honoursRemoval: honoursRemoval) else { return nil }
            for child in group.animations.reversed() {
                if let found = transitionInEffect(child, atTime: childTime, honoursRemoval: false) { return found }
            }
            return nil
        }
    }

    /// The time this layer gives its animations and sublayers at its superlayer's time
    /// `parentTime`: `resolvedTiming.layerTime(atParentTime:)`, the one rule for a layer's
    /// time space (NaN where a finite one is not in effect). For an endless time space (the
    /// default) it is `localTime(fromParent:)` without resolving the timing; a finite one
    /// (rare) resolves it. Snapshots step down the tree with it.
    @inline(__always)
    func animationTime(fromParent parentTime: Double) -> Double {
        let timing = storage.timing
        // ResolvedTiming.isEndless, from the stored fields: the cycle is infinite when the
        // duration is not a finite positive number, and the active duration then too
        // unless a finite repeatDuration cuts it.
        let finiteDuration = timing.duration > 0 && timing.duration.isFinite
        let finiteSpan = timing.repeatDuration > 0 && timing.repeatDuration.isFinite
        if !finiteDuration && !finiteSpan { return localTime(fromParent: parentTime) }
        return resolvedTiming.layerTime(atParentTime: parentTime)
    }

    /// The time this layer's animations see at root time `time`: `animationTime(fromParent:)`
    /// down from the root through every ancestor.
    func animationTime(fromRoot time: Double) -> Double {
        var chain: [Layer] = []
        var node: Layer? = self
        while let layer = node {
            chain.append(layer)
            node = layer.superlayer
        }
        return chain.reversed().reduce(time) { $1.animationTime(fromParent: $0) }
    }

    /// This layer's time at its superlayer's time `parentTime` by the linear map (stage 1):
    /// `resolvedTiming.localTime(fromParent:)`, computed from the stored timing without
    /// resolving the rest of it (the same sanitising and the same operations, so the same
    /// result bit for bit; `LayerAnimationPlanTests` pins it). `convertTime` steps down the
    /// tree with it.
    @inline(__always)
    func localTime(fromParent parentTime: Double) -> Double {
        let timing = storage.timing
        let beginTime = timing.beginTime.isFinite ? timing.beginTime : 0
        let speed = timing.speed.isFinite ? timing.speed : 1
        let timeOffset = timing.timeOffset.isFinite ? timing.timeOffset : 0
        return (speed == 0 ? 0 : (parentTime - beginTime) * speed) + timeOffset
    }

    /// Every animated property in list order, read from this layer and written to `copy`
    /// through its setter (by key, or by name for names without a `LayerKey`): for a plan
    /// with `frame`, a Boolean or such a name (`LayerAnimationPlan.hasLayerLevelProperties`).
    @inline(never)
    private func presentThroughLayer(
        _ plan: LayerAnimationPlan, to copy: Layer, atLocalTime localTime: Double, rotation: inout Double?
    ) {
        for property in plan.properties {
            let animations = property.plan
            switch property.target {
            case .key(let key):
                guard let model = key.read(self) else { continue }
                let value = animations.presentationValue(model: model, atTime: localTime, rotation: &rotation)
                if value != model { try? key.write(copy, value) }
            case .keyPath:
                guard let model = value(forKeyPath: animations.property) else { continue }
                let value = animations.presentationValue(model: model, atTime: localTime, rotation: &rotation)
                if value != model { try? copy.setValue(value, forKeyPath: animations.property) }
            }
        }
    }

    /// Turns a snapshot layer by the angle of a path animation with a rotation mode: the
    /// angle about z concatenated after the presented transform (nothing for `nil` or a
    /// non-finite angle).
    @inline(__always)
    func turn(byPathRotation rotation: Double?) {
        guard let rotation, rotation.isFinite else { return }
        turn(byFiniteAngle: rotation)
    }

    /// `turn(byPathRotation:)` once there is an angle (out of line: the rare path).
    @inline(never)
    private func turn(byFiniteAngle rotation: Double) {
        transform = transform.concatenating(Transform3D(rotationAngle: rotation, x: 0, y: 0, z: 1))
    }

    /// The key paths an animation (or a group's children) animates.
    static func animatedKeyPaths(of animation: Animation) -> [String] {
        switch animation {
        case .property(let property): return [property.keyPath]
        case .group(let group): return group.animations.flatMap(animatedKeyPaths(of:))
        case .transition: return []
        }
    }
}
