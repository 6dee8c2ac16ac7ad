// How a presentation snapshot finds its model layer (`Layer.model`) without a weak
// reference per snapshot layer.
//
// A `weak var` costs the referenced object a side table on first use, after which every
// retain and release of that object takes the runtime's slow path, and each snapshot
// layer would pay a weak-reference registration and removal. Instead each model layer
// that has been snapshotted owns one `LayerModelIdentity`, which owns one
// `LayerModelHandle`; snapshots hold the handle strongly (a plain retain). The handle
// points at the model layer without owning it, and the identity — owned only by the
// model layer — clears the handle when it is destroyed, which happens exactly when the
// model layer is destroyed. So `model` reads `nil` once the model layer is gone, as with
// a weak reference, and no snapshot keeps a model layer alive: the references go from
// snapshots to the handle and from the model layer to the identity and the handle,
// never back to a snapshot, so there is no cycle.
//
// Threads: a layer tree lives in one isolation domain (`Layer` is not `Sendable`), and so
// do its snapshots and their handles; the handle is read and cleared there.

/// A snapshot's reference to its model layer: the layer while it exists, `nil` after.
final class LayerModelHandle {
    /// The model layer; cleared by its `LayerModelIdentity` when the layer is destroyed,
    /// so it never dangles.
    unowned(unsafe) var layer: Layer?

    init(_ layer: Layer) { self.layer = layer }
}

/// Owned by a model layer alone: its destruction (when the layer is destroyed) clears
/// the handle its snapshots hold.
final class LayerModelIdentity {
    let handle: LayerModelHandle
    /// The sublayers of the last presentation made of the model layer with
    /// `presentation(at:)`, kept so that the next one can reuse the layers its caller has
    /// dropped (`Layer+Recycling.swift`); empty until then, and after
    /// `dropRecycledPresentation()`. Freed with the identity, so with the model layer.
    var recycledSublayers: [Layer] = []

    init(_ layer: Layer) { handle = LayerModelHandle(layer) }

    deinit { handle.layer = nil }
}

extension Layer {
    /// The handle snapshots of this model layer hold, made on first use with the identity
    /// and kept in `modelHandle` too (one field for a snapshot to read: the identity is
    /// another object, another cache miss per layer in a large tree).
    var modelLayerHandle: LayerModelHandle {
        if let handle = modelHandle { return handle }
        let identity = LayerModelIdentity(self)
        modelIdentity = identity
        modelHandle = identity.handle
        return identity.handle
    }
}
