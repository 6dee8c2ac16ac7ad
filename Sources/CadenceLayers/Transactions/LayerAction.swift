import CadenceAnimation

/// An object that runs when a layer event fires (Core Animation's `CAAction`): a property
/// change (the event is the key path, `"position"`), or one of the layer events
/// `Layer.Event` names (`onOrderIn`, `onOrderOut`, `transition`).
///
/// `Layer.action(forKey:)` looks actions up and `Layer+Actions.swift` triggers them, for
/// layers attached to a `TransactionContext`. Animations are actions, as `CAAnimation`
/// adopts `CAAction` (below).
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
    /// Lays out `layer`'s sublayers (`layoutSublayersOfLayer:`), after its layout manager,
    /// in the layout pass (`Layer.layoutSublayers()`). Default: nothing.
    func layoutSublayers(of layer: Layer)
    /// Updates `layer`'s content (`displayLayer:`), typically by setting its `contents`.
    /// Called by `Layer.display()` in place of the drawing. Default: the drawing — a
    /// recording context handed to `layer.draw(in:)`, which calls `draw(_:in:)` below,
    /// becomes the layer's `backingStore` — so a delegate that implements only
    /// `draw(_:in:)` gets it, as Core Animation calls `drawLayer:inContext:` only when
    /// `displayLayer:` is not implemented.
    func display(_ layer: Layer)
    /// Draws `layer`'s content into `context` (`drawLayer:inContext:`), in the layer's
    /// bounds coordinates; called by `Layer.draw(in:)`. A thrown error ends the drawing:
    /// `Layer.display()` keeps the previous content and reports it. Default: nothing.
    func draw(_ layer: Layer, in context: any DrawingContext) throws
}

extension LayerDelegate {
    public func action(for layer: Layer, forKey event: String) -> (any LayerAction)? { nil }
    public func layoutSublayers(of layer: Layer) {}
    public func display(_ layer: Layer) { layer.drawBackingStore() }
    public func draw(_ layer: Layer, in context: any DrawingContext) throws {}
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

// MARK: Animations as actions

extension Animation: LayerAction {
    /// Adds the animation to `layer` under `event` (Core Animation's `CAAnimation` runs
    /// `addAnimation:forKey:`); a transition goes under `Layer.Event.transition`, the key
    /// the class reference reserves for transitions. On a layer with a transaction
    /// context the context adds it (`TransactionContext.add(_:to:forKey:)`: it begins now
    /// and counts for the transaction's completion blocks); otherwise it is added as it is.
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        let key: String
        if case .transition = self { key = Layer.Event.transition } else { key = event }
        if let context = layer.transactionContext {
            context.add(self, to: layer, forKey: key)
        } else {
            layer.add(self, forKey: key)
        }
    }
}

extension BasicAnimation: LayerAction where Value: KeyPathAnimatable {
    /// Runs as `Animation(self)` does.
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        Animation(self).run(forKey: event, on: layer, arguments: arguments)
    }
}

extension KeyframeAnimation: LayerAction where Value: KeyPathAnimatable {
    /// Runs as `Animation(self)` does.
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        Animation(self).run(forKey: event, on: layer, arguments: arguments)
    }
}

extension AnimationGroup: LayerAction {
    /// Runs as `Animation.group(self)` does.
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        Animation.group(self).run(forKey: event, on: layer, arguments: arguments)
    }
}

extension Transition: LayerAction {
    /// Runs as `Animation.transition(self)` does: added under `Layer.Event.transition`.
    public func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        Animation.transition(self).run(forKey: event, on: layer, arguments: arguments)
    }
}
