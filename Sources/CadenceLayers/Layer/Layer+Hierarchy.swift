// The layer tree: one superlayer per layer, ordered sublayers (back to front), an optional
// mask. Every operation that inserts a layer first removes it from wherever it is (its
// superlayer's sublayers or mask), so "already in a tree" is never an error; every
// operation that would make a layer its own ancestor throws `LayerError.cycle` and changes
// nothing. A change of the sublayers marks the superlayer as needing layout
// (`setNeedsLayout()`, as the class reference describes its use).

extension Layer {
    /// Appends `layer` to the sublayers (in front of the others).
    /// Throws `LayerError.cycle` when `layer` is this layer or one of its ancestors.
    public func addSublayer(_ layer: Layer) throws(LayerError) {
        try checkCanAdopt(layer)
        layer.removeFromSuperlayer()
        attach(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` of the sublayers, counted after `layer` has left its
    /// current place (so moving a sublayer to index `i` leaves it at index `i`).
    /// Throws `LayerError.indexOutOfRange` unless `0 ≤ index ≤ count`, and
    /// `LayerError.cycle` as `addSublayer(_:)` does.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(LayerError) {
        let count = sublayers.count - (layer.superlayer === self && mask !== layer ? 1 : 0)
        guard index >= 0, index <= count else { throw .indexOutOfRange(index: index, count: count) }
        try checkCanAdopt(layer)
        layer.removeFromSuperlayer()
        attach(layer, at: index)
    }

    /// Inserts `layer` just behind `sibling`, one of the sublayers.
    /// Throws `LayerError.notASublayer` when `sibling` is not one (Core Animation raises),
    /// and `LayerError.cycle` as `addSublayer(_:)` does. Inserting a layer below itself
    /// leaves the tree as it is.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(LayerError) {
        try insertSublayer(layer, besides: sibling, offset: 0)
    }

    /// Inserts `layer` just in front of `sibling`, one of the sublayers; errors as
    /// `insertSublayer(_:below:)`.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(LayerError) {
        try insertSublayer(layer, besides: sibling, offset: 1)
    }

    private func insertSublayer(_ layer: Layer, besides sibling: Layer, offset: Int) throws(LayerError) {
        guard indexOfSublayer(sibling) != nil else {
            throw .notASublayer(layer: sibling.displayName, superlayer: displayName)
        }
        guard layer !== sibling else { return }
        try checkCanAdopt(layer)
        layer.removeFromSuperlayer()
        attach(layer, at: indexOfSublayer(sibling)! + offset)
    }

    /// Puts `newLayer` in the place of `oldLayer`, one of the sublayers, which leaves the
    /// tree. Throws `LayerError.notASublayer` when `oldLayer` is not a sublayer (Apple:
    /// undefined) and `LayerError.cycle` as `addSublayer(_:)` does. Replacing a layer with
    /// itself leaves the tree as it is.
    ///
    /// Under a transaction context, `onOrderOut` fires on `oldLayer` and the `transition`
    /// event on `newLayer`; when its action is a transition, the transition starts from a
    /// copy of `oldLayer`'s tree (after its `onOrderOut` action ran), so it shows the old
    /// layer giving way to the new one.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) throws(LayerError) {
        guard indexOfSublayer(oldLayer) != nil else {
            throw .notASublayer(layer: oldLayer.displayName, superlayer: displayName)
        }
        guard oldLayer !== newLayer else { return }
        try checkCanAdopt(newLayer)
        newLayer.removeFromSuperlayer()
        let index = indexOfSublayer(oldLayer)!
        oldLayer.removeFromSuperlayer()
        attach(newLayer, at: index, event: Layer.Event.transition, previous: oldLayer)
    }

    /// Replaces all the sublayers with `layers`, back to front (Core Animation's
    /// `sublayers` setter). Each new layer leaves its current place; the old sublayers that
    /// are not in `layers` leave the tree. Throws `LayerError.duplicateSublayer` when a
    /// layer appears twice and `LayerError.cycle` as `addSublayer(_:)` does, before
    /// changing anything.
    public func setSublayers(_ layers: [Layer]) throws(LayerError) {
        var seen = Set<ObjectIdentifier>()
        for layer in layers {
            guard seen.insert(ObjectIdentifier(layer)).inserted else {
                throw .duplicateSublayer(layer: layer.displayName)
            }
            try checkCanAdopt(layer)
        }
        let previous = sublayers
        for old in sublayers { old.superlayer = nil }
        sublayers = []
        setNeedsLayout()
        for layer in layers {
            layer.removeFromSuperlayer()
            attach(layer, at: sublayers.count, event: nil)
        }
        didSetSublayers(replacing: previous)
    }

    /// Sets the layer whose alpha masks this one, or removes it (`nil`). The new mask
    /// leaves its current place first (Apple: undefined when it has a superlayer) and its
    /// superlayer becomes this layer; the old mask leaves the tree. Throws
    /// `LayerError.cycle` when `mask` is this layer or one of its ancestors.
    public func setMask(_ newMask: Layer?) throws(LayerError) {
        guard newMask !== mask else { return }
        if let newMask { try checkCanAdopt(newMask) }
        mask?.removeFromSuperlayer()
        guard let newMask else { return }
        newMask.removeFromSuperlayer()
        mask = newMask
        newMask.superlayer = self
        didAttach(newMask, event: nil)
    }

    /// Takes the layer out of its superlayer's sublayers, or out of its `mask`. A layer in
    /// no tree is left as it is.
    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        let wasSublayer = superlayer.mask !== self
        if superlayer.mask === self {
            superlayer.mask = nil
        } else if let index = superlayer.indexOfSublayer(self) {
            superlayer.sublayers.remove(at: index)
        }
        self.superlayer = nil
        if wasSublayer {
            superlayer.setNeedsLayout()
            trigger(Event.onOrderOut)
        }
    }

    /// Whether this layer is `layer` or one of its ancestors (through masks too).
    public func isAncestor(of layer: Layer) -> Bool {
        var current: Layer? = layer
        while let node = current {
            if node === self { return true }
            current = node.superlayer
        }
        return false
    }

    /// The root of this layer's tree (itself when it has no superlayer).
    public var rootLayer: Layer {
        var node = self
        while let up = node.superlayer { node = up }
        return node
    }

    /// The roots of the trees of `layers`, each once, in the order first reached (what the
    /// display link and a commit lay out and walk, tree by tree).
    static func distinctRoots(of layers: some Sequence<Layer>) -> [Layer] {
        var seen = Set<ObjectIdentifier>()
        return layers.lazy.map(\.rootLayer).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    // MARK: Helpers

    private func checkCanAdopt(_ layer: Layer) throws(LayerError) {
        guard !layer.isAncestor(of: self) else {
            throw .cycle(layer: layer.displayName, superlayer: displayName)
        }
    }

    private func indexOfSublayer(_ layer: Layer) -> Int? {
        sublayers.firstIndex { $0 === layer }
    }

    private func attach(_ layer: Layer, at index: Int, event: String? = Layer.Event.onOrderIn, previous: Layer? = nil) {
        sublayers.insert(layer, at: index)
        layer.superlayer = self
        setNeedsLayout()
        // A layer that arrives with layout pending below or in it keeps its own marks; the
        // pass must only know to walk down into it.
        if !layer.layoutFlags.isDisjoint(with: .dirty) { layoutFlags.insert(.descendantNeedsLayout) }
        didAttach(layer, event: event, previous: previous)
    }
}
