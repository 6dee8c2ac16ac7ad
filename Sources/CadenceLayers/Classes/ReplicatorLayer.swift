import CadenceGeometry

/// A layer that draws its sublayers `instanceCount` times (Core Animation's
/// `CAReplicatorLayer`): copy 0 as the sublayers are, and each further copy with one more
/// `instanceTransform` applied (about the replicator's anchor point, after the previous
/// copy's), its animations `instanceDelay` seconds later than the previous copy's, and its
/// colours multiplied by `instanceColor` offset by the per-copy colour offsets.
///
/// ```swift
/// let spinner = ReplicatorLayer()
/// spinner.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
/// spinner.instanceCount = 12
/// spinner.instanceTransform = Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1)
/// spinner.instanceDelay = 1.0 / 12
/// ```
public final class ReplicatorLayer: Layer {
    override class var defaultLayerClass: LayerClass { .replicator }

    /// How many copies of the sublayers are drawn (the first is the sublayers themselves).
    /// Default 1; 0 or less draws none. Key-value coded and animated as a number, which is
    /// truncated towards zero where a count is needed; reading it here truncates too
    /// (clamped to `Int`'s range).
    public var instanceCount: Int {
        get {
            let count: Double = self[.instanceCount]
            return count.isNaN ? 0 : Int(max(Double(Int.min), min(count.rounded(.towardZero), 9.2e18)))
        }
        set { self[.instanceCount] = Double(newValue) }
    }

    /// The delay, in seconds, of each copy's animations after the previous copy's. Default 0.
    public var instanceDelay: Double {
        get { self[.instanceDelay] }
        set { self[.instanceDelay] = newValue }
    }

    /// The transform of each copy relative to the previous one, about the replicator's
    /// anchor point. Default identity.
    public var instanceTransform: Transform3D {
        get { self[.instanceTransform] }
        set { self[.instanceTransform] = newValue }
    }

    /// The colour the first copy's colours are multiplied by. Default opaque white (no
    /// change).
    public var instanceColor: Color? {
        get { self[.instanceColor] }
        set { self[.instanceColor] = newValue }
    }

    /// What each copy adds to the previous copy's red multiplier. Default 0.
    public var instanceRedOffset: Double {
        get { self[.instanceRedOffset] }
        set { self[.instanceRedOffset] = newValue }
    }

    /// What each copy adds to the previous copy's green multiplier. Default 0.
    public var instanceGreenOffset: Double {
        get { self[.instanceGreenOffset] }
        set { self[.instanceGreenOffset] = newValue }
    }

    /// What each copy adds to the previous copy's blue multiplier. Default 0.
    public var instanceBlueOffset: Double {
        get { self[.instanceBlueOffset] }
        set { self[.instanceBlueOffset] = newValue }
    }

    /// What each copy adds to the previous copy's alpha multiplier. Default 0.
    public var instanceAlphaOffset: Double {
        get { self[.instanceAlphaOffset] }
        set { self[.instanceAlphaOffset] = newValue }
    }

    /// Whether the copies keep their depth (as a transform layer's sublayers do) rather than
    /// being flattened into the replicator's plane. Default false.
    public var preservesDepth: Bool {
        get { self[.preservesDepth] }
        set { self[.preservesDepth] = newValue }
    }

    /// On a presentation snapshot whose `instanceDelay` is not 0: the sublayers of copies
    /// 1, 2, … (entry `k − 1` for copy `k`), each presented as it looks `k · instanceDelay`
    /// seconds earlier in the replicator's time (their superlayer is this snapshot). Copy 0
    /// is `sublayers`. Empty on a model layer, when the delay is 0 (every copy then shows
    /// `sublayers`), and when fewer than two copies are drawn; shorter than
    /// `instanceCount − 1` when `maxCopiedLayers` cuts the copies off.
    public internal(set) var delayedInstances: [[Layer]] = []

    /// Clears the `superlayer` of the delayed copies' layers, which name this snapshot but
    /// are not among its sublayers, so that one kept after the snapshot reads `nil` rather
    /// than a destroyed layer (`Layer.superlayer` is not owned; `Layer.deinit` clears it for
    /// the sublayers and the mask). Through the setter: their transition trees with them.
    deinit {
        for copy in delayedInstances {
            for layer in copy { layer.superlayer = nil }
        }
    }
}

/// The stored properties of a replicator layer (`LayerStorage.replicator`).
struct ReplicatorLayerValues {
    var instanceCount = 1.0
    var instanceDelay = 0.0
    var instanceTransform = Transform3D.identity
    var instanceColor: Color? = .white
    var instanceRedOffset = 0.0
    var instanceGreenOffset = 0.0
    var instanceBlueOffset = 0.0
    var instanceAlphaOffset = 0.0
    var preservesDepth = false
}
