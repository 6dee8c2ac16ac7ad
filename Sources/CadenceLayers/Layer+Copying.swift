extension Layer {
    /// A new layer with this layer's model properties — geometry, style, contents, name,
    /// style dictionary, actions, delegate, media timing, extra keys, and which properties
    /// were assigned — and no hierarchy: no superlayer, no sublayers, no mask. The contents
    /// object is shared, not copied (Core Animation shares its image too).
    ///
    /// Cost: one allocation and one copy of the property storage.
    public func modelCopy() -> Layer {
        let copy = Layer()
        copy.storage = storage
        return copy
    }

    /// Replaces this layer's model properties with those of `other` (everything
    /// `modelCopy()` copies); the hierarchy of both is untouched.
    public func copyModelProperties(from other: Layer) {
        storage = other.storage
    }
}
