import CadenceAnimation
import CadenceGeometry

// The reference twin of `presentation(at:)`, for tests only: the same snapshot made the
// slow, obvious way — recursively, every animation offered to every property by name
// through `AnimationEvaluator`, every property read and written by key-value coding — so
// that the planned, typed fast path can be checked against it bit for bit.

extension Layer {
    /// The snapshot of this layer at its local time `localTime` (its superlayer's time
    /// `parentTime`), the reference way; `Layer+Testing.swift` has the entry point.
    func referenceSnapshot(atLocalTime localTime: Double, parentTime: Double, superlayer parent: Layer?) -> Layer {
        let copy = snapshotCopy(superlayer: parent)
        if storage.layerClass == .emitter { Self.stampEmitter(copy, atLocalTime: localTime) }
        if !animationEntries.isEmpty {
            applyAnimationsReference(to: copy, atLocalTime: localTime)
            if animationEntries.contains(where: { $0.previous != nil }) {
                copy.presentedTransition = presentedTransition(
                    atLocalTime: localTime, parentTime: parentTime, superlayer: parent
                ) { previous in
                    previous.referenceSnapshot(
                        atLocalTime: previous.animationTime(fromParent: parentTime), parentTime: parentTime, superlayer: parent)
                }
            }
        }
        copy.sublayers = sublayers.map { sublayer in
            sublayer.referenceSnapshot(atLocalTime: sublayer.animationTime(fromParent: localTime), parentTime: localTime, superlayer: copy)
        }
        copy.mask = mask.map { mask in
            mask.referenceSnapshot(atLocalTime: mask.animationTime(fromParent: localTime), parentTime: localTime, superlayer: copy)
        }
        return copy
    }

    /// Every property an animation names, in the order first named, through the evaluator
    /// with all the layer's animations, read and written by name.
    private func applyAnimationsReference(to copy: Layer, atLocalTime localTime: Double) {
        var done: Set<String> = []
        var rotation: Double?
        for entry in animationEntries {
            for keyPath in Self.animatedKeyPaths(of: entry.animation) {
                let name = KeyPathValue.split(keyPath).head
                guard done.insert(name).inserted, let model = value(forKeyPath: name) else { continue }
                let sample = AnimationEvaluator.presentationValue(
                    ofProperty: name, model: model, animations: animationEntries.map(\.animation), atTime: localTime)
                if sample.value != model { try? copy.setValue(sample.value, forKeyPath: name) }
                if let angle = sample.rotation { rotation = angle }
            }
        }
        copy.turn(byPathRotation: rotation)
    }
}
