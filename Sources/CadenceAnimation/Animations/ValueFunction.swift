import CadenceGeometry

/// Core Animation's `CAValueFunction`: turns the numbers an animation interpolates into a
/// transform as they are applied, so a `transform` animation can spin past a half turn
/// (`rotateZ` from 0 to 20π turns ten times; interpolating matrices could not).
///
/// `rotateX/Y/Z`, `scaleX/Y/Z` and `translateX/Y/Z` read one number; `scale` and
/// `translate` read three (x, y, z). Missing numbers read as the identity's (1 for a
/// scale, 0 for a rotation or translation); extra numbers are ignored. A non-finite
/// number reads as the identity's too, so the result is never a NaN matrix.
public enum ValueFunction: String, CaseIterable, Hashable, Sendable, Codable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// How many numbers the function reads.
    public var arity: Int { self == .scale || self == .translate ? 3 : 1 }

    /// Whether the function scales (its neutral input is 1; 0 for the others).
    public var isScale: Bool {
        switch self {
        case .scale, .scaleX, .scaleY, .scaleZ: return true
        default: return false
        }
    }

    /// The transform for `values`.
    public func transform(_ values: [Double]) -> Transform3D {
        transform { $0 < values.count ? values[$0] : neutral }
    }

    /// The transform for the numbers `number(0)`, … (as many as `arity`).
    func transform(reading number: (Int) -> Double) -> Transform3D {
        arity == 3 ? transform(number(0), number(1), number(2)) : transform(number(0), neutral, neutral)
    }

    /// The transform for a single number (the one-number functions; for `scale` and
    /// `translate` the number is used for all three axes). Equal to `transform([value])`
    /// (or `[value, value, value]`) without building an array. Inlined into the folds
    /// (`Double.transform(through:)`), so that a spin costs one call into the geometry
    /// module rather than a chain of calls returning a matrix through memory each. The
    /// number is passed as all three: a one-number function reads only the first, so no
    /// test of the arity is made (the same matrix, bit for bit).
    @inline(__always)
    public func transform(_ value: Double) -> Transform3D {
        transform(value, value, value)
    }

    /// The number that gives the identity: 1 for scales, 0 otherwise.
    var neutral: Double { isScale ? 1 : 0 }

    /// The transform for the numbers `x` (the only one of a one-number function), `y`, `z`;
    /// a non-finite number reads as `neutral`. The rotations are
    /// `Transform3D(rotationAngle:x:y:z:)` about the unit axis, bit for bit.
    @inline(__always)
    func transform(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let (x, y, z) = (x.isFinite ? x : neutral, y.isFinite ? y : neutral, z.isFinite ? z : neutral)
        switch self {
        case .rotateX: return Transform3D.rotation(by: x, aboutAxis: 0)
        case .rotateY: return Transform3D.rotation(by: x, aboutAxis: 1)
        case .rotateZ: return Transform3D.rotation(by: x, aboutAxis: 2)
        case .scale: return Transform3D(scaleX: x, y: y, z: z)
        case .scaleX: return Transform3D(scaleX: x, y: 1, z: 1)
        case .scaleY: return Transform3D(scaleX: 1, y: x, z: 1)
        case .scaleZ: return Transform3D(scaleX: 1, y: 1, z: x)
        case .translate: return Transform3D(translationX: x, y: y, z: z)
        case .translateX: return Transform3D(translationX: x, y: 0, z: 0)
        case .translateY: return Transform3D(translationX: 0, y: x, z: 0)
        case .translateZ: return Transform3D(translationX: 0, y: 0, z: x)
        }
    }
}
