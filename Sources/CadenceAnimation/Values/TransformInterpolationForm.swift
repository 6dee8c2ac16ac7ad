import CadenceGeometry

/// A transform as `Transform3D.interpolate(forms:_:_:)` reads it: the matrix and, when it
/// has one, its decomposition (`Transform3D.decomposed`).
public struct TransformInterpolationForm: Sendable {
    public let matrix: Transform3D
    public let decomposed: DecomposedTransform?

    public init(_ matrix: Transform3D) {
        self.matrix = matrix
        decomposed = matrix.decomposed
    }
}
