/// A value an animation can drive: it interpolates, and adds (for `byValue`, additive and
/// cumulative animations).
///
/// Interpolation is not clamped: a timing function that overshoots 0…1 extrapolates.
public protocol AnimatableValue: Sendable {
    /// The value a fraction `t` of the way from `a` to `b` (`t` may leave 0…1).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// `self + other`.
    func adding(_ other: Self) -> Self
    /// `self − other`.
    func subtracting(_ other: Self) -> Self
    /// `self` added to itself `count` times (0 gives the zero value): a cumulative
    /// animation's offset after `count` completed iterations.
    func multiplied(byCount count: Int) -> Self
}

extension Double: AnimatableValue {
    @inlinable
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a + (b - a) * t
    }
    @inlinable public func adding(_ other: Double) -> Double { self + other }
    @inlinable public func subtracting(_ other: Double) -> Double { self - other }
    @inlinable public func multiplied(byCount count: Int) -> Double { self * Double(count) }
}
