import CadenceAnimation

/// An object that runs when a layer event fires (Core Animation's `CAAction`): a property
/// change (the event is the key path, `"position"`), or one of the layer events
/// `Layer.Event` names (`onOrderIn`, `onOrderOut`, `transition`).
///
/// The transaction and implicit-animation machinery that looks actions up and runs them
/// lives beside the animation code on layers; this file holds only the types the layer's
/// `actions`, `style` and `delegate` properties need.
public protocol LayerAction {
    /// Runs the action for `event` on `layer` with the event's named arguments (`nil` when
    /// the event has none), as `runActionForKey:object:arguments:` does.
    func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?)
}

/// The explicit "no action" value (`NSNull` in Core Animation's `actions` dictionaries
/// and the delegate's answer): finding it stops the action search, and running it does
/// nothing.
public struct NullAction: LayerAction, Hashable, Sendable {
    public init() {}
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {}
}

/// A layer's delegate (Core Animation's `CALayerDelegate`), held weakly by the layer.
public protocol LayerDelegate: AnyObject {
    /// The action for `event` on `layer`: an action, `NullAction()` to stop the search with
    /// no action, or `nil` (the default) to let the search go on to the layer's `actions`.
    func action(for layer: Layer, forKey event: String) -> (any LayerAction)?
}

extension LayerDelegate {
    public func action(for layer: Layer, forKey event: String) -> (any LayerAction)? { nil }
}

extension Layer {
    /// The identifiers of the layer events that are not property changes
    /// (`kCAOnOrderIn`, `kCAOnOrderOut`, `kCATransition`).
    public enum Event {
        /// A layer becomes visible: inserted into a tree, or no longer hidden.
        public static let onOrderIn = "onOrderIn"
        /// A layer stops being visible: removed from a tree, or hidden.
        public static let onOrderOut = "onOrderOut"
        /// A sublayer is replaced (`replaceSublayer(_:with:)`).
        public static let transition = "transition"
    }
}
