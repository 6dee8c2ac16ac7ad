import Cadence

/// A `cadence sample` request: animations of one key path, evaluated at given times
/// (INTERFACE.md, "cadence sample"; docs/command-line.md).
struct SampleRequest: Sendable {
    /// The animated key path (`opacity`, `position`, `transform`, …).
    var keyPath: String
    /// The layer's model value for the key path; its kind is the key path's.
    var model: KeyPathValue
    /// The timing of the layer itself; its `duration` of 0 means infinite.
    var layerTiming: MediaTiming
    /// The animations, in the order they were added (later ones on top).
    var animations: [Animation]
    /// The times to sample, in the layer's parent time space (seconds).
    var times: [Double]
}
