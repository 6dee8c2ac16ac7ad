import CadenceGeometry

// Test hooks: entry points for the tests only, behind `@_spi(Testing)` so that the public
// interface does not show them.

extension Layer {
    /// The storage's cached facts that disagree with the values they describe
    /// (`LayerStorage.invariantViolations`): empty when the layer is sound. The property
    /// tests call it after every mutation.
    @_spi(Testing)
    public var storageInvariantViolations: [String] { storage.invariantViolations }

    /// `presentation(at:)` made the reference way (`Layer+PresentationReference.swift`):
    /// the slow, obvious twin the planned, typed snapshot is checked against bit for bit.
    @_spi(Testing)
    public func presentationReference(at time: Double) -> Layer {
        referenceSnapshot(atLocalTime: animationTime(fromRoot: time), parentTime: superlayer?.animationTime(fromRoot: time) ?? time,
                          superlayer: nil)
    }
}
