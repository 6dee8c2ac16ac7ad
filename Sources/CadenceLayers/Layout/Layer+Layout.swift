import CadenceGeometry

// Layout (Core Animation's `setNeedsLayout`, `layoutIfNeeded`, `layoutSublayers`,
// `layoutManager`): a layer marked as needing layout has its sublayers laid out by the next
// layout pass, top-down, before anything is drawn. The pass runs when a transaction
// commits (`TransactionContext`), on `layoutIfNeeded()`, and on a display link's tick;
// never inside `presentation(at:)`. The rules and Cadence's choices: `docs/layout.md`.

/// A layer's layout state: its own mark, whether a layer below it is marked (so a pass
/// finds it without visiting the whole tree), and whether its layout is running now.
struct LayoutFlags: OptionSet {
    let rawValue: UInt8
    static let needsLayout = LayoutFlags(rawValue: 1 << 0)
    static let descendantNeedsLayout = LayoutFlags(rawValue: 1 << 1)
    static let isLayingOut = LayoutFlags(rawValue: 1 << 2)
    static let dirty: LayoutFlags = [.needsLayout, .descendantNeedsLayout]
}

extension Layer {
    /// The most layout passes one commit (or one `layoutIfNeeded()`) runs over a tree: a
    /// pass lays out every marked layer once; a layout that marks layers again (a layout
    /// manager that changes its own layer's bounds) gets more passes, up to this many.
    /// Past it the layers stay marked for the next commit and
    /// `TransactionError.layoutPassLimit` goes to the context's `logHandler`.
    public static let maxLayoutPasses = 32

    /// The object that lays out the sublayers (`CALayoutManager`; `ConstraintLayoutManager`
    /// or your own). Default `nil`: only the delegate's `layoutSublayers(of:)` and
    /// autoresizing move sublayers. Setting it marks the layer as needing layout.
    public var layoutManager: (any LayoutManager)? {
        get { storage.layoutManager }
        set {
            storage.layoutManager = newValue
            setNeedsLayout()
        }
    }

    /// Whether the layer is marked as needing layout (`needsLayout`). A new layer is not;
    /// `setNeedsLayout()`, a change of the bounds' size and a change of the sublayers mark
    /// it; its layout clears it.
    public var needsLayout: Bool { layoutFlags.contains(.needsLayout) }

    /// Marks the layer as needing layout (`setNeedsLayout`), tells its layout manager
    /// (`invalidateLayout(of:)`), and — as the class reference says, because the layer's
    /// preferred size may have changed — marks its superlayers too, up to the first one
    /// already marked or one whose layout is running now (that layout made the change, so
    /// its result stands). Under a transaction context the next commit lays the tree out.
    ///
    /// Called for you when the bounds' size changes and when sublayers are added or
    /// removed. Nothing on a presentation snapshot. Cost: a walk up the superlayers that
    /// stops at the first marked one.
    public func setNeedsLayout() {
        guard !storage.isPresentation else { return }
        layoutFlags.insert(.needsLayout)
        storage.layoutManager?.invalidateLayout(of: self)
        var node = self
        while let parent = node.superlayer {
            if parent.layoutFlags.contains(.isLayingOut) {
                // The running pass visits the sublayers of this one after its layout.
                parent.layoutFlags.insert(.descendantNeedsLayout)
                return
            }
            if parent.layoutFlags.isSuperset(of: .dirty) { break }
            parent.layoutFlags.formUnion(.dirty)
            node = parent
        }
        transactionContext?.requestLayout(of: node)
    }

    /// Lays out now whatever needs it in this layer's part of the tree (`layoutIfNeeded`):
    /// the superlayers are climbed while they are marked, and the layout passes run over
    /// the subtree of the highest marked one (every marked layer in it, top-down), as the
    /// class reference says. Nothing when nothing there is marked, and nothing when called
    /// from a layout of this layer or one above it (the running pass gets there).
    public func layoutIfNeeded() {
        var node: Layer? = self
        while let layer = node {
            if layer.layoutFlags.contains(.isLayingOut) { return }
            node = layer.superlayer
        }
        var top = self
        while let parent = top.superlayer, parent.needsLayout { top = parent }
        top.runLayoutPasses()
    }

    /// Lays out the sublayers (`layoutSublayers`): calls the layout manager's
    /// `layoutSublayers(of:)`, then the delegate's (Cadence's order: the manager places, the
    /// delegate can adjust). `Layer` is final, so these two are where layout code goes.
    /// Called by the layout pass; calling it directly runs both once and does not clear
    /// `needsLayout`. Nothing on a presentation snapshot.
    public func layoutSublayers() {
        guard !storage.isPresentation else { return }
        storage.layoutManager?.layoutSublayers(of: self)
        delegate?.layoutSublayers(of: self)
    }

    /// The size the layer would like in its superlayer's space (`preferredFrameSize`): the
    /// layout manager's `preferredSize(of:)` when it answers with a finite size, otherwise
    /// the size of `frame` (the bounds mapped into the superlayer's space).
    public func preferredFrameSize() -> Size {
        if let size = storage.layoutManager?.preferredSize(of: self), size.isFiniteValue { return size }
        return frame.size
    }

    // MARK: The pass

    /// The bounds changed from `old`: with a change of size the layer needs layout, and its
    /// sublayers follow their autoresizing masks at once (`resizeSublayers(withOldSize:)`,
    /// which the guide says runs "whenever bounds property changes"); with
    /// `needsDisplayOnBoundsChange`, it needs display.
    func boundsDidChange(from old: Rect) {
        if storage.bounds.size != old.size {
            setNeedsLayout()
            resizeSublayers(withOldSize: old.size)
        }
        if storage.needsDisplayOnBoundsChange { setNeedsDisplay() }
    }

    /// Up to `maxLayoutPasses` passes over this subtree while anything in it is marked;
    /// reports to the context's `logHandler` when layers are still marked after the last.
    func runLayoutPasses() {
        for _ in 0..<Self.maxLayoutPasses {
            guard !layoutFlags.isDisjoint(with: .dirty) else { return }
            layoutPass()
        }
        guard !layoutFlags.isDisjoint(with: .dirty) else { return }
        transactionContext?.logHandler?(.layoutPassLimit(layer: displayName, passes: Self.maxLayoutPasses))
    }

    /// One pass: every marked layer of the subtree lays out once, each before its
    /// sublayers (and mask), back to front. Iterative, so deep trees do not exhaust the
    /// stack. A layer's mark is cleared before its layout runs, so a layout that marks it
    /// again is seen by the next pass.
    private func layoutPass() {
        var pending: [Layer] = [self]
        while let node = pending.popLast() {
            if node.layoutFlags.contains(.needsLayout) {
                node.layoutFlags.remove(.needsLayout)
                node.layoutFlags.insert(.isLayingOut)
                node.layoutSublayers()
                node.layoutFlags.remove(.isLayingOut)
            }
            guard node.layoutFlags.contains(.descendantNeedsLayout) else { continue }
            node.layoutFlags.remove(.descendantNeedsLayout)
            if let mask = node.mask { pending.append(mask) }
            pending.append(contentsOf: node.sublayers.reversed())
        }
    }
}
