import CadenceAnimation
import CadenceTiming

/// A `cadence sample` request: animations of one key path, evaluated at given times
/// (docs/command-line.md, "cadence sample"). Public for programs that embed
/// the engine (the C API reads animations from the same documents, with the same errors).
public struct SampleRequest: Sendable {
    /// The animated key path (`opacity`, `position`, `transform`, …).
    public internal(set) var keyPath: String
    /// The layer's model value for the key path; its kind is the key path's.
    public internal(set) var model: KeyPathValue
    /// The timing of the layer itself; its `duration` of 0 means infinite.
    public internal(set) var layerTiming: MediaTiming
    /// The animations, in the order they were added (later ones on top).
    public internal(set) var animations: [Animation]
    /// The times to sample, in the layer's parent time space (seconds).
    public internal(set) var times: [Double]
}
