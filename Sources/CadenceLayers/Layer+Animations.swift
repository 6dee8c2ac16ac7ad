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
    public func add(_ animation: Animation, forKey key: String?, beginningAt now: Double? = nil) {
        var animation = animation
        if let now, animation.timing.beginTime == 0 {
            animation.timing.beginTime = now
        }
        dropAnimationPlan()
        if let key { animationEntries.removeAll { $0.key == key } }
        animationEntries.append((key, animation))
    }

    /// Adds a property animation (wrapped with `Animation(_:)`, which evaluates it with
    /// code specialised for its value type).
    public func add(_ animation: some KeyPathAnimation, forKey key: String?, beginningAt now: Double? = nil) {
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

    /// The attached animations in order, with their keys.
    public var animations: [(key: String?, animation: Animation)] { animationEntries }

    /// Drops the animations that are removed on completion and whose active interval has
    /// ended by `localTime` (a time in the layer's own time space), and returns their
    /// keys in order (`nil` for unkeyed ones). Core Animation removes them at the end on
    /// its own; Cadence does it when asked, so the result is a function of the time given.
    @discardableResult
    public func removeCompletedAnimations(atLocalTime localTime: Double) -> [String?] {
        var removed: [String?] = []
        dropAnimationPlan()
        animationEntries.removeAll { entry in
            guard let end = entry.animation.removalTime, localTime > end else { return false }
            removed.append(entry.key)
            return true
        }
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
    /// Cost: per layer, one allocation and a copy of about 300 bytes of properties (the
    /// rarely set ones and the references are shared, `LayerStorage`); per animated
    /// property, one fold of the animations that can change it — code specialised for
    /// the value type for basic and keyframe animations of the whole property
    /// (`LayerPropertyTrack`), `AnimationEvaluator` otherwise. No strings and no
    /// existentials: a layer's animations are planned once per change of its list
    /// (`LayerAnimationPlan`). `presentationReference(at:)` is the twin it is tested
    /// against.
    public func presentation(at time: Double) -> Layer {
        let localTime = convertTime(time, from: nil)
        return presentationSnapshot(atLocalTime: localTime, superlayer: nil, useReference: false)
    }

    /// `presentation(at:)` made the reference way: every animation's key path parsed and
    /// every property read and written by name (`applyAnimationsReference`). For tests.
    func presentationReference(at time: Double) -> Layer {
        presentationSnapshot(atLocalTime: convertTime(time, from: nil), superlayer: nil, useReference: true)
    }

    /// The presentation value of one property or field (`"position"`, `"position.x"`) at
    /// `time` in the root time space, or `nil` for a key path the layer does not have.
    public func presentationValue(forKeyPath keyPath: String, at time: Double) -> KeyPathValue? {
        let localTime = convertTime(time, from: nil)
        let (property, field) = KeyPathValue.split(keyPath)
        guard let model = value(forKeyPath: property) else { return nil }
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: property, model: model, animations: animationEntries.lazy.map(\.animation), atTime: localTime)
        return sample.value.value(atField: field)
    }

    /// The snapshot of this layer at `localTime` (its own time) and of its subtree, the
    /// layers made with their superlayer (`parent`) already set. Iterative (an explicit
    /// stack of layers still to copy), so the depth of a tree is bounded by memory, not by
    /// the call stack.
    private func presentationSnapshot(atLocalTime localTime: Double, superlayer parent: Layer?, useReference: Bool) -> Layer {
        let root = snapshotNode(atLocalTime: localTime, superlayer: parent, useReference: useReference)
        var pending: [(source: Layer, copy: Layer, localTime: Double)] = [(self, root, localTime)]
        while let (source, copy, time) = pending.popLast() {
            let sublayers = source.sublayers
            if !sublayers.isEmpty {
                var children: [Layer] = []
                children.reserveCapacity(sublayers.count)
                for sublayer in sublayers {
                    let childTime = sublayer.localTime(fromParent: time)
                    let child = sublayer.snapshotNode(atLocalTime: childTime, superlayer: copy, useReference: useReference)
                    children.append(child)
                    pending.append((sublayer, child, childTime))
                }
                copy.sublayers = children
            }
            if let mask = source.mask {
                let maskTime = mask.localTime(fromParent: time)
                let presentedMask = mask.snapshotNode(atLocalTime: maskTime, superlayer: copy, useReference: useReference)
                copy.mask = presentedMask
                pending.append((mask, presentedMask, maskTime))
            }
        }
        return root
    }

    /// This layer alone (no sublayers, no mask) as it looks at `localTime`.
    private func snapshotNode(atLocalTime localTime: Double, superlayer parent: Layer?, useReference: Bool) -> Layer {
        let handle = isPresentation ? modelHandle : modelLayerHandle
        let copy = Layer(presentationOf: self, model: handle, superlayer: parent)
        if !animationEntries.isEmpty {
            if useReference {
                applyAnimationsReference(to: copy, atLocalTime: localTime)
            } else {
                applyAnimations(animationPlan, to: copy, atLocalTime: localTime)
            }
        }
        return copy
    }

    /// This layer's time at its superlayer's time `parentTime`:
    /// `resolvedTiming.localTime(fromParent:)`, computed from the stored timing without
    /// resolving the rest of it (the same sanitising and the same operations, so the same
    /// result bit for bit; `LayerAnimationPlanTests` pins it).
    @inline(__always)
    func localTime(fromParent parentTime: Double) -> Double {
        let timing = storage.timing
        let beginTime = timing.beginTime.isFinite ? timing.beginTime : 0
        let speed = timing.speed.isFinite ? timing.speed : 1
        let timeOffset = timing.timeOffset.isFinite ? timing.timeOffset : 0
        return (speed == 0 ? 0 : (parentTime - beginTime) * speed) + timeOffset
    }

    /// Folds the animations into `copy`, property by property, as `plan` (the plan of
    /// `animationEntries`) lists them: each animated property is read once, folded once
    /// with the animations that can change it, and written once when its value changed.
    /// The same steps as `applyAnimationsReference`, without strings.
    private func applyAnimations(_ plan: LayerAnimationPlan, to copy: Layer, atLocalTime localTime: Double) {
        var rotation: Double?
        for step in plan.steps {
            guard case .evaluate(let index) = step else {
                if case .typed(let track) = step { track.apply(from: self, to: copy, atTime: localTime, rotation: &rotation) }
                continue
            }
            let property = plan.properties[index]
            switch property.target {
            case .key(let key):
                let access = key.property
                guard let model = access.read(self) else { continue }
                let sample = AnimationEvaluator.presentationValue(
                    ofProperty: property.name, model: model, animations: property.animations, atTime: localTime)
                if sample.value != model { try? access.write(copy, sample.value) }
                if let angle = sample.rotation { rotation = angle }
            case .keyPath:
                guard let model = value(forKeyPath: property.name) else { continue }
                let sample = AnimationEvaluator.presentationValue(
                    ofProperty: property.name, model: model, animations: property.animations, atTime: localTime)
                if sample.value != model { try? copy.setValue(sample.value, forKeyPath: property.name) }
                if let angle = sample.rotation { rotation = angle }
            }
        }
        if let rotation, rotation.isFinite {
            copy.transform = copy.transform.concatenating(Transform3D(rotationAngle: rotation, x: 0, y: 0, z: 1))
        }
    }

    /// The reference twin of `applyAnimations(_:to:atLocalTime:)`: every key path parsed,
    /// every property read and written by name, every animation offered to every property.
    func applyAnimationsReference(to copy: Layer, atLocalTime localTime: Double) {
        var done: [String] = []
        var rotation: Double?
        for entry in animationEntries {
            for keyPath in Self.animatedKeyPaths(of: entry.animation) {
                let property = KeyPathValue.split(keyPath).head
                if done.contains(property) { continue }
                done.append(property)
                let name = String(property)
                guard let model = value(forKeyPath: name) else { continue }
                let sample = AnimationEvaluator.presentationValue(
                    ofProperty: name, model: model, animations: animationEntries.lazy.map(\.animation), atTime: localTime)
                if sample.value != model { try? copy.setValue(sample.value, forKeyPath: name) }
                if let angle = sample.rotation { rotation = angle }
            }
        }
        if let rotation, rotation.isFinite {
            copy.transform = copy.transform.concatenating(Transform3D(rotationAngle: rotation, x: 0, y: 0, z: 1))
        }
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
