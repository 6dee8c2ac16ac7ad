import CadenceGeometry
import CadenceTiming

/// A value type that a `KeyPathValue` can carry: what lets a typed animation
/// (`BasicAnimation<Point>`, `KeyframeAnimation<Double>`, …) live in a layer's list of
/// animations next to animations of other kinds (`PropertyAnimation`).
///
/// Cadence's value types conform: `Double`, `Point`, `Size`, `Rect`, `Color`, `Transform3D`,
/// and `AnimatableVector` (the input of the `scale` and `translate` value functions). An
/// animation of another conforming type is held as an animation of its kind's Cadence type,
/// its values converted through `keyPathValue` (`PropertyAnimation.init(_:)`).
public protocol KeyPathAnimatable: AnimatableValue {
    /// The value inside `keyPathValue`, or `nil` when it holds another kind.
    init?(keyPathValue: KeyPathValue)
    /// This value as a key-path value.
    var keyPathValue: KeyPathValue { get }
    /// The input of `function` that gives the identity transform, or `nil` when a value
    /// function cannot read this type (only numbers and number vectors can).
    static func valueFunctionNeutralInput(_ function: ValueFunction) -> Self?
    /// This value through `function`, or `nil` when the function cannot read it.
    func transform(through function: ValueFunction) -> Transform3D?
}

extension KeyPathAnimatable {
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> Self? { nil }
    public func transform(through function: ValueFunction) -> Transform3D? { nil }
}

extension Double: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .scalar(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .scalar(self) }
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> Double? { function.isScale ? 1 : 0 }
}

extension Point: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .point(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .point(self) }
}

extension Size: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .size(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .size(self) }
}

extension Rect: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .rect(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .rect(self) }
}

extension Color: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .color(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .color(self) }
}

extension Transform3D: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .transform(let v) = keyPathValue else { return nil }
        self = v
    }
    public var keyPathValue: KeyPathValue { .transform(self) }
}

/// Vectors exist as animation values only for the value functions that read three
/// numbers (`scale`, `translate`). As a key-path value a vector of 1, 2, 4 or 16 numbers
/// reads as a scalar, point, rect or transform; any other length as its first number
/// (0 when empty).
extension AnimatableVector: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        switch keyPathValue {
        case .scalar(let v): self.init([v])
        case .point(let p): self.init([p.x, p.y])
        case .size(let s): self.init([s.width, s.height])
        case .rect(let r): self.init([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): self.init([c.red, c.green, c.blue, c.alpha])
        case .transform(let t): self.init(t.fields)
        case .boolean, .string, .path, .colorList, .numberList: return nil
        }
    }
    public var keyPathValue: KeyPathValue {
        let v = values
        switch v.count {
        case 2: return .point(Point(x: v[0], y: v[1]))
        case 4: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case 16: return .transform(Transform3D(v) ?? .identity)
        default: return .scalar(v.first ?? 0)
        }
    }
    public static func valueFunctionNeutralInput(_ function: ValueFunction) -> AnimatableVector? {
        AnimatableVector(count: function.arity, storage: SIMD16(repeating: function.neutral))
    }
}

extension Double {
    @inline(__always)
    public func transform(through function: ValueFunction) -> Transform3D? { function.transform(self) }
}

extension AnimatableVector {
    public func transform(through function: ValueFunction) -> Transform3D? {
        function.transform { $0 < count ? storage[$0] : function.neutral }
    }
}
