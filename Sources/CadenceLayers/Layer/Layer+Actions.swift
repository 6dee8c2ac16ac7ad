import CadenceAnimation
import CadenceGeometry
import CadenceTiming

// Actions (Core Animation's `actionForKey:` and the triggers that run it): a change to a
// property of a layer attached to a `TransactionContext`, and the layer events of
// `Layer.Event`, look up an action and run it. Layers with no context skip all of this;
// their setters test one reference for nil.

extension Layer {
    // MARK: The search

    /// The action for `event` (a property name such as `"position"`, or a `Layer.Event`),
    /// searched in Core Animation's documented order; the first step with an answer ends the search:
    /// 1. the delegate's `action(for:forKey:)`;
    /// 2. the layer's `actions` dictionary;
    /// 3. the style's actions (`style["actions"]`), the shallowest nested style first;
    /// 4. `defaultAction(forKey:)`.
    ///
    /// A `NullAction` found at any step ends the search and is returned as it is (running
    /// it does nothing). `nil` when no step has an action.
    public func action(forKey event: String) -> (any LayerAction)? {
        if let action = delegate?.action(for: self, forKey: event) { return action }
        if let action = storage.actions?[event] { return action }
        if let action = storage.style?.action(forKey: event) { return action }
        return defaultAction(forKey: event)
    }

    /// The default action for `event` (`defaultActionForKey:`; an instance method here,
    /// because the animation starts from this layer's presentation value): for an
    /// animatable property holding a number, point, size, rectangle, colour, transform,
    /// path or list (`LayerKeyPaths`), a `BasicAnimation` of that property
    /// - from its presentation value at the context clock's time (`fromValue`),
    /// - to the model value (`toValue` unset: the model value at every evaluation),
    /// - over the transaction's `animationDuration` with its `animationTimingFunction`.
    ///
    /// `nil` (no default action) for a layer with no transaction context, when the
    /// transaction's duration is not a positive finite number, for a colour property with
    /// no colour, for Boolean and discrete properties (`hidden`, `contents`, …), for
    /// layer events and for any other key (Cadence's choices; Core Animation's documentation does not list the
    /// defaults).
    public func defaultAction(forKey event: String) -> (any LayerAction)? {
        guard let context = transactionContext, let kind = LayerKeyPaths.properties[event] else { return nil }
        let duration = context.animationDuration
        guard duration > 0, duration.isFinite, kind != .boolean, kind != .discrete,
              let from = presentationValue(forKeyPath: event, at: context.clock.now())
        else { return nil }
        return Self.basicAnimation(
            event, from: from, timing: MediaTiming(duration: duration), timingFunction: context.animationTimingFunction)
    }

    /// The class's default action for `event` (Core Animation's `+defaultActionForKey:`),
    /// which needs no layer: for an animatable property holding a number, point, size,
    /// rectangle, colour, transform, path or list, a `BasicAnimation` of it with no ends set (both read
    /// the model value) over 0.25 s, linear — the template the instance lookup
    /// `defaultAction(forKey:)` fills with a layer's presentation value (`fromValue`) and
    /// its transaction's duration and timing function. `nil` for every other key (Boolean,
    /// discrete and string-valued properties, layer events, unknown keys).
    public static func defaultAction(forKey event: String) -> (any LayerAction)? {
        guard let kind = LayerKeyPaths.properties[event] else { return nil }
        let zero: KeyPathValue
        switch kind {
        case .scalar: zero = .scalar(0)
        case .point: zero = .point(.zero)
        case .size: zero = .size(Size(width: 0, height: 0))
        case .rect: zero = .rect(.zero)
        case .color: zero = .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: zero = .transform(.identity)
        case .path: zero = .path(Path())
        case .colorList: zero = .colorList([])
        case .numberList: zero = .numberList([])
        case .boolean, .string, .discrete: return nil
        }
        return basicAnimation(
            event, from: zero, timing: MediaTiming(duration: TransactionContext.defaultAnimationDuration),
            timingFunction: nil, setsFromValue: false)
    }

    /// A basic animation of `event` typed by `from`'s kind, from `from` (or with no ends,
    /// when not `setsFromValue`).
    private static func basicAnimation(
        _ event: String, from: KeyPathValue, timing: MediaTiming, timingFunction: TimingFunction?, setsFromValue: Bool = true
    ) -> Animation? {
        func basic<Value: KeyPathAnimatable>(_ value: Value) -> Animation {
            Animation(BasicAnimation(
                keyPath: event, fromValue: setsFromValue ? value : nil, timing: timing, timingFunction: timingFunction))
        }
        switch from {
        case .scalar(let value): return basic(value)
        case .point(let value): return basic(value)
        case .size(let value): return basic(value)
        case .rect(let value): return basic(value)
        case .color(let value): return basic(value)
        case .transform(let value): return basic(value)
        case .path(let value): return basic(value)
        case .colorList(let value): return basic(value)
        case .numberList(let value): return basic(value)
        case .boolean, .string: return nil
        }
    }

    // MARK: Triggers (called by the setters and the hierarchy)

    /// A property setter's path when the layer has a context: `assign` with the action
    /// looked up before the change and run after it.
    @inline(never)
    func assignRunningActions(_ key: LayerKey, _ store: (inout LayerStorage) -> Void) {
        changeRunningActions(key.name) { layer in
            store(&layer.storage)
            layer.storage.markExplicit(key)
        }
    }

    /// Makes `change` as part of the context's transaction (opening the implicit one if
    /// none is open): unless actions are disabled, the action for `event` is looked up
    /// before the change (so the delegate sees the old value and the default animation
    /// starts from the old presentation value) and run after it. A change of `isHidden`
    /// then triggers `onOrderOut` (hidden) or `onOrderIn` (shown).
    ///
    /// When the action is a transition (`Transition`, or an `Animation` that is one), the
    /// layer's tree is captured before the change and the transition starts from it
    /// (Core Animation's "previous rendering": `actions["contents"] = Transition()` fades
    /// the old contents into the new).
    @inline(never)
    func changeRunningActions(_ event: String, _ change: (Layer) -> Void) {
        guard let context = transactionContext else { return change(self) }
        context.openImplicitTransactionIfNeeded()
        let action = context.disableActions ? nil : action(forKey: event)
        let transition = action.flatMap(Self.transition(in:))
        let previous = transition == nil ? nil : capturedTreeCopy()
        let wasHidden = isHidden
        change(self)
        if let transition, let previous {
            addTransition(transition, capture: previous)
        } else {
            action?.run(forKey: event, on: self, arguments: nil)
        }
        if isHidden != wasHidden { trigger(isHidden ? Event.onOrderOut : Event.onOrderIn) }
    }

    /// Looks up and runs the action for the layer event `event`, if the layer has a
    /// context and its transaction does not disable actions. When the action is a
    /// transition and `previous` is given (the layer `replaceSublayer(_:with:)` replaced),
    /// the transition starts from a copy of `previous`'s tree, taken now.
    func trigger(_ event: String, previous: Layer? = nil) {
        guard let context = transactionContext else { return }
        context.openImplicitTransactionIfNeeded()
        guard !context.disableActions, let action = action(forKey: event) else { return }
        if let previous, let transition = Self.transition(in: action) {
            return addTransition(transition, capture: previous.capturedTreeCopy())
        }
        action.run(forKey: event, on: self, arguments: nil)
    }

    /// The transition `action` is (a `Transition`, or an `Animation.transition`), or `nil`.
    static func transition(in action: any LayerAction) -> Transition? {
        if let transition = action as? Transition { return transition }
        if case .transition(let transition)? = action as? Animation { return transition }
        return nil
    }

    /// Runs `transition` as its action does (`Animation.run`: under
    /// `Layer.Event.transition`, through the context when there is one), with `capture` —
    /// a tree copy made by the caller — as its previous rendering.
    private func addTransition(_ transition: Transition, capture: Layer) {
        if let context = transactionContext {
            context.add(.transition(transition), to: self, forKey: Event.transition, capture: capture)
        } else {
            add(.transition(transition), forKey: Event.transition, capture: capture, beginningAt: nil)
        }
    }

    /// `layer` has just become a sublayer (or the mask) of this layer: it joins this
    /// layer's context, with its subtree, and `event` (`onOrderIn`, `transition`, or
    /// `nil` for none) is triggered on it, with `previous` (the layer it replaced) for a
    /// transition. Nothing when this layer has no context.
    func didAttach(_ layer: Layer, event: String?, previous: Layer? = nil) {
        guard let context = transactionContext else { return }
        context.attach(layer)
        if let event { layer.trigger(event, previous: previous) }
    }

    /// `setSublayers(_:)` has replaced `previous`: the layers that left trigger
    /// `onOrderOut`, the layers that came trigger `onOrderIn`, the ones kept nothing.
    func didSetSublayers(replacing previous: [Layer]) {
        guard transactionContext != nil else { return }
        let before = Set(previous.map(ObjectIdentifier.init)), after = Set(sublayers.map(ObjectIdentifier.init))
        for layer in previous where !after.contains(ObjectIdentifier(layer)) { layer.trigger(Event.onOrderOut) }
        for layer in sublayers where !before.contains(ObjectIdentifier(layer)) { layer.trigger(Event.onOrderIn) }
    }
}
