import CadenceAnimation

/// A layer's `style` dictionary (Core Animation's `style`): values for properties the
/// layer has not set itself, actions, and optionally a nested style of lower precedence.
///
/// Lookups take the shallowest value: `values` here before those of `style`, and so on
/// down (Core Animation's documentation: "style.someValue" takes precedence over "style.style.someValue"). A
/// layer consults its style for every property it has not assigned explicitly, except
/// `bounds` and `frame` (Core Animation's documentation excludes them) and its media timing, and then for extra
/// keys it does not hold; `Layer` states the rule. Values are `KeyPathValue`s, so a style
/// supplies numbers, points, sizes, rectangles, colours, transforms and Booleans.
public struct LayerStyle {
    /// Property values by key (`"opacity"`, `"backgroundColor"`, a custom key, …).
    public var values: [String: KeyPathValue]
    /// Actions by event (the style's `"actions"` dictionary).
    public var actions: [String: any LayerAction]
    /// Zero or one nested style (an array keeps the recursive type finite).
    private var nested: [LayerStyle]

    public init(
        values: [String: KeyPathValue] = [:], actions: [String: any LayerAction] = [:],
        style: LayerStyle? = nil
    ) {
        self.values = values
        self.actions = actions
        nested = style.map { [$0] } ?? []
    }

    /// The nested style (the `"style"` key of Core Animation's dictionary).
    public var style: LayerStyle? {
        get { nested.first }
        set { nested = newValue.map { [$0] } ?? [] }
    }

    /// The shallowest value for `key`, or `nil` when no level has one.
    public func value(forKey key: String) -> KeyPathValue? {
        values[key] ?? nested.first?.value(forKey: key)
    }

    /// The shallowest action for `event`, or `nil` when no level has one.
    public func action(forKey event: String) -> (any LayerAction)? {
        actions[event] ?? nested.first?.action(forKey: event)
    }
}
