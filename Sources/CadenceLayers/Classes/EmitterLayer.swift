import CadenceGeometry

/// A layer that emits particles (Core Animation's `CAEmitterLayer`): each of its
/// `emitterCells` gives birth to particles at its birth rate, from a point of the emitter's
/// shape, and each particle moves, spins, scales and changes colour over its lifetime; a
/// particle is drawn as its cell's `contents` image, centred on it, over the layer's
/// background and contents and under its sublayers.
///
/// Unlike Core Animation, which simulates particles step by step, every particle's state is
/// a closed-form function of its birth time and of random draws fixed by `seed`, the cell
/// and the particle's index (`particles(at:)`): the emitter at time `t` is computed
/// directly, so it can be sought, played backwards, and looks the same however the frames
/// are sampled. `docs/layers.md` ("Emitter layers") gives the rules.
///
/// ```swift
/// var spark = EmitterCell()
/// spark.birthRate = 50
/// spark.lifetime = 2
/// spark.velocity = 80
/// spark.emissionRange = .pi / 4
/// spark.yAcceleration = 120
/// spark.contents = try Bitmap(width: 4, height: 4, fill: SIMD4(255, 255, 255, 255))
/// let fountain = EmitterLayer()
/// fountain.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
/// fountain.emitterPosition = Point(x: 100, y: 180)
/// fountain.emitterCells = [spark]
/// ```
public final class EmitterLayer: Layer {
    override class var defaultLayerClass: LayerClass { .emitter }

    /// The cells that emit particles, drawn in this order (for `.unordered`). Default
    /// empty. Not animatable (neither are the cells' fields, which Core Animation reaches
    /// by key path).
    public var emitterCells: [EmitterCell] {
        get { storage.emitter.emitterCells }
        set { storage.emitter.emitterCells = newValue }
    }

    /// The centre of the emitter's shape, in the layer's coordinates. Default (0, 0).
    public var emitterPosition: Point {
        get { self[.emitterPosition] }
        set { self[.emitterPosition] = newValue }
    }

    /// The z coordinate of the centre of the emitter's shape. Default 0.
    public var emitterZPosition: Double {
        get { self[.emitterZPosition] }
        set { self[.emitterZPosition] = newValue }
    }

    /// The size of the emitter's shape (a line's length is its width; a circle's and a
    /// sphere's radius is half its width). Default (0, 0).
    public var emitterSize: Size {
        get { self[.emitterSize] }
        set { self[.emitterSize] = newValue }
    }

    /// The depth of a cuboid emitter (along z). Default 0.
    public var emitterDepth: Double {
        get { self[.emitterDepth] }
        set { self[.emitterDepth] = newValue }
    }

    /// The emitter's shape. Default `.point`.
    public var emitterShape: EmitterShape {
        get { storage.emitter.emitterShape }
        set { storage.emitter.emitterShape = newValue }
    }

    /// Where on the shape particles are born. Default `.volume`.
    public var emitterMode: EmitterMode {
        get { storage.emitter.emitterMode }
        set { storage.emitter.emitterMode = newValue }
    }

    /// The order the particles are drawn in. Default `.unordered`.
    public var renderMode: EmitterRenderMode {
        get { storage.emitter.renderMode }
        set { storage.emitter.renderMode = newValue }
    }

    /// Multiplies every cell's birth rate. Default 1. The closed form uses the value at
    /// the time drawn for the whole history (see `particles(at:)`).
    public var birthRate: Double {
        get { self[.birthRate] }
        set { self[.birthRate] = newValue }
    }

    /// Multiplies every cell's lifetime. Default 1.
    public var lifetime: Double {
        get { self[.lifetime] }
        set { self[.lifetime] = newValue }
    }

    /// Multiplies every cell's velocity. Default 1.
    public var velocity: Double {
        get { self[.velocity] }
        set { self[.velocity] = newValue }
    }

    /// Multiplies every cell's scale. Default 1.
    public var scale: Double {
        get { self[.scale] }
        set { self[.scale] = newValue }
    }

    /// Multiplies every cell's spin. Default 1.
    public var spin: Double {
        get { self[.spin] }
        set { self[.spin] = newValue }
    }

    /// The seed of the particles' random draws: the same seed, cells and time give the same
    /// particles. Default 0.
    public var seed: UInt32 {
        get { storage.emitter.seed }
        set { storage.emitter.seed = newValue }
    }

    /// On a presentation snapshot: the layer's local time it was presented at (its
    /// `beginTime`, `speed` and `timeOffset` applied), the time its particles are drawn at.
    /// `nil` on a model layer (drawn at time 0).
    public internal(set) var presentationTime: Double?
}

/// The shape particles are born on (`kCAEmitterLayerPoint`, …), centred on
/// `EmitterLayer.emitterPosition`.
public enum EmitterShape: String, CaseIterable, Hashable, Sendable {
    /// The emitter position itself.
    case point
    /// A segment along x, `emitterSize.width` long.
    case line
    /// A rectangle of `emitterSize` in the layer's plane.
    case rectangle
    /// A circle of radius `emitterSize.width / 2` in the layer's plane.
    case circle
    /// A box of `emitterSize` by `emitterDepth`.
    case cuboid
    /// A sphere of radius `emitterSize.width / 2`.
    case sphere
}

/// Where on the emitter's shape particles are born (`kCAEmitterLayerPoints`, …).
public enum EmitterMode: String, CaseIterable, Hashable, Sendable {
    /// The shape's vertices (a line's ends, a rectangle's or cuboid's corners; a circle's
    /// and a sphere's centre).
    case points
    /// The shape's outline (a circle's circumference, a rectangle's or cuboid's edges, a
    /// sphere's surface).
    case outline
    /// The shape's surface (a disc, a rectangle's area, a cuboid's faces, a sphere's surface).
    case surface
    /// The shape's inside (a disc, a rectangle's area, a box, a ball).
    case volume
}

/// The order particles are drawn in (`kCAEmitterLayerUnordered`, …).
public enum EmitterRenderMode: String, CaseIterable, Hashable, Sendable {
    /// As they are evaluated: cell by cell, each cell's particles oldest first, a particle's
    /// sub-particles after their cell's.
    case unordered
    /// Oldest first (the newest on top).
    case oldestFirst
    /// Newest first (the oldest on top).
    case oldestLast
    /// By z, the farthest (smallest z) first.
    case backToFront
    /// In `.unordered`'s order, each particle's premultiplied colour added to what is
    /// under it, each channel saturating at 1 (`kCAEmitterLayerAdditive`): overlapping
    /// particles brighten towards white, and the order does not change the result.
    case additive
}

/// The stored properties of an emitter layer (`LayerStorage.emitter`).
struct EmitterLayerValues {
    var emitterCells: [EmitterCell] = []
    var emitterPosition = Point.zero
    var emitterZPosition = 0.0
    var emitterSize = Size(width: 0, height: 0)
    var emitterDepth = 0.0
    var emitterShape = EmitterShape.point
    var emitterMode = EmitterMode.volume
    var renderMode = EmitterRenderMode.unordered
    var birthRate = 1.0
    var lifetime = 1.0
    var velocity = 1.0
    var scale = 1.0
    var spin = 1.0
    var seed: UInt32 = 0
}
