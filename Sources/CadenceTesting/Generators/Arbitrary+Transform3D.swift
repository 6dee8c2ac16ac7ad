import Cadence
import PropertyBased

/// The kinds of 3D transform `Arbitrary.transforms(_:)` draws.
public enum TransformKind: CaseIterable, Sendable {
    /// Scale 0.5…2 per axis, shear ≤ 0.3, a rotation about any axis, translation ±100
    /// (z ±10), and in one case of three a perspective m34 = −1/(300…1000): condition
    /// numbers below about 1e3.
    case wellConditioned
    /// As `wellConditioned`, always with perspective m34 = −1/(300…1000).
    case perspective
    /// A well-conditioned transform whose output along one axis is flattened (scaled by 0
    /// or −0), so it has no inverse.
    case singular
    /// Perspective with the eye at 300…1000 and a translation towards the viewer past it
    /// (z 1000…3000), so the origin maps behind the viewer (w ≤ 0).
    case behindTheViewer
}

extension Arbitrary {
    /// Transforms of `kind`; shrinking moves each part towards identity-like values.
    public static func transforms(_ kind: TransformKind = .wellConditioned) -> AnyGenerator<Transform3D> {
        let parts = zip(
            zip(edgeBiased(in: 0.5...2), edgeBiased(in: 0.5...2), edgeBiased(in: 0.5...2)),
            zip(edgeBiased(in: -0.3...0.3), edgeBiased(in: -0.3...0.3)),
            zip(edgeBiased(in: 0...6.28), edgeBiased(in: -0.5...0.5), edgeBiased(in: -0.5...0.5), edgeBiased(in: -0.5...0.5)),
            zip(edgeBiased(in: -100...100), edgeBiased(in: -100...100), edgeBiased(in: -10...10)),
            zip(Gen.int(in: 0...2), edgeBiased(in: 300...1000)))
        return zip(parts, Gen.int(in: 0...2), edgeBiased(in: 1000...3000)).map { parts, axis, depth in
            let (scale, shear, rotation, translation, perspective) = parts
            var m = Transform3D(scaleX: scale.0, y: scale.1, z: scale.2)
            var skew = Transform3D.identity
            skew.m21 = shear.0
            skew.m31 = shear.1
            m = m.concatenating(skew)
                .concatenating(Transform3D(rotationAngle: rotation.0, x: rotation.1, y: rotation.2, z: rotation.3))
            switch kind {
            case .wellConditioned, .perspective, .singular:
                m = m.concatenating(Transform3D(translationX: translation.0, y: translation.1, z: translation.2))
                if kind == .perspective || perspective.0 == 0 {
                    m.m34 = -1 / perspective.1
                }
                if kind == .singular {
                    // Flatten an output axis (a column) to 0.
                    let flat = depth < 2000 ? 0 : -0.0
                    m = m.concatenating(Transform3D(scaleX: axis == 0 ? flat : 1, y: axis == 1 ? flat : 1, z: axis == 2 ? flat : 1))
                }
            case .behindTheViewer:
                m = m.concatenating(Transform3D(translationX: translation.0, y: translation.1, z: depth))
                var eye = Transform3D.identity
                eye.m34 = -1 / perspective.1
                m = m.concatenating(eye)
            }
            return m
        }.eraseToAny()
    }

    /// Any kind of transform, well-conditioned ones most often.
    public static var anyTransforms: AnyGenerator<Transform3D> {
        Gen.frequency(
            (3, transforms(.wellConditioned)), (2, transforms(.perspective)), (1, transforms(.singular)),
            (1, transforms(.behindTheViewer))
        ).eraseToAny()
    }
}
