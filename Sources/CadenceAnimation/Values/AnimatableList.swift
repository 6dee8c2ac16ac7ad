import CadenceGeometry

/// An element type of the lists layers animate element-wise: numbers (a gradient's
/// `locations`) and colours (its `colors`). `[Element]` is then an animatable value.
///
/// Two lists of the same count combine element by element (`interpolateElement`, `adding`,
/// …; at `t = 0` and `t = 1` the result is the end itself, bit for bit). Lists of different
/// counts have no element-wise correspondence; Core Animation's result is undefined.
/// Cadence takes the nearer end (`a` while `t < 0.5`, `b` from 0.5 on), `adding` and
/// `subtracting` a list of another count leave the receiver unchanged, and their
/// `distance` is 0 — the same rules as paths of different structures.
public protocol AnimatableListElement: KeyPathAnimatable, Equatable {
    /// The element a fraction `t` of the way from `a` to `b` inside a list (the default:
    /// `interpolate(a, b, t)`).
    static func interpolateElement(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// A list of this element as a key-path value.
    static func keyPathValue(ofList list: [Self]) -> KeyPathValue
    /// The list inside `value`, or `nil` when it holds another kind.
    static func list(in value: KeyPathValue) -> [Self]?
}

extension AnimatableListElement {
    public static func interpolateElement(_ a: Self, _ b: Self, _ t: Double) -> Self { interpolate(a, b, t) }
}

extension Double: AnimatableListElement {
    public static func keyPathValue(ofList list: [Double]) -> KeyPathValue { .numberList(list) }
    public static func list(in value: KeyPathValue) -> [Double]? {
        if case .numberList(let list) = value { list } else { nil }
    }
}

/// A colour inside a list interpolates as a lone colour does: its unpremultiplied
/// components, as Core Animation interpolates each `CGColor` — and as a gradient draws
/// between its stops, so a gradient's colours animated from clear black to red pass through
/// dark, half-transparent red, as its stops would show it.
extension Color: AnimatableListElement {
    public static func keyPathValue(ofList list: [Color]) -> KeyPathValue { .colorList(list) }
    public static func list(in value: KeyPathValue) -> [Color]? {
        if case .colorList(let list) = value { list } else { nil }
    }
}

/// Lists animate element-wise (`AnimatableListElement`). Cost: O(n), one allocation per
/// result.
extension Array: AnimatableValue where Element: AnimatableListElement {
    public static func interpolate(_ a: [Element], _ b: [Element], _ t: Double) -> [Element] {
        if t == 0 { return a }
        if t == 1 { return b }
        guard a.count == b.count else { return t < 0.5 ? a : b }
        return zip(a, b).map { Element.interpolateElement($0, $1, t) }
    }
    public func adding(_ other: [Element]) -> [Element] {
        guard count == other.count else { return self }
        return zip(self, other).map { $0.adding($1) }
    }
    public func subtracting(_ other: [Element]) -> [Element] {
        guard count == other.count else { return self }
        return zip(self, other).map { $0.subtracting($1) }
    }
    public func multiplied(byCount count: Int) -> [Element] { map { $0.multiplied(byCount: count) } }
    public static func additiveIdentity(like value: [Element]) -> [Element] { value.map { Element.additiveIdentity(like: $0) } }
    /// The Euclidean norm of the element distances (0 for lists of different counts).
    public func distance(to other: [Element]) -> Double {
        guard count == other.count else { return 0 }
        return zip(self, other).reduce(0) { let d = $1.0.distance(to: $1.1); return $0 + d * d }.squareRoot()
    }
}

extension Array: KeyPathAnimatable where Element: AnimatableListElement {
    public init?(keyPathValue: KeyPathValue) {
        guard let list = Element.list(in: keyPathValue) else { return nil }
        self = list
    }
    public var keyPathValue: KeyPathValue { Element.keyPathValue(ofList: self) }
}
