import CadenceTesting

/// The seeded generator of Cadence's remaining loop-style tests: the testing kit's
/// `SplitMix64` (same sequence as before it moved there). Property tests run on the kit's
/// `Law` runner instead, which reports a shrunk counterexample and its seed.
public typealias SeededGenerator = SplitMix64
