/// A small, fast, reproducible random number generator (SplitMix64) for seeded loops, and
/// the seed expander of `Law`'s runner. The same seed gives the same sequence everywhere.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let x = rng.edgeBiased(in: 0...1)  // often 0, 1, a few ulps from them, or 1e-7 in
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The seed it started from (report it with a failure).
    public let seed: UInt64
    private var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in 0..<1 (53 random bits).
    public mutating func unit() -> Double {
        EdgeBiased.unit(using: &self)
    }

    /// A double in `range`, biased towards its edges (`EdgeBiased.double(in:using:)`).
    public mutating func edgeBiased(in range: ClosedRange<Double> = 0...1) -> Double {
        EdgeBiased.double(in: range, using: &self)
    }

    /// `value` moved by `ulps` representable doubles (negative: downwards).
    public func stepped(_ value: Double, ulps: Int) -> Double {
        EdgeBiased.stepped(value, ulps: ulps)
    }
}
