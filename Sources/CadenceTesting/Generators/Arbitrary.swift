import PropertyBased

/// A generator of `Value`s with its shrinker, its intermediate form hidden: what every
/// generator of the kit returns, so they compose (`map`, `zip`, `Gen.frequency`) and can be
/// stored alike.
public typealias AnyGenerator<Value> = Generator<Value, AnySequence<Any>>

/// The kit's generators, as static members: `Arbitrary.anyTimingCurves` (and each kind of
/// curve alone), `Arbitrary.anyMediaTimings` (and each kind), `Arbitrary.transforms(_:)`,
/// `Arbitrary.keyframes(_:)`, `Arbitrary.layerTrees`, `Arbitrary.edgeBiased(in:)`, and
/// `Arbitrary.one(of:)` for a list of your own. Each is a swift-property-based
/// `Generator`: pass it to `Law.verify(over:count:seed:sourceLocation:)`, or to
/// `propertyCheck` directly.
public enum Arbitrary {}

extension Arbitrary {
    /// One of `choices` (not empty), shrinking towards the first.
    public static func one<Value: Sendable>(of choices: [Value]) -> AnyGenerator<Value> {
        precondition(!choices.isEmpty, "Arbitrary.one(of:) needs a choice")
        return Gen.int(in: 0...(choices.count - 1)).map { choices[$0] }.eraseToAny()
    }
}
