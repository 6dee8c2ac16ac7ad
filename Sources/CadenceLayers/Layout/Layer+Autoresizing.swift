import CadenceGeometry

// Autoresizing (Core Animation's struts and springs): when a layer's bounds change size,
// each sublayer moves and stretches by its `autoresizingMask`, at once, inside the same
// transaction (so under a context the sublayers animate with their superlayer).

extension Layer {
    /// How the layer follows a change of its superlayer's bounds size (`autoresizingMask`).
    /// Default `[]` (`kCALayerNotSizable`): it does not move. See `AutoresizingMask` for the
    /// distribution of the change.
    public var autoresizingMask: AutoresizingMask {
        get { storage.autoresizingMask }
        set { storage.autoresizingMask = newValue }
    }

    /// Tells every sublayer that this layer's bounds had size `oldSize`
    /// (`resizeSublayersWithOldSize:`): each runs `resize(withOldSuperlayerSize:)`. Called
    /// by the `bounds` setter (and so by `frame`'s) whenever the size changes; the mask
    /// is not a sublayer and does not follow. Nothing when `oldSize` is not finite.
    public func resizeSublayers(withOldSize oldSize: Size) {
        guard oldSize.isFiniteValue else { return }
        for sublayer in sublayers where !sublayer.storage.autoresizingMask.isEmpty {
            sublayer.resize(withOldSuperlayerSize: oldSize)
        }
    }

    /// Moves and resizes the layer by its `autoresizingMask` for a superlayer whose bounds
    /// were `oldSize` and are now what they are (`resizeWithOldSuperlayerSize:`): sets
    /// `frame` to `autoresizingMask.resized(frame, …)`, through the setter (actions run,
    /// and a change of this layer's size resizes its own sublayers in turn). Nothing with
    /// no superlayer, an empty mask, or a non-finite `oldSize`.
    public func resize(withOldSuperlayerSize oldSize: Size) {
        let mask = storage.autoresizingMask
        guard !mask.isEmpty, let superlayer, oldSize.isFiniteValue else { return }
        let current = frame
        let resized = mask.resized(current, oldSuperlayerSize: oldSize, newSuperlayerBounds: superlayer.bounds)
        if resized != current { frame = resized }
    }
}
