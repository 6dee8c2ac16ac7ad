extension Layer {
    /// A new layer of this layer's class with its model properties — geometry, style, contents, name,
    /// style dictionary, actions, delegate, media timing, extra keys, and which properties
    /// were assigned — and no hierarchy: no superlayer, no sublayers, no mask. The contents
    /// object is shared, not copied (Core Animation shares its image too).
    ///
    /// Cost: one allocation and one copy of the property storage.
    public func modelCopy() -> Layer {
        Layer.make(holding: storage)
    }

    /// Replaces this layer's model properties with those of `other` (everything
    /// `modelCopy()` copies); the hierarchy of both is untouched.
    public func copyModelProperties(from other: Layer) {
        storage = other.storage
    }

    /// A model copy of this layer's whole tree: this layer and, below it, every sublayer
    /// and mask, each with its model properties (as `modelCopy()`, the contents shared)
    /// and its animations (with the trees their transitions captured, shared: they are
    /// never changed). The copies form the same tree; the root has no superlayer, and no
    /// layer has a transaction context. A presentation snapshot copies as a model layer
    /// (without its `presentedTransition`).
    ///
    /// Cost: per layer, one allocation and one copy of the property storage. Iterative,
    /// so the depth of the tree is bounded by memory, not by the call stack.
    public func modelTreeCopy() -> Layer {
        treeCopy(keepingCaptures: true)
    }

    /// The tree a transition captures (`add(_:forKey:from:beginningAt:)`): `modelTreeCopy()`
    /// without the captures of the transitions in it, so a previous rendering shows no
    /// transition of its own. That bounds what captures hold (no chain of captures of
    /// captures) and what a snapshot presents (each captured tree once per transition in
    /// effect, never a previous rendering of a previous rendering, which could double the
    /// work at every level of a tree of transitions).
    func capturedTreeCopy() -> Layer {
        treeCopy(keepingCaptures: false)
    }

    private func treeCopy(keepingCaptures: Bool) -> Layer {
        let root = nodeCopy(keepingCaptures: keepingCaptures)
        var pending: [(source: Layer, copy: Layer)] = [(self, root)]
        while let (source, copy) = pending.popLast() {
            if !source.sublayers.isEmpty {
                copy.sublayers = source.sublayers.map { sublayer in
                    let child = sublayer.nodeCopy(keepingCaptures: keepingCaptures)
                    child.superlayer = copy
                    pending.append((sublayer, child))
                    return child
                }
            }
            if let mask = source.mask {
                let child = mask.nodeCopy(keepingCaptures: keepingCaptures)
                child.superlayer = copy
                copy.mask = child
                pending.append((mask, child))
            }
        }
        return root
    }

    /// This layer's properties and animations, in no tree.
    private func nodeCopy(keepingCaptures: Bool) -> Layer {
        let copy = Layer.make(holding: storage)
        copy.storage.isPresentation = false
        // One read of the entries, then one write of the copy's.
        var entries = animationEntries
        if !keepingCaptures, entries.contains(where: { $0.previous != nil }) {
            entries = entries.map { ($0.key, $0.animation, nil) }
        }
        copy.animationEntries = entries
        return copy
    }
}
