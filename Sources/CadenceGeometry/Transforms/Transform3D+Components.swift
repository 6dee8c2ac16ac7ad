// The structure fields Core Animation's key-value coding exposes on a CATransform3D
// ("Key Path Support for Structure Fields"): rotation.x/y/z, rotation, scale.x/y/z,
// scale, translation.x/y/z, translation.

extension Transform3D {
    /// A scalar structure field of a transform, by its key-path name.
    public enum Component: String, CaseIterable, Hashable, Sendable {
        case rotationX = "rotation.x"
        case rotationY = "rotation.y"
        case rotationZ = "rotation.z"
        /// The rotation about z, the same as `rotation.z`.
        case rotation
        case scaleX = "scale.x"
        case scaleY = "scale.y"
        case scaleZ = "scale.z"
        /// The average of the three scale factors; writing it sets all three.
        case scale
        case translationX = "translation.x"
        case translationY = "translation.y"
        case translationZ = "translation.z"
    }

    /// The value of a scalar structure field.
    ///
    /// Translations are `m41 m42 m43` directly. Scales and rotations come from the
    /// decomposition (`decomposed`): the rotation is read as Euler angles with x applied
    /// first, then y, then z (so a pure rotation about one axis reads back its angle; z
    /// and x in −π…π, y in −π/2…π/2). A transform that cannot be decomposed reads
    /// rotation 0 and, as scale, the lengths of its first three rows (so a flattened axis
    /// reads 0).
    public func value(of component: Component) -> Double {
        switch component {
        case .translationX: return m41
        case .translationY: return m42
        case .translationZ: return m43
        default: break
        }
        let parts = decomposedOrFallback
        switch component {
        case .scaleX: return parts.scale[0]
        case .scaleY: return parts.scale[1]
        case .scaleZ: return parts.scale[2]
        case .scale: return parts.scale.sum() / 3
        case .rotationX: return parts.rotation.eulerAngles[0]
        case .rotationY: return parts.rotation.eulerAngles[1]
        case .rotationZ, .rotation: return parts.rotation.eulerAngles[2]
        case .translationX, .translationY, .translationZ: return 0  // handled above
        }
    }

    /// This transform with one scalar structure field replaced: translations are set
    /// directly; scales and rotations are set in the decomposition, which is then
    /// recomposed (the other parameters are kept). Writing `scale` sets all three scales.
    /// A transform that cannot be decomposed is first replaced by the fallback parameters
    /// `value(of:)` describes.
    public func setting(_ component: Component, to value: Double) -> Transform3D {
        var result = self
        switch component {
        case .translationX: result.m41 = value; return result
        case .translationY: result.m42 = value; return result
        case .translationZ: result.m43 = value; return result
        default: break
        }
        var parts = decomposedOrFallback
        switch component {
        case .scaleX: parts.scale[0] = value
        case .scaleY: parts.scale[1] = value
        case .scaleZ: parts.scale[2] = value
        case .scale: parts.scale = SIMD3(repeating: value)
        case .rotationX, .rotationY, .rotationZ, .rotation:
            var angles = parts.rotation.eulerAngles
            let index = component == .rotationX ? 0 : (component == .rotationY ? 1 : 2)
            angles[index] = value
            parts.rotation = Quaternion(eulerAngles: angles)
        case .translationX, .translationY, .translationZ: break
        }
        return parts.recomposed
    }

    /// `translation`: the x and y translation as a size (`m41`, `m42`).
    public var translation: Size {
        get { Size(width: m41, height: m42) }
        set {
            m41 = newValue.width
            m42 = newValue.height
        }
    }

    /// The decomposition, or for a transform without one: translation from the fourth row,
    /// the rows' lengths as scale, no rotation, shear or perspective.
    var decomposedOrFallback: DecomposedTransform {
        if let parts = decomposed { return parts }
        func length(_ r: SIMD4<Double>) -> Double {
            let v = r * SIMD4(1, 1, 1, 0)
            return (v * v).sum().squareRoot()
        }
        let scale = SIMD3(length(r1), length(r2), length(r3))
        return DecomposedTransform(
            scale: SIMD3(scale[0].isFinite ? scale[0] : 0, scale[1].isFinite ? scale[1] : 0, scale[2].isFinite ? scale[2] : 0),
            translation: SIMD3(r4[0], r4[1], r4[2]))
    }
}

extension Quaternion {
    /// Euler angles `(x, y, z)` in radians for rotations applied about x first, then y,
    /// then z (in column-vector terms `R = Rz · Ry · Rx`). Near gimbal lock (|y| = π/2)
    /// the x angle reads 0 and z takes the whole turn.
    public var eulerAngles: SIMD3<Double> {
        let (r0, r1, r2) = rows
        // Row-vector entries: R_col[i][j] = r_j[i].
        let sinY = Swift.max(-1, Swift.min(1, -r0[2]))
        let y = asin(sinY)
        if Swift.abs(sinY) > 1 - 1e-12 {
            return SIMD3(0, y, atan2(-r1[0], r1[1]))
        }
        return SIMD3(atan2(r1[2], r2[2]), y, atan2(r0[1], r0[0]))
    }

    /// The rotation about x by `angles.x`, then y by `angles.y`, then z by `angles.z`.
    public init(eulerAngles angles: SIMD3<Double>) {
        let qx = Quaternion(angle: angles[0], axis: SIMD3(1, 0, 0))
        let qy = Quaternion(angle: angles[1], axis: SIMD3(0, 1, 0))
        let qz = Quaternion(angle: angles[2], axis: SIMD3(0, 0, 1))
        self = qz.multiplied(by: qy).multiplied(by: qx)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
