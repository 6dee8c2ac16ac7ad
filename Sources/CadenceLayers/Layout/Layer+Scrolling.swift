import CadenceGeometry

// Scrolling (Core Animation's `CAScrollLayer` and the `CALayer` scrolling methods). A scroll
// layer shows the part of its sublayers' plane that its bounds cover: scrolling moves the
// bounds' origin. `Layer` is final, so a scroll layer is a layer with a `scrollMode`.

extension Layer {
    /// Makes the layer a scroll layer (`CAScrollLayer`) when not `nil`: the axes it may
    /// scroll along. Default `nil`: a plain layer, which `scroll(to:)` leaves alone and the
    /// scrolling methods of the layers below look past. A new `CAScrollLayer`'s mode is
    /// `.both` (`Layer.scrollLayer()`); `.none` keeps it a scroll layer that does not move.
    public var scrollMode: ScrollMode? {
        get { storage.scrollMode }
        set { storage.scrollMode = newValue }
    }

    /// A new scroll layer: `scrollMode` `.both` (Core Animation's default) and
    /// `masksToBounds` true, so only what the bounds cover is drawn.
    public static func scrollLayer(mode: ScrollMode = .both) -> Layer {
        let layer = Layer()
        layer.scrollMode = mode
        layer.masksToBounds = true
        return layer
    }

    /// Moves the bounds' origin to `point` (`scrollToPoint:`) along the axes `scrollMode`
    /// allows; the others keep their origin. A coordinate that is not finite leaves its
    /// axis as it is. Nothing on a layer with no scroll mode. Through the `bounds` setter,
    /// so under a transaction context the scroll animates as a change of `bounds`.
    public func scroll(to point: Point) {
        guard let mode = storage.scrollMode else { return }
        var origin = bounds.origin
        if mode.scrollsHorizontally, point.x.isFinite { origin.x = point.x }
        if mode.scrollsVertically, point.y.isFinite { origin.y = point.y }
        if origin != bounds.origin { bounds.origin = origin }
    }

    /// Scrolls the least distance that makes `rect` (in this layer's space) visible
    /// (`scrollToRect:`), along the allowed axes: an axis on which `rect` already lies
    /// within the bounds does not move; otherwise the near edge of `rect` is brought to the
    /// bounds' near edge when `rect` lies before them or is longer than they are, else its
    /// far edge to their far edge. A `rect` with a non-finite field changes nothing.
    public func scroll(to rect: Rect) {
        guard rect.isFiniteValue else { return }
        let r = rect.standardized, b = bounds
        scroll(to: Point(x: Self.scrolledOrigin(r.minX, r.maxX, b.minX, b.width),
                         y: Self.scrolledOrigin(r.minY, r.maxY, b.minY, b.height)))
    }

    /// One axis of `scroll(to:)` for a rectangle: the new origin for showing
    /// `low…high` through a window at `origin` of length `length`.
    private static func scrolledOrigin(_ low: Double, _ high: Double, _ origin: Double, _ length: Double) -> Double {
        if low >= origin && high <= origin + length { return origin }
        if low < origin || high - low > length { return low }
        return high - length
    }

    /// The closest scroll layer above this one (its superlayers, not itself), or `nil`.
    public var enclosingScrollLayer: Layer? {
        var node = superlayer
        while let layer = node {
            if layer.storage.scrollMode != nil { return layer }
            node = layer.superlayer
        }
        return nil
    }

    /// Scrolls the closest scroll layer above this one so that `point`, in this layer's
    /// space, comes to that layer's bounds origin (`scrollPoint:`). Nothing without one,
    /// or for a point that does not convert to a finite one.
    public func scroll(_ point: Point) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(point, to: scroller))
    }

    /// Scrolls the closest scroll layer above this one the least distance that makes
    /// `rect`, in this layer's space, visible (`scrollRectToVisible:`; its rectangle rule is
    /// `scroll(to:)`'s, on the box around `rect` in that layer's space). Nothing without
    /// one.
    public func scrollRectToVisible(_ rect: Rect) {
        guard let scroller = enclosingScrollLayer, rect.isFiniteValue else { return }
        scroller.scroll(to: convert(rect, to: scroller))
    }

    /// The part of the bounds not clipped by the closest scroll layer above, in this
    /// layer's space (`visibleRect`): the scroll layer's bounds brought into this layer's
    /// space (the box around them), intersected with this layer's bounds. With no scroll
    /// layer above, the bounds. When the two do not meet, a zero-size rectangle at the
    /// corner where the intersection would start (Core Graphics answers the null rectangle,
    /// whose infinite origin Cadence keeps out of its geometry).
    public var visibleRect: Rect {
        let own = bounds
        guard let scroller = enclosingScrollLayer else { return own }
        let seen = convert(scroller.bounds, from: scroller)
        guard seen.isFiniteValue else { return own }
        return own.intersection(seen)
    }
}
