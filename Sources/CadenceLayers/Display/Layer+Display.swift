import CadenceAnimation
import CadenceGeometry

// Display (Core Animation's `display`, `drawInContext:`, `setNeedsDisplay`,
// `displayIfNeeded`, `needsDisplayOnBoundsChange`, `needsDisplayForKey:`): a layer that
// draws its own content records it into a backing store (`DisplayList`) when it is marked
// as needing display; the store is kept, and drawn by the compositor, until the layer is
// marked again. The display pass runs when a transaction commits, after its layout pass
// (`TransactionContext`), and on a display link's frame for trees without a context. The
// rules and Cadence's choices: `docs/layers.md`, "Display and backing stores".

extension Layer {
    /// Whether the layer is marked as needing display (Core Animation's `needsDisplay`). A
    /// new layer is not; `setNeedsDisplay()`, `setNeedsDisplay(in:)`, a bounds change with
    /// `needsDisplayOnBoundsChange`, and a change of a key in `needsDisplayKeys` mark it;
    /// `display()` clears it.
    public var needsDisplay: Bool { needsDisplayMark }

    /// Marks the layer as needing display (`setNeedsDisplay`): the next display pass — the
    /// next outermost commit of its transaction context (which this opens, as a property
    /// change does), a display link's frame, or `displayIfNeeded()` — calls `display()`.
    /// Marking a marked layer changes nothing. Cost: a flag, and for an attached layer one
    /// entry in its context's list. A tiled layer's next display invalidates all its tiles.
    public func setNeedsDisplay() {
        if storage.layerClass == .tiled { storage.tiled.invalidateAllOnDisplay() }
        markNeedsDisplay()
    }

    /// Marks the layer as needing display, without saying what.
    func markNeedsDisplay() {
        guard !needsDisplayMark else { return }
        needsDisplayMark = true
        transactionContext?.requestDisplay(of: self)
    }

    /// Marks the layer as needing display because `rect` (in its bounds coordinates) changed
    /// (`setNeedsDisplayInRect:`). **Cadence's choice:** the whole layer is drawn again
    /// (the recording is cheap and the compositor paints it whole), so the rectangle only
    /// decides whether to mark: a rectangle that does not meet the bounds, has no area, or
    /// has a non-finite field marks nothing.
    ///
    /// A tiled layer's next display invalidates only the tiles the rectangle meets, at
    /// every level, as on Core Animation (`TiledLayer`; past
    /// `TiledLayer.maxInvalidatedRects` rectangles, all of them).
    public func setNeedsDisplay(in rect: Rect) {
        let r = rect.standardized
        let b = storage.bounds
        guard r.isFiniteValue, r.width > 0, r.height > 0,
              r.minX < b.maxX, b.minX < r.maxX, r.minY < b.maxY, b.minY < r.maxY
        else { return }
        if storage.layerClass == .tiled {
            storage.tiled.invalidateOnDisplay(r)
        }
        markNeedsDisplay()
    }

    /// Displays the layer now if it is marked (`displayIfNeeded`).
    public func displayIfNeeded() {
        if needsDisplayMark { display() }
    }

    /// Updates the layer's content (`display`) and clears `needsDisplay`: the delegate's
    /// `display(_:)` when there is a delegate (its default, for a delegate that does not
    /// implement it, is the drawing below); with no delegate, the drawing: a new
    /// `DisplayListRecorder` over the bounds at `contentsScale` is handed to
    /// `draw(in:)` (which calls the delegate's `draw(_:in:)`), and what it recorded becomes
    /// `backingStore`. Core Animation's order: `displayLayer:` over `drawLayer:inContext:`.
    ///
    /// A tiled layer records nothing: when only rectangles were invalidated
    /// (`setNeedsDisplay(in:)`) since its last display, it records them under a new
    /// `TiledLayer.contentRevision`, which invalidates the tiles they meet; otherwise it
    /// takes a new `TiledLayer.contentVersion`, which invalidates every tile. The compositor
    /// draws tiles again as they are needed.
    ///
    /// After drawing, `contents` reads `nil` and `backingStore` holds the drawing (`nil` when
    /// nothing was drawn, or the bounds have no area: then `draw(in:)` is not called).
    /// **Cadence's difference:** Core Animation's `contents` then holds an opaque backing
    /// store object; a Cadence `contents` is a `Bitmap`, so the recording lives beside it —
    /// the compositor draws `backingStore` when there is one, else `contents`, and setting
    /// `contents` drops the backing store. Storing the result runs no action.
    ///
    /// A `draw(in:)` that throws leaves the previous backing store and `contents` as they
    /// were (what it recorded is dropped), clears the mark all the same (so a failing
    /// drawing does not run again every frame), and reports
    /// `TransactionError.drawFailed` to the context's `logHandler`.
    ///
    /// Called on a presentation snapshot (the compositor does, for `needsDisplayKeys` being
    /// animated) it draws the snapshot, whose properties are the presented values.
    public func display() {
        needsDisplayMark = false
        if let delegate = storage.delegate {
            delegate.display(self)
        } else {
            drawBackingStore()
        }
    }

    /// Draws the layer's content into `context` (`drawInContext:`): a text layer draws its
    /// text (`TextLayer`, through `TextLayer.renderer`); a tiled layer without a delegate
    /// draws its `pattern` (`TiledLayer`); any other layer calls the delegate's
    /// `draw(_:in:)`, and draws nothing without a delegate. `context`'s user space is the
    /// layer's bounds. An error the delegate or the renderer throws passes through.
    public func draw(in context: any DrawingContext) throws {
        if storage.layerClass == .text { return try unsafeDowncast(self, to: TextLayer.self).drawText(in: context) }
        if storage.layerClass == .tiled, storage.delegate == nil {
            return unsafeDowncast(self, to: TiledLayer.self).drawPattern(in: context)
        }
        try storage.delegate?.draw(self, in: context)
    }

    /// What the layer drew when it last displayed (`DisplayList`), `nil` when it has not
    /// drawn, drew nothing, or `contents` was set since. Copies and presentation snapshots
    /// share it.
    public var backingStore: DisplayList? { storage.backingStore }

    /// Whether a change of `bounds` marks the layer as needing display
    /// (`needsDisplayOnBoundsChange`). Default false: a resized layer stretches its old
    /// drawing by `contentsGravity`. Key-value coded; not animatable.
    public var needsDisplayOnBoundsChange: Bool {
        get { self[.needsDisplayOnBoundsChange] }
        set { self[.needsDisplayOnBoundsChange] = newValue }
    }

    /// The keys whose change redraws the layer (the keys Core Animation's class method
    /// `+needsDisplayForKey:` answers true for). **Cadence's choice:** a `Layer` cannot be
    /// subclassed outside its module, so the keys are a per-layer set. Default empty.
    ///
    /// A key in the set marks the layer as needing display when a write through
    /// `setValue(_:forKeyPath:)` changes its value (the typed properties' setters do not
    /// look: for `bounds` use `needsDisplayOnBoundsChange`); and while an animation of it
    /// presents a value other than the model's, every presentation snapshot is marked, so
    /// the compositor draws that snapshot — its `value(forKeyPath:)` answers the presented
    /// value — again for every frame (`Compositor`). Copies keep the set.
    public var needsDisplayKeys: Set<String> {
        get { storage.needsDisplayKeys }
        set { storage.needsDisplayKeys = newValue }
    }

    /// Whether a change of `key` redraws the layer (`needsDisplayForKey:`): whether
    /// `needsDisplayKeys` holds it (the property part of a key path: `"progress"` for
    /// `"progress.x"`).
    public func needsDisplay(forKey key: String) -> Bool {
        let keys = storage.needsDisplayKeys
        return !keys.isEmpty && keys.contains(KeyPathValue.split(key).head)
    }

    // MARK: The pass

    /// The drawing `display()` does without a delegate, and the default of the delegate's
    /// `display(_:)`.
    func drawBackingStore() {
        if storage.layerClass == .tiled {
            // Tiles are drawn by the compositor as they are needed: a new version or revision
            // marks the invalid ones.
            storage.tiled.display()
            return
        }
        let bounds = storage.bounds
        let scale = storage.contentsScale.isFinite && storage.contentsScale > 0 ? storage.contentsScale : 1
        guard bounds.width > 0, bounds.height > 0 else {
            storage.backingStore = nil
            storage.contents = nil
            return
        }
        let recorder = DisplayListRecorder(bounds: bounds, scale: scale)
        do {
            try draw(in: recorder)
        } catch {
            transactionContext?.logHandler?(.drawFailed(layer: displayName, message: String(describing: error)))
            return
        }
        storage.backingStore = recorder.drawsNothing ? nil : recorder.finish()
        storage.contents = nil
    }

    /// Displays every marked layer of this tree (sublayers and masks), each before its
    /// sublayers; iterative. A display link runs it for trees without a context. Cost: one
    /// flag read per layer.
    package func displayTreeIfNeeded() {
        var pending: [Layer] = [self]
        while let node = pending.popLast() {
            node.displayIfNeeded()
            if let mask = node.mask { pending.append(mask) }
            pending.append(contentsOf: node.sublayers.reversed())
        }
    }

    /// For a presentation snapshot `copy` of this layer: marks it as needing display when a
    /// key of `needsDisplayKeys` presents a value other than this layer's.
    func markPresentedDisplayKeys(of copy: Layer) {
        for key in storage.needsDisplayKeys where copy.value(forKeyPath: key) != value(forKeyPath: key) {
            if copy.storage.layerClass == .tiled { copy.storage.tiled.invalidateAllOnDisplay() }
            copy.needsDisplayMark = true
            return
        }
    }
}
