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
        let neutral: Double = isScale ? 1 : 0
        func value(_ i: Int) -> Double {
            i < values.count && values[i].isFinite ? values[i] : neutral
        }
        switch self {
        case .rotateX: return Transform3D(rotationAngle: value(0), x: 1, y: 0, z: 0)
        case .rotateY: return Transform3D(rotationAngle: value(0), x: 0, y: 1, z: 0)
        case .rotateZ: return Transform3D(rotationAngle: value(0), x: 0, y: 0, z: 1)
        case .scale: return Transform3D(scaleX: value(0), y: value(1), z: value(2))
        case .scaleX: return Transform3D(scaleX: value(0), y: 1, z: 1)
        case .scaleY: return Transform3D(scaleX: 1, y: value(0), z: 1)
        case .scaleZ: return Transform3D(scaleX: 1, y: 1, z: value(0))
        case .translate: return Transform3D(translationX: value(0), y: value(1), z: value(2))
        case .translateX: return Transform3D(translationX: value(0), y: 0, z: 0)
        case .translateY: return Transform3D(translationX: 0, y: value(0), z: 0)
        case .translateZ: return Transform3D(translationX: 0, y: 0, z: value(0))
        }
    }

    /// The transform for a single number (the one-number functions; for `scale` and
    /// `translate` the number is used for all three axes). Equal to `transform([value])`
    /// (or `[value, value, value]`) without building an array.
    public func transform(_ value: Double) -> Transform3D {
        let isScale = self.isScale
        let v = value.isFinite ? value : (isScale ? 1 : 0)
        switch self {
        case .rotateX: return Transform3D(rotationAngle: v, x: 1, y: 0, z: 0)
        case .rotateY: return Transform3D(rotationAngle: v, x: 0, y: 1, z: 0)
        case .rotateZ: return Transform3D(rotationAngle: v, x: 0, y: 0, z: 1)
        case .scale: return Transform3D(scaleX: v, y: v, z: v)
        case .scaleX: return Transform3D(scaleX: v, y: 1, z: 1)
        case .scaleY: return Transform3D(scaleX: 1, y: v, z: 1)
        case .scaleZ: return Transform3D(scaleX: 1, y: 1, z: v)
        case .translate: return Transform3D(translationX: v, y: v, z: v)
        case .translateX: return Transform3D(translationX: v, y: 0, z: 0)
        case .translateY: return Transform3D(translationX: 0, y: v, z: 0)
        case .translateZ: return Transform3D(translationX: 0, y: 0, z: v)
        }
    }
}
