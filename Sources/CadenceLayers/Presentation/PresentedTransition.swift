import CadenceAnimation

/// The transition a presentation snapshot shows (`Layer.presentedTransition`): what the
/// compositor needs to draw the layer's previous rendering and its current one at
/// `progress` (`docs/compositor.md` §12).
///
/// Not `Sendable`: `previous` is a layer tree.
public struct PresentedTransition {
    /// The kind of transition (`Transition.type`).
    public var type: TransitionType
    /// Where a motion transition begins (`Transition.direction`: the subtype, or
    /// `fromLeft` when it has none).
    public var direction: TransitionSubtype
    /// 0 (all previous rendering) … 1 (all current), after the transition's timing function
    /// and its `startProgress`/`endProgress` (`Transition.progress(atParentTime:)`).
    public var progress: Double
    /// The presentation snapshot of the tree the transition started from, at the same
    /// root time as the layer: its root's parent time is the layer's parent time, as if
    /// it stood in the layer's place. Its root's `superlayer` is the layer's superlayer in
    /// the snapshot (it is not among that layer's sublayers), so `transformToSuperlayer`,
    /// conversion and `contentsAreFlipped` place it where the layer is — as a sublayer
    /// (for a transition on a mask, the superlayer's sublayer transform applies to it).
    public var previous: Layer

    public init(type: TransitionType, direction: TransitionSubtype, progress: Double, previous: Layer) {
        self.type = type
        self.direction = direction
        self.progress = progress
        self.previous = previous
    }
}
