import Cadence

/// A `cadence sample` request: animations of one scalar key path, evaluated at given
/// times (INTERFACE.md, "cadence sample"; docs/command-line.md).
///
/// This slice of the command line supports basic animations of scalar key paths; the
/// decoder rejects other kinds with a "not supported yet" error.
struct SampleRequest: Sendable {
    /// The animated key path (`opacity`, `position.x`, …).
    var keyPath: String
    /// The layer's model value for the key path.
    var model: Double
    /// The timing of the layer itself; its `duration` of 0 means infinite.
    var layerTiming: MediaTiming
    /// The animations, in the order they were added (later ones on top).
    var animations: [BasicAnimation<Double>]
    /// The times to sample, in the layer's parent time space (seconds).
    var times: [Double]
}
