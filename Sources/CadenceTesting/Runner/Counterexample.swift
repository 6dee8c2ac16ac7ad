import PropertyBased

/// An input for which a law fails, as the seeded search first met it (not shrunk: the
/// shrunk one is what `Law.verify(over:count:seed:sourceLocation:)` reports).
public struct Counterexample<Input>: CustomStringConvertible {
    /// The law's name.
    public let law: String
    /// The failing input.
    public let input: Input
    /// What the check threw for it.
    public let violation: Violation
    /// Which case of the run it was (0-based).
    public let caseIndex: Int
    /// The run's seed: the same seed and count find the same counterexample.
    public let seed: UInt64
    /// The generator state that draws exactly this input: `.fixedSeed(s0, s1, s2, s3)` on a
    /// `@Test` replays it under swift-property-based's `propertyCheck`.
    public let replayState: (UInt64, UInt64, UInt64, UInt64)

    /// "law L fails at case N (seed S): the violation; input: …".
    public var description: String {
        "\(law) fails at case \(caseIndex) (seed \(seed)): \(violation)\ninput: \(input)"
    }

    /// How to replay it, in words: the seed for the law's runner, the state for
    /// swift-property-based's fixed-seed trait.
    public var replayHint: String {
        let (a, b, c, d) = replayState
        return "replay with seed: \(seed) (this case is \(caseIndex)), or add "
            + "`.fixedSeed(\(a), \(b), \(c), \(d))` to a @Test that runs propertyCheck over the same generator"
    }
}
