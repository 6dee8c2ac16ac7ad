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
        animationEntries.removeAll { $0.key == key }
    }

    /// Removes every animation, keyed or not.
    public func removeAllAnimations() {
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
        animationEntries.removeAll { entry in
            guard let end = entry.animation.removalTime, localTime > end else { return false }
            removed.append(entry.key)
            return true
        }
        return removed
    }

    // MARK: Presentation

    /// The model layer of a presentation snapshot, or the layer itself when it is a model
    /// layer (`modelLayer` on Core Animation). `nil` when the model layer no longer exists.
    public var model: Layer? { isPresentation ? modelLayerReference : self }

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
    public func presentation(at time: Double) -> Layer {
        let localTime = convertTime(time, from: nil)
        return presentationSnapshot(atLocalTime: localTime)
    }

    /// The presentation value of one property or field (`"position"`, `"position.x"`) at
    /// `time` in the root time space, or `nil` for a key path the layer does not have.
    public func presentationValue(forKeyPath keyPath: String, at time: Double) -> KeyPathValue? {
        let localTime = convertTime(time, from: nil)
        let (property, field) = Self.splitKeyPath(keyPath)
        guard let model = value(forKeyPath: property) else { return nil }
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: property, model: model, animations: animationEntries.lazy.map(\.animation), atTime: localTime)
        return sample.value.value(atField: field)
    }

    private func presentationSnapshot(atLocalTime localTime: Double) -> Layer {
        let copy = Layer()
        copy.storage = storage
        copy.storage.isPresentation = true
        copy.modelLayerReference = model
        if !animationEntries.isEmpty { applyAnimations(to: copy, atLocalTime: localTime) }
        copy.sublayers = sublayers.map { sublayer in
            let child = sublayer.presentationSnapshot(atLocalTime: sublayer.resolvedTiming.localTime(fromParent: localTime))
            child.superlayer = copy
            return child
        }
        if let mask {
            let presentedMask = mask.presentationSnapshot(atLocalTime: mask.resolvedTiming.localTime(fromParent: localTime))
            presentedMask.superlayer = copy
            copy.mask = presentedMask
        }
        return copy
    }

    /// Folds the animations into `copy`, property by property (each animated property is
    /// evaluated once, with every animation of it or of its fields).
    private func applyAnimations(to copy: Layer, atLocalTime localTime: Double) {
        var done: [Substring] = []
        var rotation: Double?
        for entry in animationEntries {
            for keyPath in Self.animatedKeyPaths(of: entry.animation) {
                let property = keyPath.split(separator: ".", maxSplits: 1).first ?? Substring(keyPath)
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
