import CadenceGeometry

/// A value an animation can drive.
///
/// - `interpolate(a, b, t)`: the value a fraction `t` of the way from `a` to `b`; `t` is
///   not clamped, so overshooting timing functions extrapolate.
/// - `adding(_:)`: the value of an additive animation on top of the value below it
///   (`below.adding(animationValue)`), and how `byValue` extends an end.
/// - `subtracting(_:)`: the inverse of `adding` (`a.adding(b.subtracting(a)) == b`), used
///   for `from = to − by`.
/// - `multiplied(byCount:)`: the value added to itself `count` times, a cumulative
///   animation's offset after `count` completed iterations; 0 gives the zero value.
/// - `distance(to:)`: how far apart two values are, for paced keyframes.
/// - `interpolationForm(_:)` and `interpolate(forms:_:_:)`: interpolation split into what
///   can be prepared once per value an animation holds and what depends on `t`; the two
///   together give exactly `interpolate(a, b, t)`. Only `Transform3D` prepares anything
///   (its decomposition); for every other type the form is the value itself.
///
/// `docs/animatable-values.md` lists the rules per type and the key-path table.
public protocol AnimatableValue: Sendable {
    /// What interpolation reads of a value, prepared once (`Self` unless stated).
    associatedtype InterpolationForm: Sendable = Self
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
    func adding(_ other: Self) -> Self
    func subtracting(_ other: Self) -> Self
    func multiplied(byCount count: Int) -> Self
    func distance(to other: Self) -> Double
    /// `value` prepared for `interpolate(forms:_:_:)`.
    static func interpolationForm(_ value: Self) -> InterpolationForm
    /// `interpolate(a, b, t)` for the forms of `a` and `b`, bit for bit.
    static func interpolate(forms a: InterpolationForm, _ b: InterpolationForm, _ t: Double) -> Self
    /// The value that `adding` leaves unchanged, shaped like `value` (what the open ends of
    /// an additive basic animation read): 0, the zero point, size, rectangle and colour,
    /// the identity transform, a zero vector of `value`'s length. The default is
    /// `value.subtracting(value)`.
    static func additiveIdentity(like value: Self) -> Self
}

extension AnimatableValue {
    @inlinable
    public static func additiveIdentity(like value: Self) -> Self { value.subtracting(value) }
}

extension AnimatableValue where InterpolationForm == Self {
    @inlinable @inline(__always)
    public static func interpolationForm(_ value: Self) -> Self { value }
    @inlinable @inline(__always)
    public static func interpolate(forms a: Self, _ b: Self, _ t: Double) -> Self { interpolate(a, b, t) }
}

/// A value made of a fixed number of `Double` components that all behave like numbers:
/// interpolation, addition and distance work component by component (Euclidean).
public protocol VectorAnimatableValue: AnimatableValue {
    associatedtype Components: SIMD where Components.Scalar == Double
    var animatableComponents: Components { get }
    init(animatableComponents: Components)
}

extension VectorAnimatableValue {
    @inlinable
    public static func additiveIdentity(like value: Self) -> Self { Self(animatableComponents: .zero) }
    @inlinable
    public static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        let (x, y) = (a.animatableComponents, b.animatableComponents)
        return Self(animatableComponents: x + (y - x) * t)
    }
    @inlinable
    public func adding(_ other: Self) -> Self {
        Self(animatableComponents: animatableComponents + other.animatableComponents)
    }
    @inlinable
    public func subtracting(_ other: Self) -> Self {
        Self(animatableComponents: animatableComponents - other.animatableComponents)
    }
    @inlinable
    public func multiplied(byCount count: Int) -> Self {
        Self(animatableComponents: animatableComponents * Double(count))
    }
    @inlinable
    public func distance(to other: Self) -> Double {
        let d = other.animatableComponents - animatableComponents
        return (d * d).sum().squareRoot()
    }
}

extension Double: AnimatableValue {
    @inlinable public static func additiveIdentity(like value: Double) -> Double { 0 }
    @inlinable
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    @inlinable public func adding(_ other: Double) -> Double { self + other }
    @inlinable public func subtracting(_ other: Double) -> Double { self - other }
    @inlinable public func multiplied(byCount count: Int) -> Double { self * Double(count) }
    @inlinable public func distance(to other: Double) -> Double { Swift.abs(other - self) }
}

extension Float: AnimatableValue {
    @inlinable public static func additiveIdentity(like value: Float) -> Float { 0 }
    @inlinable
    public static func interpolate(_ a: Float, _ b: Float, _ t: Double) -> Float {
        Float(Double(a) + (Double(b) - Double(a)) * t)
    }
    @inlinable public func adding(_ other: Float) -> Float { self + other }
    @inlinable public func subtracting(_ other: Float) -> Float { self - other }
    @inlinable public func multiplied(byCount count: Int) -> Float { self * Float(count) }
    @inlinable public func distance(to other: Float) -> Double { Double(Swift.abs(other - self)) }
}

/// Integers interpolate in `Double` and round to the nearest (halves away from zero);
/// arithmetic wraps rather than trapping on overflow, and an out-of-range or NaN
/// interpolation saturates.
extension Int: AnimatableValue {
    @inlinable public static func additiveIdentity(like value: Int) -> Int { 0 }
    @inlinable
    public static func interpolate(_ a: Int, _ b: Int, _ t: Double) -> Int {
        let v = (Double(a) + (Double(b) - Double(a)) * t).rounded(.toNearestOrAwayFromZero)
        if v.isNaN { return a }
        if v >= 9.2e18 { return .max }
        if v <= -9.2e18 { return .min }
        return Int(v)
    }
    @inlinable public func adding(_ other: Int) -> Int { self &+ other }
    @inlinable public func subtracting(_ other: Int) -> Int { self &- other }
    @inlinable public func multiplied(byCount count: Int) -> Int { self &* count }
    @inlinable public func distance(to other: Int) -> Double { Swift.abs(Double(other) - Double(self)) }
}

extension Point: VectorAnimatableValue {
    @inlinable public var animatableComponents: SIMD2<Double> { SIMD2(x, y) }
    @inlinable public init(animatableComponents c: SIMD2<Double>) { self.init(x: c[0], y: c[1]) }
}

extension Size: VectorAnimatableValue {
    @inlinable public var animatableComponents: SIMD2<Double> { SIMD2(width, height) }
    @inlinable public init(animatableComponents c: SIMD2<Double>) { self.init(width: c[0], height: c[1]) }
}

/// Rectangles animate origin and size component by component (Core Animation's `bounds`).
extension Rect: VectorAnimatableValue {
    @inlinable public var animatableComponents: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }
    @inlinable public init(animatableComponents c: SIMD4<Double>) { self.init(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

/// Colours animate their unpremultiplied RGBA components.
extension Color: VectorAnimatableValue {
    @inlinable public var animatableComponents: SIMD4<Double> { components }
    @inlinable public init(animatableComponents c: SIMD4<Double>) { self.init(c) }
}

/// Transforms interpolate through their decomposition (`Transform3D.interpolated(to:_:)`).
///
/// Additive order: `below.adding(animation)` is `animation · below` — the animation's
/// transform applies first, in the layer's own space, then the value below. That is the
/// order in which Core Animation stacks additive transform animations (the one added last
/// acts innermost), which is what lets a CSS-style list `translate(…) rotate(…)`, added
/// as two additive animations in list order, rotate first and translate second.
/// `subtracting` inverts it: `a.subtracting(b) = a · b⁻¹` (a singular `b` is treated as
/// the identity). `multiplied(byCount:)` concatenates the transform with itself `count`
/// times (by squaring; 0 gives the identity, negative counts use the inverse).
/// `distance` is Euclidean over the decomposed parameters — translation, scale, shear,
/// perspective — plus the rotation angle between the two orientations in radians.
extension Transform3D: AnimatableValue {
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        a.interpolated(to: b, t)
    }
    /// The decomposition, made once per value an animation holds.
    public static func interpolationForm(_ value: Transform3D) -> TransformInterpolationForm {
        TransformInterpolationForm(value)
    }
    /// `Transform3D.interpolated(to:_:)` from the ends' decompositions: the ends themselves
    /// at `t = 0` and `t = 1`, else blend and recompose (discrete at `t = 0.5` when an end
    /// has none).
    @inlinable
    public static func interpolate(
        forms a: TransformInterpolationForm, _ b: TransformInterpolationForm, _ t: Double
    ) -> Transform3D {
        if t == 0 { return a.matrix }
        if t == 1 { return b.matrix }
        guard let from = a.decomposed, let to = b.decomposed else { return t < 0.5 ? a.matrix : b.matrix }
        return from.interpolated(to: to, t).recomposed
    }
    @inlinable public func adding(_ other: Transform3D) -> Transform3D { other.concatenating(self) }
    @inlinable public static func additiveIdentity(like value: Transform3D) -> Transform3D { .identity }
    public func subtracting(_ other: Transform3D) -> Transform3D { concatenating(other.inverse ?? .identity) }
    public func multiplied(byCount count: Int) -> Transform3D {
        var base = count < 0 ? (inverse ?? .identity) : self
        var n = count.magnitude
        var result = Transform3D.identity
        while n > 0 {
            if n & 1 == 1 { result = result.concatenating(base) }
            base = base.concatenating(base)
            n >>= 1
        }
        return result
    }
    public func distance(to other: Transform3D) -> Double {
        let a = decomposedOrIdentity, b = other.decomposedOrIdentity
        func squared<V: SIMD>(_ v: V) -> Double where V.Scalar == Double { (v * v).sum() }
        let dot = Swift.min(1, Swift.abs((a.rotation.vector * b.rotation.vector).sum()))
        let angle = 2 * acos(dot)
        return (squared(b.translation - a.translation) + squared(b.scale - a.scale)
            + squared(b.shear - a.shear) + squared(b.perspective - a.perspective) + angle * angle).squareRoot()
    }

    var decomposedOrIdentity: DecomposedTransform { decomposed ?? .identity }
}

/// Affine transforms animate exactly as their 3D embedding does.
extension AffineTransform: AnimatableValue {
    public static func interpolate(_ a: AffineTransform, _ b: AffineTransform, _ t: Double) -> AffineTransform {
        a.interpolated(to: b, t)
    }
    public func adding(_ other: AffineTransform) -> AffineTransform { other.concatenating(self) }
    public static func additiveIdentity(like value: AffineTransform) -> AffineTransform { .identity }
    public func subtracting(_ other: AffineTransform) -> AffineTransform { concatenating(other.inverse ?? .identity) }
    public func multiplied(byCount count: Int) -> AffineTransform {
        Transform3D(self).multiplied(byCount: count).affineTransform
    }
    public func distance(to other: AffineTransform) -> Double { Transform3D(self).distance(to: Transform3D(other)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that also scales by a real number, so curves through several values can be
/// built from it (the cubic keyframe modes), and whose distance from `zero` measures speed.
public protocol LinearAnimatableValue: AnimatableValue {
    /// The additive identity.
    static var zero: Self { get }
    /// `self · factor`.
    func scaled(by factor: Double) -> Self
}

extension VectorAnimatableValue {
    @inlinable public static var zero: Self { Self(animatableComponents: .zero) }
    @inlinable public func scaled(by factor: Double) -> Self { Self(animatableComponents: animatableComponents * factor) }
}

extension Double: LinearAnimatableValue {
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
}

extension Point: LinearAnimatableValue {}
extension Size: LinearAnimatableValue {}
extension Rect: LinearAnimatableValue {}
extension Color: LinearAnimatableValue {}
