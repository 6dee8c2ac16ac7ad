import CadenceGeometry

/// An object that lays out a layer's sublayers (Core Animation's `CALayoutManager`): set it
/// as a layer's `layoutManager` and the layer's layout pass calls it.
///
/// Every requirement has a default, as the informal protocol's methods are optional:
/// `preferredSize(of:)` answers `nil` (the layer then reports its own frame size),
/// `invalidateLayout(of:)` does nothing, `layoutSublayers(of:)` leaves the sublayers as
/// they are. `ConstraintLayoutManager` is built on it.
///
/// A manager is held strongly by the layer (one manager may serve many layers) and is
/// called from the layer tree's isolation domain only.
public protocol LayoutManager {
    /// The size `layer` would like to have in its superlayer's space
    /// (`preferredSizeOfLayer:`), or `nil` to let `Layer.preferredFrameSize()` answer with
    /// the layer's frame size.
    func preferredSize(of layer: Layer) -> Size?

    /// `layer` was marked as needing layout (`invalidateLayoutOfLayer:`): drop anything
    /// cached about its sublayers.
    func invalidateLayout(of layer: Layer)

    /// Sets the frames of `layer`'s sublayers (`layoutSublayersOfLayer:`). Called by the
    /// layout pass, top-down, at most once per pass per layer.
    func layoutSublayers(of layer: Layer)
}

extension LayoutManager {
    public func preferredSize(of layer: Layer) -> Size? { nil }
    public func invalidateLayout(of layer: Layer) {}
    public func layoutSublayers(of layer: Layer) {}
}
