// Recycling presentation layers: a frame loop asks for a presentation every frame and drops
// the one before, so most of the layers a presentation makes have just been freed by the
// time the next one is made. Each root model layer presented with `presentation(at:)` keeps the
// sublayers of its last presentation (`LayerModelIdentity.recycledSublayers`); the next
// presentation overwrites, in place, each of those layers that nothing outside that kept
// tree references, instead of allocating a new one and freeing the old (per layer an
// allocation, a free and a destroyer's releases: about 430 instructions of the 2,200 a
// layer costs). A layer still referenced from outside, and everything below it, is left
// exactly as it is and a new layer is made in its place.
//
// Why it is invisible. A reused layer is one the caller can no longer reach: it is
// referenced once, from its old superlayer's `sublayers` (or the kept array), whose storage
// is referenced once too, from a superlayer that is itself being reused (or the identity);
// it has no weak or `unowned` reference; and the walk goes down from the root, so every
// layer above a reused one was reused too. What the old layer's destruction would have
// done to the layers that outlive it, reuse does instead: a sublayer held elsewhere has
// its superlayer cleared (`orphanSublayers()`, the `deinit`'s work). Reused layers are
// plain `Layer`s with no mask, transition or transaction context (the others are dropped
// and made anew: rare).
//
// What it changes: the layers of a dropped presentation below its root live until the next
// presentation of the same model layer, or `dropRecycledPresentation()`, or the model
// layer's end, instead of until the drop (a weak reference to one reads it until then; a
// layer kept from it reads its superlayer until then, then `nil`). The kept layers also
// share the model layers' rarely set properties (`LayerStorage`'s box): a change to one of
// those on a model layer copies its box while the kept layer shares it.

extension Layer {
    /// Frees the layers of the last presentation that `presentation(at:)` keeps for reuse
    /// (those the caller has dropped; the caller's stay as they are).
    ///
    /// A model layer that has been presented keeps the sublayers of its last presentation,
    /// about 450 bytes a layer of the presented tree, with their shares of the model
    /// layers' rarely set properties and contents, until its next presentation (which
    /// reuses them), this call, or its own end. Call it when a tree will not be presented
    /// again for a while. Nothing for a layer that keeps none.
    public func dropRecycledPresentation() {
        if let identity = modelIdentity, !identity.recycledSublayers.isEmpty { identity.recycledSublayers = [] }
    }

    /// Moves the kept sublayers of the last presentation into `root` (new, with no
    /// sublayers) as its old ones, when the kept array's storage is referenced by the
    /// identity alone (otherwise the caller holds the old root or its sublayers, and the
    /// array is let go: nothing in it is reused).
    @inline(__always)
    static func takeRecycledSublayers(from identity: LayerModelIdentity, into root: Layer) {
        guard !identity.recycledSublayers.isEmpty else { return }
        if hasUniqueStorage(&identity.recycledSublayers) {
            swap(&root.sublayers, &identity.recycledSublayers)
        } else {
            identity.recycledSublayers = []
        }
    }

    /// Whether `layers`' storage is referenced by this array value alone. Here an array is
    /// one reference to its storage, a native Swift object (no Objective-C bridging), read
    /// in place as a reference to a native class (`NativeStorage`, of which nothing is made:
    /// the uniqueness test reads only the object's reference count, laid out alike in every
    /// native object), so the test counts no reference of its own. (As `AnyObject` the
    /// unoptimised build answered `false` for a unique array.) Where arrays may be bridged
    /// it answers `false`: nothing is reused.
    @inline(__always)
    static func hasUniqueStorage(_ layers: inout [Layer]) -> Bool {
        #if _runtime(_ObjC)
        return false
        #else
        // An array that is not one reference (a layout this code does not know) reuses nothing.
        guard MemoryLayout<[Layer]>.size == MemoryLayout<NativeStorage>.size else { return false }
        return withUnsafeMutablePointer(to: &layers) { array in
            array.withMemoryRebound(to: NativeStorage.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
        }
        #endif
    }

    /// A native class standing for an array's storage in `hasUniqueStorage(_:)`; never made.
    private final class NativeStorage {}

    /// Whether the layer in `slot` may be overwritten with a presentation of `source`: both
    /// plain layers, the slot's a snapshot layer referenced by the slot alone (no other
    /// strong, weak or `unowned` reference), with no mask, transition or transaction
    /// context.
    @inline(__always)
    static func isRecyclable(_ slot: inout Layer, presenting source: Layer) -> Bool {
        source.storage.layerClass == .layer && isKnownUniquelyReferenced(&slot)
            && slot.storage.layerClass == .layer && slot.storage.isPresentation
            && slot.mask == nil && slot.presentedTransition == nil && slot.transactionContext == nil
            && _getUnownedRetainCount(slot) == 1 && _getWeakRetainCount(slot) == 1
    }

    /// Presents `sources` (this reused layer's model's sublayers) into this layer's old
    /// sublayers in place, when there are as many and nothing else references their array:
    /// each slot reused when it can be, replaced by a new snapshot layer otherwise. `false`
    /// when the array cannot be reused: the old sublayers are let go (`orphanSublayers`)
    /// and the caller makes a new array.
    @inline(__always)
    func recyclesSublayers(
        presenting sources: [Layer], atLocalTime time: Double, pending: inout [(source: Layer, copy: Layer, localTime: Double)]
    ) -> Bool {
        guard sublayers.count == sources.count, Self.hasUniqueStorage(&sublayers) else {
            orphanSublayers()
            return false
        }
        sublayers.withUnsafeMutableBufferPointer { slots in
            var index = 0
            Self.withEachLent(sources) { source in
                source.recycledSnapshot(into: &slots[index], atParentTime: time, superlayer: self, pending: &pending)
                index += 1
            }
        }
        return true
    }

    /// The snapshot node of this layer (as `snapshot(atParentTime:superlayer:pending:)`
    /// makes it) written into `slot`, which holds an old sublayer of `parent`: the old
    /// layer overwritten when it is recyclable, otherwise dropped as its superlayer's
    /// destruction would drop it (its superlayer cleared) and a new layer put in its place.
    @inline(__always)
    func recycledSnapshot(
        into slot: inout Layer, atParentTime parentTime: Double, superlayer parent: Layer,
        pending: inout [(source: Layer, copy: Layer, localTime: Double)]
    ) {
        let localTime = animationTime(fromParent: parentTime)
        if Self.isRecyclable(&slot, presenting: self) {
            slot.reinitialize(presenting: self, model: snapshotModelHandle, superlayer: parent)
            present(into: slot, atLocalTime: localTime, parentTime: parentTime, superlayer: parent)
        } else {
            Self.dropOldSublayer(&slot, of: parent)
            slot = snapshotNode(atLocalTime: localTime, parentTime: parentTime, superlayer: parent)
        }
        if !sublayers.isEmpty || mask != nil {
            pending.append((self, slot, localTime))
        } else if !slot.sublayers.isEmpty {
            slot.orphanSublayers()
        }
    }

    /// Clears the superlayer of the old sublayer in `slot` when it is `parent` (the layer
    /// may be held elsewhere and outlive the slot). Out of line: the rare path.
    @inline(never)
    static func dropOldSublayer(_ slot: inout Layer, of parent: Layer) {
        if slot.unownedSuperlayer === parent { slot.superlayer = nil }
    }

    /// Lets go of this reused layer's old sublayers, doing what its destruction would have
    /// done to them: each one whose superlayer is this layer has it cleared (it may be held
    /// elsewhere), then the array is released. Out of line: the rare path (a tree whose
    /// shape changed).
    @inline(never)
    func orphanSublayers() {
        for sublayer in sublayers where sublayer.unownedSuperlayer === self { sublayer.superlayer = nil }
        sublayers = []
    }
}
