import CadenceGeometry
import CadencePixels

/// One kind of particle an `EmitterLayer` emits (Core Animation's `CAEmitterCell`): how
/// often particles are born, how long they live, how they move, spin, scale and change
/// colour, and the image they are drawn with. A value: an emitter layer holds its cells by
/// value, and a cell holds the cells its own particles emit (`emitterCells`).
///
/// Every "range" spreads its value uniformly over `value − range … value + range` per
/// particle; every "speed" changes it by that much per second of the particle's age.
/// Defaults are Core Animation's: a cell with the defaults emits nothing (`birthRate` 0).
public struct EmitterCell: Hashable, Sendable {
    /// A name for the cell (Core Animation reaches a cell's fields by it). Default `nil`.
    public var name: String?
    /// Whether the cell emits. Default true.
    public var isEnabled = true
    /// Particles born per second (times the layer's `birthRate`). Default 0; negative,
    /// non-finite: none.
    public var birthRate = 0.0
    /// Each particle's lifetime in seconds (times the layer's `lifetime`), ± `lifetimeRange`.
    /// Default 0; ∞ lives for ever.
    public var lifetime = 0.0
    public var lifetimeRange = 0.0
    /// The speed particles are born with, in points per second (times the layer's
    /// `velocity`), ± `velocityRange`. Default 0.
    public var velocity = 0.0
    public var velocityRange = 0.0
    /// The constant acceleration of each particle, in points per second². Default 0.
    public var xAcceleration = 0.0
    public var yAcceleration = 0.0
    public var zAcceleration = 0.0
    /// The direction of emission: the angle from +x towards +y in the layer's plane
    /// (radians), the angle out of the plane towards +z, and the width of the fan of
    /// longitudes about `emissionLongitude` (`2π`: every direction in the plane).
    public var emissionLongitude = 0.0
    public var emissionLatitude = 0.0
    public var emissionRange = 0.0
    /// The rotation speed in radians per second (times the layer's `spin`), ± `spinRange`.
    public var spin = 0.0
    public var spinRange = 0.0
    /// The scale of the contents image (times the layer's `scale`), ± `scaleRange`,
    /// changing by `scaleSpeed` per second; a scale at or below 0 draws nothing. Default 1.
    public var scale = 1.0
    public var scaleRange = 0.0
    public var scaleSpeed = 0.0
    /// The colour the contents are multiplied by (unpremultiplied), each channel ± its
    /// range and changing by its speed per second, clamped to 0…1. Default opaque white.
    public var color: Color = .white
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0
    /// The image each particle draws, centred on it, one point per pixel times
    /// `contentsScale`'s inverse. `nil` (default): the particles draw nothing (they still
    /// emit their sub-cells).
    public var contents: Bitmap?
    /// The contents' pixels per point. Default 1; non-positive or non-finite reads as 1.
    public var contentsScale = 1.0
    /// The cells each particle of this cell emits, from where it is, for as long as it
    /// lives. Default empty.
    public var emitterCells: [EmitterCell] = []

    /// A cell with Core Animation's defaults.
    public init() {}
}
