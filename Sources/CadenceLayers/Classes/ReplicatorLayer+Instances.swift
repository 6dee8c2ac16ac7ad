import CadenceGeometry

// The copies a replicator draws: how many, where, in which colour and at which time.
// `docs/compositor.md` § 19 describes the rules; the compositor draws from these.

extension ReplicatorLayer {
    /// The most layers copied for replicators in one presentation snapshot or one render
    /// list: 65,536. A copy of a replicator's sublayers costs as many layers as they have
    /// (their whole subtrees); copies are made in order — copy 1, 2, … of the first
    /// replicator met, depth first, nested replicators charging the same budget — and
    /// those past the budget are not made, so not drawn. This bounds `instanceCount` =
    /// 10⁶ and nested replicators whose counts multiply: about 25 MB of render list at the
    /// limit, never a hang. Copy 0 (the sublayers themselves) is never charged.
    public static let maxCopiedLayers = 1 << 16

    /// The number of copies to draw: `instanceCount`, 0 when it is 0 or less. (`NaN`
    /// cannot be stored; an animated count is truncated towards zero.)
    public var drawnInstanceCount: Int { max(instanceCount, 0) }

    /// The transform of copy `k` (≥ 0) in the replicator's sublayer space:
    /// `instanceTransform` applied `k` times, about the replicator's anchor point (its bounds
    /// point and `anchorPointZ`), `T(−A) · instanceTransformᵏ · T(A)`. Copy 0 is the
    /// identity. Cost: `⌈log₂ k⌉` to `2·log₂ k` matrix products (by squaring).
    /// Core Animation's header says "relative to the center of the replicator layer"; with
    /// the default anchor point (0.5, 0.5) the anchor point is that centre, and Cadence
    /// takes the anchor point for any other, as `sublayerTransform` is placed
    /// (`docs/compositor.md` § 19).
    public func instanceTransform(copy k: Int) -> Transform3D {
        var power = Transform3D.identity
        var base = instanceTransform
        var n = max(k, 0)
        while n > 0 {
            if n & 1 == 1 { power = power.concatenating(base) }
            n >>= 1
            if n > 0 { base = base.concatenating(base) }
        }
        let anchor = anchorInBounds
        return power.translatedBy(x: -anchor.x, y: -anchor.y, z: -anchor.z).translatedAfter(by: anchor)
    }

    /// The colour multiplier of copy `k` (≥ 0), per channel (red, green, blue, alpha,
    /// unpremultiplied): `instanceColor + k · (instanceRedOffset, …, instanceAlphaOffset)`,
    /// each channel clamped to 0…1. A `nil` `instanceColor` reads as opaque white (no
    /// change). Every colour copy `k` draws — backgrounds, borders, shadows, contents — is
    /// multiplied by it, channel by channel.
    public func instanceColorMultiplier(copy k: Int) -> SIMD4<Double> {
        let base = instanceColor?.components ?? SIMD4(repeating: 1)
        let offsets = SIMD4(instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset)
        var c = base + offsets * Double(max(k, 0))
        c.replace(with: 0, where: .!(c .>= 0))  // NaN (∞ · 0) and negatives
        return c.replacing(with: 1, where: c .> 1)
    }
}

extension Layer {
    /// `transformToSuperlayer` of a sublayer of a replicator, for copy `instance` of it:
    /// its own placement, the replicator's flip, then `instance` (the copy's transform,
    /// `ReplicatorLayer.instanceTransform(copy:)`), then the replicator's sublayer
    /// transform about its anchor point. `instance` identity gives `transformToSuperlayer`.
    /// The superlayer's sublayer transform acts on every copy, so a perspective there
    /// shows copies turned in depth in perspective.
    public func transformToSuperlayer(instance: Transform3D) -> Transform3D {
        let own = localTransform
        guard let superlayer else { return own.concatenating(instance) }
        let parent = superlayer.placement
        var space = parent.hasSublayerTransform
            ? instance.concatenating(parent.sublayerTransform.translatedBy(
                x: -parent.anchorInBounds.x, y: -parent.anchorInBounds.y, z: -parent.anchorInBounds.z)
                .translatedAfter(by: parent.anchorInBounds))
            : instance
        if parent.isGeometryFlipped { space = space.yFlippedBefore(aboutSum: parent.flipSum) }
        return own.concatenating(space)
    }
}
